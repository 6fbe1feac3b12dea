// The stored user profile (spec §3), keyed by the lower-cased e-mail.
import { and, count, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { message, profile, user } from '#server/db/schema.ts'
import { toSessionUser, type SessionUser } from '#app/utils/session-user.ts'
import { normalizeEmail } from './email.ts'

export type Profile = typeof profile.$inferSelect

export async function createProfile(
  db: Db,
  input: { email: string; userId: string; img?: string | null },
) {
  await db
    .insert(profile)
    .values({ email: normalizeEmail(input.email), userId: input.userId, img: input.img ?? null })
    .onConflictDoNothing()
}

export async function findProfileByEmail(db: Db, email: string): Promise<Profile | undefined> {
  const [row] = await db.select().from(profile).where(eq(profile.email, normalizeEmail(email)))
  return row
}

/** The session of spec §3 for a signed-in user: auth data plus the stored profile. */
export async function loadSessionUser(
  db: Db,
  authUser: { email: string; name?: string | null; image?: string | null },
): Promise<SessionUser> {
  return toSessionUser(authUser, await findProfileByEmail(db, authUser.email))
}

/** Messages addressed to this e-mail that are still unread (the navigation badge). */
export async function countUnreadMessages(db: Db, email: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(message)
    .where(and(eq(message.toEmail, normalizeEmail(email)), eq(message.read, false)))
  return row?.n ?? 0
}

export async function findUserIdByEmail(db: Db, email: string) {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, normalizeEmail(email)))
  return row?.id
}
