// A listing photo: the browser picks a WebP width from the srcset; until it arrives, the photo's
// average colour shows behind it (cheap, for cards). The page's one hero image shows a blurred
// preview instead (blurred-listing-photo.tsx), in a module of its own, so pages of cards do not load
// the decoder that draws it.
import type { PhotoView } from '#common/listings/photos.ts'

/** What drawing a photo needs: a card's photo is sent with no more. */
export type DrawnPhoto = Pick<PhotoView, 'alt' | 'width' | 'height' | 'colour' | 'src' | 'srcSet'>

export type ListingPhotoProps = {
  photo: DrawnPhoto
  /** How wide the image is drawn, for the browser's choice from the srcset. */
  sizes: string
  className?: string
  /** The page's main image: loaded at once rather than lazily. */
  priority?: boolean
}

export function ListingPhoto({
  photo,
  sizes,
  className = '',
  priority = false,
  background = photo.colour ?? undefined,
}: ListingPhotoProps & {
  /** The CSS background shown while the photo loads; its average colour unless given. */
  background?: string
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
      style={{ background }}
      className={`object-cover ${className}`}
    />
  )
}
