// A labelled text input (or textarea) whose hint and error are tied to it, so screen readers read
// them with the field and an error summary can link to it by id.
import type { ComponentProps, ReactNode } from 'react'
import {
  FieldError,
  Hint,
  LargeFieldError,
  describedBy,
  fieldIds,
  inputClass,
  largeInputClass,
  messageOf,
  type FieldErrorInput,
  type FieldLook,
  type FocusProps,
} from './field-parts.tsx'

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
  look?: FieldLook
} & FocusProps &
  ((InputProps & { multiline?: false }) | (TextareaProps & { multiline: true }))

export function TextField(props: TextFieldProps) {
  return props.look === 'large' ? <LargeTextField {...props} /> : <StandardTextField {...props} />
}

function StandardTextField({
  label,
  name,
  id = `field-${name}`,
  error,
  hint,
  aside: _aside,
  look: _look,
  multiline,
  takesFocus,
  className,
  ...props
}: TextFieldProps) {
  const ids = fieldIds(id)
  const message = messageOf(error)
  const shared = {
    id,
    name,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': describedBy(message && ids.error, hint !== undefined && ids.hint),
    className: `${inputClass} ${className ?? ''}`,
    // Only the first field in error after a refusal takes focus.
    ...(takesFocus === undefined ? {} : { autoFocus: takesFocus }),
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="mt-1.5">
        {multiline ? <textarea {...(props as TextareaProps)} {...shared} /> : <input {...(props as InputProps)} {...shared} />}
      </div>
      {hint !== undefined ? <Hint id={ids.hint}>{hint}</Hint> : null}
      <FieldError id={ids.error} message={message} />
    </div>
  )
}

function LargeTextField({
  label,
  name,
  id = name,
  error,
  hint,
  aside,
  look: _look,
  multiline: _multiline,
  takesFocus,
  className,
  ...props
}: TextFieldProps) {
  const ids = fieldIds(id)
  const message = messageOf(error)
  const { type = 'text', ...input } = props as InputProps
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-4">
        <label htmlFor={id} className="block text-sm font-semibold text-ink">
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
        id={id}
        name={name}
        type={type}
        aria-invalid={Boolean(message)}
        aria-describedby={describedBy(Boolean(hint) && ids.hint, message && ids.error)}
        className={largeInputClass(Boolean(message))}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only the first field in error after a refusal takes focus
        autoFocus={takesFocus}
        {...input}
      />
    </div>
  )
}
