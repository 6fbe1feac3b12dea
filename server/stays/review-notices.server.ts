// The e-mails of stay reviews: when a booking's reviews publish, each side is told which are now public
// (the other's of them, their own), with the link to read them; the host is told they may answer once.
import { and, eq, isNotNull } from 'drizzle-orm'
import { stayBooking, stayReview } from '#server/db/schema.ts'
import { type NoticeContext, readHomeParties } from '#server/mail/home-parties.server.ts'
import type { Mail } from '#server/mail/mailer.server.ts'
import { formatDate } from './holds.server.ts'

export const STAY_REVIEW_NOTICE_JOB = 'stay-review-notice'
export const STAY_REVIEW_PUBLICATION_JOB = 'stay-review-publication'
/** Every quarter of an hour: a lone review publishes at most fifteen minutes after its window ends. */
export const STAY_REVIEW_PUBLICATION_CRON = '*/15 * * * *'

type Side = 'guest' | 'host'

/** The mail to one side of a booking whose reviews were published. */
export function reviewNoticeMail(
  read: { title: string; checkIn: string; checkOut: string; bookingId: number; name: { guest: string; host: string } },
  { side, to, sides, publicUrl }: { side: Side; to: string; sides: Side[]; publicUrl: string },
): Mail {
  const other: Side = side === 'guest' ? 'host' : 'guest'
  const lines = [
    `Reviews published: ${read.title}`,
    '',
    `Stay: ${formatDate(read.checkIn)} to ${formatDate(read.checkOut)}`,
    sides.includes(other)
      ? `${read.name[other]}’s review of ${side === 'guest' ? 'you as a guest' : 'the stay at your home'} is now public.`
      : `${read.name[other]} did not review within the 14 days.`,
    sides.includes(side) ? 'Your review is now public too.' : 'You did not review within the 14 days.',
    ...(side === 'host' && sides.includes('guest') ? ['You may answer the guest’s review publicly, once.'] : []),
    'Published reviews cannot be changed. Administrators remove only a review that breaks the published rules.',
    '',
    `${publicUrl}/stays/${read.bookingId}#reviews`,
    '',
    'Cooper Home',
  ]
  return {
    to,
    subject: `Reviews published: ${read.title}, ${formatDate(read.checkIn)} to ${formatDate(read.checkOut)}`,
    text: lines.join('\n'),
  }
}

/** Tells both sides of a booking that its reviews are public. */
export async function sendReviewNotice(context: NoticeContext, { bookingId }: { bookingId: number }) {
  const [booking] = await context.db.select().from(stayBooking).where(eq(stayBooking.id, bookingId))
  if (!booking) return 0
  const home = await readHomeParties(context.db, { listingId: booking.listingId, renterId: booking.guestId, landlordId: booking.hostId })
  if (!home) return 0
  const published = await context.db
    .select({ side: stayReview.side })
    .from(stayReview)
    .where(and(eq(stayReview.bookingId, bookingId), isNotNull(stayReview.publishedAt)))
  const sides = published.map((p) => p.side as Side)
  if (sides.length === 0) return 0
  const read = {
    title: home.title,
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    bookingId,
    name: { guest: home.renter.name, host: home.landlord.name },
  }
  for (const side of ['guest', 'host'] as const) {
    const to = side === 'guest' ? home.renter.email : home.landlord.email
    await context.mailer.send(reviewNoticeMail(read, { side, to, sides, publicUrl: context.publicUrl }))
  }
  return 2
}
