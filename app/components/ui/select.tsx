// A labelled drop-down whose hint and error are tied to it (aria-describedby).
import type { ComponentProps, ReactNode } from 'react'
import {
  CompactFieldError,
  FieldError,
  Hint,
  compactInputClass,
  compactLabelClass,
  describedBy,
  fieldIds,
  inputClass,
  messageOf,
  type FieldErrorInput,
  type FocusProps,
} from './field-parts.tsx'

export type SelectProps = {
  label: string
  name: string
  /** The select's id; `field-<name>` unless given. */
  id?: string
  error?: FieldErrorInput
  hint?: ReactNode
  /** `compact`: the dense select of the search filters; `standard` otherwise. */
  look?: 'standard' | 'compact'
  children: ReactNode
} & FocusProps &
  Omit<ComponentProps<'select'>, 'id' | 'name' | 'children' | 'autoFocus'>

export function Select({
  label,
  name,
  id = `field-${name}`,
  error,
  hint,
  look = 'standard',
  className,
  children,
  takesFocus,
  ...select
}: SelectProps) {
  const ids = fieldIds(id)
  const message = messageOf(error)
  if (look === 'compact') {
    return (
      <div>
        <label htmlFor={id} className={compactLabelClass}>
          {label}
        </label>
        <select
          {...select}
          id={id}
          name={name}
          className={className ? `${compactInputClass} ${className}` : compactInputClass}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy(message && ids.error, hint !== undefined && ids.hint)}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- only the first field in error after a refusal takes focus
          autoFocus={takesFocus}
        >
          {children}
        </select>
        {hint !== undefined ? (
          <Hint id={ids.hint} className="mt-1">
            {hint}
          </Hint>
        ) : null}
        <CompactFieldError id={ids.error} message={message} />
      </div>
    )
  }
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
      {hint !== undefined ? <Hint id={ids.hint}>{hint}</Hint> : null}
      <FieldError id={ids.error} message={message} />
    </div>
  )
}
