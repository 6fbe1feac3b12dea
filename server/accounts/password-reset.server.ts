// Forgotten passwords: asking for a reset link and setting a new password with its token.
import type { Services } from '#server/services.server.ts'
import { errorFor } from '#common/forms.ts'
import { AppError } from '#server/errors.server.ts'
import { authErrorCode, authErrorOf } from './auth-results.server.ts'
import { RESET_PASSWORD_PATH, isPlausibleResetToken } from './password-reset-requests.server.ts'

const INVALID_RESET_LINK_MESSAGE = 'This link to reset the password is invalid or has expired.'

export const RESET_LINK_SENT_MESSAGE = 'If an account exists for that e-mail, we sent a link to reset the password.'

/**
 * Asks for a reset link. better-auth's before hook checks the limits and queues the mail as a job
 * (password-reset-requests.server.ts), so the answer never says whether the account exists.
 */
export async function requestPasswordReset(services: Services, request: Request, email: string): Promise<void> {
  try {
    await services.auth.api.requestPasswordReset({
      body: { email, redirectTo: RESET_PASSWORD_PATH },
      headers: request.headers,
    })
  } catch (error) {
    throw authErrorOf(error)
  }
}

/** Whether a reset token can still be used, so the page can say so before a password is typed. */
export async function isPasswordResetTokenUsable(services: Services, token: string): Promise<boolean> {
  if (!isPlausibleResetToken(token)) return false
  const context = await services.auth.$context
  const found = await context.internalAdapter.findVerificationValue(`reset-password:${token}`)
  return Boolean(found && found.expiresAt > new Date())
}

/**
 * Sets the new password; every session of the account ends (revokeSessionsOnPasswordReset). A link
 * that does not work (unknown, used or expired token, or its account gone) is refused on `token`.
 */
export async function resetPassword(services: Services, request: Request, input: { token: string; newPassword: string }): Promise<void> {
  try {
    await services.auth.api.resetPassword({ body: input, headers: request.headers })
  } catch (error) {
    const code = authErrorCode(error)
    if (code === 'INVALID_TOKEN' || code === 'USER_NOT_FOUND') {
      throw new AppError('invalid', INVALID_RESET_LINK_MESSAGE, errorFor('token', INVALID_RESET_LINK_MESSAGE))
    }
    throw authErrorOf(error)
  }
}
