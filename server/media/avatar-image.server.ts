// Turns an uploaded profile photo into a small square WebP. The upload is trusted for nothing: its
// type comes from its bytes, its size is checked before decoding, its pixel count is capped so a
// tiny file cannot expand into gigabytes, and nothing of its metadata (EXIF, GPS, XMP) is kept.
import sharp, { type Metadata } from 'sharp'

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024
/** 40 megapixels: more than any phone camera, far less than a decompression bomb. */
export const AVATAR_MAX_INPUT_PIXELS = 40_000_000
export const AVATAR_SIZE = 256
const AVATAR_QUALITY = 82

export type ImageFormat = 'jpeg' | 'png' | 'webp'

export type ImageRejection = 'not-an-image' | 'too-large' | 'too-many-pixels' | 'unreadable'

export const imageRejectionMessages: Record<ImageRejection, string> = {
  'not-an-image': 'This file is not a JPEG, PNG or WebP image.',
  'too-large': 'The photo must be 5 MB or smaller.',
  'too-many-pixels': 'This image has too many pixels to process. Use a photo of at most 40 megapixels.',
  unreadable: 'This image could not be read. It may be damaged; try another photo.',
}

export class ImageRejectedError extends Error {
  readonly reason: ImageRejection
  constructor(reason: ImageRejection) {
    super(imageRejectionMessages[reason])
    this.reason = reason
    this.name = 'ImageRejectedError'
  }
}

/** The format told by the file's first bytes, or null when it is none of the accepted ones. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  const startsWith = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b)
  if (startsWith([0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  // RIFF....WEBP
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) return 'webp'
  return null
}

export type ProcessedAvatar = { data: Buffer; sourceFormat: ImageFormat; width: number; height: number }

/**
 * Checks an uploaded photo and re-encodes it as a 256×256 WebP (cover crop, EXIF orientation
 * applied, no metadata). Throws ImageRejectedError with a message fit for the person uploading.
 */
export async function processAvatar(bytes: Uint8Array): Promise<ProcessedAvatar> {
  if (bytes.byteLength > AVATAR_MAX_BYTES) throw new ImageRejectedError('too-large')
  const sourceFormat = sniffImageFormat(bytes)
  if (!sourceFormat) throw new ImageRejectedError('not-an-image')

  const options = { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, failOn: 'error' } as const
  let metadata: Metadata
  try {
    // Reads only the header; sharp already refuses here a header that states too many pixels.
    metadata = await sharp(bytes, options).metadata()
  } catch (error) {
    throw rejectionFor(error)
  }
  // The signature and the decoder must agree, so a file that only starts like an image is refused.
  if (metadata.format !== sourceFormat) throw new ImageRejectedError('not-an-image')
  if (!metadata.width || !metadata.height) throw new ImageRejectedError('unreadable')
  if (metadata.width * metadata.height > AVATAR_MAX_INPUT_PIXELS) throw new ImageRejectedError('too-many-pixels')

  try {
    // sharp writes no metadata unless asked (keepExif/withMetadata), so EXIF and GPS are dropped.
    const data = await sharp(bytes, options)
      .autoOrient()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: AVATAR_QUALITY })
      .toBuffer()
    return { data, sourceFormat, width: AVATAR_SIZE, height: AVATAR_SIZE }
  } catch (error) {
    throw rejectionFor(error)
  }
}

function rejectionFor(error: unknown): ImageRejectedError {
  const isPixelLimit = error instanceof Error && /pixel limit/i.test(error.message)
  return new ImageRejectedError(isPixelLimit ? 'too-many-pixels' : 'unreadable')
}
