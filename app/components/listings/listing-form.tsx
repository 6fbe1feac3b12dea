// The landlord's listing form. Without JavaScript it is one long page, every step a section; with
// JavaScript it shows one step at a time and checks a step's fields (with the server's own schema)
// before moving on. The last step, photos, holds forms of its own, so it follows the listing's
// <form> rather than sitting in it, and the buttons after it belong to that form by its id.
import type { FieldErrors } from '#common/forms.ts'
import { useRef, useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { LISTING_FORM_STEPS, type ListingFormStep, type ListingFormValues } from '#common/listings/listing-form.ts'
import type { OwnerPhoto } from '#common/listings/photos.ts'
import type { ListingStatus } from '#common/listings/vocabulary.ts'
import type { MapTiles } from '#common/map-tiles.ts'
import { DetailsStep } from './listing-form/details-step.tsx'
import type { StepProps } from './listing-form/form-step.tsx'
import { HomeStep } from './listing-form/home-step.tsx'
import { LocationStep } from './listing-form/location-step.tsx'
import { PhotosStep, PUBLISH_NOTE_ID, publishNote, type PhotosOfListing } from './listing-form/photos-step.tsx'
import { PriceStep } from './listing-form/price-step.tsx'
import { useFeeRows } from './listing-form/use-fee-rows.ts'
import { useFormSteps } from './listing-form/use-form-steps.ts'
import { usePlace } from './listing-form/use-place.ts'

const FORM_ID = 'listing-form'

type Props = {
  values: ListingFormValues
  errors: FieldErrors
  formError?: string
  /** The stored status when editing; undefined for a new listing. */
  status?: ListingStatus
  /** The map background of the location step. */
  tiles: MapTiles
  /** The saved listing's photos; undefined for a new listing, which gets them once its draft is saved. */
  photos?: PhotosOfListing
  /** The step to open on (the edit page's `?step=photos`). */
  initialStep?: ListingFormStep
}

export function ListingForm({ values, errors: serverErrors, formError, status, tiles, photos, initialStep }: Props) {
  const rootRef = useRef<HTMLDivElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const navigation = useNavigation()
  const steps = LISTING_FORM_STEPS.map((step) => ({ id: step.id as string, title: step.title }))
  const stepper = useFormSteps({ rootRef, formRef, steps, initialStep, values, serverErrors })
  const { isEnhanced, stepIndex, error, isHidden } = stepper
  const { fees, addFee, removeFee } = useFeeRows(values, serverErrors)
  const location = usePlace(values, serverErrors, stepper.setErrors)
  // The photos as the photo manager last saw them, so the buttons can say what publishing needs.
  const [currentPhotos, setCurrentPhotos] = useState<OwnerPhoto[]>(photos?.photos ?? [])

  const isSaving = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
  // A held listing is saved like a published one; it goes back on the market only through an administrator (or, held for payment words, by text that no longer asks for them).
  const isPublished = status === 'published' || status === 'held'
  const stepProps = (id: ListingFormStep): StepProps => ({
    id,
    title: LISTING_FORM_STEPS.find((step) => step.id === id)!.title,
    number: stepper.numberOf(id),
    total: steps.length,
    isEnhanced,
    hidden: isHidden(id),
  })
  const nextStep = steps[stepIndex + 1]
  const hasReadyPhoto = currentPhotos.some((photo) => photo.status === 'ready')
  // A refusal to publish for want of a photo no longer holds once one is ready.
  const photosError = hasReadyPhoto ? undefined : error('photos')
  const shownFormError = formError === error('photos') && !photosError ? undefined : formError
  // Publishing is for a saved listing: a new one has no photos yet, so it could only be refused.
  const canPublish = photos !== undefined && !isPublished
  const note = canPublish ? publishNote(currentPhotos, { isOnPhotosStep: isEnhanced && !isHidden('photos') }) : ''

  return (
    <div ref={rootRef} className="space-y-8">
      {isEnhanced ? (
        <ol aria-label="Steps" className="flex flex-wrap gap-2 text-sm">
          {steps.map((step, index) => (
            <li
              key={step.id}
              aria-current={index === stepIndex ? 'step' : undefined}
              className={`rounded-full px-3 py-1 font-semibold ${
                index === stepIndex ? 'bg-brand-700 text-white' : 'bg-gray-100 text-ink-soft'
              }`}
            >
              {index + 1}. {step.title}
            </li>
          ))}
        </ol>
      ) : null}

      <Form id={FORM_ID} method="post" ref={formRef} noValidate className="space-y-8">
        <FormAlert id="listing-form-error" message={shownFormError} />

        <HomeStep step={stepProps('home')} values={values} error={error} />
        <PriceStep step={stepProps('price')} values={values} error={error} fees={fees} onAddFee={addFee} onRemoveFee={removeFee} />
        <LocationStep
          step={stepProps('location')}
          values={values}
          error={error}
          location={location}
          tiles={tiles}
          isEnhanced={isEnhanced}
        />
        <DetailsStep step={stepProps('details')} values={values} error={error} />
      </Form>

      <PhotosStep step={stepProps('photos')} listing={photos} error={photosError} onPhotosChange={setCurrentPhotos} />

      <div className="space-y-3 border-t border-gray-200 pt-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap gap-3">
            {isEnhanced && stepIndex > 0 ? (
              <Button type="button" variant="secondary" onClick={() => stepper.goTo(stepIndex - 1)}>
                Back
              </Button>
            ) : null}
            {isEnhanced && nextStep ? (
              nextStep.id === 'photos' && !photos ? (
                // A new listing's photos need the listing saved: this saves the draft and opens its photos step.
                // Keyed apart from the plain Next, so the click that brings it in is not taken for its own.
                <Button
                  key="save-then-next"
                  form={FORM_ID}
                  name="intent"
                  value="save"
                  onClick={(event) => {
                    if (!stepper.checkStep()) event.preventDefault()
                  }}
                >
                  Next: {nextStep.title}
                </Button>
              ) : (
                <Button key="next" type="button" onClick={() => stepper.checkStep() && stepper.goTo(stepIndex + 1)}>
                  Next: {nextStep.title}
                </Button>
              )
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button form={FORM_ID} variant="secondary" name="intent" value="save">
              {isPublished ? 'Save changes' : 'Save draft'}
            </Button>
            <Button form={FORM_ID} variant="secondary" name="intent" value="preview">
              Preview
            </Button>
            {canPublish ? (
              <Button form={FORM_ID} name="intent" value="publish" aria-describedby={note ? PUBLISH_NOTE_ID : undefined}>
                Publish
              </Button>
            ) : null}
            {isSaving ? <PendingNote>Saving…</PendingNote> : null}
          </div>
        </div>
        {note ? (
          <p id={PUBLISH_NOTE_ID} className="text-sm text-ink-soft sm:text-right">
            {note}
          </p>
        ) : null}
      </div>
    </div>
  )
}
