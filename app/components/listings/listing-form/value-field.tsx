// The listing form's text fields described as data: each shows the form value of the same name and
// that field's first error, so a step lists its fields instead of repeating the wiring.
import type { ReactNode } from 'react'
import { TextField } from '#app/components/ui/text-field.tsx'
import type { ListingFormValues } from '#common/listings/listing-form.ts'
import type { StepProps } from './form-step.tsx'

type TextKey = { [K in keyof ListingFormValues]: ListingFormValues[K] extends string ? K : never }[keyof ListingFormValues]

export type ValueFieldSpec = {
  name: TextKey
  label: string
  inputMode?: 'decimal' | 'numeric'
  type?: 'date' | 'number'
  autoComplete?: string
  maxLength?: number
  min?: number
  max?: number
  step?: number
  required?: boolean
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number
  hint?: ReactNode
}

/** What every step of the listing form receives. */
export type StepFieldProps = { step: StepProps; values: ListingFormValues; error: (key: string) => string | undefined }

export function ValueField({ field: { rows, ...field }, values, error }: { field: ValueFieldSpec } & Omit<StepFieldProps, 'step'>) {
  const shared = { ...field, defaultValue: values[field.name], error: error(field.name) }
  return rows === undefined ? <TextField {...shared} /> : <TextField {...shared} multiline rows={rows} />
}

/** Several value fields in a row, as a step lays them out. */
export function ValueFields({ fields, values, error }: { fields: readonly ValueFieldSpec[] } & Omit<StepFieldProps, 'step'>) {
  return fields.map((field) => <ValueField key={field.name} field={field} values={values} error={error} />)
}
