// A photo taken during a tenancy, made safe to keep and to show: checked like a listing photo
// (type from its bytes, size, pixel count), then re-encoded upright as one WebP no wider or taller
// than PRIVATE_PHOTO_SIZE, with no metadata (EXIF, GPS) left. The areas keep the result privately.
import sharp from 'sharp'
import { decodeOptions, inspectImage, rejectionFor } from './avatar-image.server.ts'
import { PHOTO_LIMITS } from './listing-photos.server.ts'

/** The longest side of a kept photo: enough to see a stain or a crack, small enough to load on a phone. */
const PRIVATE_PHOTO_SIZE = 1600
const WEBP_QUALITY = 80

export type ProcessedPhoto = { data: Buffer; width: number; height: number }

/** Throws ImageRejectedError (an 'invalid' AppError in words for the person uploading) when the bytes are not a usable photo. */
export async function processPrivatePhoto(bytes: Uint8Array): Promise<ProcessedPhoto> {
  await inspectImage(bytes, PHOTO_LIMITS)
  try {
    const { data, info } = await sharp(bytes, decodeOptions(PHOTO_LIMITS))
      .autoOrient()
      .resize(PRIVATE_PHOTO_SIZE, PRIVATE_PHOTO_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true })
    return { data, width: info.width, height: info.height }
  } catch (error) {
    throw rejectionFor(error, PHOTO_LIMITS)
  }
}
