// The small pieces every form field is built from: the error and hint texts tied to an input by id
// (aria-describedby, ids from field-ids.ts), so screen readers read them with the field, and the
// input's look.
import type { ReactNode } from 'react'
import { fieldIds } from './field-ids.ts'

/**
 * How a field looks. `standard` is the field of the profile and listing forms (error and hint under
 * the input); `large` is the field of the sign-in pages (hint and error above a taller input, the
 * error announced as "Error: …"). The dense fields of the search filters have a module of their own
 * (compact-fields.tsx), so a page of filters loads only their look.
 */
export type FieldLook = 'standard' | 'large'

export const inputClass =
  'block w-full rounded-lg border border-gray-400 bg-white px-3 py-2 text-ink shadow-xs placeholder:text-gray-500 focus:border-brand-600 aria-[invalid=true]:border-red-700 aria-[invalid=true]:bg-red-50/40'

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

/** A standard field's hint and error, under its control. */
export function FieldNotes({ id, hint, message }: { id: string; hint?: ReactNode; message?: string }) {
  const ids = fieldIds(id)
  return (
    <>
      {hint !== undefined ? <Hint id={ids.hint}>{hint}</Hint> : null}
      <FieldError id={ids.error} message={message} />
    </>
  )
}
