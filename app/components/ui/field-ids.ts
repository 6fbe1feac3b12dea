// What ties a field's hint and error to its control: their ids, the aria-describedby that lists
// them, and the one message a field shows. No markup, so the error summary and the compact fields
// use it without loading the standard fields' pieces.
/** A field's error as forms receive it: one message, the messages of FieldErrors, or none. */
export type FieldErrorInput = string | readonly string[] | null | undefined

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
