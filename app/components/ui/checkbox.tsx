// A labelled checkbox with an optional hint and error tied to it (aria-describedby).
import type { ReactNode } from 'react'
import {
  FieldError,
  LargeFieldError,
  describedBy,
  fieldIds,
  messageOf,
  type FieldErrorInput,
  type FieldLook,
  type FocusProps,
} from './field-parts.tsx'

export type CheckboxProps = {
  label: ReactNode
  name: string
  /** The input's id; unless given, `field-<name>` in the standard look and the name itself in the large one. */
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

export function Checkbox(props: CheckboxProps) {
  return props.look === 'large' ? <LargeCheckbox {...props} /> : <StandardCheckbox {...props} />
}

/**
 * With a hint, the label is a short bold title and the hint explains it; without one, the label is a
 * plain sentence (e.g. "I understand that…").
 */
function StandardCheckbox({ label, name, id = `field-${name}`, value, hint, error, tone = 'default', ...input }: CheckboxProps) {
  const ids = fieldIds(id)
  const message = messageOf(error)
  const hasHint = hint !== undefined && hint !== null
  const accent = tone === 'danger' ? 'accent-red-700' : 'accent-brand-700'
  return (
    <div>
      <div className={hasHint ? 'flex gap-3' : 'flex items-start gap-3'}>
        <input
          id={id}
          name={name}
          type="checkbox"
          value={value}
          defaultChecked={input.defaultChecked}
          required={input.required}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- only the first field in error after a refusal takes focus
          autoFocus={input.takesFocus}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy(hasHint && ids.hint, message && ids.error)}
          className={`${hasHint ? 'mt-1' : 'mt-0.5'} size-4 ${accent}`}
        />
        {hasHint ? (
          <div>
            <label htmlFor={id} className="font-semibold text-ink">
              {label}
            </label>
            <p id={ids.hint} className="text-sm text-ink-soft">
              {hint}
            </p>
          </div>
        ) : (
          <label htmlFor={id} className="text-sm text-ink">
            {label}
          </label>
        )}
      </div>
      <FieldError id={ids.error} message={message} />
    </div>
  )
}

function LargeCheckbox({ label, name, id = name, value, hint, error, ...input }: CheckboxProps) {
  const ids = fieldIds(id)
  const message = messageOf(error)
  return (
    <div>
      <LargeFieldError id={ids.error} message={message} className="mb-1.5" />
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          value={value}
          defaultChecked={input.defaultChecked}
          required={input.required}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- only the first field in error after a refusal takes focus
          autoFocus={input.takesFocus}
          aria-invalid={Boolean(message)}
          aria-describedby={describedBy(Boolean(hint) && ids.hint, message && ids.error)}
          className={`mt-0.5 size-5 shrink-0 rounded accent-brand-700 ${message ? 'outline-2 outline-red-700' : ''}`}
        />
        <div>
          <label htmlFor={id} className="text-sm font-semibold text-ink">
            {label}
          </label>
          {hint ? (
            <p id={ids.hint} className="mt-0.5 text-sm text-ink-soft">
              {hint}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  )
}
