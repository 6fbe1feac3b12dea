// Checks uploaded images (profile and listing photos) and turns a profile photo into a small square
// WebP. An upload is trusted for nothing: its type comes from its bytes, its size is checked before
// decoding, its pixel count is capped so a tiny file cannot expand into gigabytes, and nothing of its
// metadata (EXIF, GPS, XMP) is kept.
import sharp, { type Metadata } from 'sharp'
import { AppError } from '#server/errors.server.ts'

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

/** What an upload may be: at most `maxBytes` long and `maxPixels` pixels once decoded. */
export type ImageLimits = { maxBytes: number; maxPixels: number }

export const AVATAR_LIMITS: ImageLimits = { maxBytes: AVATAR_MAX_BYTES, maxPixels: AVATAR_MAX_INPUT_PIXELS }

/** The message for a refused image, naming the limits that applied to it. */
export function imageRejectionMessage(reason: ImageRejection, limits: ImageLimits): string {
  if (reason === 'too-large') return `The photo must be ${Math.round(limits.maxBytes / 1024 / 1024)} MB or smaller.`
  if (reason === 'too-many-pixels') {
    return `This image has too many pixels to process. Use a photo of at most ${Math.round(limits.maxPixels / 1_000_000)} megapixels.`
  }
  return imageRejectionMessages[reason]
}

/**
 * An upload refused as an image: an 'invalid' AppError whose reason says which rule it broke. Its
 * name stays AppError's, so isAppError knows it wherever it is caught.
 */
export class ImageRejectedError extends AppError {
  readonly reason: ImageRejection
  constructor(reason: ImageRejection, limits: ImageLimits = AVATAR_LIMITS) {
    super('invalid', imageRejectionMessage(reason, limits))
    this.reason = reason
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

export type InspectedImage = { format: ImageFormat; width: number; height: number }

/**
 * Checks an upload before anything decodes it: its size, its type from its bytes (and the decoder
 * must agree), and its pixel count from the header alone. Throws ImageRejectedError.
 */
export async function inspectImage(bytes: Uint8Array, limits: ImageLimits): Promise<InspectedImage> {
  if (bytes.byteLength > limits.maxBytes) throw new ImageRejectedError('too-large', limits)
  const format = sniffImageFormat(bytes)
  if (!format) throw new ImageRejectedError('not-an-image', limits)
  let metadata: Metadata
  try {
    // Reads only the header; sharp already refuses here a header that states too many pixels.
    metadata = await sharp(bytes, decodeOptions(limits)).metadata()
  } catch (error) {
    throw rejectionFor(error, limits)
  }
  // The signature and the decoder must agree, so a file that only starts like an image is refused.
  if (metadata.format !== format) throw new ImageRejectedError('not-an-image', limits)
  if (!metadata.width || !metadata.height) throw new ImageRejectedError('unreadable', limits)
  if (metadata.width * metadata.height > limits.maxPixels) throw new ImageRejectedError('too-many-pixels', limits)
  return { format, width: metadata.width, height: metadata.height }
}

/** sharp's input options for an upload that passed inspectImage: the same pixel cap, strict decoding. */
export function decodeOptions(limits: ImageLimits) {
  return { limitInputPixels: limits.maxPixels, failOn: 'error' } as const
}

/**
 * Checks an uploaded photo and re-encodes it as a 256×256 WebP (cover crop, EXIF orientation
 * applied, no metadata). Throws ImageRejectedError with a message fit for the person uploading.
 */
export async function processAvatar(bytes: Uint8Array): Promise<ProcessedAvatar> {
  const { format: sourceFormat } = await inspectImage(bytes, AVATAR_LIMITS)
  try {
    // sharp writes no metadata unless asked (keepExif/withMetadata), so EXIF and GPS are dropped.
    const data = await sharp(bytes, decodeOptions(AVATAR_LIMITS))
      .autoOrient()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: AVATAR_QUALITY })
      .toBuffer()
    return { data, sourceFormat, width: AVATAR_SIZE, height: AVATAR_SIZE }
  } catch (error) {
    throw rejectionFor(error, AVATAR_LIMITS)
  }
}

export function rejectionFor(error: unknown, limits: ImageLimits): ImageRejectedError {
  const isPixelLimit = error instanceof Error && /pixel limit/i.test(error.message)
  return new ImageRejectedError(isPixelLimit ? 'too-many-pixels' : 'unreadable', limits)
}
