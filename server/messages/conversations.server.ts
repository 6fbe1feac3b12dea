// Private conversations between two people, usually about a listing. Access is part of every query:
// only the two participants read or write a conversation; anyone else gets 'not-found', so a
// conversation's existence does not leak. A message is committed before anyone is told (the caller
// publishes the returned event after these functions return).
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { conversation, listing, message, profile, user, userBlock } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import { canView } from '#server/listings/index.server.ts'
import { consumeEditAllowance, lockPerson, MESSAGE_RATE_LIMIT, MESSAGE_RATE_WINDOW_SECONDS, sendingTooFast } from './limits.server.ts'
import { directMessageSchema, editDirectMessageSchema } from '#common/messages/schemas.ts'

/** Messages per page of history. */
export const THREAD_PAGE_SIZE = 50
/** Accounts younger than this may start only NEW_ACCOUNT_DAILY_CONVERSATIONS conversations a day. */
export const NEW_ACCOUNT_HOURS = 24
export const NEW_ACCOUNT_DAILY_CONVERSATIONS = 10
/** At most DIRECT_RATE_LIMIT direct messages per sender in any DIRECT_RATE_WINDOW_SECONDS (as in the room). */
export const DIRECT_RATE_LIMIT = MESSAGE_RATE_LIMIT
export const DIRECT_RATE_WINDOW_SECONDS = MESSAGE_RATE_WINDOW_SECONDS

export type Person = { id: string; name: string; image: string | null }

export type DirectMessage = {
  id: number
  conversationId: number
  seq: number
  senderId: string
  body: string
  clientTxnId: string
  createdAt: string
  /** When its sender last changed its words; null if never. */
  editedAt: string | null
  deleted: boolean
  /** When the recipient read it; null while unread, and always null for the sender when the recipient keeps receipts off. */
  readAt: string | null
}

export type ConversationSummary = {
  id: number
  other: Person
  listing: { id: number; title: string } | null
  lastSeq: number
  lastMessageAt: string | null
  lastMessage: { body: string; senderId: string; deleted: boolean } | null
  unread: number
}

/** The two ids of a pair in the stored order (byte order, as the check constraint compares them). */
function pairOf(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a]
}

const isParticipant = (userId: string) => or(eq(conversation.userLowId, userId), eq(conversation.userHighId, userId))!

const otherOf = (row: { userLowId: string; userHighId: string }, userId: string) =>
  row.userLowId === userId ? row.userHighId : row.userLowId

/** Reads inside or outside a transaction. */
type Reader = Pick<Db, 'select'>

/** Only a person's messages that still exist count as unread: a deleted one is not news any more. */
export const isUnreadFor = (userId: string) => and(eq(message.recipientId, userId), eq(message.read, false), isNull(message.deletedAt))

async function isBlocked(db: Reader, { blockerId, blockedId }: { blockerId: string; blockedId: string }) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(userBlock)
    .where(and(eq(userBlock.blockerId, blockerId), eq(userBlock.blockedId, blockedId)))
  return Boolean(row)
}

/**
 * The conversation between the user and another person (about a listing, when given), made on first
 * use. New accounts may start only a few conversations a day; a person who blocked the user cannot
 * be written to.
 */
