// A labelled text input (or textarea) whose hint and error are tied to it, so screen readers read
// them with the field and an error summary can link to it by id.
import type { ComponentProps, ReactNode } from 'react'
import { FieldNotes, Hint, LargeFieldError, inputClass, largeInputClass, type FieldLook } from './field-parts.tsx'
import { describedBy, fieldIds, messageOf, type FieldErrorInput, type FocusProps } from './field-ids.ts'

type InputProps = Omit<ComponentProps<'input'>, 'id' | 'name'>
type TextareaProps = Omit<ComponentProps<'textarea'>, 'id' | 'name'>

export type TextFieldProps = {
  label: string
  name: string
  /** The input's id; unless given, `field-<name>` in the standard look and the name itself in the large one. */
  id?: string
  error?: FieldErrorInput
  hint?: ReactNode
  /** Shown beside the label, e.g. a "Forgot password?" link (large look only). */
  aside?: ReactNode
  /**
   * `inline`: the field of a small inline form (e.g. a chat message's report form): label, control
   * and error placed straight in the form's flow, without wrappers, the label in the form's own text size.
   */
  look?: FieldLook | 'inline'
} & FocusProps &
  ((InputProps & { multiline?: false }) | (TextareaProps & { multiline: true }))

export function TextField({ label, name, id, error, hint, aside, look, multiline, takesFocus, className, ...props }: TextFieldProps) {
  const isLarge = look === 'large'
  const fieldId = id ?? (isLarge ? name : `field-${name}`)
  const ids = fieldIds(fieldId)
  const message = messageOf(error)
  // Only the first field in error after a refusal takes focus.
  const focus = takesFocus === undefined ? {} : { autoFocus: takesFocus }

  if (isLarge) {
    const { type = 'text', ...input } = props as InputProps
    return (
      <div className={className}>
        <div className="flex items-baseline justify-between gap-4">
          <label htmlFor={fieldId} className="block text-sm font-semibold text-ink">
            {label}
          </label>
          {aside}
        </div>
        {hint ? (
          <Hint id={ids.hint} className="mt-1">
            {hint}
          </Hint>
        ) : null}
        <LargeFieldError id={ids.error} message={message} />
        <input
          id={fieldId}
          name={name}
          type={type}
          aria-invalid={Boolean(message)}
          aria-describedby={describedBy(Boolean(hint) && ids.hint, message && ids.error)}
          className={largeInputClass(Boolean(message))}
          {...focus}
          {...input}
        />
      </div>
    )
  }

  if (look === 'inline') {
    // The id and name first, then the caller's attributes, then what the kit derives: the order of plain markup.
    const derived = {
      'aria-invalid': message ? true : undefined,
      'aria-describedby': describedBy(message && ids.error, hint !== undefined && ids.hint),
      className: className ? `${inputClass} ${className}` : inputClass,
      ...focus,
    }
    return (
      <>
        <label htmlFor={fieldId} className="block font-semibold">
          {label}
        </label>
        {multiline ? (
          <textarea id={fieldId} name={name} {...(props as TextareaProps)} {...derived} />
        ) : (
          <input id={fieldId} name={name} {...(props as InputProps)} {...derived} />
        )}
        <FieldNotes id={fieldId} hint={hint} message={message} />
      </>
    )
  }

  const shared = {
    id: fieldId,
    name,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': describedBy(message && ids.error, hint !== undefined && ids.hint),
    className: `${inputClass} ${className ?? ''}`,
    ...focus,
  }
  return (
    <div>
      <label htmlFor={fieldId} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="mt-1.5">
        {multiline ? <textarea {...(props as TextareaProps)} {...shared} /> : <input {...(props as InputProps)} {...shared} />}
      </div>
      <FieldNotes id={fieldId} hint={hint} message={message} />
    </div>
  )
}
