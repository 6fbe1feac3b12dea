// Writes the WebP widths of a listing photo to DATA_DIR/media/listings/<storageKey>/<width>.webp and
// computes its thumbhash placeholder. Used by the upload job and by the demo seed alike.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import sharp, { type Metadata } from 'sharp'
import { rgbaToThumbHash } from 'thumbhash'
import { PHOTO_WIDTHS } from '#common/listings/photos.ts'
import { decodeOptions, type ImageLimits } from './avatar-image.server.ts'

const WEBP_QUALITY = 80
/** thumbhash encodes images of at most 100×100 pixels. */
const PLACEHOLDER_SIZE = 100

export type PhotoVariants = { width: number; height: number; variantWidths: number[]; placeholder: string }

/** A new random name for a photo's folder of variants (and for its original). */
export function newStorageKey(): string {
  return crypto.randomBytes(16).toString('hex')
}

const STORAGE_KEY = /^[a-z0-9-]{1,64}$/

export function listingMediaDir(dataDir: string, storageKey: string): string {
  if (!STORAGE_KEY.test(storageKey)) throw new Error(`Not a storage key: ${storageKey}`)
  return path.join(path.resolve(dataDir), 'media', 'listings', storageKey)
}

/**
 * The widths to write for a photo `width` pixels wide: each standard width it reaches, and its own
 * width when that lies between them, so a photo is never enlarged.
 */
export function variantWidthsFor(width: number): number[] {
  const largest = PHOTO_WIDTHS.at(-1)!
  const widths: number[] = PHOTO_WIDTHS.filter((w) => w <= width)
  if (width < largest && !widths.includes(width)) widths.push(width)
  return widths
}

/** Width and height as the photo is seen, after its EXIF orientation is applied. */
function uprightSize(metadata: Metadata): { width: number; height: number } {
  const { width = 0, height = 0, orientation = 1 } = metadata
  return orientation >= 5 ? { width: height, height: width } : { width, height }
}

/**
 * Re-encodes an image (already checked with inspectImage) to WebP at each width, upright and with
 * no metadata: sharp keeps none (EXIF, GPS, XMP, ICC comments) unless asked. Files are written under
 * a temporary name and renamed, so a half-written variant is never served.
 */
export async function writePhotoVariants(dataDir: string, storageKey: string, input: Buffer, limits: ImageLimits): Promise<PhotoVariants> {
  const options = decodeOptions(limits)
  const { width, height } = uprightSize(await sharp(input, options).metadata())
  if (!width || !height) throw new Error('The image has no size')
  const dir = listingMediaDir(dataDir, storageKey)
  await fs.mkdir(dir, { recursive: true })
  const variantWidths = variantWidthsFor(width)
  for (const w of variantWidths) {
    const data = await sharp(input, options).autoOrient().resize({ width: w }).webp({ quality: WEBP_QUALITY }).toBuffer()
    const target = path.join(dir, `${w}.webp`)
    const temporary = `${target}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`
    await fs.writeFile(temporary, data)
    await fs.rename(temporary, target)
  }
  const { data: rgba, info } = await sharp(input, options)
    .autoOrient()
    .resize(PLACEHOLDER_SIZE, PLACEHOLDER_SIZE, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const placeholder = Buffer.from(rgbaToThumbHash(info.width, info.height, rgba)).toString('base64')
  return { width, height, variantWidths, placeholder }
}

/** Removes every variant of a photo. */
export async function deletePhotoVariants(dataDir: string, storageKey: string): Promise<void> {
  await fs.rm(listingMediaDir(dataDir, storageKey), { recursive: true, force: true })
}
