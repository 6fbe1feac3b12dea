// What the account functions make of better-auth's answers: its cookies to pass on, or its refusal
// as an AppError worded for people, with the form field it belongs to.
import { isAPIError } from 'better-auth/api'
import { messages } from '#common/accounts/auth-schemas.ts'
import { errorFor } from '#common/forms.ts'
import { AppError, type AppErrorCode } from '#server/errors.server.ts'
import { COMMON_PASSWORD_MESSAGE } from './password-policy.server.ts'
import { ACCOUNT_SUSPENDED_CODE } from './bans.server.ts'

/** Sign-up says an address is taken (see docs/decisions/015-sign-up-says-an-address-is-taken.md). */
export const EMAIL_TAKEN_MESSAGE = 'An account with this e-mail already exists. Log in or reset your password.'

export const WRONG_CREDENTIALS_MESSAGE = 'Wrong e-mail or password.'

/** Refused at sign-in because the address is not confirmed yet (a 'forbidden' refusal, as a suspended account's is). */
export const EMAIL_NOT_VERIFIED_MESSAGE = 'Confirm your e-mail address first.'

type AuthField = 'name' | 'email' | 'password' | 'termsVersion'

/** better-auth's error code, when the error is one of its refusals. */
export function authErrorCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined
  const body = error.body as { code?: unknown } | undefined
  return typeof body?.code === 'string' ? body.code : undefined
}

/** better-auth's refusal as an AppError; anything else (a bug, the database down) is rethrown. */
export function authErrorOf(error: unknown, { isSignIn = false } = {}): AppError {
  if (!isAPIError(error) || error.statusCode >= 500) throw error
  const body = (error.body ?? {}) as { code?: string; message?: string }
  const refuse = (code: AppErrorCode, message: string, field?: AuthField) =>
    new AppError(code, message, field ? errorFor(field, message) : undefined)
  switch (body.code ?? 'BAD_REQUEST') {
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return refuse('invalid', EMAIL_TAKEN_MESSAGE, 'email')
    case 'INVALID_EMAIL':
      return refuse('invalid', messages.emailInvalid, 'email')
    case 'INVALID_NAME':
      return refuse('invalid', body.message ?? messages.nameMissing, 'name')
    case 'PASSWORD_TOO_COMMON':
      return refuse('invalid', COMMON_PASSWORD_MESSAGE, 'password')
    case 'PASSWORD_TOO_SHORT':
      return refuse('invalid', messages.passwordTooShort, 'password')
    case 'TERMS_NOT_ACCEPTED':
      return refuse('invalid', messages.termsNotAccepted, 'termsVersion')
    case 'INVALID_EMAIL_OR_PASSWORD':
      return refuse('invalid', WRONG_CREDENTIALS_MESSAGE)
    case 'PASSWORD_TOO_LONG':
      // At sign-in a too-long password is simply not the right one; when choosing one, say why.
      return isSignIn ? refuse('invalid', WRONG_CREDENTIALS_MESSAGE) : refuse('invalid', messages.passwordTooLong, 'password')
    case 'EMAIL_NOT_VERIFIED':
      return refuse('forbidden', EMAIL_NOT_VERIFIED_MESSAGE)
    case ACCOUNT_SUSPENDED_CODE:
      return refuse('forbidden', body.message ?? 'This account is suspended.')
  }
  if (error.statusCode === 429) return refuse('rate-limited', body.message ?? 'Too many attempts. Try again later.')
  return refuse('invalid', body.message ?? 'This request could not be completed. Check what you entered and try again.')
}

/** Only the cookies of better-auth's answer travel on to the browser. */
export function cookieHeaders(from: Headers | null | undefined): Headers {
  const headers = new Headers()
  for (const cookie of from?.getSetCookie() ?? []) headers.append('Set-Cookie', cookie)
  return headers
}
