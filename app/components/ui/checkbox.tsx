// A labelled checkbox with an optional hint and error tied to it (aria-describedby).
import type { ReactNode } from 'react'
import { FieldError, LargeFieldError, type FieldLook } from './field-parts.tsx'
import { describedBy, fieldIds, messageOf, type FieldErrorInput, type FocusProps } from './field-ids.ts'

export type CheckboxProps = {
  label: ReactNode
  name: string
  /**
   * The input's id; unless given, `field-<name>` in the standard look and the name itself in the large
   * one.
   */
  id?: string
  value?: string
  hint?: ReactNode
  error?: FieldErrorInput
  defaultChecked?: boolean
  required?: boolean
  look?: FieldLook
  /** `danger` for a tick that confirms something destructive. */
  tone?: 'default' | 'danger'
} & FocusProps

/**
 * In the standard look, a checkbox with a hint has a short bold title for a label and the hint
 * explains it; without one, the label is a plain sentence (e.g. "I understand that…").
 */
export function Checkbox({
  label,
  name,
  id,
  value,
  hint,
  error,
  look,
  tone = 'default',
  defaultChecked,
  required,
  takesFocus,
}: CheckboxProps) {
  const isLarge = look === 'large'
  const fieldId = id ?? (isLarge ? name : `field-${name}`)
  const ids = fieldIds(fieldId)
  const message = messageOf(error)
  const hasHint = hint !== undefined && hint !== null && hint !== ''
  const input = {
    id: fieldId,
    name,
    type: 'checkbox',
    value,
    defaultChecked,
    required,
    // Only the first field in error after a refusal takes focus.
    autoFocus: takesFocus,
    'aria-describedby': describedBy(hasHint && ids.hint, message && ids.error),
  }

  if (isLarge) {
    return (
      <div>
        <LargeFieldError id={ids.error} message={message} className="mb-1.5" />
        <div className="flex items-start gap-3">
          <input
            {...input}
            aria-invalid={Boolean(message)}
            className={`mt-0.5 size-5 shrink-0 rounded accent-brand-700 ${message ? 'outline-2 outline-red-700' : ''}`}
          />
          <div>
            <label htmlFor={fieldId} className="text-sm font-semibold text-ink">
              {label}
            </label>
            {hasHint ? (
              <p id={ids.hint} className="mt-0.5 text-sm text-ink-soft">
                {hint}
              </p>
            ) : null}
          </div>
        </div>
      </div>
    )
  }

  const accent = tone === 'danger' ? 'accent-red-700' : 'accent-brand-700'
  return (
    <div>
      <div className={hasHint ? 'flex gap-3' : 'flex items-start gap-3'}>
        <input {...input} aria-invalid={message ? true : undefined} className={`${hasHint ? 'mt-1' : 'mt-0.5'} size-4 ${accent}`} />
        {hasHint ? (
          <div>
            <label htmlFor={fieldId} className="font-semibold text-ink">
              {label}
            </label>
            <p id={ids.hint} className="text-sm text-ink-soft">
              {hint}
            </p>
          </div>
        ) : (
          <label htmlFor={fieldId} className="text-sm text-ink">
            {label}
          </label>
        )}
      </div>
      <FieldError id={ids.error} message={message} />
    </div>
  )
}
