// The live news of a write made through the /chat pages' forms and loaders, the same news the chat
// JSON API publishes (both call these), told only after the write has committed.
import { countUnreadMessages } from '#server/accounts/index.server.ts'
import type { PublicNews } from '#server/realtime/events.server.ts'
import type { Services } from '#server/services.server.ts'
import type { DeletedDirectMessage, DirectMessage } from './conversations.server.ts'
import type { ReportOutcome } from './reports.server.ts'
import type { RoomMessage } from './room.server.ts'

function outletOf(services: Services): { publish(news: PublicNews): Promise<void> } {
  return services.realtime
}

export async function announceDirectMessage(
  services: Services,
  sent: { message: DirectMessage; recipientId: string; recipientEmail: string; isNew: boolean },
) {
  const outlet = outletOf(services)
  if (!sent.isNew) return
  await outlet.publish({ kind: 'dm', message: sent.message, userIds: [sent.message.senderId, sent.recipientId] })
  const unread = await countUnreadMessages(services.database.db, sent.recipientEmail)
  await outlet.publish({ kind: 'unread', userId: sent.recipientId, unread })
}

/** The reader's tabs learn the new count; the other participant learns of the receipt, if the reader sends them. */
export async function announceRead(
  services: Services,
  {
    userId,
    conversationId,
    read,
  }: {
    userId: string
    conversationId: number
    read: { readSeqs: number[]; readAt: string | null; otherUserId: string; unread: number; sendsReceipts: boolean }
  },
) {
  const outlet = outletOf(services)
  const throughSeq = read.readSeqs.at(-1)
  if (throughSeq === undefined) return
  await outlet.publish({ kind: 'unread', userId, unread: read.unread })
  if (read.sendsReceipts && read.readAt) {
    await outlet.publish({ kind: 'read', conversationId, throughSeq, readAt: read.readAt, userId: read.otherUserId })
  }
}

/** Both participants see it deleted; when it was still unread, the recipient's badge drops at once. */
export async function announceDirectDeleted(services: Services, deleted: DeletedDirectMessage) {
  const outlet = outletOf(services)
  await outlet.publish({
    kind: 'dm-deleted',
    conversationId: deleted.conversationId,
    seq: deleted.seq,
    userIds: [deleted.senderId, deleted.recipientId],
  })
  if (!deleted.wasUnread) return
  const unread = await countUnreadMessages(services.database.db, deleted.recipientEmail)
  await outlet.publish({ kind: 'unread', userId: deleted.recipientId, unread })
}

/** An edited message travels as the message itself: clients merge it by id over the older words. */
export async function announceDirectEdited(services: Services, edited: { message: DirectMessage; recipientId: string }) {
  await outletOf(services).publish({ kind: 'dm', message: edited.message, userIds: [edited.message.senderId, edited.recipientId] })
}

export async function announceRoomEdited(services: Services, edited: { message: RoomMessage }) {
  await outletOf(services).publish({ kind: 'room', message: edited.message })
}

/** What an administrator's action on a report changed that others see: a deleted message. */
export async function announceReportOutcome(services: Services, outcome: ReportOutcome) {
  if (outcome.roomDeleted) await announceRoomDeleted(services, outcome.roomDeleted)
  if (outcome.directDeleted) await announceDirectDeleted(services, outcome.directDeleted)
}

export async function announceRoomMessage(services: Services, posted: { message: RoomMessage; isNew: boolean }) {
  if (posted.isNew) await outletOf(services).publish({ kind: 'room', message: posted.message })
}

export async function announceRoomDeleted(services: Services, deleted: { seq: number }) {
  await outletOf(services).publish({ kind: 'room-deleted', seq: deleted.seq })
}
