// Per-client limits for the account forms. better-auth limits requests to /api/auth itself, but the
// pages call its API in-process, which that limiter does not see; these limits share its database
// table (under their own keys) so they hold across app instances.
import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { rateLimit } from '#server/db/schema.ts'

export type RateLimitRule = { windowSeconds: number; max: number }

/** The same budgets better-auth applies to the matching /api/auth endpoints. */
export const FORM_RATE_LIMITS = {
  'sign-in': { windowSeconds: 15 * 60, max: 30 },
  'sign-up': { windowSeconds: 60 * 60, max: 20 },
  'request-password-reset': { windowSeconds: 15 * 60, max: 5 },
  'reset-password': { windowSeconds: 15 * 60, max: 10 },
  'send-verification-email': { windowSeconds: 15 * 60, max: 5 },
  'sign-in-oidc': { windowSeconds: 15 * 60, max: 30 },
} as const satisfies Record<string, RateLimitRule>

export type FormAction = keyof typeof FORM_RATE_LIMITS

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/**
 * Counts one attempt in a fixed window that starts with the first attempt. One upsert, so
 * concurrent requests cannot both slip under the limit.
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now = Date.now(),
): Promise<RateLimitDecision> {
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

/** The client address the HTTP layer put in X-Forwarded-For (the socket's, unless a trusted proxy set it). */
export function clientAddress(request: Request): string {
  return request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown'
}

export function formRateLimitKey(action: FormAction, request: Request): string {
  return `form|${clientAddress(request)}|${action}`
}
