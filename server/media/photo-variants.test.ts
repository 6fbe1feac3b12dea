import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { deletePhotoVariants, listingMediaDir, variantWidthsFor, writePhotoVariants } from './photo-variants.server.ts'

const limits = { maxBytes: 15 * 1024 * 1024, maxPixels: 40_000_000 }

describe('variantWidthsFor', () => {
  it('writes each standard width a photo reaches and never enlarges it', () => {
    expect(variantWidthsFor(4000)).toEqual([400, 800, 1200, 1600])
    expect(variantWidthsFor(1600)).toEqual([400, 800, 1200, 1600])
    expect(variantWidthsFor(1000)).toEqual([400, 800, 1000])
    expect(variantWidthsFor(800)).toEqual([400, 800])
    expect(variantWidthsFor(250)).toEqual([250])
  })
})

describe('writePhotoVariants', () => {
  let dataDir: string
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cooper-variants-'))
  })
  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('turns a sideways photo upright by its EXIF orientation and reports the upright size', async () => {
    // Stored 1000×500 with orientation 6 (rotate 90° clockwise to view): upright it is 500×1000.
    const sideways = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const result = await writePhotoVariants(dataDir, 'abc123', sideways, limits)
    expect(result).toMatchObject({ width: 500, height: 1000, variantWidths: [400, 500] })
    const file = path.join(listingMediaDir(dataDir, 'abc123'), '400.webp')
    const meta = await sharp(file).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 800 })
    expect(meta.orientation).toBeUndefined()
    expect(fs.readdirSync(listingMediaDir(dataDir, 'abc123')).sort()).toEqual(['400.webp', '500.webp'])
    await deletePhotoVariants(dataDir, 'abc123')
    expect(fs.existsSync(listingMediaDir(dataDir, 'abc123'))).toBe(false)
  })

  it('refuses a storage key that could leave the media folder', () => {
    expect(() => listingMediaDir(dataDir, '../escape')).toThrow()
    expect(() => listingMediaDir(dataDir, '')).toThrow()
  })
})
