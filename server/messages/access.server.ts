// Who may do what in chat, in one place. Only a conversation's two participants read or write it
// (anyone else finds nothing, so its existence does not leak); a person who blocked another takes no
// messages from them; administrators moderate the room and the reports; a muted person may not post
// or edit in the room until the mute runs out.
import { and, eq, or, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { conversation, userBlock, userMute } from '#server/db/schema.ts'
import { isAdministrator } from '#server/accounts/administrators.server.ts'
import { AppError } from '#server/errors.server.ts'

/** Reads inside or outside a transaction. */
export type Reader = Pick<Db, 'select'>

/** The SQL condition: the user takes part in the conversation. */
export const isParticipant = (userId: string) => or(eq(conversation.userLowId, userId), eq(conversation.userHighId, userId))!

/** The participant of a conversation's row who is not the user. */
export const otherOf = (row: { userLowId: string; userHighId: string }, userId: string) =>
  row.userLowId === userId ? row.userHighId : row.userLowId

/** The other participant of a conversation the user takes part in, or null when they do not. */
export async function findOtherParticipant(
  db: Reader,
  { userId, conversationId }: { userId: string; conversationId: number },
): Promise<string | null> {
  const [found] = await db
    .select({ userLowId: conversation.userLowId, userHighId: conversation.userHighId })
    .from(conversation)
    .where(and(eq(conversation.id, conversationId), isParticipant(userId)))
  return found ? otherOf(found, userId) : null
}

async function isBlocked(db: Reader, { blockerId, blockedId }: { blockerId: string; blockedId: string }) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(userBlock)
    .where(and(eq(userBlock.blockerId, blockerId), eq(userBlock.blockedId, blockedId)))
  return Boolean(row)
}

/** Whether the user has blocked the other person. */
export async function hasBlocked(db: Reader, { userId, otherUserId }: { userId: string; otherUserId: string }) {
  return isBlocked(db, { blockerId: userId, blockedId: otherUserId })
}

/** Refuses a message to someone who blocked its sender. */
export async function refuseIfBlocked(db: Reader, { senderId, recipientId }: { senderId: string; recipientId: string }) {
  if (await isBlocked(db, { blockerId: recipientId, blockedId: senderId })) {
    throw new AppError('forbidden', 'This person does not take messages from you.')
  }
}

/** A room message may be deleted by its author and by administrators. */
export async function mayDeleteRoomMessage(db: Reader, { viewerId, authorId }: { viewerId: string; authorId: string }) {
  return authorId === viewerId || isAdministrator(db, viewerId)
}

/** Until when the user is muted, or null. */
export async function mutedUntil(db: Reader, userId: string): Promise<Date | null> {
  const [mute] = await db
    .select({ until: userMute.until })
    .from(userMute)
    .where(and(eq(userMute.userId, userId), sql`${userMute.until} > now()`))
  return mute?.until ?? null
}

/** Refuses a muted user, saying until when. */
export async function refuseIfMuted(db: Reader, userId: string) {
  const until = await mutedUntil(db, userId)
  if (until) {
    throw new AppError(
      'forbidden',
      `An administrator has muted you in the room until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    )
  }
}
