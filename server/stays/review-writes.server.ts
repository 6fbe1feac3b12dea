// The front door of every review write: commit through the domain (reviews.server.ts), then announce —
// on publication an e-mail to both sides (a job) and a realtime event that refreshes both booking
// pages; an answer or a removal refreshes them too, and a removal is logged with who and which rule.
// An announcement that fails is logged and never undoes the write.
import { removeReportedReview } from './review-reports.server.ts'
import type { BookingState } from '#common/stays/vocabulary.ts'
import type { BookingRow } from './holds.server.ts'
import { STAY_REVIEW_NOTICE_JOB } from './review-notices.server.ts'
import { publishDueReviews, storeReviewAnswer, storeReviewRemoval, storeStayReview } from './reviews.server.ts'
import type { StayServices } from './stay-writes.server.ts'

async function announce(services: StayServices, booking: BookingRow, { isPublished }: { isPublished: boolean }) {
  const steps: [string, () => Promise<unknown>][] = [
    [
      'realtime',
      () =>
        services.realtime.publish({
          kind: 'stay',
          bookingId: booking.id,
          state: booking.state as BookingState,
          userIds: [booking.guestId, booking.hostId],
        }),
    ],
  ]
  if (isPublished) steps.unshift(['notice', () => services.jobs.send(STAY_REVIEW_NOTICE_JOB, { bookingId: booking.id })])
  for (const [what, step] of steps) {
    try {
      await step()
    } catch (error) {
      services.logger.warn({ err: error, bookingId: booking.id, what }, 'a review was stored but not announced')
    }
  }
}

/** A side's review; when it is the second, both publish and both sides are told. */
export async function reviewStay(services: StayServices, args: Parameters<typeof storeStayReview>[1]) {
  const result = await storeStayReview(services.database.db, args)
  await announce(services, result.booking, { isPublished: result.published })
  return result
}

/** The host's one answer to the guest's review. */
export async function answerStayReview(services: StayServices, args: Parameters<typeof storeReviewAnswer>[1]) {
  const result = await storeReviewAnswer(services.database.db, args)
  await announce(services, result.booking, { isPublished: false })
  return result
}

/** An administrator's removal for breaking a published rule; logged with who removed it and why. */
export async function removeStayReview(services: StayServices, args: Parameters<typeof storeReviewRemoval>[1]) {
  const result = await storeReviewRemoval(services.database.db, args)
  services.logger.info(
    { reviewId: args.reviewId, bookingId: result.booking.id, removedBy: args.viewerId, rule: result.rule, note: result.note },
    'a stay review was removed by an administrator',
  )
  await announce(services, result.booking, { isPublished: false })
  return result
}

/** An administrator's removal of a reported review (its reports resolved in the same transaction), announced as any removal. */
export async function removeReportedStayReview(services: StayServices, args: Parameters<typeof removeReportedReview>[1]) {
  const result = await removeReportedReview(services.database.db, args)
  services.logger.info(
    { reviewId: args.reviewId, removedBy: args.adminId, rule: result.rule, reportsResolved: result.reportsResolved },
    'a reported stay review was removed by an administrator',
  )
  await announce(services, result.booking, { isPublished: false })
  return result
}

/** The publication job: reviews whose window has ended publish alone, and both sides are told. */
export async function publishStayReviews(services: StayServices, now = new Date()) {
  const bookings = await publishDueReviews(services.database.db, { now })
  for (const booking of bookings) await announce(services, booking, { isPublished: true })
  return bookings.length
}
