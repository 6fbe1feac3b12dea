// request.formData() buffers the whole body, however large. Routes that accept uploads read it
// through a cap instead: a declared Content-Length over the cap is refused without reading, and a
// body without one (chunked) is cut off as soon as it passes the cap.
import { AppError, type FieldErrors } from '#server/errors.server.ts'
import { AVATAR_MAX_BYTES } from './avatar-image.server.ts'
import { PHOTO_LIMITS } from './listing-photos.server.ts'

/** The most one request to each upload route may carry; every other request body is far smaller. */
export const UPLOAD_REQUEST_LIMITS = {
  /** /userprofile: a 5 MB photo plus the multipart envelope. */
  profilePhoto: AVATAR_MAX_BYTES + 1024 * 1024,
  /** /api/properties/:id/photos: several photos at once, but not unbounded memory. */
  listingPhotos: 4 * PHOTO_LIMITS.maxBytes,
  /** An inspection item's photo (API or page form): one photo with its form around it. */
  inspectionPhoto: PHOTO_LIMITS.maxBytes + 256 * 1024,
  /** A maintenance request's form (/maintenance/new, /maintenance/:id) or /api/maintenance/:id/photos: four photos and the form around them. */
  maintenancePhotos: 4 * PHOTO_LIMITS.maxBytes + 256 * 1024,
} as const

/** What the client is told when a body passes its cap: the sentence, and the field it is about, if one. */
export type TooLargeRefusal = { message: string; fieldErrors?: FieldErrors }

function tooLargeError(limit: number, refusal: TooLargeRefusal | undefined): AppError {
  const message = refusal?.message ?? `The request body is larger than ${limit} bytes.`
  return new AppError('too-large', message, refusal?.fieldErrors)
}

/** The body's declared length, or null when it has none (chunked) or a meaningless one. */
export function declaredLength(request: Request): number | null {
  const header = request.headers.get('content-length')
  if (header === null || !/^\d{1,15}$/.test(header.trim())) return null
  return Number(header)
}

/** The whole body, read no further than `limit` bytes; past it, a 'too-large' AppError saying `refusal`. */
export async function readBodyWithLimit(request: Request, limit: number, refusal?: TooLargeRefusal): Promise<Uint8Array<ArrayBuffer>> {
  const declared = declaredLength(request)
  if (declared !== null && declared > limit) throw tooLargeError(limit, refusal)
  if (!request.body) return new Uint8Array(new ArrayBuffer(0))
  const chunks: Uint8Array[] = []
  let total = 0
  const reader = request.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limit) {
      await reader.cancel().catch(() => {})
      throw tooLargeError(limit, refusal)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks, total)
}

export async function readFormDataWithLimit(request: Request, limit: number, refusal?: TooLargeRefusal): Promise<FormData> {
  const body = await readBodyWithLimit(request, limit, refusal)
  const headers = new Headers()
  const contentType = request.headers.get('content-type')
  if (contentType) headers.set('content-type', contentType)
  return new Response(body, { headers }).formData()
}
