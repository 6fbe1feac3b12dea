// Step five of the listing form, photos, and what publishing still needs from it. It sits outside
// the listing's <form> because the photo manager's controls are forms of their own. A new listing
// has no photos yet: they belong to the saved listing, so the step says that the draft comes first.
import { PhotoManager } from '#app/components/listings/photo-manager.tsx'
import { FieldError } from '#app/components/ui/field-parts.tsx'
import { photosStepPath } from '#common/listings/listing-url.ts'
import type { OwnerPhoto } from '#common/listings/photos.ts'
import { STEP_CLASS, StepHeading, type StepProps } from './form-step.tsx'

/** The saved listing whose photos the step manages. */
export type PhotosOfListing = { listingId: number; path: string; photos: OwnerPhoto[] }

export const PUBLISH_NOTE_ID = 'publish-note'
const PHOTOS_ERROR_ID = 'photos-error'

/**
 * Why Publish would be refused for want of a photo, or '' when a photo is ready. Only a ready photo
 * counts: renters see nothing of one still being processed or one that failed.
 */
export function publishNote(photos: OwnerPhoto[], { isOnPhotosStep }: { isOnPhotosStep: boolean }): string {
  if (photos.some((photo) => photo.status === 'ready')) return ''
  const pending = photos.filter((photo) => photo.status === 'pending').length
  if (pending > 0) {
    return `Publishing needs a ready photo: ${pending === 1 ? 'yours is' : `your ${pending} photos are`} still being processed.`
  }
  if (photos.length > 0) return 'Publishing needs a ready photo: none of yours could be processed, so add another.'
  return isOnPhotosStep
    ? 'Publishing needs at least one photo: add one above.'
    : 'Publishing needs at least one photo: add one in step 5, Photos.'
}

export function PhotosStep({
  step,
  listing,
  error,
  onPhotosChange,
}: {
  step: StepProps
  /** Undefined on a new listing's form. */
  listing: PhotosOfListing | undefined
  /** The server's refusal to publish, until a photo is ready. */
  error: string | undefined
  onPhotosChange: (photos: OwnerPhoto[]) => void
}) {
  return (
    // Linked to as #photos: clear of the sticky site bar when the page scrolls to it.
    <section
      id="photos"
      data-step={step.id}
      hidden={step.hidden}
      aria-labelledby="photos-step-heading"
      className={`scroll-mt-24 ${STEP_CLASS}`}
    >
      <StepHeading id="photos-step-heading" title={step.title} number={step.number} total={step.total} isEnhanced={step.isEnhanced} />
      <FieldError id={PHOTOS_ERROR_ID} message={error} />
      {listing ? (
        <PhotoManager
          listingId={listing.listingId}
          photos={listing.photos}
          // Its forms redirect only without JavaScript, when every step shows: straight to this one.
          redirectTo={`${photosStepPath(listing.path)}#photos`}
          describedBy={error ? PHOTOS_ERROR_ID : undefined}
          onChange={onPhotosChange}
        />
      ) : (
        <div className="space-y-2 text-ink">
          <p>Photos are added to a saved listing. Save your draft: this step then opens with the photo uploader.</p>
          <p className="text-sm text-ink-soft">A listing needs at least one photo before it can be published.</p>
        </div>
      )}
    </section>
  )
}
