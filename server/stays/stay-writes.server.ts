// The front door of every booking write: commit through the domain (the store… functions), then
// announce — the e-mail notice to both sides as a job, a realtime event to both, and a line in the
// guest–host conversation about the listing (live, as any message). An announcement that fails is
// logged and never undoes the write. Pages, the JSON API and the jobs all come through here.
import { daysBetween } from '#common/stays/dates.ts'
import { formatCents } from '#common/stays/quote.ts'
import type { BookingAction, BookingState } from '#common/stays/vocabulary.ts'
import type { Database } from '#server/db/client.server.ts'
import type { SendOptions } from '#server/jobs/queue.server.ts'
import type { Logger } from '#server/logger.server.ts'
import { openConversation, sendDirectMessage } from '#server/messages/index.server.ts'
import type { PublicNews } from '#server/realtime/events.server.ts'
import { formatDate, type BookingRow } from './holds.server.ts'
import { STAY_NOTICE_JOB } from './notices.server.ts'
import { storeStayRequest } from './request.server.ts'
import { completeFinishedStays, expireUnansweredStays, storeStayTransition, type StayTransition } from './transitions.server.ts'

export type StayServices = {
  database: Database
  jobs: { send(name: string, data?: Record<string, unknown>, options?: SendOptions): Promise<void> }
  realtime: { publish(news: PublicNews): Promise<void> }
  logger: Logger
}

const LINE: Record<BookingAction, string> = {
  requested: 'Stay requested',
  instant_booked: 'Stay booked',
  accepted: 'Stay confirmed',
  declined: 'Request declined',
  expired: 'Request expired',
  checked_in: 'Checked in',
  completed: 'Stay completed',
  cancelled_by_guest: 'Stay cancelled by the guest',
  cancelled_by_host: 'Stay cancelled by the host',
}

/** The conversation's line: what happened, the dates, and the refund or reason where there is one. */
export function stayLine(row: BookingRow, action: BookingAction): string {
  const nights = daysBetween(row.checkIn, row.checkOut)
  const parts = [
    `${LINE[action]}: ${formatDate(row.checkIn)} to ${formatDate(row.checkOut)} (${nights} ${nights === 1 ? 'night' : 'nights'})`,
  ]
  if (action === 'requested' || action === 'instant_booked')
    parts.push(`${row.guests} ${row.guests === 1 ? 'guest' : 'guests'}, ${formatCents(row.totalCents, row.currency)}`)
  if (row.refundCents !== null && action.startsWith('cancelled'))
    parts.push(`refund recorded: ${formatCents(row.refundCents, row.currency)}`)
  return `${parts.join(', ')}.${row.reason ? ` Reason: ${row.reason}` : ''}`
}

async function postLine(services: StayServices, row: BookingRow, action: BookingAction, actorId: string) {
  const otherId = actorId === row.guestId ? row.hostId : row.guestId
  const { conversationId } = await openConversation(services.database.db, {
    userId: actorId,
    otherUserId: otherId,
    listingId: row.listingId,
  })
  await sendDirectMessage(services, {
    senderId: actorId,
    conversationId,
    input: { body: stayLine(row, action), clientTxnId: `stay-${row.id}-${action}` },
    enforceRateLimit: false,
  })
}

async function announce(services: StayServices, row: BookingRow, action: BookingAction, actorId: string | null) {
  const steps: [string, () => Promise<unknown>][] = [
    ['notice', () => services.jobs.send(STAY_NOTICE_JOB, { bookingId: row.id, action })],
    [
      'realtime',
      () =>
        services.realtime.publish({
          kind: 'stay',
          bookingId: row.id,
          state: row.state as BookingState,
          userIds: [row.guestId, row.hostId],
        }),
    ],
  ]
  if (actorId) steps.push(['conversation line', () => postLine(services, row, action, actorId)])
  for (const [what, step] of steps) {
    try {
      await step()
    } catch (error) {
      services.logger.warn({ err: error, bookingId: row.id, action, what }, 'a booking change was stored but not announced')
    }
  }
}

/** A guest's request to book, or an instant booking where the host allows it. */
export async function requestStay(services: StayServices, args: Parameters<typeof storeStayRequest>[1]) {
  const row = await storeStayRequest(services.database.db, args)
  await announce(services, row, row.state === 'confirmed' ? 'instant_booked' : 'requested', args.guestId)
  return row
}

/** A party's step: accept, decline, cancel, check in. */
export async function changeStay(
  services: StayServices,
  args: Omit<Parameters<typeof storeStayTransition>[1], 'name' | 'viewerId'> & {
    name: Exclude<StayTransition, 'expire' | 'complete'>
    viewerId: string
  },
) {
  const { row, action } = await storeStayTransition(services.database.db, args)
  await announce(services, row, action, args.viewerId)
  return row
}

/** The expiry job: requests not answered in time expire, and both sides are told. */
export async function expireStays(services: StayServices, now = new Date()) {
  const expired = await expireUnansweredStays(services.database.db, { now })
  for (const { row, action } of expired) await announce(services, row, action, null)
  return expired.length
}

/** The completion job: stays past their check-out time are completed, and both sides are told. */
export async function completeStays(services: StayServices, now = new Date()) {
  const completed = await completeFinishedStays(services.database.db, { now })
  for (const { row, action } of completed) await announce(services, row, action, null)
  return completed.length
}
