// A group of radio buttons sharing one name under the kit's Fieldset: each choice is a radio inside
// its label, so clicking the words picks it and the legend names the group.
import type { ReactNode } from 'react'
import { Fieldset, type FieldsetProps } from './fieldset.tsx'

export type RadioOption = { value: string | number; label: ReactNode }

export type RadioGroupProps = {
  legend: ReactNode
  /** The radios' shared name, what the form submits. */
  name: string
  options: readonly RadioOption[]
  /** The option chosen at first; none unless given. */
  defaultValue?: string | number
  /** The prefix of the hint's and error's ids; `field-<name>` unless given. */
  id?: string
  /** The classes of the element holding the choices (their layout); none unless given. */
  optionsClassName?: string
} & Pick<FieldsetProps, 'hint' | 'error' | 'kind' | 'legendClassName' | 'className'>

export function RadioGroup({ legend, name, options, defaultValue, id, optionsClassName, ...fieldset }: RadioGroupProps) {
  return (
    <Fieldset legend={legend} id={id ?? `field-${name}`} {...fieldset}>
      <div className={optionsClassName}>
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2">
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={defaultValue !== undefined && String(option.value) === String(defaultValue)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </Fieldset>
  )
}
