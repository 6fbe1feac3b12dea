import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { avatarFilePath, deleteAvatarFile, saveAvatarFile } from './media-store.server.ts'

describe('avatar files', () => {
  let dataDir: string
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cooper-media-'))
  })
  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('stores each avatar under a new random name in media/avatars and deletes it by URL', async () => {
    const first = await saveAvatarFile(dataDir, new Uint8Array([1, 2, 3]))
    const second = await saveAvatarFile(dataDir, new Uint8Array([1, 2, 3]))
    expect(first).toMatch(/^\/media\/avatars\/[a-f0-9]{32}\.webp$/)
    expect(second).not.toBe(first)
    const file = path.join(dataDir, 'media', 'avatars', first.split('/').at(-1)!)
    expect(fs.readFileSync(file)).toEqual(Buffer.from([1, 2, 3]))
    expect(fs.readdirSync(path.dirname(file)).sort()).toHaveLength(2)

    await deleteAvatarFile(dataDir, first)
    expect(fs.existsSync(file)).toBe(false)
    // Deleting again (or a file that is already gone) is not an error.
    await expect(deleteAvatarFile(dataDir, first)).resolves.toBeUndefined()
  })

  it('never maps a foreign or crafted URL to a file', async () => {
    const outside = path.join(dataDir, 'keep.txt')
    fs.writeFileSync(outside, 'keep')
    for (const url of [
      'https://example.com/me.webp',
      '/media/avatars/../../keep.txt',
      '/media/avatars/..%2F..%2Fkeep.txt',
      '/media/other/0123456789abcdef0123456789abcdef.webp',
      '',
      null,
    ]) {
      expect(avatarFilePath(dataDir, url)).toBeNull()
      await deleteAvatarFile(dataDir, url)
    }
    expect(fs.readFileSync(outside, 'utf8')).toBe('keep')
  })
})
