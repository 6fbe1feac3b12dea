// The small pieces every form field is built from: the error and hint texts tied to an input by id
// (aria-describedby), so screen readers read them with the field, and the input's look.
import type { ReactNode } from 'react'

/** A field's error as forms receive it: one message, the messages of FieldErrors, or none. */
export type FieldErrorInput = string | readonly string[] | null | undefined

/**
 * How a field looks. `standard` is the field of the profile and listing forms (error and hint under
 * the input); `large` is the field of the sign-in pages (hint and error above a taller input, the
 * error announced as "Error: …"); `compact` is the dense field of the search filters (tighter
 * spacing, a plain error line, checkboxes wrapped by their labels).
 */
export type FieldLook = 'standard' | 'large' | 'compact'

/**
 * Props every control of the kit takes. `takesFocus` focuses the control when the page loads: for the
 * first field in error after a refused submission, so the user lands where the problem is.
 */
export type FocusProps = { takesFocus?: boolean }

/** The message a field shows: the first one, where it was given several. */
export function messageOf(error: FieldErrorInput): string | undefined {
  if (typeof error === 'string') return error || undefined
  return error?.[0] || undefined
}

/** The ids of a field's hint and error, derived from the input's id. */
export function fieldIds(id: string) {
  return { hint: `${id}-hint`, error: `${id}-error` }
}

/** The ids to put in aria-describedby, skipping those not rendered; undefined when there are none. */
export function describedBy(...ids: (string | false | null | undefined)[]) {
  const joined = ids.filter(Boolean).join(' ')
  return joined || undefined
}

export const inputClass =
  'block w-full rounded-lg border border-gray-400 bg-white px-3 py-2 text-ink shadow-xs placeholder:text-gray-500 focus:border-brand-600 aria-[invalid=true]:border-red-700 aria-[invalid=true]:bg-red-50/40'

/** The input of the compact look (search filters). */
export const compactInputClass =
  'mt-1 w-full rounded-lg border border-gray-400 bg-white px-3 py-2 text-base text-ink aria-invalid:border-red-700'

/** The label (or legend) of a compact field. */
export const compactLabelClass = 'block text-sm font-semibold text-ink'

/** The taller input of the sign-in pages; its border turns red with an error. */
export function largeInputClass(hasError: boolean) {
  return `mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-ink shadow-xs placeholder:text-slate-500 ${
    hasError ? 'border-red-700' : 'border-slate-400'
  }`
}

/** A field's error under it, with a warning mark for sighted users. Renders nothing without a message. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} className="mt-1.5 flex gap-1.5 text-sm font-medium text-red-800">
      <span aria-hidden="true">!</span>
      <span>{message}</span>
    </p>
  )
}

/** The error of a compact field: one plain line under it. Renders nothing without a message. */
export function CompactFieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-800">
      {message}
    </p>
  )
}

/** The error of a large field, read out as "Error: …". `className` places it (above or below). */
export function LargeFieldError({ id, message, className = 'mt-1' }: { id: string; message?: string; className?: string }) {
  if (!message) return null
  return (
    <p id={id} className={`${className} text-sm font-medium text-red-700`}>
      <span className="sr-only">Error: </span>
      {message}
    </p>
  )
}

export function Hint({ id, children, className = 'mt-1.5' }: { id: string; children: ReactNode; className?: string }) {
  return (
    <p id={id} className={`${className} text-sm text-ink-soft`}>
      {children}
    </p>
  )
}
