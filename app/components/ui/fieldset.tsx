// A group of radio buttons or checkboxes under one legend, with the group's hint and error tied to
// the fieldset (aria-describedby), so they are read when focus enters the group.
import type { ReactNode } from 'react'
import { FieldError } from './field-parts.tsx'
import { describedBy, fieldIds, messageOf, type FieldErrorInput } from './field-ids.ts'

export type FieldsetProps = {
  legend: ReactNode
  /** The prefix of the hint's and error's ids (`<id>-hint`, `<id>-error`). */
  id: string
  hint?: ReactNode
  error?: FieldErrorInput
  /**
   * `field`: one question among a form's fields (small legend, error under the choices);
   * `group`: a titled part of a long form (larger legend, error right under the hint).
   */
  kind?: 'field' | 'group'
  /** The legend's classes, where a form needs another look than the kind's (e.g. a small inline form). */
  legendClassName?: string
  className?: string
  children: ReactNode
}

export function Fieldset({ legend, id, hint, error, kind = 'field', legendClassName, className, children }: FieldsetProps) {
  const ids = fieldIds(id)
  const message = messageOf(error)
  const isGroup = kind === 'group'
  const errorText = <FieldError id={ids.error} message={message} />
  return (
    <fieldset aria-describedby={describedBy(hint !== undefined && ids.hint, message && ids.error)} className={className}>
      <legend className={legendClassName ?? (isGroup ? 'text-base font-bold text-ink' : 'text-sm font-semibold text-ink')}>{legend}</legend>
      {hint !== undefined ? (
        <p id={ids.hint} className={isGroup ? 'text-sm text-ink-soft' : 'mt-1 text-sm text-ink-soft'}>
          {hint}
        </p>
      ) : null}
      {isGroup ? errorText : null}
      {children}
      {isGroup ? null : errorText}
    </fieldset>
  )
}
