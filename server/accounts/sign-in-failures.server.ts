// Failed sign-ins per e-mail, counted in the database so the limit holds across app instances.
import { and, count, eq, gt, lt } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { signInFailure } from '#server/db/schema.ts'

export const SIGN_IN_FAILURE_LIMIT = 5
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60 * 1000

export async function countRecentSignInFailures(db: Db, email: string, now = new Date()) {
  const since = new Date(now.getTime() - SIGN_IN_FAILURE_WINDOW_MS)
  const [row] = await db
    .select({ n: count() })
    .from(signInFailure)
    .where(and(eq(signInFailure.email, email), gt(signInFailure.createdAt, since)))
  return row?.n ?? 0
}

export async function recordSignInFailure(db: Db, email: string, now = new Date()) {
  await db.insert(signInFailure).values({ email, createdAt: now })
  // Old rows serve no purpose; trimming here keeps the table small without a job.
  await db
    .delete(signInFailure)
    .where(lt(signInFailure.createdAt, new Date(now.getTime() - SIGN_IN_FAILURE_WINDOW_MS)))
}

/** After a successful sign-in or a password reset, earlier failures no longer count. */
export async function clearSignInFailures(db: Db, email: string) {
  await db.delete(signInFailure).where(eq(signInFailure.email, email))
}