export async function openConversation(
  db: Db,
  { userId, otherUserId, listingId = null }: { userId: string; otherUserId: string; listingId?: number | null },
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
  )
  const [existing] = await db.select({ id: conversation.id }).from(conversation).where(samePair)
  if (existing) return { conversationId: existing.id, created: false }
  return db.transaction(async (tx) => {
    // One opening at a time per person: the day's count and the insert after it cannot interleave
    // with the same person's concurrent requests, so the daily limit holds under load.
    await lockPerson(tx, 'open-conversation', userId)
    const [again] = await tx.select({ id: conversation.id }).from(conversation).where(samePair)
    if (again) return { conversationId: again.id, created: false }
    if (await isBlocked(tx, { blockerId: otherUserId, blockedId: userId })) {
      throw new AppError('forbidden', 'This person does not take messages from you.')
    }
    await checkNewConversationLimit(tx, userId)
    const [created] = await tx
      .insert(conversation)
      .values({ userLowId: low, userHighId: high, listingId, startedBy: userId })
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

const messageColumns = {
  id: message.id,
  conversationId: message.conversationId,
  seq: message.seq,
  senderId: message.senderId,
  recipientId: message.recipientId,
  body: message.body,
  clientTxnId: message.clientTxnId,
  createdAt: message.createdAt,
  editedAt: message.editedAt,
  deletedAt: message.deletedAt,
  readAt: message.readAt,
}

type MessageRow = Pick<typeof message.$inferSelect, keyof typeof messageColumns>

function messageView(row: MessageRow, { showReadAt }: { showReadAt: boolean }): DirectMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    seq: row.seq,
    senderId: row.senderId,
    body: row.deletedAt ? '' : row.body,
    clientTxnId: row.clientTxnId,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.deletedAt ? null : (row.editedAt?.toISOString() ?? null),
    deleted: row.deletedAt !== null,
    readAt: showReadAt && row.readAt ? row.readAt.toISOString() : null,
  }
}

/**
 * Sends a message in a conversation the sender takes part in. Sending the same client transaction
 * id again returns the stored message (isNew false) instead of storing a second one.
 *
 * A sender past DIRECT_RATE_LIMIT messages in DIRECT_RATE_WINDOW_SECONDS is refused. Only code that
 * writes history in bulk on the server (tests making data) turns that off with `enforceRateLimit`.
 */
export async function sendDirectMessage(
  db: Db,
  {
    senderId,
    conversationId,
    input,
    enforceRateLimit = true,
  }: { senderId: string; conversationId: number; input: unknown; enforceRateLimit?: boolean },
): Promise<{ message: DirectMessage; recipientId: string; recipientEmail: string; isNew: boolean }> {
  const { body, clientTxnId } = parseOrThrow(directMessageSchema, input, 'The message could not be sent.')
  return db.transaction(async (tx) => {
    // The conversation's row lock orders its messages and makes a retried send wait for the first.
    const [found] = await tx
      .select({
        id: conversation.id,
        userLowId: conversation.userLowId,
        userHighId: conversation.userHighId,
        listingId: conversation.listingId,
      })
      .from(conversation)
      .where(and(eq(conversation.id, conversationId), isParticipant(senderId)))
      .for('update')
    if (!found) throw new AppError('not-found', 'No such conversation.')
    const recipientId = otherOf(found, senderId)
    const emails = new Map(
      (
        await tx
          .select({ id: user.id, email: user.email })
          .from(user)
          .where(inArray(user.id, [senderId, recipientId]))
      ).map((u) => [u.id, u.email]),
    )
    const recipientEmail = emails.get(recipientId)!
    const [again] = await tx
      .select(messageColumns)
      .from(message)
      .where(and(eq(message.senderId, senderId), eq(message.clientTxnId, clientTxnId)))
    if (again) {
      if (again.conversationId !== conversationId) throw new AppError('conflict', 'This transaction id was used for another message.')
      return { message: messageView(again, { showReadAt: false }), recipientId, recipientEmail, isNew: false }
    }
    if (await isBlocked(tx, { blockerId: recipientId, blockedId: senderId })) {
      throw new AppError('forbidden', 'This person does not take messages from you.')
    }
    if (enforceRateLimit) {
      // The sender's other conversations are not locked by this one's row: a lock of their own makes
      // the count below see every message they sent before, wherever.
      await lockPerson(tx, 'direct-message', senderId)
      const [recent] = await tx
        .select({ n: count() })
        .from(message)
        .where(
          and(eq(message.senderId, senderId), sql`${message.createdAt} > now() - make_interval(secs => ${DIRECT_RATE_WINDOW_SECONDS})`),
        )
      if ((recent?.n ?? 0) >= DIRECT_RATE_LIMIT) throw sendingTooFast('direct')
    }
    const [numbered] = await tx
      .update(conversation)
      .set({ lastSeq: sql`${conversation.lastSeq} + 1`, lastMessageAt: sql`now()` })
      .where(eq(conversation.id, conversationId))
      .returning({ seq: conversation.lastSeq })
    const [stored] = await tx
      .insert(message)
      .values({
        conversationId,
        seq: numbered!.seq,
        senderId,
        recipientId,
        fromEmail: emails.get(senderId)!,
        toEmail: recipientEmail,
        listingId: found.listingId,
        body,
        clientTxnId,
      })
      .returning(messageColumns)
    return { message: messageView(stored!, { showReadAt: false }), recipientId, recipientEmail, isNew: true }
  })
}

