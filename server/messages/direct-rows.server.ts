// How a stored direct message is read from its row and shown: the columns every query selects and the
// one mapping to DirectMessage, shared by the reads and the writes of conversations.
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { DirectMessage } from '#common/messages/types.ts'
import { message } from '#server/db/schema.ts'

/** Messages per page of history, in a conversation and in the room. */
export const THREAD_PAGE_SIZE = 50

/** Only a person's messages that still exist count as unread: a deleted one is not news any more. */
export const isUnreadFor = (userId: string) => and(eq(message.recipientId, userId), eq(message.read, false), isNull(message.deletedAt))

export const messageColumns = {
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

/** A row as its reader sees it: a deleted message keeps its place without its words. */
export function messageView(row: MessageRow, { showReadAt }: { showReadAt: boolean }): DirectMessage {
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

export type DeletedDirectMessage = {
  conversationId: number
  seq: number
  senderId: string
  recipientId: string
  recipientEmail: string
  /** It was still unread: the recipient's unread count dropped. */
  wasUnread: boolean
}

export const deletedColumns = {
  conversationId: message.conversationId,
  seq: message.seq,
  senderId: message.senderId,
  recipientId: message.recipientId,
  recipientEmail: message.toEmail,
  wasUnread: sql<boolean>`not ${message.read}`,
}
