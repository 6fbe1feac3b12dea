// The site's rules on every better-auth call, made the same way whether a client calls /api/auth or
// a page calls better-auth in-process (before hooks run for both): input checked before any query,
// one budget per client address for each account action, failed sign-ins counted per e-mail and
// source, password changes that sign out the other sessions, user changes held to the profile's
// rules, and reset requests that do the same work for every address.
import { currentLinkOrigin } from '#server/link-origin.server.ts'
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api'
import { deleteSessionCookie } from 'better-auth/cookies'
import { displayNameSchema, emailSchema, messages } from '#common/accounts/auth-schemas.ts'
import { eq } from 'drizzle-orm'
import { passkeyNameSchema } from '#common/accounts/passkey-forms.ts'
import type { Db } from '#server/db/client.server.ts'
import { session } from '#server/db/schema.ts'
import { termsLabelForSignUp } from '#server/content/index.server.ts'
import type { Logger } from '#server/logger.server.ts'
import { normalizeEmail } from '#common/accounts/email.ts'
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './password-policy.server.ts'
import {
  PASSWORD_RESET_JOB,
  RESET_REQUESTED_ANSWER,
  RESET_REQUESTS_PER_EMAIL,
  isPlausibleResetToken,
  resetRequestKey,
  tooManyResetRequestsMessage,
} from './password-reset-requests.server.ts'
import { EMAIL_TAKEN_MESSAGE } from './auth-results.server.ts'
import { queueFactorChangeNotice } from './factor-notices.server.ts'
import { PASSWORD_ON_TRUSTED_DEVICE_METHOD } from './sign-in-method.server.ts'
import { findUserIdByEmail } from './profile.server.ts'
import { safeRedirectTo } from './redirect.ts'
import {
  AUTH_RATE_LIMITS,
  authRateLimitKey,
  clientAddress,
  consumeRateLimit,
  isLimitedAuthPath,
  tooManyAttemptsMessage,
  type RateLimitRule,
} from './rate-limit.server.ts'
import {
  SIGN_IN_FAILURE_LIMIT,
  SIGN_IN_FAILURES_MESSAGE,
  SIGN_IN_FAILURES_NOTICE_JOB,
  clearSignInFailuresFrom,
  countRecentSignInFailures,
  recordSignInFailure,
} from './sign-in-failures.server.ts'

/** Queues a background job (server/jobs): the hooks hand slow or revealing work to one. */
export type QueueJob = (name: string, data: Record<string, unknown>) => Promise<void>

export type AuthHookOptions = { db: Db; isRateLimited: boolean; queueJob: QueueJob; logger: Logger }

/** Endpoints whose body carries the e-mail of an account. */
const EMAIL_PATHS = new Set(['/sign-in/email', '/sign-up/email', '/request-password-reset', '/send-verification-email'])

/** What the sign-up form sends; better-auth would also store `image` and any other user field. */
const SIGN_UP_FIELDS = new Set(['name', 'email', 'password', 'termsVersion', 'callbackURL', 'rememberMe'])

/** Of the user, only the display name changes through update-user (the profile page's details form). */
const UPDATE_USER_FIELDS = new Set(['name'])

function badRequest(code: string, message: string): APIError {
  return new APIError('BAD_REQUEST', { code, message })
}

function tooManyRequests(code: string, message: string, retryAfterSeconds?: number): APIError {
  const headers: Record<string, string> = retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : {}
  return new APIError('TOO_MANY_REQUESTS', { code, message }, headers)
}

/** The lower-cased address, or a 400: nothing that is not a plausible e-mail (a NUL in it) reaches a query. */
function checkedEmail(value: unknown): string {
  const parsed = emailSchema.safeParse(value)
  if (!parsed.success) throw badRequest('INVALID_EMAIL', messages.emailInvalid)
  return parsed.data
}

