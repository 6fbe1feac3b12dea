// A person's blocks: whom they take no more direct messages from (access.server.ts applies them).
import { and, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { user, userBlock } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'

/** The user will take no more direct messages from `blockedId`. */
export async function blockUser(db: Db, { userId, blockedId }: { userId: string; blockedId: string }) {
  if (userId === blockedId) throw new AppError('invalid', 'You cannot block yourself.')
  const [other] = await db.select({ id: user.id }).from(user).where(eq(user.id, blockedId))
  if (!other) throw new AppError('not-found', 'That person does not have an account here.')
  await db.insert(userBlock).values({ blockerId: userId, blockedId }).onConflictDoNothing()
}

export async function unblockUser(db: Db, { userId, blockedId }: { userId: string; blockedId: string }) {
  await db.delete(userBlock).where(and(eq(userBlock.blockerId, userId), eq(userBlock.blockedId, blockedId)))
}