/** The user's conversations, newest activity first, each with its unread count and last message. */
export async function listConversations(db: Db, { userId }: { userId: string }): Promise<ConversationSummary[]> {
  const rows = await db
    .select({
      id: conversation.id,
      userLowId: conversation.userLowId,
      userHighId: conversation.userHighId,
      listingId: conversation.listingId,
      listingTitle: listing.title,
      lastSeq: conversation.lastSeq,
      lastMessageAt: conversation.lastMessageAt,
      createdAt: conversation.createdAt,
    })
    .from(conversation)
    .leftJoin(listing, eq(listing.id, conversation.listingId))
    .where(isParticipant(userId))
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
  const summary = (await listConversations(db, { userId })).find((c) => c.id === conversationId)
  if (!summary) throw new AppError('not-found', 'No such conversation.')
  const size = Math.min(Math.max(1, limit), THREAD_PAGE_SIZE)
  const catchingUp = afterSeq !== undefined
  const rows = await db
    .select(messageColumns)
    .from(message)
    .where(
      and(
        eq(message.conversationId, conversationId),
        catchingUp ? gt(message.seq, afterSeq) : beforeSeq !== undefined ? lt(message.seq, beforeSeq) : undefined,
      ),
    )
    .orderBy(catchingUp ? asc(message.seq) : desc(message.seq))
    .limit(size + 1)
  const hasMore = rows.length > size
  const page = rows.slice(0, size)
  if (!catchingUp) page.reverse()
  const [receipts] = await db.select({ send: profile.sendReadReceipts }).from(profile).where(eq(profile.userId, summary.other.id))
  const otherSendsReceipts = receipts?.send ?? true
  const messages = page.map((row) => messageView(row, { showReadAt: row.senderId === userId ? otherSendsReceipts : true }))
  const first = messages[0]?.seq ?? 0
  return {
    conversation: summary,
    messages,
    hasEarlier: catchingUp ? first > 1 : hasMore,
    hasLater: catchingUp ? hasMore : false,
  }
}

/**
 * Marks the user's unread messages in a conversation read, up to `throughSeq` when given. Returns
 * the sequence numbers newly read and the user's unread count after it, for the badge.
 */
export async function markConversationRead(
  db: Db,
  { userId, conversationId, throughSeq }: { userId: string; conversationId: number; throughSeq?: number },
): Promise<{ readSeqs: number[]; readAt: string | null; otherUserId: string; unread: number; sendsReceipts: boolean }> {
  const [found] = await db
    .select({ userLowId: conversation.userLowId, userHighId: conversation.userHighId })
    .from(conversation)
    .where(and(eq(conversation.id, conversationId), isParticipant(userId)))
  if (!found) throw new AppError('not-found', 'No such conversation.')
  const updated = await db
    .update(message)
    .set({ read: true, readAt: sql`now()` })
    .where(
      and(
        eq(message.conversationId, conversationId),
        eq(message.recipientId, userId),
        eq(message.read, false),
        throughSeq !== undefined ? sql`${message.seq} <= ${throughSeq}` : undefined,
      ),
    )
    .returning({ seq: message.seq, readAt: message.readAt })
  const [[unread], [prefs]] = await Promise.all([
    db.select({ n: count() }).from(message).where(isUnreadFor(userId)),
    db.select({ send: profile.sendReadReceipts }).from(profile).where(eq(profile.userId, userId)),
  ])
  return {
    readSeqs: updated.map((row) => row.seq).sort((a, b) => a - b),
    readAt: updated[0]?.readAt?.toISOString() ?? null,
    otherUserId: otherOf(found, userId),
    unread: unread?.n ?? 0,
    sendsReceipts: prefs?.send ?? true,
  }
}

