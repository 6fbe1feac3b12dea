// Submitted input and what is wrong with it, the same words in the browser and on the server: one
// FieldErrors shape, one FormAnswer for a refused form, one way to turn a zod failure into them.
import type { z } from 'zod'

/** Messages per field, keyed by the field's dotted path (`email`, `lease.monthlyRentCents`, `fees.0.name`). */
export type FieldErrors = Record<string, string[]>

/**
 * What an action answers when it refuses a form, whatever the page: the fields at fault and the
 * sentence about the form as a whole. Pages add what they need to show the form again (which form
 * it was, the values typed) beside it. Only `refusalOf` (server) and `parseForm` build one.
 */
export type FormAnswer = { ok: false; fieldErrors: FieldErrors; formError?: string }

export type ParsedForm<Output> = { ok: true; data: Output } | FormAnswer

/**
 * The zod issues of a failed parse: each field's messages by its dotted path, and an issue about the
 * input as a whole (no path) as the form's sentence.
 */
export function answerOfIssues(error: z.ZodError): FormAnswer {
  const fieldErrors: FieldErrors = {}
  const whole: string[] = []
  for (const issue of error.issues) {
    if (issue.path.length === 0) whole.push(issue.message)
    else (fieldErrors[issue.path.map(String).join('.')] ??= []).push(issue.message)
  }
  return whole.length > 0 ? { ok: false, fieldErrors, formError: whole.join(' ') } : { ok: false, fieldErrors }
}

/**
 * Validates submitted input with a zod schema. A FormData field sent once is read as its string (or
 * file); callers whose fields repeat (checkbox groups) build the object themselves and pass it.
 */
export function parseForm<Schema extends z.ZodType>(
  schema: Schema,
  input: FormData | Record<string, unknown>,
): ParsedForm<z.output<Schema>> {
  const values = input instanceof FormData ? Object.fromEntries(input) : input
  const result = schema.safeParse(values)
  return result.success ? { ok: true, data: result.data } : answerOfIssues(result.error)
}

/**
 * The sentence a page shows above a form that lists each field's message: the form's sentence when no
 * field is at fault (its fields' messages say it otherwise).
 */
export function formErrorBesideFields(answer: Partial<Pick<FormAnswer, 'fieldErrors' | 'formError'>> | null | undefined) {
  if (!answer || (answer.fieldErrors && Object.keys(answer.fieldErrors).length > 0)) return undefined
  return answer.formError
}

/** The one sentence a small form shows: the first thing wrong with a field, else the form's sentence. */
export function refusalText(answer: Pick<FormAnswer, 'fieldErrors' | 'formError'>): string {
  return Object.values(answer.fieldErrors).flat()[0] ?? answer.formError ?? ''
}

/** The first message for a field, for forms that show one message under each field. */
export function firstError(errors: FieldErrors | null | undefined, field: string): string | undefined {
  return errors?.[field]?.[0]
}

/** Field errors with one message for one field, e.g. a refusal the server found after validation. */
export function errorFor(field: string, message: string): FieldErrors {
  return { [field]: [message] }
}
