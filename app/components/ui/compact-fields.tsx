// The form kit's compact look: the dense fields of the search filters. Tighter spacing than the
// standard look, a plain error line, checkboxes wrapped by their labels, no hints (a filter's label
// says it all). The standard fields' props (label, name, id, error, takesFocus); a module of its
// own, so a page of filters loads this look and not the others.
import type { ComponentProps, ReactNode } from 'react'
import { fieldIds, messageOf, type FieldErrorInput, type FocusProps } from './field-ids.ts'

const inputClass = 'mt-1 w-full rounded-lg border border-gray-400 bg-white px-3 py-2 text-base text-ink aria-invalid:border-red-700'

/** The label (or legend) of a compact field. */
const labelClass = 'block text-sm font-semibold text-ink'

/** The error of a compact field: one plain line under it. Renders nothing without a message. */
export function CompactFieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-800">
      {message}
    </p>
  )
}

/** What every compact field takes; `id` defaults to `field-<name>`. */
type CompactFieldProps = { label: string; name: string; id?: string; error?: FieldErrorInput } & FocusProps

/** The attributes that tie a control to its error, and the error line itself. */
function errorOf({ id, error, takesFocus }: { id: string; error?: FieldErrorInput } & FocusProps) {
  const errorId = fieldIds(id).error
  const message = messageOf(error)
  return {
    tie: {
      'aria-invalid': message ? true : undefined,
      'aria-describedby': message ? errorId : undefined,
      // Only the first field in error after a refusal takes focus.
      autoFocus: takesFocus,
    },
    line: <CompactFieldError id={errorId} message={message} />,
  }
}

/** A control under its label (`for` its id), its error under it. */
function Labelled({
  id,
  label,
  labelClassName = labelClass,
  children,
  error,
}: {
  id: string
  label: string
  labelClassName?: string
  children: ReactNode
  error: ReactNode
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children}
      {error}
    </div>
  )
}

const controlClass = (className?: string) => (className ? `${inputClass} ${className}` : inputClass)

export type CompactTextFieldProps = CompactFieldProps & {
  /** A quieter label: for one of a pair under a legend that names them, e.g. "Minimum". */
  quietLabel?: boolean
} & Omit<ComponentProps<'input'>, 'id' | 'name' | 'autoFocus'>

export function CompactTextField({
  label,
  name,
  id = `field-${name}`,
  error,
  quietLabel,
  takesFocus,
  className,
  ...input
}: CompactTextFieldProps) {
  const { tie, line } = errorOf({ id, error, takesFocus })
  return (
    <Labelled id={id} label={label} labelClassName={quietLabel ? 'block text-sm text-ink-soft' : undefined} error={line}>
      <input id={id} {...input} name={name} className={controlClass(className)} {...tie} />
    </Labelled>
  )
}

export type CompactSelectProps = CompactFieldProps & { children: ReactNode } & Omit<
    ComponentProps<'select'>,
    'id' | 'name' | 'children' | 'autoFocus'
  >

export function CompactSelect({
  label,
  name,
  id = `field-${name}`,
  error,
  takesFocus,
  className,
  children,
  ...select
}: CompactSelectProps) {
  const { tie, line } = errorOf({ id, error, takesFocus })
  return (
    <Labelled id={id} label={label} error={line}>
      <select {...select} id={id} name={name} className={controlClass(className)} {...tie}>
        {children}
      </select>
    </Labelled>
  )
}

export type CompactCheckboxProps = Omit<CompactFieldProps, 'label'> & {
  label: ReactNode
  value?: string
  defaultChecked?: boolean
  required?: boolean
}

/**
 * A checkbox wrapped by its label. `id` (default `field-<name>`) is the input's, and the prefix of its
 * error's id, so an error summary's link lands on the checkbox.
 */
export function CompactCheckbox({ label, name, id = `field-${name}`, error, takesFocus, ...input }: CompactCheckboxProps) {
  const { tie, line } = errorOf({ id, error, takesFocus })
  return (
    <div>
      <label className="flex items-center gap-2 text-sm font-semibold text-ink">
        <input type="checkbox" id={id} name={name} {...input} className="size-4 accent-brand-700" {...tie} />
        {label}
      </label>
      {line}
    </div>
  )
}

export type CompactFieldsetProps = {
  legend: ReactNode
  /** The prefix of the error's id (`<id>-error`). */
  id: string
  error?: FieldErrorInput
  className?: string
  children: ReactNode
}

/** One question of several controls under a legend; its error is tied to the fieldset. */
export function CompactFieldset({ legend, id, error, className, children }: CompactFieldsetProps) {
  const { tie, line } = errorOf({ id, error })
  return (
    <fieldset aria-describedby={tie['aria-describedby']} className={className}>
      <legend className={labelClass}>{legend}</legend>
      {children}
      {line}
    </fieldset>
  )
}

export type CheckboxListProps = {
  legend: ReactNode
  /** The name every checkbox submits under, once per ticked value. */
  name: string
  /** The first checkbox's id, so an error summary's link lands on the list, and the prefix of the error's id (`<id>-error`); `field-<name>` unless given. */
  id?: string
  options: readonly { value: string; label: ReactNode }[]
  /** The values ticked when the page loads. */
  defaultChecked?: readonly string[]
  error?: FieldErrorInput
}

/** A list of label-wrapped checkboxes under one legend (the filters' "Type of home", "Amenities"). */
export function CheckboxList({ legend, name, id = `field-${name}`, options, defaultChecked = [], error }: CheckboxListProps) {
  return (
    <CompactFieldset legend={legend} id={id} error={error}>
      <div className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1">
        {options.map((option, index) => (
          <label key={option.value} className="flex items-center gap-2 py-1 text-sm text-ink">
            <input
              type="checkbox"
              id={index === 0 ? id : undefined}
              name={name}
              value={option.value}
              defaultChecked={defaultChecked.includes(option.value)}
              className="size-4 accent-brand-700"
            />
            {option.label}
          </label>
        ))}
      </div>
    </CompactFieldset>
  )
}
