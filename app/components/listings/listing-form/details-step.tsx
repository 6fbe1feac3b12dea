// Step four of the listing form: rooms and size, the year built, amenities, pets, furnishing and the
// date it is free.
import { useState } from 'react'
import { AMENITIES } from '#common/listings/vocabulary.ts'
import { LEAD_PAINT_NOTE, needsLeadPaintDisclosure } from '#common/leasing/lead-paint.ts'
import { TextField } from '#app/components/ui/text-field.tsx'
import { FormStep } from './form-step.tsx'
import { CheckboxGroup, InlineCheckbox } from '#app/components/ui/inline-checkbox.tsx'
import { ValueField, ValueFields, type StepFieldProps, type ValueFieldSpec } from './value-field.tsx'

const SIZE: ValueFieldSpec[] = [
  { label: 'Bedrooms', name: 'bedrooms', inputMode: 'numeric', hint: '0 for a studio.' },
  { label: 'Bathrooms', name: 'bathrooms', type: 'number', min: 0, max: 20, step: 0.5, hint: 'In halves, like 1.5.' },
  { label: 'Interior (sq ft)', name: 'interiorSqft', inputMode: 'numeric' },
]

const PET_POLICY: ValueFieldSpec = {
  label: 'Pet policy (optional)',
  name: 'petPolicy',
  rows: 2,
  maxLength: 500,
  hint: 'Limits, like “Up to two cats; dogs under 40 lb”.',
}

const AVAILABLE_FROM: ValueFieldSpec = { label: 'Available from', name: 'availableFrom', type: 'date' }

/** A year as typed, or null while it is not one yet. */
function yearOf(text: string): number | null {
  return /^\d{4}$/.test(text.trim()) ? Number(text.trim()) : null
}

/** The lead-paint note, shown while the year typed is before 1978; its live region is always there, so a screen reader hears it appear. */
function LeadPaintNote({ isShown }: { isShown: boolean }) {
  return (
    <div id="lead-paint-note" aria-live="polite">
      {isShown ? <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-ink">{LEAD_PAINT_NOTE}</p> : null}
    </div>
  )
}

export function DetailsStep({ step, values, error }: StepFieldProps) {
  const [yearBuilt, setYearBuilt] = useState(() => yearOf(values.yearBuilt))
  return (
    <FormStep {...step}>
      <div>
        <div className="grid gap-4 sm:grid-cols-4">
          <ValueFields fields={SIZE} values={values} error={error} />
          <TextField
            label="Year built (optional)"
            name="yearBuilt"
            inputMode="numeric"
            maxLength={4}
            defaultValue={values.yearBuilt}
            error={error('yearBuilt')}
            onChange={(event) => setYearBuilt(yearOf(event.currentTarget.value))}
          />
        </div>
        <LeadPaintNote isShown={needsLeadPaintDisclosure(yearBuilt)} />
      </div>

      <CheckboxGroup legend="Amenities" name="amenities" options={AMENITIES} checked={values.amenities} error={error('amenities')} />

      <fieldset className="space-y-3">
        <legend className="text-base font-bold text-ink">Pets</legend>
        <div className="flex flex-wrap gap-6">
          <InlineCheckbox name="allowsCats" label="Cats welcome" defaultChecked={values.allowsCats} />
          <InlineCheckbox name="allowsDogs" label="Dogs welcome" defaultChecked={values.allowsDogs} />
        </div>
        <ValueField field={PET_POLICY} values={values} error={error} />
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:pt-7">
          <InlineCheckbox name="isFurnished" label="Furnished" defaultChecked={values.isFurnished} />
        </div>
        <ValueField field={AVAILABLE_FROM} values={values} error={error} />
      </div>
    </FormStep>
  )
}
