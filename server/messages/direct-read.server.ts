// Reading conversations: the user's list and a page of one conversation's messages. Only the two
// participants read a conversation; anyone else gets 'not-found', so its existence does not leak.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { ConversationSummary, DirectMessage } from '#common/messages/types.ts'
import type { Db } from '#server/db/client.server.ts'
import { conversation, listing, maintenanceRequest, message, profile, user } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import { isParticipant, otherOf } from './access.server.ts'
import { isUnreadFor, messageColumns, messageView, THREAD_PAGE_SIZE } from './direct-rows.server.ts'
import { seqPage } from './seq-page.server.ts'

/** The user's conversations, newest activity first, each with its unread count and last message. */
export function listConversations(db: Db, { userId }: { userId: string }): Promise<ConversationSummary[]> {
  return summariesOf(db, userId)
}

/** One conversation of the user's, or null when there is none or they do not take part in it. */
export async function findConversation(
  db: Db,
  { userId, conversationId }: { userId: string; conversationId: number },
): Promise<ConversationSummary | null> {
  const [found] = await summariesOf(db, userId, conversationId)
  return found ?? null
}

/** The summaries of the user's conversations (only the one named, if one is): who takes part is part of the query. */
async function summariesOf(db: Db, userId: string, conversationId?: number): Promise<ConversationSummary[]> {
  const rows = await db
    .select({
      id: conversation.id,
      userLowId: conversation.userLowId,
      userHighId: conversation.userHighId,
      listingId: conversation.listingId,
      listingTitle: listing.title,
      maintenanceRequestId: conversation.maintenanceRequestId,
      maintenanceTitle: maintenanceRequest.title,
      lastSeq: conversation.lastSeq,
      lastMessageAt: conversation.lastMessageAt,
      createdAt: conversation.createdAt,
    })
    .from(conversation)
    .leftJoin(listing, eq(listing.id, conversation.listingId))
    .leftJoin(maintenanceRequest, eq(maintenanceRequest.id, conversation.maintenanceRequestId))
    .where(and(isParticipant(userId), conversationId === undefined ? undefined : eq(conversation.id, conversationId)))
    .orderBy(desc(sql`coalesce(${conversation.lastMessageAt}, ${conversation.createdAt})`), desc(conversation.id))
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const otherIds = [...new Set(rows.map((row) => otherOf(row, userId)))]
  const [people, lasts, unread] = await Promise.all([
    db.select({ id: user.id, name: user.name, image: user.image }).from(user).where(inArray(user.id, otherIds)),
    db
      .select({ conversationId: message.conversationId, body: message.body, senderId: message.senderId, deletedAt: message.deletedAt })
      .from(message)
      .innerJoin(conversation, and(eq(conversation.id, message.conversationId), eq(message.seq, conversation.lastSeq)))
      .where(inArray(message.conversationId, ids)),
    db
      .select({ conversationId: message.conversationId, n: count() })
      .from(message)
      .where(and(inArray(message.conversationId, ids), isUnreadFor(userId)))
      .groupBy(message.conversationId),
  ])
  const personById = new Map(people.map((p) => [p.id, p]))
  const lastById = new Map(lasts.map((m) => [m.conversationId, m]))
  const unreadById = new Map(unread.map((u) => [u.conversationId, u.n]))
  return rows.map((row) => {
    const other = personById.get(otherOf(row, userId))
    const last = lastById.get(row.id)
    return {
      id: row.id,
      other: { id: other?.id ?? otherOf(row, userId), name: other?.name ?? 'Former member', image: other?.image ?? null },
      listing: row.listingId !== null && row.listingTitle !== null ? { id: row.listingId, title: row.listingTitle } : null,
      maintenance:
        row.maintenanceRequestId !== null && row.maintenanceTitle !== null
          ? { id: row.maintenanceRequestId, title: row.maintenanceTitle }
          : null,
      lastSeq: row.lastSeq,
      lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
      lastMessage: last ? { body: last.deletedAt ? '' : last.body, senderId: last.senderId, deleted: last.deletedAt !== null } : null,
      unread: unreadById.get(row.id) ?? 0,
    }
  })
}

/**
 * A page of a conversation's messages in sequence order: the newest THREAD_PAGE_SIZE, or those
 * before `beforeSeq` (scrolling back), or those after `afterSeq` (catching up after a reconnect).
 */
export async function readThread(
  db: Db,
  {
    userId,
    conversationId,
    beforeSeq,
    afterSeq,
    limit = THREAD_PAGE_SIZE,
  }: { userId: string; conversationId: number; beforeSeq?: number; afterSeq?: number; limit?: number },
): Promise<{ conversation: ConversationSummary; messages: DirectMessage[]; hasEarlier: boolean; hasLater: boolean }> {
  const summary = await findConversation(db, { userId, conversationId })
  if (!summary) throw new AppError('not-found', 'No such conversation.')
  const paging = seqPage(message.seq, { beforeSeq, afterSeq, limit })
  const rows = await db
    .select(messageColumns)
    .from(message)
    .where(and(eq(message.conversationId, conversationId), paging.where))
    .orderBy(paging.orderBy)
    .limit(paging.limit)
  const page = paging.pageOf(rows, (found) => found[0]?.seq ?? 0)
  const [receipts] = await db.select({ send: profile.sendReadReceipts }).from(profile).where(eq(profile.userId, summary.other.id))
  const otherSendsReceipts = receipts?.send ?? true
  const messages = page.rows.map((row) => messageView(row, { showReadAt: row.senderId === userId ? otherSendsReceipts : true }))
  return { conversation: summary, messages, hasEarlier: page.hasEarlier, hasLater: page.hasLater }
}