function checkedDisplayName(value: unknown): string {
  const parsed = displayNameSchema.safeParse(value)
  if (!parsed.success) throw badRequest('INVALID_NAME', parsed.error.issues[0]?.message ?? 'Enter your display name.')
  return parsed.data
}

function refuseFieldsOutside(body: Record<string, unknown>, allowed: Set<string>, message: string) {
  const extra = Object.keys(body).filter((field) => !allowed.has(field))
  if (extra.length > 0) throw badRequest('FIELD_NOT_ALLOWED', `${message} Not accepted: ${extra.join(', ')}.`)
}

/** better-auth's parameters that name where to send the browser, with the code it refuses each with. */
const REDIRECT_PARAMETERS = {
  callbackURL: 'INVALID_CALLBACK_URL',
  newUserCallbackURL: 'INVALID_NEW_USER_CALLBACK_URL',
  errorCallbackURL: 'INVALID_ERROR_CALLBACK_URL',
  redirectTo: 'INVALID_REDIRECT_URL',
} as const

/**
 * The input's redirect targets held to the rule of every redirect on the site (safeRedirectTo): a
 * path on this site, re-serialised so it can go into a header. better-auth's own check takes
 * `/.//evil.example` for a path (it collapses to another host) and puts non-Latin-1 characters into
 * a Location header (a 500); a target that is no path of ours is refused as better-auth refuses one.
 */
