// How a listing photo reaches the page: a few WebP widths under /media/listings/<key>/<width>.webp,
// a srcset over them and a tiny thumbhash placeholder shown while the image loads. Safe to import in
// the browser bundle (no server code).
import { thumbHashToAverageRGBA } from 'thumbhash'

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
  /**
   * The photo's average colour (CSS), from its thumbhash: the cheap placeholder of cards, worked out
   * here so pages of cards need no thumbhash decoder. Null without a readable thumbhash.
   */
  colour: string | null
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

/** The thumbhash as bytes; null when there is none or it is not base64. */
export function thumbHashBytes(placeholder: string | null): Uint8Array | null {
  if (!placeholder) return null
  try {
    return Uint8Array.from(atob(placeholder), (c) => c.charCodeAt(0))
  } catch {
    return null
  }
}

/** The average colour of a thumbhash as CSS; null when it is missing or unreadable. */
export function averageColour(placeholder: string | null): string | null {
  const bytes = thumbHashBytes(placeholder)
  // A thumbhash has at least a 5-byte header; anything shorter is not one.
  if (!bytes || bytes.length < 5) return null
  const channels = Object.values(thumbHashToAverageRGBA(bytes)).slice(0, 3)
  if (!channels.every(Number.isFinite)) return null
  const [r, g, b] = channels.map((channel) => Math.round(channel * 255))
  return `rgb(${r} ${g} ${b})`
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
    colour: averageColour(row.placeholder),
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
