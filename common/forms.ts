// Submitted input and what is wrong with it, the same words in the browser and on the server: one
// FieldErrors shape, one way to turn a zod failure into it, one parseForm.
import type { z } from 'zod'

/**
 * Messages per field, keyed by the field's dotted path (`email`, `lease.monthlyRentCents`,
 * `fees.0.name`); the key `_` (FORM_ERROR_KEY) holds what is wrong with the input as a whole.
 */
export type FieldErrors = Record<string, string[]>

export const FORM_ERROR_KEY = '_'

/** What an action answers when it refuses input: a sentence for the whole form and the fields at fault. */
export type FormFailure = { message: string; fieldErrors: FieldErrors }

export type ParsedForm<Output> = { ok: true; data: Output } | { ok: false; fieldErrors: FieldErrors }

/** The zod issues of a failed parse, keyed by each field's dotted path. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : FORM_ERROR_KEY
    ;(errors[key] ??= []).push(issue.message)
  }
  return errors
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
  return result.success ? { ok: true, data: result.data } : { ok: false, fieldErrors: fieldErrorsOf(result.error) }
}

/** The first message for a field, for forms that show one message under each field. */
export function firstError(errors: FieldErrors | null | undefined, field: string): string | undefined {
  return errors?.[field]?.[0]
}

/** Field errors with one message for one field, e.g. a refusal the server found after validation. */
export function errorFor(field: string, message: string): FieldErrors {
  return { [field]: [message] }
}
