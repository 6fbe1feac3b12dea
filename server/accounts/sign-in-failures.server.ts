// Failed sign-ins per e-mail and source address, counted in the database so the limits hold across
// app instances. Guessing is throttled where it comes from, never for the account itself, so nobody
// can lock an owner out by failing on purpose; the owner is told by e-mail when failures pile up.
import { and, count, eq, gt, lt } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { signInFailure, user } from '#server/db/schema.ts'
import type { Mailer } from '#server/mail/mailer.server.ts'
import { consumeRateLimit, type RateLimitRule } from './rate-limit.server.ts'

/** Failures one source may make for one e-mail within the window before it must wait. */
export const SIGN_IN_FAILURE_LIMIT = 5
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60 * 1000

export const SIGN_IN_FAILURES_MESSAGE = `Too many failed sign-ins for this e-mail from your network. Try again in ${SIGN_IN_FAILURE_WINDOW_MS / 60_000} minutes or reset your password.`

/** The job that mails the owner about failed sign-ins, with `{ email }`. */
export const SIGN_IN_FAILURES_NOTICE_JOB = 'sign-in-failures-notice'

/** At most one such mail per account an hour, however long the guessing goes on. */
const NOTICE_RULE: RateLimitRule = { windowSeconds: 60 * 60, max: 1 }

const since = (now: Date) => new Date(now.getTime() - SIGN_IN_FAILURE_WINDOW_MS)

/** Recent failures for this e-mail from this source address. */
export async function countRecentSignInFailures(db: Db, email: string, ipAddress: string, now = new Date()) {
  const [row] = await db
    .select({ n: count() })
    .from(signInFailure)
    .where(and(eq(signInFailure.email, email), eq(signInFailure.ipAddress, ipAddress), gt(signInFailure.createdAt, since(now))))
  return row?.n ?? 0
}

/** Recent failures for this e-mail from every source. */
async function countAllRecentSignInFailures(db: Db, email: string, now: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(signInFailure)
    .where(and(eq(signInFailure.email, email), gt(signInFailure.createdAt, since(now))))
  return row?.n ?? 0
}

/**
 * Records a failure. Returns whether the owner should now be told: failures for the e-mail from all
 * sources reached the limit and nobody told them in the last hour (decided in one upsert, so two
 * instances cannot both decide yes).
 */
export async function recordSignInFailure(db: Db, email: string, ipAddress: string, now = new Date()): Promise<boolean> {
  await db.insert(signInFailure).values({ email, ipAddress, createdAt: now })
  // Old rows serve no purpose; trimming here keeps the table small without a job.
  await db.delete(signInFailure).where(lt(signInFailure.createdAt, since(now)))
  if ((await countAllRecentSignInFailures(db, email, now)) < SIGN_IN_FAILURE_LIMIT) return false
  return (await consumeRateLimit(db, `notice|sign-in-failures|${email}`, NOTICE_RULE, now.getTime())).allowed
}

/** After a successful sign-in, that source's earlier failures no longer count. */
export async function clearSignInFailuresFrom(db: Db, email: string, ipAddress: string) {
  await db.delete(signInFailure).where(and(eq(signInFailure.email, email), eq(signInFailure.ipAddress, ipAddress)))
}

/** After a password reset the owner proved control of the mailbox: no failure counts any more. */
export async function clearSignInFailures(db: Db, email: string) {
  await db.delete(signInFailure).where(eq(signInFailure.email, email))
}

/** Mails the owner of the account with this e-mail, if there is one, about the failed sign-ins. */
export async function sendSignInFailuresNotice(
  { db, mailer, publicUrl }: { db: Db; mailer: Mailer; publicUrl: string },
  email: string,
): Promise<boolean> {
  const [owner] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.email, email))
  if (!owner) return false
  await mailer.send({
    to: owner.email,
    subject: 'Failed sign-ins to your Cooper Home account',
    text:
      `Hello ${owner.name || owner.email},\n\n` +
      `Someone tried to log in to your Cooper Home account with a wrong password ${SIGN_IN_FAILURE_LIMIT} times or more ` +
      `in the last ${SIGN_IN_FAILURE_WINDOW_MS / 60_000} minutes. Wherever those attempts came from has to wait ` +
      `before it may try again; you can still log in as usual.\n\n` +
      `If it was you, there is nothing to do. If it was not, your account is safe as long as its password is ` +
      `not used anywhere else. To be sure, choose a new one:\n\n${publicUrl}/forgot-password\n\n` +
      `We send this warning at most once an hour.\n`,
  })
  return true
}
