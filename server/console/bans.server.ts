// What an administrator does to a person from the console: ban (for a reason, until a day or for
// good), unban, end their sessions, resend their verification e-mail. Each is one transaction that
// checks who acts on whom, changes the account and writes the audit log, so the record and the act
// commit together. A ban ends every session at once; sign-in refuses a new one while the ban is in
// force (server/accounts/bans.server.ts).
import { eq, sql } from 'drizzle-orm'
import { banSchema, CANNOT_BAN_ADMIN, CANNOT_BAN_SELF, unbanSchema } from '#common/console/schemas.ts'
import { isBanInForce, requireAdministrator, resendVerificationEmail } from '#server/accounts/index.server.ts'
import type { Db } from '#server/db/client.server.ts'
import { holdOwnerListings, noteListingChange, releaseOwnerListings } from '#server/listings/index.server.ts'
import { profile, session, user } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import type { Services } from '#server/services.server.ts'
import { recordAdminAction, type Tx } from './audit.server.ts'

const NOT_ADMIN = 'Only administrators can act on accounts.'

/** Who acts, on whom, from which address (clientAddress of the request). */
type ConsoleActor = { adminId: string; personId: string; ip?: string | null }

type Person = {
  id: string
  name: string
  email: string
  emailVerified: boolean
  banned: boolean
  banExpires: Date | null
  isAdministrator: boolean
}

/** The person's account row, locked for the rest of the transaction; 'not-found' when there is none. */
async function lockPerson(tx: Tx, personId: string): Promise<Person> {
  const [row] = await tx
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      banned: user.banned,
      banExpires: user.banExpires,
      isAdministrator: sql<boolean>`coalesce(${profile.isAdministrator}, false)`,
    })
    .from(user)
    .leftJoin(profile, eq(profile.userId, user.id))
    .where(eq(user.id, personId))
    .for('update', { of: user })
  if (!row) throw new AppError('not-found', 'There is no such account.')
  return row
}

const label = (person: Pick<Person, 'name' | 'email'>) => `${person.name} <${person.email}>`

async function endSessionsOf(tx: Tx, personId: string): Promise<number> {
  const ended = await tx.delete(session).where(eq(session.userId, personId)).returning({ id: session.id })
  return ended.length
}

type BanOutcome = { name: string; expiresAt: Date | null; sessionsEnded: number }

/**
 * Bans a person: the reason and the end (a day, or null for good) validated by `banSchema`; refused for
 * oneself and for an administrator. Ends every session of theirs, holds their published listings out of
 * search and records the ban, in one transaction.
 */
export async function banPerson(db: Db, actor: ConsoleActor, input: unknown): Promise<BanOutcome> {
  const { reason, expiresAt } = parseOrThrow(banSchema(), input)
  const outcome = await db.transaction(async (tx) => {
    await requireAdministrator(tx, actor.adminId, NOT_ADMIN)
    if (actor.personId === actor.adminId) throw new AppError('forbidden', CANNOT_BAN_SELF)
    const person = await lockPerson(tx, actor.personId)
    if (person.isAdministrator) throw new AppError('forbidden', CANNOT_BAN_ADMIN)
    await tx
      .update(user)
      .set({ banned: true, banReason: reason, banExpires: expiresAt, bannedBy: actor.adminId })
      .where(eq(user.id, person.id))
    const sessionsEnded = await endSessionsOf(tx, person.id)
    // Their published listings leave search with them, held until the ban ends (the listings area).
    await holdOwnerListings(tx, person.id, 'owner-banned')
    const until = expiresAt ? `until ${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC` : 'for good'
    await recordAdminAction(tx, {
      adminId: actor.adminId,
      action: 'ban',
      targetKind: 'person',
      targetId: person.id,
      targetLabel: label(person),
      reason: `${reason} (${until})`,
      ip: actor.ip,
    })
    return { name: person.name, expiresAt, sessionsEnded }
  })
  noteListingChange()
  return outcome
}

