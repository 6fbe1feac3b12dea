// Step four of the listing form: rooms and size, amenities, pets, furnishing and the date it is free.
import { TextField } from '#app/components/ui/text-field.tsx'
import type { ListingFormValues } from '#common/listings/listing-form.ts'
import { AMENITIES } from '#common/listings/vocabulary.ts'
import { FormStep, type StepProps } from './form-step.tsx'
import { CheckboxGroup, InlineCheckbox } from './inline-checkbox.tsx'

export function DetailsStep({
  step,
  values,
  error,
}: {
  step: StepProps
  values: ListingFormValues
  error: (key: string) => string | undefined
}) {
  return (
    <FormStep {...step}>
      <div className="grid gap-4 sm:grid-cols-4">
        <TextField
          label="Bedrooms"
          name="bedrooms"
          inputMode="numeric"
          defaultValue={values.bedrooms}
          error={error('bedrooms')}
          hint="0 for a studio."
        />
        <TextField
          label="Bathrooms"
          name="bathrooms"
          type="number"
          min={0}
          max={20}
          step={0.5}
          defaultValue={values.bathrooms}
          error={error('bathrooms')}
          hint="In halves, like 1.5."
        />
        <TextField
          label="Interior (sq ft)"
          name="interiorSqft"
          inputMode="numeric"
          defaultValue={values.interiorSqft}
          error={error('interiorSqft')}
        />
        <TextField
          label="Year built (optional)"
          name="yearBuilt"
          inputMode="numeric"
          maxLength={4}
          defaultValue={values.yearBuilt}
          error={error('yearBuilt')}
        />
      </div>

      <CheckboxGroup legend="Amenities" name="amenities" options={AMENITIES} checked={values.amenities} error={error('amenities')} />

      <fieldset className="space-y-3">
        <legend className="text-base font-bold text-ink">Pets</legend>
        <div className="flex flex-wrap gap-6">
          <InlineCheckbox name="allowsCats" label="Cats welcome" defaultChecked={values.allowsCats} />
          <InlineCheckbox name="allowsDogs" label="Dogs welcome" defaultChecked={values.allowsDogs} />
        </div>
        <TextField
          label="Pet policy (optional)"
          name="petPolicy"
          multiline
          rows={2}
          maxLength={500}
          defaultValue={values.petPolicy}
          error={error('petPolicy')}
          hint="Limits, like “Up to two cats; dogs under 40 lb”."
        />
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:pt-7">
          <InlineCheckbox name="isFurnished" label="Furnished" defaultChecked={values.isFurnished} />
        </div>
        <TextField
          label="Available from"
          name="availableFrom"
          type="date"
          defaultValue={values.availableFrom}
          error={error('availableFrom')}
        />
      </div>
    </FormStep>
  )
}
