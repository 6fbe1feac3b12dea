// The front door of every tour write: commit through the domain (the store… functions), then announce
// — the e-mail notice as a job, the reminders as jobs for their hour, a line in the renter–landlord
// conversation about the listing (live, as any message), and a realtime event to both parties. An
// announcement that fails is logged and never undoes the write. Pages, the JSON API and the expiry job
// all come through here.
import { formatTourTime } from '#common/tours/format.ts'
import type { TourAction, TourState } from '#common/tours/vocabulary.ts'
import type { Database } from '#server/db/client.server.ts'
import type { SendOptions } from '#server/jobs/queue.server.ts'
import type { Logger } from '#server/logger.server.ts'
import { openConversation, sendDirectMessage } from '#server/messages/index.server.ts'
import type { PublicNews } from '#server/realtime/events.server.ts'
import { REMINDER_HOURS, TOUR_NOTICE_JOB, TOUR_REMINDER_JOB } from './notices.server.ts'
import { storeTourRequest, storeTourReschedule } from './request.server.ts'
import type { TourRow } from './rules.server.ts'
import { expireUnansweredTours, storeTourTransition, type TourTransition } from './transitions.server.ts'

export type TourServices = {
  database: Database
  jobs: { send(name: string, data?: Record<string, unknown>, options?: SendOptions): Promise<void> }
  realtime: { publish(news: PublicNews): Promise<void> }
  logger: Logger
}

const LINE: Record<TourAction, string> = {
  requested: 'Tour requested',
  confirmed: 'Tour confirmed',
  declined: 'Tour declined',
  expired: 'Tour request expired',
  cancelled: 'Tour cancelled',
  rescheduled: 'Tour moved',
  completed: 'Tour completed',
  no_show: 'Tour marked as missed',
}

/** The conversation's line: what happened, when the tour is, and why, if a reason was given. */
export function tourLine(row: TourRow, action: TourAction): string {
  const when = formatTourTime(row.startsAt.toISOString(), row.timeZone)
  const party = action === 'requested' || action === 'rescheduled' ? `, party of ${row.partySize}` : ''
  return `${LINE[action]}: ${when}${party}.${row.reason ? ` Reason: ${row.reason}` : ''}`
}

async function postLine(services: TourServices, row: TourRow, action: TourAction, actorId: string) {
  const otherId = actorId === row.renterId ? row.landlordId : row.renterId
  const { conversationId } = await openConversation(services.database.db, {
    userId: actorId,
    otherUserId: otherId,
    listingId: row.listingId,
  })
  await sendDirectMessage(services, {
    senderId: actorId,
    conversationId,
    input: { body: tourLine(row, action), clientTxnId: `tour-${row.id}-${row.sequence}` },
    enforceRateLimit: false,
  })
}

async function announce(services: TourServices, row: TourRow, action: TourAction, actorId: string | null) {
  const steps: [string, () => Promise<unknown>][] = [
    ['notice', () => services.jobs.send(TOUR_NOTICE_JOB, { tourId: row.id, action })],
    [
      'realtime',
      () =>
        services.realtime.publish({ kind: 'tour', tourId: row.id, state: row.state as TourState, userIds: [row.renterId, row.landlordId] }),
    ],
  ]
  if (action === 'requested' || action === 'rescheduled') {
    for (const hours of REMINDER_HOURS) {
      const startAfter = new Date(row.startsAt.getTime() - hours * 3_600_000)
      if (startAfter.getTime() <= Date.now()) continue
      const data = { tourId: row.id, startsAt: row.startsAt.toISOString(), hours }
      steps.push([`reminder ${hours} h`, () => services.jobs.send(TOUR_REMINDER_JOB, data, { startAfter })])
    }
  }
  if (actorId) steps.push(['conversation line', () => postLine(services, row, action, actorId)])
  for (const [what, step] of steps) {
    try {
      await step()
    } catch (error) {
      services.logger.warn({ err: error, tourId: row.id, action, what }, 'a tour change was stored but not announced')
    }
  }
}

export async function requestTour(services: TourServices, args: Parameters<typeof storeTourRequest>[1]) {
  const row = await storeTourRequest(services.database.db, args)
  await announce(services, row, 'requested', args.renterId)
  return row
}

export async function rescheduleTour(services: TourServices, args: Parameters<typeof storeTourReschedule>[1]) {
  const row = await storeTourReschedule(services.database.db, args)
  await announce(services, row, 'rescheduled', args.viewerId)
  return row
}

const ACTION_OF: Record<Exclude<TourTransition, 'expire'>, TourAction> = {
  confirm: 'confirmed',
  decline: 'declined',
  cancel: 'cancelled',
  complete: 'completed',
  noShow: 'no_show',
}

/** A party's answer or end of a tour: confirm, decline, cancel, complete, no-show. */
export async function changeTour(
  services: TourServices,
  args: Omit<Parameters<typeof storeTourTransition>[1], 'name' | 'viewerId'> & {
    name: Exclude<TourTransition, 'expire'>
    viewerId: string
  },
) {
  const row = await storeTourTransition(services.database.db, args)
  await announce(services, row, ACTION_OF[args.name], args.viewerId)
  return row
}

/** The expiry job: requests not answered in time expire, and both parties are told. */
export async function expireTours(services: TourServices, now = new Date()) {
  const expired = await expireUnansweredTours(services.database.db, { now })
  for (const row of expired) await announce(services, row, 'expired', null)
  return expired.length
}
