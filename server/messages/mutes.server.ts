// Mutes: an administrator keeps a person from posting in the room for a while, and may lift it early.
// They live in the database, so they hold across instances and restarts.
import { asc, eq, sql } from 'drizzle-orm'
import type { ActiveMute } from '#common/messages/types.ts'
import type { Db } from '#server/db/client.server.ts'
import { user, userMute } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import { muteSchema } from '#common/messages/schemas.ts'
import { requireAdministrator } from '#server/accounts/administrators.server.ts'

/** An administrator mutes a user in the room for one of the offered periods. */
export async function muteUser(db: Db, { adminId, userId, input }: { adminId: string; userId: string; input: unknown }) {
  await requireAdministrator(db, adminId, 'Only administrators can mute people.')
  const { minutes, reason } = parseOrThrow(muteSchema, input)
  if (adminId === userId) throw new AppError('invalid', 'You cannot mute yourself.')
  const [target] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId))
  if (!target) throw new AppError('not-found', 'That person does not have an account here.')
  const until = sql`now() + make_interval(mins => ${minutes})`
  const [muted] = await db
    .insert(userMute)
    .values({ userId, until, mutedBy: adminId, reason })
    .onConflictDoUpdate({ target: userMute.userId, set: { until, mutedBy: adminId, reason, createdAt: sql`now()` } })
    .returning({ until: userMute.until })
  return { until: muted!.until.toISOString() }
}

/** An administrator lifts a mute before it runs out. True when there was one to lift. */
export async function unmuteUser(db: Db, { adminId, userId }: { adminId: string; userId: string }): Promise<{ wasMuted: boolean }> {
  await requireAdministrator(db, adminId, 'Only administrators can unmute people.')
  const [lifted] = await db
    .delete(userMute)
    .where(eq(userMute.userId, userId))
    .returning({ wasInForce: sql<boolean>`${userMute.until} > now()` })
  return { wasMuted: lifted?.wasInForce ?? false }
}

/** The mutes in force, soonest to run out first: for administrators only. */
export async function listActiveMutes(db: Db, { adminId }: { adminId: string }): Promise<ActiveMute[]> {
  await requireAdministrator(db, adminId, 'Only administrators can see who is muted.')
  const rows = await db
    .select({
      userId: userMute.userId,
      name: user.name,
      image: user.image,
      until: userMute.until,
      reason: userMute.reason,
      mutedBy: sql<string | null>`(select name from "user" where id = ${userMute.mutedBy})`,
    })
    .from(userMute)
    .innerJoin(user, eq(user.id, userMute.userId))
    .where(sql`${userMute.until} > now()`)
    .orderBy(asc(userMute.until))
  return rows.map((row) => ({
    person: { id: row.userId, name: row.name, image: row.image },
    until: row.until.toISOString(),
    reason: row.reason,
    mutedBy: row.mutedBy,
  }))
}
