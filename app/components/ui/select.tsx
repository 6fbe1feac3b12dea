// A labelled drop-down whose hint and error are tied to it (aria-describedby).
import type { ComponentProps, ReactNode } from 'react'
import { FieldNotes, inputClass } from './field-parts.tsx'
import { describedBy, fieldIds, messageOf, type FieldErrorInput, type FocusProps } from './field-ids.ts'

export type SelectProps = {
  label: string
  name: string
  /** The select's id; `field-<name>` unless given. */
  id?: string
  error?: FieldErrorInput
  hint?: ReactNode
  children: ReactNode
} & FocusProps &
  Omit<ComponentProps<'select'>, 'id' | 'name' | 'children' | 'autoFocus'>

export function Select({ label, name, id = `field-${name}`, error, hint, className, children, takesFocus, ...select }: SelectProps) {
  const ids = fieldIds(id)
  const message = messageOf(error)
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <select
        {...select}
        id={id}
        name={name}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(message && ids.error, hint !== undefined && ids.hint)}
        className={`${inputClass} mt-1.5 ${className ?? ''}`}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only the first field in error after a refusal takes focus
        autoFocus={takesFocus}
      >
        {children}
      </select>
      <FieldNotes id={id} hint={hint} message={message} />
    </div>
  )
}
