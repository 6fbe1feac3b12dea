// Writing in a conversation: sending, marking read, changing and deleting messages. Only the two
// participants write in a conversation; anyone else gets 'not-found'. These functions only commit;
// chat-writes.server.ts tells the live sockets afterwards.
import { and, count, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import type { DirectMessage } from '#common/messages/types.ts'
import type { Db } from '#server/db/client.server.ts'
import { conversation, message, profile, user } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import { directMessageSchema, editDirectMessageSchema } from '#common/messages/schemas.ts'
import { isParticipant, otherOf, refuseIfBlocked } from './access.server.ts'
import { deletedColumns, isUnreadFor, messageColumns, messageView, type DeletedDirectMessage } from './direct-rows.server.ts'
import { consumeEditAllowance, lockPerson, MESSAGE_RATE_LIMIT, MESSAGE_RATE_WINDOW_SECONDS, sendingTooFast } from './limits.server.ts'

/** At most DIRECT_RATE_LIMIT direct messages per sender in any DIRECT_RATE_WINDOW_SECONDS (as in the room). */
export const DIRECT_RATE_LIMIT = MESSAGE_RATE_LIMIT
export const DIRECT_RATE_WINDOW_SECONDS = MESSAGE_RATE_WINDOW_SECONDS

type SentDirectMessage = { message: DirectMessage; recipientId: string; recipientEmail: string; isNew: boolean }

type ReadMark = { readSeqs: number[]; readAt: string | null; otherUserId: string; unread: number; sendsReceipts: boolean }

/**
 * Sends a message in a conversation the sender takes part in. Sending the same client transaction
 * id again returns the stored message (isNew false) instead of storing a second one.
 *
 * A sender past DIRECT_RATE_LIMIT messages in DIRECT_RATE_WINDOW_SECONDS is refused. Only code that
 * writes history in bulk on the server (tests making data) turns that off with `enforceRateLimit`.
 */
export async function storeDirectMessage(
  db: Db,
  {
    senderId,
    conversationId,
    input,
    enforceRateLimit = true,
  }: { senderId: string; conversationId: number; input: unknown; enforceRateLimit?: boolean },
): Promise<SentDirectMessage> {
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
    await refuseIfBlocked(tx, { senderId, recipientId })
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

/**
 * Marks the user's unread messages in a conversation read, up to `throughSeq` when given. Returns
 * the sequence numbers newly read and the user's unread count after it, for the badge.
 */
export async function storeReadMark(
  db: Db,
  { userId, conversationId, throughSeq }: { userId: string; conversationId: number; throughSeq?: number },
): Promise<ReadMark> {
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

/** Deletes one of the user's own messages: it keeps its place in the thread, without its words. */
export async function storeDirectDeletion(
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
export async function storeDirectEdit(
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
  await refuseIfBlocked(db, { senderId: userId, recipientId: found.recipientId })
  await consumeEditAllowance(db, userId)
  const [edited] = await db
    .update(message)
    .set({ body, editedAt: sql`now()` })
    .where(and(eq(message.id, messageId), isNull(message.deletedAt)))
    .returning(messageColumns)
  if (!edited) throw new AppError('conflict', 'This message was deleted.')
  return { message: messageView(edited, { showReadAt: false }), recipientId: found.recipientId }
}