/** Lifts a person's ban (an optional note says why), in one transaction; 'wasBanned' false when none was in force. */
export async function unbanPerson(db: Db, actor: ConsoleActor, input: unknown = {}): Promise<{ name: string; wasBanned: boolean }> {
  const note = parseOrThrow(unbanSchema, input).reason
  const outcome = await db.transaction(async (tx) => {
    await requireAdministrator(tx, actor.adminId, NOT_ADMIN)
    const person = await lockPerson(tx, actor.personId)
    const wasBanned = isBanInForce(person)
    if (!person.banned) return { name: person.name, wasBanned }
    await tx.update(user).set({ banned: false, banReason: null, banExpires: null, bannedBy: null }).where(eq(user.id, person.id))
    await releaseOwnerListings(tx, person.id)
    await recordAdminAction(tx, {
      adminId: actor.adminId,
      action: 'unban',
      targetKind: 'person',
      targetId: person.id,
      targetLabel: label(person),
      reason: note,
      ip: actor.ip,
    })
    return { name: person.name, wasBanned }
  })
  noteListingChange()
  return outcome
}

/** Signs a person out everywhere (their sessions deleted), recorded; returns how many ended. */
export async function endPersonSessions(db: Db, actor: ConsoleActor): Promise<{ name: string; sessionsEnded: number }> {
  return db.transaction(async (tx) => {
    await requireAdministrator(tx, actor.adminId, NOT_ADMIN)
    const person = await lockPerson(tx, actor.personId)
    const sessionsEnded = await endSessionsOf(tx, person.id)
    await recordAdminAction(tx, {
      adminId: actor.adminId,
      action: 'end-sessions',
      targetKind: 'person',
      targetId: person.id,
      targetLabel: label(person),
      reason: `${sessionsEnded} ${sessionsEnded === 1 ? 'session' : 'sessions'} ended`,
      ip: actor.ip,
    })
    return { name: person.name, sessionsEnded }
  })
}

/**
 * Sends the person's e-mail confirmation link again (the sign-up's own mail and its limits); refused
 * when the address is already confirmed or the account is banned. Recorded once the mail is asked for.
 */
export async function resendPersonVerification(
  services: Services,
  actor: ConsoleActor,
  request: Request,
): Promise<{ name: string; email: string }> {
  const { db } = services.database
  const [person] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      banned: user.banned,
      banExpires: user.banExpires,
    })
    .from(user)
    .where(eq(user.id, actor.personId))
  await requireAdministrator(db, actor.adminId, NOT_ADMIN)
  if (!person) throw new AppError('not-found', 'There is no such account.')
  if (person.emailVerified) throw new AppError('conflict', `${person.name} has already confirmed their e-mail address.`)
  if (isBanInForce(person)) throw new AppError('conflict', `${person.name} is banned: unban them first.`)
  // Asked without the administrator's cookie: better-auth would otherwise send it to the session's own address.
  const headers = new Headers()
  const forwarded = request.headers.get('x-forwarded-for')
  if (forwarded) headers.set('x-forwarded-for', forwarded)
  await resendVerificationEmail(services, new Request(request.url, { headers }), { email: person.email, redirectTo: '/' })
  await db.transaction(async (tx) => {
    await recordAdminAction(tx, {
      adminId: actor.adminId,
      action: 'resend-verification',
      targetKind: 'person',
      targetId: person.id,
      targetLabel: label(person),
      ip: actor.ip,
    })
  })
  return { name: person.name, email: person.email }
}

/** The bans whose end has passed are lifted every quarter of an hour. */
export const EXPIRED_BANS_JOB = 'lift-expired-bans'
export const EXPIRED_BANS_CRON = '*/15 * * * *'

/**
 * Lifts the bans whose end has passed: sign-in already ignores them (isBanInForce), and this gives
 * back the listings their ban held out of search. No administrator acted, so the audit log (of
 * administrators' actions) records nothing; the ban's own record says until when it was to last.
 * Resolves to how many were lifted.
 */
export async function liftExpiredBans(db: Db, now = new Date()): Promise<number> {
  const lifted = await db.transaction(async (tx) => {
    const ended = await tx
      .update(user)
      .set({ banned: false, banReason: null, banExpires: null, bannedBy: null })
      .where(sql`${user.banned} and ${user.banExpires} <= ${now.toISOString()}::timestamptz`)
      .returning({ id: user.id })
    for (const { id } of ended) await releaseOwnerListings(tx, id)
    return ended.length
  })
  if (lifted > 0) noteListingChange()
  return lifted
}
