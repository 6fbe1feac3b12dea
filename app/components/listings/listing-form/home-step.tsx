// Step one of the listing form: the title, the type of home and the description.
import { Select } from '#app/components/ui/select.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import type { ListingFormValues } from '#common/listings/listing-form.ts'
import { LISTING_TYPE_LABELS, LISTING_TYPES } from '#common/listings/vocabulary.ts'
import { FormStep, type StepProps } from './form-step.tsx'

export function HomeStep({
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
      <TextField
        label="Title"
        name="title"
        required
        maxLength={120}
        defaultValue={values.title}
        error={error('title')}
        hint="What renters see first, like “Sunny two-bedroom near Trolley Square”. 5 to 120 characters."
      />
      <Select label="Type of home" name="type" defaultValue={values.type} error={error('type')} className="sm:max-w-xs">
        {LISTING_TYPES.map((type) => (
          <option key={type} value={type}>
            {LISTING_TYPE_LABELS[type]}
          </option>
        ))}
      </Select>
      <TextField
        label="Description"
        name="description"
        multiline
        rows={6}
        maxLength={10_000}
        defaultValue={values.description}
        error={error('description')}
        hint="The rooms, the light, the street, what is nearby. Optional, up to 10,000 characters."
      />
    </FormStep>
  )
}
