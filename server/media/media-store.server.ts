// Files under DATA_DIR/media, served by the HTTP app at /media with long cache headers: every file
// gets a new random name, so a changed photo is a new URL and caches never go stale.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

export const AVATAR_URL_PREFIX = '/media/avatars/'
const AVATAR_NAME = /^[a-f0-9]{32}\.webp$/

function avatarsDir(dataDir: string) {
  return path.join(path.resolve(dataDir), 'media', 'avatars')
}

/** Stores a processed avatar and returns the URL it is served at. */
export async function saveAvatarFile(dataDir: string, webp: Uint8Array): Promise<string> {
  const dir = avatarsDir(dataDir)
  await fs.mkdir(dir, { recursive: true })
  const name = `${crypto.randomBytes(16).toString('hex')}.webp`
  const target = path.join(dir, name)
  // Written under a temporary name first so a half-written file is never served.
  const temporary = `${target}.${process.pid}.tmp`
  await fs.writeFile(temporary, webp, { flag: 'wx' })
  await fs.rename(temporary, target)
  return `${AVATAR_URL_PREFIX}${name}`
}

/** The file behind one of our avatar URLs; null for anything else (an external URL, a crafted path). */
export function avatarFilePath(dataDir: string, url: string | null | undefined): string | null {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return null
  const name = url.slice(AVATAR_URL_PREFIX.length)
  if (!AVATAR_NAME.test(name)) return null
  return path.join(avatarsDir(dataDir), name)
}

/** Deletes the file of an avatar URL we stored; other URLs and missing files are left alone. */
export async function deleteAvatarFile(dataDir: string, url: string | null | undefined): Promise<void> {
  const file = avatarFilePath(dataDir, url)
  if (!file) return
  await fs.rm(file, { force: true })
}
