// The landlord's listing form. Without JavaScript it is one long page, every step a fieldset; with
// JavaScript it shows one step at a time and checks a step's fields (with the server's own schema)
// before moving on. Other parts of the page (photos) can add steps after the one they name.
import { useRef, type ReactNode } from 'react'
import { Form, useNavigation } from 'react-router'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { LISTING_FORM_STEPS, type ListingFormErrors, type ListingFormStep, type ListingFormValues } from '#common/listings/listing-form.ts'
import type { ListingStatus } from '#common/listings/vocabulary.ts'
import type { MapTiles } from '#common/map-tiles.ts'
import { DetailsStep } from './listing-form/details-step.tsx'
import type { StepProps } from './listing-form/form-step.tsx'
import { HomeStep } from './listing-form/home-step.tsx'
import { LocationStep } from './listing-form/location-step.tsx'
import { PriceStep } from './listing-form/price-step.tsx'
import { useFeeRows } from './listing-form/use-fee-rows.ts'
import { useFormSteps } from './listing-form/use-form-steps.ts'
import { usePlace } from './listing-form/use-place.ts'

type Props = {
  values: ListingFormValues
  errors: ListingFormErrors
  formError?: string
  /** The stored status when editing; undefined for a new listing. */
  status?: ListingStatus
  /** The map background of the location step. */
  tiles: MapTiles
  /** Steps other parts of the page add (e.g. photos), shown after the step they name. */
  extraSteps?: { after: ListingFormStep; id: string; title: string; content: ReactNode }[]
}

export function ListingForm({ values, errors: serverErrors, formError, status, tiles, extraSteps = [] }: Props) {
  const formRef = useRef<HTMLFormElement>(null)
  const navigation = useNavigation()
  const steps = LISTING_FORM_STEPS.flatMap((step) => [
    { id: step.id as string, title: step.title },
    ...extraSteps.filter((extra) => extra.after === step.id).map(({ id, title }) => ({ id, title })),
  ])
  const stepper = useFormSteps({ formRef, steps, values, serverErrors })
  const { isEnhanced, stepIndex, error, isHidden } = stepper
  const { fees, addFee, removeFee } = useFeeRows(values, serverErrors)
  const location = usePlace(values, serverErrors, stepper.setErrors)

  const isSaving = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
  const isPublished = status === 'published'
  const stepProps = (id: ListingFormStep): StepProps => ({
    id,
    title: LISTING_FORM_STEPS.find((step) => step.id === id)!.title,
    number: stepper.numberOf(id),
    total: steps.length,
    isEnhanced,
    hidden: isHidden(id),
  })

  return (
    <Form method="post" ref={formRef} noValidate className="space-y-8">
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

      <FormAlert id="listing-form-error" message={formError} />

      <HomeStep step={stepProps('home')} values={values} error={error} />
      <PriceStep step={stepProps('price')} values={values} error={error} fees={fees} onAddFee={addFee} onRemoveFee={removeFee} />
      <LocationStep step={stepProps('location')} values={values} error={error} location={location} tiles={tiles} isEnhanced={isEnhanced} />

      {extraSteps
        .filter((extra) => extra.after === 'location')
        .map((extra) => (
          <section key={extra.id} data-step={extra.id} hidden={isHidden(extra.id)}>
            {extra.content}
          </section>
        ))}

      <DetailsStep step={stepProps('details')} values={values} error={error} />

      <div className="flex flex-wrap items-center gap-3 border-t border-gray-200 pt-6">
        {isEnhanced && stepIndex > 0 ? (
          <Button type="button" variant="secondary" onClick={() => stepper.goTo(stepIndex - 1)}>
            Back
          </Button>
        ) : null}
        {isEnhanced && stepIndex < steps.length - 1 ? (
          <Button type="button" onClick={() => stepper.checkStep() && stepper.goTo(stepIndex + 1)}>
            Next: {steps[stepIndex + 1]!.title}
          </Button>
        ) : null}
        <span className="grow" />
        <Button variant="secondary" name="intent" value="save">
          {isPublished ? 'Save changes' : 'Save draft'}
        </Button>
        <Button variant="secondary" name="intent" value="preview">
          Preview
        </Button>
        {isPublished ? null : (
          <Button name="intent" value="publish">
            Publish
          </Button>
        )}
        {isSaving ? <PendingNote>Saving…</PendingNote> : null}
      </div>
    </Form>
  )
}
