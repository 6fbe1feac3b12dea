// What the live socket (/ws) says. The server sends the first kinds; the client library adds
// 'reconnected' after every reconnect so open threads catch up over HTTP.
import type { DirectMessage, RoomMessage } from '#common/messages/types.ts'
import type { TourState } from '#common/tours/vocabulary.ts'
import type { ApplicationState } from '#common/applications/vocabulary.ts'
import type { LeaseState } from '#common/leases/vocabulary.ts'
import type { MaintenanceState } from '#common/maintenance/vocabulary.ts'
import type { BookingState } from '#common/stays/vocabulary.ts'

export type ServerEvent =
  | { type: 'hello'; userId: string | null; unread: number; online: number }
  | { type: 'dm'; message: DirectMessage }
  | { type: 'room'; message: RoomMessage }
  | { type: 'dm-deleted'; conversationId: number; seq: number }
  | { type: 'room-deleted'; seq: number }
  | { type: 'read'; conversationId: number; throughSeq: number; readAt: string }
  | { type: 'unread'; unread: number }
  | { type: 'typing'; conversationId: number | null; user: { id: string; name: string } }
  | { type: 'presence'; online: number }
  | { type: 'tour'; tourId: number; state: TourState }
  | { type: 'application'; applicationId: number; state: ApplicationState }
  | { type: 'lease'; leaseId: number; state: LeaseState }
  | { type: 'maintenance'; requestId: number; state: MaintenanceState }
  /** An imported calendar of the host's listing collides with bookings or blocks here (conflicts: how many now). */
  | { type: 'stay-calendar'; listingId: number; feedId: number; conflicts: number }
  | { type: 'stay'; bookingId: number; state: BookingState }
  /** The signed-in user's unread alerts (saved searches, saved homes): the count beside the avatar. */
  | { type: 'alerts'; unread: number }

export type RealtimeEvent = ServerEvent | { type: 'reconnected' }

/** The one thing a client sends: that its user is typing in a conversation, or in the room (null). */
export type ClientEvent = { type: 'typing'; conversationId: number | null }

/** Clients send typing at most this often; others show "X is typing…" for TYPING_SHOWN_MS after the last. */
export const TYPING_INTERVAL_MS = 3_000
export const TYPING_SHOWN_MS = 5_000

export function socketUrl(location: Pick<Location, 'protocol' | 'host'>) {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`
}
