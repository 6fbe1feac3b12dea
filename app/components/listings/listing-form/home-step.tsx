// Step one of the listing form: the title, the type of home and the description.
import { Select } from '#app/components/ui/select.tsx'
import { LISTING_TYPE_LABELS, LISTING_TYPES } from '#common/listings/vocabulary.ts'
import { FormStep } from './form-step.tsx'
import { ValueField, type StepFieldProps, type ValueFieldSpec } from './value-field.tsx'

const TITLE: ValueFieldSpec = {
  label: 'Title',
  name: 'title',
  required: true,
  maxLength: 120,
  hint: 'What renters see first, like “Sunny two-bedroom near Trolley Square”. 5 to 120 characters.',
}

const DESCRIPTION: ValueFieldSpec = {
  label: 'Description',
  name: 'description',
  rows: 6,
  maxLength: 10_000,
  hint: 'The rooms, the light, the street, what is nearby. Optional, up to 10,000 characters.',
}

export function HomeStep({ step, values, error }: StepFieldProps) {
  return (
    <FormStep {...step}>
      <ValueField field={TITLE} values={values} error={error} />
      <Select label="Type of home" name="type" defaultValue={values.type} error={error('type')} className="sm:max-w-xs">
        {LISTING_TYPES.map((type) => (
          <option key={type} value={type}>
            {LISTING_TYPE_LABELS[type]}
          </option>
        ))}
      </Select>
      <ValueField field={DESCRIPTION} values={values} error={error} />
    </FormStep>
  )
}
