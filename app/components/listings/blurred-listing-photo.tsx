// A listing photo with a blurred preview of itself behind it while it loads, drawn from its
// thumbhash: for the one hero image of a page (the gallery). Cards show the cheaper average colour.
import { thumbHashToDataURL } from 'thumbhash'
import { thumbHashBytes, type PhotoView } from '#common/listings/photos.ts'
import { ListingPhoto, type ListingPhotoProps } from './listing-photo.tsx'

/** The blurred preview as a CSS background; undefined without a readable thumbhash. */
export function blurredPreview(placeholder: string | null): string | undefined {
  const bytes = thumbHashBytes(placeholder)
  if (!bytes || bytes.length < 5) return undefined
  try {
    return `center / cover no-repeat url(${thumbHashToDataURL(bytes)})`
  } catch {
    return undefined
  }
}

export function BlurredListingPhoto(props: ListingPhotoProps & { photo: PhotoView }) {
  return <ListingPhoto {...props} background={blurredPreview(props.photo.placeholder)} />
}
