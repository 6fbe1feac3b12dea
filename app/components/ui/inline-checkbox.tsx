// Checkboxes whose label wraps the box, and groups of them under a legend: a box can be marked invalid while the
// message sits once on its group (the listing form's offer, utilities and amenities).
import { FieldError } from './field-parts.tsx'
import { describedBy } from './field-ids.ts'

export function InlineCheckbox({
  name,
  label,
  defaultChecked,
  invalid,
  value,
}: {
  name: string
  label: string
  defaultChecked: boolean
  invalid?: boolean
  value?: string
}) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 font-medium text-ink">
      <input
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        aria-invalid={invalid ? true : undefined}
        className="size-4 accent-brand-700"
      />
      {label}
    </label>
  )
}

export function CheckboxGroup({
  legend,
  name,
  options,
  checked,
  error,
}: {
  legend: string
  name: string
  options: readonly { value: string; label: string }[]
  checked: string[]
  error?: string
}) {
  const errorId = `${name}-error`
  return (
    <fieldset aria-describedby={describedBy(error && errorId)}>
      <legend className="text-base font-bold text-ink">{legend}</legend>
      <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {options.map((option) => (
          <InlineCheckbox
            key={option.value}
            name={name}
            value={option.value}
            label={option.label}
            defaultChecked={checked.includes(option.value)}
            invalid={Boolean(error)}
          />
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  )
}
