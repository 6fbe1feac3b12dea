// A listing photo: the browser picks a WebP width from the srcset; until it arrives, the photo's
// thumbhash shows as its average colour (cheap, for cards) or as a blurred preview (one hero image).
import { thumbHashToAverageRGBA, thumbHashToDataURL } from 'thumbhash'
import type { PhotoView } from '#common/listings/photos.ts'

function hashBytes(placeholder: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(placeholder), (c) => c.charCodeAt(0))
  } catch {
    return null
  }
}

/** The CSS background shown behind a photo while it loads. */
export function placeholderBackground(placeholder: string | null, kind: 'color' | 'blur'): string | undefined {
  const bytes = placeholder ? hashBytes(placeholder) : null
  if (!bytes) return undefined
  try {
    if (kind === 'blur') return `center / cover no-repeat url(${thumbHashToDataURL(bytes)})`
    const { r, g, b } = thumbHashToAverageRGBA(bytes)
    return `rgb(${Math.round(r * 255)} ${Math.round(g * 255)} ${Math.round(b * 255)})`
  } catch {
    return undefined
  }
}

export function ListingPhoto({
  photo,
  sizes,
  className = '',
  placeholder = 'color',
  priority = false,
}: {
  photo: PhotoView
  /** How wide the image is drawn, for the browser's choice from the srcset. */
  sizes: string
  className?: string
  placeholder?: 'color' | 'blur'
  /** The page's main image: loaded at once rather than lazily. */
  priority?: boolean
}) {
  return (
    <img
      src={photo.src}
      srcSet={photo.srcSet}
      sizes={sizes}
      width={photo.width}
      height={photo.height}
      alt={photo.alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      style={{ background: placeholderBackground(photo.placeholder, placeholder) }}
      className={`object-cover ${className}`}
    />
  )
}
