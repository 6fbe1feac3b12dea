// Counted limits kept in the database (better-auth's rate_limit table, under keys of our own), so
// they hold across app instances: per-client budgets for the account actions, and the other counts
// the site keeps (per e-mail, per user).
import crypto from 'node:crypto'
import { lt, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { rateLimit } from '#server/db/schema.ts'
import { budgetAddressOf } from '#server/http/proxy.server.ts'

/** A budget: at most `max` in a window of `windowSeconds` (never longer than a day, see below). */
export type RateLimitRule = { windowSeconds: number; max: number }

/**
 * Each account action's budget per client address, by better-auth path. The pages call these
 * endpoints in-process and clients call them at /api/auth: both count against the same budget
 * (auth-hooks.server.ts), and better-auth's own limiter is off for these paths.
 */
export const AUTH_RATE_LIMITS = {
  '/sign-in/email': { windowSeconds: 15 * 60, max: 30 },
  '/sign-up/email': { windowSeconds: 60 * 60, max: 20 },
  '/request-password-reset': { windowSeconds: 15 * 60, max: 5 },
  '/reset-password': { windowSeconds: 15 * 60, max: 10 },
  '/send-verification-email': { windowSeconds: 15 * 60, max: 5 },
  '/sign-in/social': { windowSeconds: 15 * 60, max: 30 },
  '/sign-in/oauth2': { windowSeconds: 15 * 60, max: 30 },
  // The second step of a sign-in: guessing a six-digit code is held to this per address, besides the five
  // tries one sign-in gets and the ten wrong codes in a row an account takes (two-factor-rules.server.ts).
  '/two-factor/verify-totp': { windowSeconds: 15 * 60, max: 10 },
  '/two-factor/verify-backup-code': { windowSeconds: 15 * 60, max: 10 },
  // Turning it on or off and new backup codes each check the password.
  '/two-factor/enable': { windowSeconds: 15 * 60, max: 10 },
  '/two-factor/disable': { windowSeconds: 15 * 60, max: 10 },
  '/two-factor/generate-backup-codes': { windowSeconds: 15 * 60, max: 10 },
  // Passkeys: a sign-in's challenge (asked for by every view of /login, for the e-mail field's suggestions)
  // and its answer (a signature, nothing to guess, but each try is a query and a verification), and adding one.
  '/passkey/generate-authenticate-options': { windowSeconds: 15 * 60, max: 60 },
  '/passkey/verify-authentication': { windowSeconds: 15 * 60, max: 30 },
  '/passkey/generate-register-options': { windowSeconds: 15 * 60, max: 10 },
  '/passkey/verify-registration': { windowSeconds: 15 * 60, max: 10 },
} as const satisfies Record<string, RateLimitRule>

export type LimitedAuthPath = keyof typeof AUTH_RATE_LIMITS

export function isLimitedAuthPath(path: string): path is LimitedAuthPath {
  return Object.hasOwn(AUTH_RATE_LIMITS, path)
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/**
 * Counts one attempt in a fixed window that starts with the first attempt. One upsert, so
 * concurrent requests cannot both slip under the limit.
 */
export async function consumeRateLimit(db: Db, key: string, rule: RateLimitRule, now = Date.now()): Promise<RateLimitDecision> {
  const windowStart = now - rule.windowSeconds * 1000
  const isExpired = sql`${rateLimit.lastRequest} <= ${windowStart}::bigint`
  const [row] = await db
    .insert(rateLimit)
    .values({ id: crypto.randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${isExpired} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${isExpired} then ${now}::bigint else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, lastRequest: rateLimit.lastRequest })
  if (!row || row.count <= rule.max) return { allowed: true }
  const retryAfterSeconds = Math.max(1, Math.ceil((Number(row.lastRequest) + rule.windowSeconds * 1000 - now) / 1000))
  return { allowed: false, retryAfterSeconds }
}

/**
 * better-auth's limiter (for the paths the hooks do not count) through the same atomic counter.
 * Its own database storage would also delete every row of the table older than its longest
 * window (60 s once the account paths are ours), and with them the counts kept here for 15 minutes
 * or an hour.
 */
export function betterAuthRateLimitStorage(db: Db) {
  return {
    async consume(key: string, rule: { window: number; max: number }) {
      const decision = await consumeRateLimit(db, key, { windowSeconds: rule.window, max: rule.max })
      return decision.allowed ? { allowed: true, retryAfter: null } : { allowed: false, retryAfter: decision.retryAfterSeconds }
    },
  }
}

/** No count in the table runs longer than this; older rows are deleted by a job. */
export const LONGEST_RATE_LIMIT_WINDOW_SECONDS = 24 * 60 * 60

export const PRUNE_RATE_LIMITS_JOB = 'rate-limit-prune'
/** Every hour, at minute 7. */
export const PRUNE_RATE_LIMITS_CRON = '7 * * * *'

/** Deletes counts whose window ended long ago; returns how many. */
export async function pruneRateLimits(db: Db, now = Date.now()): Promise<number> {
  const deleted = await db
    .delete(rateLimit)
    .where(lt(rateLimit.lastRequest, now - LONGEST_RATE_LIMIT_WINDOW_SECONDS * 1000))
    .returning({ id: rateLimit.id })
  return deleted.length
}

/**
 * The client address the HTTP layer put in X-Forwarded-For: exactly one, the socket's or the one a
 * trusted proxy appended, as its budget address (an IPv6 address by its /64, one text per address;
 * budgetAddressOf). Should a list arrive anyway, the last entry is the one nearest to us.
 * 'unknown' for a call that carries none.
 */
export function clientAddress(headers: Headers | undefined): string {
  const forwarded = headers?.get('x-forwarded-for')?.split(',').at(-1)?.trim()
  return forwarded ? budgetAddressOf(forwarded).slice(0, 64) : 'unknown'
}

export function authRateLimitKey(address: string, path: LimitedAuthPath): string {
  return `auth|${address}|${path}`
}

export function minutesUntil(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return `Too many attempts from your network. Try again in ${minutesUntil(retryAfterSeconds)}.`
}
