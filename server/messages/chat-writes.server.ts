// The one front door of each chat write that others hear of. Each function commits through the
// domain (the store… functions) and only then tells the realtime bus, so nobody hears of a message
// that is not stored; the JSON API and the /chat pages both call these and never publish themselves.
// Sending a message or posting in the room needs the Terms of Use in force accepted.
import { countUnreadMessages } from '#server/accounts/index.server.ts'
import { checkTermsAccepted } from '#server/content/index.server.ts'
import type { Database } from '#server/db/client.server.ts'
import type { PublicNews } from '#server/realtime/events.server.ts'
import type { DeletedDirectMessage } from './direct-rows.server.ts'
import { storeDirectDeletion, storeDirectEdit, storeDirectMessage, storeReadMark } from './direct-write.server.ts'
import { storeReportResolution } from './reports.server.ts'
import { storeRoomDeletion, storeRoomEdit, storeRoomMessage } from './room.server.ts'

/** What a chat write needs: the database to commit to and the bus to tell. */
type ChatServices = { database: Database; realtime: { publish(news: PublicNews): Promise<void> } }

/** Tells the recipient's tabs their new unread count. */
async function tellUnread(services: ChatServices, { userId, email }: { userId: string; email: string }) {
  const unread = await countUnreadMessages(services.database.db, email)
  await services.realtime.publish({ kind: 'unread', userId, unread })
}

/** Sends a direct message; a new one reaches both participants and the recipient's badge. */
export async function sendDirectMessage(services: ChatServices, args: Parameters<typeof storeDirectMessage>[1]) {
  await checkTermsAccepted(services.database.db, args.senderId)
  const sent = await storeDirectMessage(services.database.db, args)
  if (sent.isNew) {
    await services.realtime.publish({ kind: 'dm', message: sent.message, userIds: [sent.message.senderId, sent.recipientId] })
    await tellUnread(services, { userId: sent.recipientId, email: sent.recipientEmail })
  }
  return sent
}

/**
 * Marks a conversation read. The reader's tabs learn the new count; the other participant learns of
 * the receipt, if the reader sends them.
 */
export async function markConversationRead(services: ChatServices, args: Parameters<typeof storeReadMark>[1]) {
  const read = await storeReadMark(services.database.db, args)
  const throughSeq = read.readSeqs.at(-1)
  if (throughSeq === undefined) return read
  await services.realtime.publish({ kind: 'unread', userId: args.userId, unread: read.unread })
  if (read.sendsReceipts && read.readAt) {
    await services.realtime.publish({
      kind: 'read',
      conversationId: args.conversationId,
      throughSeq,
      readAt: read.readAt,
      userId: read.otherUserId,
    })
  }
  return read
}

/** Both participants see it deleted; when it was still unread, the recipient's badge drops at once. */
async function tellDirectDeleted(services: ChatServices, deleted: DeletedDirectMessage) {
  await services.realtime.publish({
    kind: 'dm-deleted',
    conversationId: deleted.conversationId,
    seq: deleted.seq,
    userIds: [deleted.senderId, deleted.recipientId],
  })
  if (deleted.wasUnread) await tellUnread(services, { userId: deleted.recipientId, email: deleted.recipientEmail })
}

export async function deleteDirectMessage(services: ChatServices, args: Parameters<typeof storeDirectDeletion>[1]) {
  const deleted = await storeDirectDeletion(services.database.db, args)
  await tellDirectDeleted(services, deleted)
  return deleted
}

/** An edited message travels as the message itself: clients merge it by id over the older words. */
export async function editDirectMessage(services: ChatServices, args: Parameters<typeof storeDirectEdit>[1]) {
  const edited = await storeDirectEdit(services.database.db, args)
  await services.realtime.publish({ kind: 'dm', message: edited.message, userIds: [edited.message.senderId, edited.recipientId] })
  return edited
}

export async function postRoomMessage(services: ChatServices, args: Parameters<typeof storeRoomMessage>[1]) {
  await checkTermsAccepted(services.database.db, args.authorId)
  const posted = await storeRoomMessage(services.database.db, args)
  if (posted.isNew) await services.realtime.publish({ kind: 'room', message: posted.message })
  return posted
}

export async function editRoomMessage(services: ChatServices, args: Parameters<typeof storeRoomEdit>[1]) {
  const edited = await storeRoomEdit(services.database.db, args)
  await services.realtime.publish({ kind: 'room', message: edited.message })
  return edited
}

export async function deleteRoomMessage(services: ChatServices, args: Parameters<typeof storeRoomDeletion>[1]) {
  const deleted = await storeRoomDeletion(services.database.db, args)
  await services.realtime.publish({ kind: 'room-deleted', seq: deleted.seq })
  return deleted
}

/** Acts on a report; what others see change (a deleted message) is told after it. */
export async function resolveReport(services: ChatServices, args: Parameters<typeof storeReportResolution>[1]) {
  const outcome = await storeReportResolution(services.database.db, args)
  if (outcome.roomDeleted) await services.realtime.publish({ kind: 'room-deleted', seq: outcome.roomDeleted.seq })
  if (outcome.directDeleted) await tellDirectDeleted(services, outcome.directDeleted)
  return outcome
}