function checkedRedirects(input: Record<string, unknown>): Record<string, unknown> | null {
  let changed: Record<string, unknown> | null = null
  for (const [name, code] of Object.entries(REDIRECT_PARAMETERS)) {
    const value = input[name]
    if (value === undefined || value === '') continue
    const safe = typeof value === 'string' ? safeRedirectTo(value, '') : ''
    if (!safe)
      throw new APIError('FORBIDDEN', {
        code,
        message: `Invalid ${name === 'redirectTo' ? 'redirectURL' : name}: use a path on this site.`,
      })
    if (safe !== value) (changed ??= { ...input })[name] = safe
  }
  return changed
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function createAuthHooks({ db, isRateLimited, queueJob, logger }: AuthHookOptions) {
  /** Spends one unit of a budget; a 429 when it is spent. */
  async function spend(key: string, rule: RateLimitRule, refusal: (retryAfterSeconds: number) => APIError) {
    if (!isRateLimited) return
    const decision = await consumeRateLimit(db, key, rule)
    if (decision.allowed) return
    logger.warn({ event: 'rate-limited', budget: key }, 'security: an account action was refused, its budget spent')
    throw refusal(decision.retryAfterSeconds)
  }

  return {
    before: createAuthMiddleware(async (ctx) => {
      const path = ctx.path
      const body = isRecord(ctx.body) ? ctx.body : {}

      // 1. The input, before any query.
      const email = EMAIL_PATHS.has(path) ? checkedEmail(body.email) : ''
      let displayName: string | undefined
      if (path === '/sign-up/email') {
        refuseFieldsOutside(body, SIGN_UP_FIELDS, 'Sign up with a name, an e-mail address and a password.')
        // The version accepted must be the one in force (one small query; a sign-up has no other way to know it).
        if (typeof body.termsVersion !== 'string' || body.termsVersion !== (await termsLabelForSignUp(db))) {
          throw badRequest('TERMS_NOT_ACCEPTED', messages.termsNotAccepted)
        }
        checkedDisplayName(body.name)
      }
      // A passkey's name (given when it is added, or a new one) is one line of a few words.
      if ((path === '/passkey/verify-registration' && body.name !== undefined) || path === '/passkey/update-passkey') {
        const parsed = passkeyNameSchema.safeParse(body.name)
        if (!parsed.success) throw badRequest('INVALID_PASSKEY_NAME', parsed.error.issues[0]?.message ?? 'Give the passkey a name.')
      }
      if (path === '/update-user') {
        refuseFieldsOutside(body, UPDATE_USER_FIELDS, 'Only the display name can be changed here.')
        if (body.name !== undefined) displayName = checkedDisplayName(body.name)
      }
      const query = isRecord(ctx.query) ? ctx.query : {}
      const safeBody = checkedRedirects(body)
      const safeQuery = checkedRedirects(query)
      if (path === '/reset-password' && !isPlausibleResetToken(body.token || query.token)) {
        throw badRequest('INVALID_TOKEN', 'Invalid token')
      }
      const newPassword =
        path === '/sign-up/email' ? body.password : path === '/reset-password' || path === '/change-password' ? body.newPassword : undefined
      if (typeof newPassword === 'string' && isCommonPassword(newPassword)) {
        throw badRequest('PASSWORD_TOO_COMMON', COMMON_PASSWORD_MESSAGE)
      }

      // 2. The client's budget for this action. A call without headers comes from the site itself
      // (a job, the seed), never from a client: every HTTP request and page action carries them.
      const address = clientAddress(ctx.headers)
      if (ctx.headers && isLimitedAuthPath(path)) {
        await spend(authRateLimitKey(address, path), AUTH_RATE_LIMITS[path], (seconds) =>
          tooManyRequests('RATE_LIMITED', tooManyAttemptsMessage(seconds), seconds),
        )
      }

      // 3. What each endpoint needs besides; what it is handed on with (checked redirect targets).
      const handOn = (bodyChanges: Record<string, unknown> = {}) => {
        const changes = { ...safeBody, ...bodyChanges }
        const context = { ...(Object.keys(changes).length > 0 ? { body: changes } : {}), ...(safeQuery ? { query: safeQuery } : {}) }
        return Object.keys(context).length > 0 ? { context } : undefined
      }
      switch (path) {
        case '/sign-up/email':
          // With verification required, better-auth answers a taken e-mail with a made-up success;
          // people signing up need to know to log in instead (docs/decisions/015-…).
          if (await findUserIdByEmail(db, email)) {
            throw new APIError('UNPROCESSABLE_ENTITY', { code: 'USER_ALREADY_EXISTS', message: EMAIL_TAKEN_MESSAGE })
          }
          return handOn()
        case '/sign-in/email':
          // Guessing is throttled per source: the owner, from anywhere else, still gets in.
          if (isRateLimited && (await countRecentSignInFailures(db, email, address)) >= SIGN_IN_FAILURE_LIMIT) {
            logger.warn({ event: 'sign-in-throttled', email, address }, 'security: sign-in refused, too many failures from this source')
            throw tooManyRequests('TOO_MANY_SIGN_IN_FAILURES', SIGN_IN_FAILURES_MESSAGE)
          }
          return handOn()
        case '/request-password-reset': {
          // The queued job's own call (no headers) goes on to better-auth, which stores the token and
          // sends the mail. Every other call only queues that job and answers at once, so known and
          // unknown addresses get the same work, the same answer and the same time.
          if (!ctx.headers) return handOn()
          // Counted per requester and address together: a stranger's requests spend the stranger's
          // budget for that address, never the owner's.
          await spend(resetRequestKey(address, email), RESET_REQUESTS_PER_EMAIL, (seconds) =>
            tooManyRequests('TOO_MANY_RESET_REQUESTS', tooManyResetRequestsMessage(seconds), seconds),
          )
          const redirectTo = (safeBody ?? body).redirectTo
          // The job mails the link on the origin this request came to (link-origin.server.ts).
          await queueJob(PASSWORD_RESET_JOB, {
            email,
            origin: currentLinkOrigin(),
            ...(typeof redirectTo === 'string' && redirectTo ? { redirectTo } : {}),
          })
          return { ...RESET_REQUESTED_ANSWER }
        }
        case '/change-password':
          // A new password ends every other session, whatever the caller asked for.
          return handOn({ revokeOtherSessions: true })
        case '/update-user':
          return handOn(displayName === undefined ? {} : { name: displayName })
      }
      return handOn()
    }),

    after: createAuthMiddleware(async (ctx) => {
      const returned = ctx.context.returned
      const address = clientAddress(ctx.headers)
      // Security events: who changed their password, or got in or failed to, and from where.
      if (!isAPIError(returned) && returned) {
        const userId = ctx.context.newSession?.user.id ?? ctx.context.session?.user.id
        if (ctx.path === '/change-password') logger.info({ event: 'password-changed', userId, address }, 'security: password changed')
        if (ctx.path === '/reset-password') logger.info({ event: 'password-reset', address }, 'security: password reset with a mailed link')
        if (ctx.path.startsWith('/callback/'))
          logger.info({ event: 'signed-in', method: 'single sign-on', userId, address }, 'security: signed in')
        // A second-step code accepted: the second step of a sign-in, or the first code that turns it on.
        if (ctx.path === '/two-factor/verify-totp' || ctx.path === '/two-factor/verify-backup-code')
          logger.info(
            { event: 'second-factor-accepted', method: ctx.path.slice('/two-factor/verify-'.length), userId, address },
            'security: second-factor code accepted',
          )
        if (ctx.path === '/two-factor/generate-backup-codes' && userId) {
          logger.info({ event: 'backup-codes-regenerated', userId, address }, 'security: new backup codes')
          await queueFactorChangeNotice(queueJob, logger, { userId, change: 'backup-codes-regenerated' })
        }
        if (ctx.path === '/passkey/verify-authentication')
          logger.info({ event: 'signed-in', method: 'passkey', userId, address }, 'security: signed in')
        if (ctx.path === '/passkey/verify-registration' && userId) {
          logger.info({ event: 'passkey-added', userId, address }, 'security: passkey added')
          await queueFactorChangeNotice(queueJob, logger, { userId, change: 'passkey-added' })
        }
        if (ctx.path === '/passkey/delete-passkey' && userId) {
          logger.info({ event: 'passkey-removed', userId, address }, 'security: passkey removed')
          await queueFactorChangeNotice(queueJob, logger, { userId, change: 'passkey-removed' })
        }
        if (ctx.path === '/two-factor/disable' && userId) {
          // A second factor turned off ends every session of the account, this one too (the issue's rule):
          // whoever turned it off signs in again with what is left, the password.
          logger.info({ event: 'two-factor-off', userId, address }, 'security: two-factor sign-in turned off, sessions ended')
          await ctx.context.internalAdapter.deleteUserSessions(userId)
          deleteSessionCookie(ctx)
        }
      }
      if (ctx.path !== '/sign-in/email') return
      const body = isRecord(ctx.body) ? ctx.body : {}
      // The before hook let only a plausible e-mail through.
      if (typeof body.email !== 'string') return
      const email = normalizeEmail(body.email)
      if (isAPIError(returned)) {
        if (returned.statusCode !== 401) return
        logger.warn({ event: 'sign-in-failed', email, address }, 'security: sign-in failed, wrong e-mail or password')
        if (await recordSignInFailure(db, email, address)) {
          // The owner's warning never holds up or changes the answer; a lost one is only logged.
          await queueJob(SIGN_IN_FAILURES_NOTICE_JOB, { email }).catch((error: unknown) =>
            logger.error({ err: error }, 'the failed sign-ins warning could not be queued'),
          )
        }
      } else if (returned) {
        logger.info({ event: 'signed-in', method: 'password', email, address }, 'security: signed in')
        await clearSignInFailuresFrom(db, email, address)
        // An account with a second factor that got a session from the password alone did so on a device
        // it trusts (two-factor plugin): the session says so (a lease signature records it).
        const made = ctx.context.newSession
        if (made && (made.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled) {
          await db.update(session).set({ signInMethod: PASSWORD_ON_TRUSTED_DEVICE_METHOD }).where(eq(session.id, made.session.id))
        }
      }
    }),
  }
}
