// A request's own thread in the chat: one conversation per request and pair (its tenant and its
// landlord), apart from whatever else they talk about. Only the request's parties open it.
import { openConversation } from '#server/messages/index.server.ts'
import type { Db } from '#server/db/client.server.ts'
import { readableRequest, type MaintenanceViewer } from './rules.server.ts'

/** The conversation about the request between the viewer and the other side, made on first use. */
export async function openRequestThread(db: Db, { requestId, viewer }: { requestId: number; viewer: MaintenanceViewer }): Promise<number> {
  const { row, side } = await readableRequest(db, requestId, viewer)
  const otherUserId = side === 'landlord' ? row.tenantId : row.landlordId
  const { conversationId } = await openConversation(db, { userId: viewer.userId, otherUserId, maintenanceRequestId: row.id })
  return conversationId
}
