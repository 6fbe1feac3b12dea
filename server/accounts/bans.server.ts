// A ban set by an administrator in the operator console (server/console/), as sign-in sees it: a
// banned person gets no session by any method, until the ban's end passes (or for good).
import { APIError } from 'better-auth/api'
import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { user } from '#server/db/schema.ts'

/** better-auth's error code for a refused sign-in of a banned account; auth-results words it. */
export const ACCOUNT_SUSPENDED_CODE = 'ACCOUNT_SUSPENDED'

export type ActiveBan = { reason: string; expiresAt: Date | null }

type Reader = Pick<Db, 'select'>

/** Whether a ban with this end still applies at `now`: for good, or its end still ahead. */
export function isBanInForce(ban: { banned: boolean; banExpires: Date | null }, now = new Date()): boolean {
  return ban.banned && (ban.banExpires === null || ban.banExpires.getTime() > now.getTime())
}

/** The person's ban in force, or null (never banned, unbanned, or the ban's end has passed). */
export async function findActiveBan(db: Reader, userId: string, now = new Date()): Promise<ActiveBan | null> {
  const [row] = await db
    .select({ banned: user.banned, banReason: user.banReason, banExpires: user.banExpires })
    .from(user)
    .where(eq(user.id, userId))
  if (!row || !isBanInForce(row, now)) return null
  return { reason: row.banReason ?? '', expiresAt: row.banExpires }
}

/** What the login page says to a banned person: suspended, and until when. */
export function suspendedMessage(expiresAt: Date | null): string {
  return expiresAt
    ? `This account is suspended until ${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`
    : 'This account is suspended.'
}

/** Refuses a new session of a banned person (the session create hook: password, single sign-on, any method). */
export async function refuseBannedSession(db: Reader, userId: string): Promise<void> {
  const ban = await findActiveBan(db, userId)
  if (ban) throw new APIError('FORBIDDEN', { code: ACCOUNT_SUSPENDED_CODE, message: suspendedMessage(ban.expiresAt) })
}
