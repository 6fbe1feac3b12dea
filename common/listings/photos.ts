// How a listing photo reaches the page: a few WebP widths under /media/listings/<key>/<width>.webp,
// a srcset over them and a tiny thumbhash placeholder shown while the image loads. Safe to import in
// the browser bundle (no server code).

/** The widths each photo is re-encoded to; a photo narrower than one of them stops at its own width. */
export const PHOTO_WIDTHS = [400, 800, 1200, 1600] as const

export const LISTING_MEDIA_PREFIX = '/media/listings/'

export type PhotoView = {
  id: number
  alt: string
  width: number
  height: number
  /** A thumbhash (base64) of the photo, for a blurred placeholder before the image arrives. */
  placeholder: string | null
  /** A middle width, for browsers that ignore srcset and for Open Graph. */
  src: string
  srcSet: string
}

export type PhotoRow = {
  id: number
  altText: string
  storageKey: string
  width: number | null
  height: number | null
  placeholder: string | null
  variantWidths: number[]
}

export function photoUrl(storageKey: string, width: number): string {
  return `${LISTING_MEDIA_PREFIX}${storageKey}/${width}.webp`
}

/** A ready photo as pages show it; null while it is still being processed or has no variants. */
export function photoView(row: PhotoRow): PhotoView | null {
  const widths = [...row.variantWidths].sort((a, b) => a - b)
  if (widths.length === 0 || !row.width || !row.height) return null
  const middle = widths.findLast((w) => w <= 800) ?? widths[0]!
  return {
    id: row.id,
    alt: row.altText,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    src: photoUrl(row.storageKey, middle),
    srcSet: widths.map((w) => `${photoUrl(row.storageKey, w)} ${w}w`).join(', '),
  }
}

export type PhotoStatus = 'pending' | 'ready' | 'failed'

/** A photo as its owner manages it, whatever its status (the photo manager's data). */
export type OwnerPhoto = {
  id: number
  altText: string
  status: PhotoStatus
  /** Why processing failed, when it did. */
  error: string | null
  /** The photo as pages show it, once it is ready. */
  view: PhotoView | null
}