export type DeletedDirectMessage = {
  conversationId: number
  seq: number
  senderId: string
  recipientId: string
  recipientEmail: string
  /** It was still unread: the recipient's unread count dropped. */
  wasUnread: boolean
}

const deletedColumns = {
  conversationId: message.conversationId,
  seq: message.seq,
  senderId: message.senderId,
  recipientId: message.recipientId,
  recipientEmail: message.toEmail,
  wasUnread: sql<boolean>`not ${message.read}`,
}

/** Deletes one of the user's own messages: it keeps its place in the thread, without its words. */
export async function deleteDirectMessage(
  db: Db,
  { userId, messageId }: { userId: string; messageId: number },
): Promise<DeletedDirectMessage> {
  const [deleted] = await db
    .update(message)
    .set({ body: '', deletedAt: sql`now()` })
    .where(and(eq(message.id, messageId), eq(message.senderId, userId), isNull(message.deletedAt)))
    .returning(deletedColumns)
  if (deleted) return deleted
  const [visible] = await db
    .select({ senderId: message.senderId, deletedAt: message.deletedAt })
    .from(message)
    .where(and(eq(message.id, messageId), or(eq(message.senderId, userId), eq(message.recipientId, userId))))
  if (!visible) throw new AppError('not-found', 'No such message.')
  if (visible.senderId !== userId) throw new AppError('forbidden', 'You can delete only your own messages.')
  throw new AppError('conflict', 'This message was already deleted.')
}

/**
 * An administrator deletes a reported direct message (the caller has checked that the viewer is an
 * administrator). Null when it was already deleted.
 */
export async function deleteDirectMessageByAdministrator(
  db: Pick<Db, 'update'>,
  { messageId }: { messageId: number },
): Promise<DeletedDirectMessage | null> {
  const [deleted] = await db
    .update(message)
    .set({ body: '', deletedAt: sql`now()` })
    .where(and(eq(message.id, messageId), isNull(message.deletedAt)))
    .returning(deletedColumns)
  return deleted ?? null
}

/**
 * Changes the words of one of the user's own messages, with the same rules as sending: the same
 * length, not to someone who blocked them, and within the same allowance (DIRECT_RATE_LIMIT edits in
 * DIRECT_RATE_WINDOW_SECONDS). A deleted message stays deleted.
 */
export async function editDirectMessage(
  db: Db,
  { userId, messageId, input }: { userId: string; messageId: number; input: unknown },
): Promise<{ message: DirectMessage; recipientId: string }> {
  const { body } = parseOrThrow(editDirectMessageSchema, input, 'The message could not be changed.')
  const [found] = await db
    .select({ ...messageColumns, recipientId: message.recipientId })
    .from(message)
    .where(and(eq(message.id, messageId), or(eq(message.senderId, userId), eq(message.recipientId, userId))))
  if (!found) throw new AppError('not-found', 'No such message.')
  if (found.senderId !== userId) throw new AppError('forbidden', 'You can change only your own messages.')
  if (found.deletedAt) throw new AppError('conflict', 'This message was deleted.')
  if (await isBlocked(db, { blockerId: found.recipientId, blockedId: userId })) {
    throw new AppError('forbidden', 'This person does not take messages from you.')
  }
  await consumeEditAllowance(db, userId)
  const [edited] = await db
    .update(message)
    .set({ body, editedAt: sql`now()` })
    .where(and(eq(message.id, messageId), isNull(message.deletedAt)))
    .returning(messageColumns)
  if (!edited) throw new AppError('conflict', 'This message was deleted.')
  return { message: messageView(edited, { showReadAt: false }), recipientId: found.recipientId }
}

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

export async function hasBlocked(db: Db, { userId, otherUserId }: { userId: string; otherUserId: string }) {
  return isBlocked(db, { blockerId: userId, blockedId: otherUserId })
}
