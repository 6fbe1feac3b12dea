// The news one instance tells every instance after a write has committed. Each instance turns it
// into socket events for the people connected to it (server/realtime/socket.server.ts).
import type { DirectMessage, RoomMessage } from '#common/messages/types.ts'
import type { ApplicationState } from '#common/applications/vocabulary.ts'
import type { TourState } from '#common/tours/vocabulary.ts'
import type { LeaseState } from '#common/leases/vocabulary.ts'
import type { MaintenanceState } from '#common/maintenance/vocabulary.ts'
import type { BookingState } from '#common/stays/vocabulary.ts'

export type News =
  /** A stored direct message, for both participants. */
  | { kind: 'dm'; message: DirectMessage; userIds: [string, string] }
  | { kind: 'room'; message: RoomMessage }
  | { kind: 'dm-deleted'; conversationId: number; seq: number; userIds: [string, string] }
  | { kind: 'room-deleted'; seq: number }
  /** The reader read the sender's messages through throughSeq: for the sender only. */
  | { kind: 'read'; conversationId: number; throughSeq: number; readAt: string; userId: string }
  | { kind: 'unread'; userId: string; unread: number }
  /** Someone is typing in a conversation (to its other participant) or in the room (to everyone). */
  | { kind: 'typing'; conversationId: number | null; user: { id: string; name: string }; toUserId: string | null }
  /** A tour changed: both its parties' pages refresh it. */
  | { kind: 'tour'; tourId: number; state: TourState; userIds: [string, string] }
  /** An application changed: its renter's and its landlord's pages refresh it. */
  | { kind: 'application'; applicationId: number; state: ApplicationState; userIds: [string, string] }
  /** A lease changed: its landlord's and its signers' pages refresh it. */
  | { kind: 'lease'; leaseId: number; state: LeaseState; userIds: string[] }
  /** A maintenance request changed: its landlord's and its tenants' pages refresh it. */
  | { kind: 'maintenance'; requestId: number; state: MaintenanceState; userIds: string[] }
  /** An imported calendar of a listing found new conflicts with bookings or blocks here: for its host. */
  | { kind: 'stay-calendar'; listingId: number; feedId: number; conflicts: number; userIds: string[] }
  /** A stay's booking changed: its guest's and its host's pages refresh it. */
  | { kind: 'stay'; bookingId: number; state: BookingState; userIds: [string, string] }
  /**
   * Users' unread alerts changed (new alerts, or some read): each user's count. One news carries a
   * listing change's many renters, a few hundred at most so it fits one NOTIFY.
   */
  | { kind: 'alerts'; counts: { userId: string; unread: number }[] }
  /** Listings changed on that instance: the others drop their cached search pages. */
  | { kind: 'listings-changed'; instanceId: string }
  /** How many people one instance has connected; instances sum the latest figure of each. */
  | { kind: 'presence'; instanceId: string; online: number }
  /**
   * A message too large for one NOTIFY payload: the receiving instance reads it from the database.
   * Only the PostgreSQL bus makes these; subscribers never see them.
   */
  | { kind: 'dm-ref'; conversationId: number; seq: number; userIds: [string, string] }
  | { kind: 'room-ref'; seq: number }

export type PublicNews = Exclude<News, { kind: 'dm-ref' } | { kind: 'room-ref' }>
