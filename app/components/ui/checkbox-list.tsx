// A compact list of checkboxes under one legend (the search filters' "Type of home", "Amenities"):
// each box wrapped by its label, the group's hint and error tied to the fieldset (aria-describedby).
import type { ReactNode } from 'react'
import type { FieldErrorInput } from './field-parts.tsx'
import { Fieldset } from './fieldset.tsx'

export type CheckboxListProps = {
  legend: ReactNode
  /** The name every checkbox submits under, once per ticked value. */
  name: string
  /** The prefix of the hint's and error's ids (`<id>-hint`, `<id>-error`); `field-<name>` unless given. */
  id?: string
  options: readonly { value: string; label: ReactNode }[]
  /** The values ticked when the page loads. */
  defaultChecked?: readonly string[]
  hint?: ReactNode
  error?: FieldErrorInput
}

export function CheckboxList({ legend, name, id = `field-${name}`, options, defaultChecked = [], hint, error }: CheckboxListProps) {
  return (
    <Fieldset look="compact" legend={legend} id={id} hint={hint} error={error}>
      <div className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 py-1 text-sm text-ink">
            <input
              type="checkbox"
              name={name}
              value={option.value}
              defaultChecked={defaultChecked.includes(option.value)}
              className="size-4 accent-brand-700"
            />
            {option.label}
          </label>
        ))}
      </div>
    </Fieldset>
  )
}
