// What the account pages get back from better-auth: its cookies to pass on, or a failure worded for
// people, with the status the page answers with and the form field it belongs to.
import { isAPIError } from 'better-auth/api'
import { messages } from '#common/accounts/auth-schemas.ts'
import { EMAIL_TAKEN_MESSAGE } from './auth-hooks.server.ts'
import { COMMON_PASSWORD_MESSAGE } from './password-policy.server.ts'

export const WRONG_CREDENTIALS_MESSAGE = 'Wrong e-mail or password.'

export type AuthField = 'name' | 'email' | 'password' | 'termsVersion'

export type AuthFailure = {
  ok: false
  status: 400 | 403 | 429
  code: string
  message: string
  field?: AuthField
}

/** better-auth's refusal as an AuthFailure; anything else (a bug, the database down) is rethrown. */
export function toAuthFailure(error: unknown, { isSignIn = false } = {}): AuthFailure {
  if (!isAPIError(error) || error.statusCode >= 500) throw error
  const body = (error.body ?? {}) as { code?: string; message?: string }
  const code = body.code ?? 'BAD_REQUEST'
  const fail = (status: AuthFailure['status'], message: string, field?: AuthField): AuthFailure => ({
    ok: false,
    status,
    code,
    message,
    ...(field ? { field } : {}),
  })
  switch (code) {
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return fail(400, EMAIL_TAKEN_MESSAGE, 'email')
    case 'INVALID_EMAIL':
      return fail(400, messages.emailInvalid, 'email')
    case 'INVALID_NAME':
      return fail(400, body.message ?? messages.nameMissing, 'name')
    case 'PASSWORD_TOO_COMMON':
      return fail(400, COMMON_PASSWORD_MESSAGE, 'password')
    case 'PASSWORD_TOO_SHORT':
      return fail(400, messages.passwordTooShort, 'password')
    case 'TERMS_NOT_ACCEPTED':
      return fail(400, messages.termsNotAccepted, 'termsVersion')
    case 'INVALID_EMAIL_OR_PASSWORD':
      return fail(400, WRONG_CREDENTIALS_MESSAGE)
    case 'PASSWORD_TOO_LONG':
      // At sign-in a too-long password is simply not the right one; when choosing one, say why.
      return isSignIn ? fail(400, WRONG_CREDENTIALS_MESSAGE) : fail(400, messages.passwordTooLong, 'password')
    case 'EMAIL_NOT_VERIFIED':
      return fail(403, 'Confirm your e-mail address first.')
  }
  if (error.statusCode === 429) return fail(429, body.message ?? 'Too many attempts. Try again later.')
  return fail(400, body.message ?? 'This request could not be completed. Check what you entered and try again.')
}

/** Only the cookies of better-auth's answer travel on to the browser. */
export function cookieHeaders(from: Headers | null | undefined): Headers {
  const headers = new Headers()
  for (const cookie of from?.getSetCookie() ?? []) headers.append('Set-Cookie', cookie)
  return headers
}
