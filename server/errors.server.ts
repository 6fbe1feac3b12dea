// The one error vocabulary of the domain: a handful of generic codes that the HTTP layer maps to
// statuses, so domain functions never speak HTTP and callers never guess.
import type { z } from 'zod'
import { answerOfIssues, type FieldErrors } from '#common/forms.ts'

export type { FieldErrors }

export type AppErrorCode = 'invalid' | 'unauthenticated' | 'forbidden' | 'not-found' | 'conflict' | 'too-large' | 'rate-limited'

export const statusOf: Record<AppErrorCode, 400 | 401 | 403 | 404 | 409 | 413 | 429> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'rate-limited': 429,
}

export class AppError extends Error {
  readonly code: AppErrorCode
  readonly fieldErrors: FieldErrors | undefined

  constructor(code: AppErrorCode, message: string, fieldErrors?: FieldErrors) {
    super(message)
    this.name = 'AppError'
    this.code = code
    this.fieldErrors = fieldErrors
  }

  get status() {
    return statusOf[this.code]
  }
}

/**
 * True for an AppError, also one made by another copy of this module (the dev server and the page
 * tests load the app through Vite beside the server's own modules).
 */
export function isAppError(error: unknown): error is AppError {
  if (error instanceof AppError) return true
  if (!(error instanceof Error) || error.name !== 'AppError' || !('code' in error)) return false
  return typeof error.code === 'string' && error.code in statusOf
}

/** What a client is told when the database refused a value that validation let through. */
export const INVALID_INPUT_MESSAGE = 'Some of the input is not valid.'

/**
 * The SQLSTATE and message of a PostgreSQL data exception (class 22: a NUL character, a number out
 * of range, an impossible date…) behind this error, or null. Such a value is the client's fault, not
 * the server's: validation missed it. Both drivers' errors carry `code`; Drizzle wraps them as `cause`.
 */
export function dataExceptionOf(error: unknown): { code: string; message: string } | null {
  let current = error
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown }
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return { code, message: String(message) }
    current = cause
  }
  return null
}

/**
 * Parses with a zod schema, or throws an 'invalid' AppError carrying the field errors (and, as its
 * sentence, what is wrong with the input as a whole, if anything is).
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, message = 'Some fields need attention.'): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const { fieldErrors, formError } = answerOfIssues(result.error)
  throw new AppError('invalid', formError ?? message, fieldErrors)
}
