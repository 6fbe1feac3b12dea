// Opening a conversation between two people, usually about a listing. New accounts may start only
// a few conversations a day, and a person who blocked the user cannot be written to.
import { and, count, eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { conversation, listing, user } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import { canView } from '#server/listings/index.server.ts'
import { refuseIfBlocked, type Reader } from './access.server.ts'
import { lockPerson } from './limits.server.ts'

/** Accounts younger than this may start only NEW_ACCOUNT_DAILY_CONVERSATIONS conversations a day. */
export const NEW_ACCOUNT_HOURS = 24
export const NEW_ACCOUNT_DAILY_CONVERSATIONS = 10

/** The two ids of a pair in the stored order (byte order, as the check constraint compares them). */
function pairOf(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a]
}

/**
 * The conversation between the user and another person (about a listing, or a maintenance request's own
 * thread, when given), made on first use. The caller of a request's thread has checked both are its parties. New accounts may start only a few conversations a day; a person who blocked the user cannot
 * be written to.
 */
export async function openConversation(
  db: Db,
  {
    userId,
    otherUserId,
    listingId = null,
    maintenanceRequestId = null,
  }: { userId: string; otherUserId: string; listingId?: number | null; maintenanceRequestId?: number | null },
): Promise<{ conversationId: number; created: boolean }> {
  if (userId === otherUserId) throw new AppError('invalid', 'You cannot send messages to yourself.')
  const [other] = await db.select({ id: user.id }).from(user).where(eq(user.id, otherUserId))
  if (!other) throw new AppError('not-found', 'That person does not have an account here.')
  if (listingId !== null) {
    const [visible] = await db
      .select({ id: listing.id })
      .from(listing)
      .where(and(eq(listing.id, listingId), canView(userId)))
    if (!visible) throw new AppError('not-found', 'That listing does not exist or is no longer available.')
  }
  const [low, high] = pairOf(userId, otherUserId)
  const samePair = and(
    eq(conversation.userLowId, low),
    eq(conversation.userHighId, high),
    sql`coalesce(${conversation.listingId}, 0) = ${listingId ?? 0}`,
    sql`coalesce(${conversation.maintenanceRequestId}, 0) = ${maintenanceRequestId ?? 0}`,
  )
  const [existing] = await db.select({ id: conversation.id }).from(conversation).where(samePair)
  if (existing) return { conversationId: existing.id, created: false }
  return db.transaction(async (tx) => {
    // One opening at a time per person: the day's count and the insert after it cannot interleave
    // with the same person's concurrent requests, so the daily limit holds under load.
    await lockPerson(tx, 'open-conversation', userId)
    const [again] = await tx.select({ id: conversation.id }).from(conversation).where(samePair)
    if (again) return { conversationId: again.id, created: false }
    await refuseIfBlocked(tx, { senderId: userId, recipientId: otherUserId })
    await checkNewConversationLimit(tx, userId)
    const [created] = await tx
      .insert(conversation)
      .values({ userLowId: low, userHighId: high, listingId, maintenanceRequestId, startedBy: userId })
      .onConflictDoNothing()
      .returning({ id: conversation.id })
    if (created) return { conversationId: created.id, created: true }
    // Started by the other side at the same moment: theirs is ours.
    const [raced] = await tx.select({ id: conversation.id }).from(conversation).where(samePair)
    return { conversationId: raced!.id, created: false }
  })
}

async function checkNewConversationLimit(db: Reader, userId: string) {
  const [account] = await db
    .select({ isNew: sql<boolean>`${user.createdAt} > now() - make_interval(hours => ${NEW_ACCOUNT_HOURS})` })
    .from(user)
    .where(eq(user.id, userId))
  if (!account?.isNew) return
  const [started] = await db
    .select({ n: count() })
    .from(conversation)
    .where(and(eq(conversation.startedBy, userId), sql`${conversation.createdAt} > now() - interval '1 day'`))
  if ((started?.n ?? 0) >= NEW_ACCOUNT_DAILY_CONVERSATIONS) {
    throw new AppError(
      'rate-limited',
      `New accounts can start ${NEW_ACCOUNT_DAILY_CONVERSATIONS} conversations a day. You can start more tomorrow, or reply in the ones you have.`,
    )
  }
}
