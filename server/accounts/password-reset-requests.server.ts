// Asking for a password reset link. The request itself only checks the input and the limits and
// queues a job, the same work for every address; the job looks the account up, stores the token and
// sends the mail. So the answer, and the time it takes, say nothing about who has an account.
import type { Auth } from './auth.server.ts'
import { minutesUntil, type RateLimitRule } from './rate-limit.server.ts'

/** The page better-auth sends the mailed link to, with `?token=…` (or `?error=INVALID_TOKEN`). */
export const RESET_PASSWORD_PATH = '/reset-password'

/** The job that makes and mails a reset link, with `{ email, redirectTo? }`. */
export const PASSWORD_RESET_JOB = 'password-reset-link'

/**
 * Links one requester (a client address, an IPv6 /64) may ask for one e-mail address (lower-cased),
 * whether or not it has an account. Counted per requester and address together, so nobody can spend
 * the owner's budget and keep them from resetting their password; the requester's own budget for
 * all addresses (AUTH_RATE_LIMITS) bounds how much mail one client can cause.
 */
export const RESET_REQUESTS_PER_EMAIL: RateLimitRule = { windowSeconds: 60 * 60, max: 3 }

/** The budget key of one requester asking for one e-mail address's reset link. */
export function resetRequestKey(requester: string, email: string): string {
  return `reset|${requester}|${email}`
}

export function tooManyResetRequestsMessage(retryAfterSeconds: number): string {
  return (
    `A link to reset the password was asked for this address ${RESET_REQUESTS_PER_EMAIL.max} times in the last hour. ` +
    `If it has an account, the link is in that mailbox (look in its spam folder too); or ask again in ${minutesUntil(retryAfterSeconds)}.`
  )
}

/** better-auth's tokens are letters and digits; anything else (a NUL, say) is not one and is never looked up. */
export function isPlausibleResetToken(token: unknown): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(token)
}

/** What better-auth answers a reset request; ours is the same, so API clients see no difference. */
export const RESET_REQUESTED_ANSWER = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
} as const

/**
 * The job's work: better-auth's own reset request, called in-process without request headers,
 * which the auth hooks take as the site's own call and let through to create the token and mail it.
 */
export async function mailPasswordResetLink(auth: Auth, data: Record<string, unknown>): Promise<void> {
  const email = typeof data.email === 'string' ? data.email : ''
  const redirectTo = typeof data.redirectTo === 'string' ? data.redirectTo : undefined
  await auth.api.requestPasswordReset({ body: { email, ...(redirectTo ? { redirectTo } : {}) } })
}
