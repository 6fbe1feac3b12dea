// Forgotten passwords: mailing a reset link and setting a new password with its token.
import type { Services } from '#server/services.server.ts'
import { checkFormRateLimit, toAuthFailure, type AuthFailure } from './auth-results.server.ts'

/** The page better-auth sends the mailed link to, with `?token=…` (or `?error=INVALID_TOKEN`). */
export const RESET_PASSWORD_PATH = '/reset-password'

export const RESET_LINK_SENT_MESSAGE = 'If an account exists for that e-mail, we sent a link to reset the password.'

/** Mails a reset link when the account exists; the answer never says whether it does. */
export async function requestPasswordReset(
  services: Services,
  request: Request,
  email: string,
): Promise<{ ok: true } | AuthFailure> {
  const limited = await checkFormRateLimit(services, request, 'request-password-reset')
  if (limited) return limited
  try {
    await services.auth.api.requestPasswordReset({
      body: { email, redirectTo: RESET_PASSWORD_PATH },
      headers: request.headers,
    })
    return { ok: true }
  } catch (error) {
    return toAuthFailure(error)
  }
}

/** Whether a reset token can still be used, so the page can say so before a password is typed. */
export async function isPasswordResetTokenUsable(services: Services, token: string): Promise<boolean> {
  const context = await services.auth.$context
  const found = await context.internalAdapter.findVerificationValue(`reset-password:${token}`)
  return Boolean(found && found.expiresAt > new Date())
}

/** Sets the new password; every session of the account ends (revokeSessionsOnPasswordReset). */
export async function resetPassword(
  services: Services,
  request: Request,
  input: { token: string; newPassword: string },
): Promise<{ ok: true } | AuthFailure> {
  const limited = await checkFormRateLimit(services, request, 'reset-password')
  if (limited) return limited
  try {
    await services.auth.api.resetPassword({ body: input, headers: request.headers })
    return { ok: true }
  } catch (error) {
    return toAuthFailure(error)
  }
}
