// The e-mails of a tour: a notice of each change to both parties, with the calendar invitation whose
// UID stays the tour's and whose SEQUENCE rises with each change, and the reminders 24 and 2 hours
// before. Each is a background job (server/jobs/definitions.server.ts); a job reads the tour as it is
// when it runs, so a notice never invites to a time the tour no longer has.
import { eq } from 'drizzle-orm'
import { formatTourTime } from '#common/tours/format.ts'
import type { TourAction } from '#common/tours/vocabulary.ts'
import { tour } from '#server/db/schema.ts'
import { homeAddressOf, type NoticeContext, readHomeParties } from '#server/mail/home-parties.server.ts'
import type { Mail } from '#server/mail/mailer.server.ts'
import { tourInvitation } from './ics.ts'

export const TOUR_NOTICE_JOB = 'tour-notice'
export const TOUR_REMINDER_JOB = 'tour-reminder'
export const TOUR_EXPIRY_JOB = 'tour-expiry'
/** Every five minutes: a request expires at most five minutes after its time. */
export const TOUR_EXPIRY_CRON = '*/5 * * * *'
export const REMINDER_HOURS = [24, 2] as const

async function readTour(db: NoticeContext['db'], tourId: number) {
  const [row] = await db.select().from(tour).where(eq(tour.id, tourId))
  const home = row && (await readHomeParties(db, row))
  return home && { tour: row, ...home }
}

type Read = NonNullable<Awaited<ReturnType<typeof readTour>>>

const HEADLINE: Record<TourAction, { renter: string; landlord: string }> = {
  requested: { renter: 'Tour requested', landlord: 'New tour request' },
  confirmed: { renter: 'Tour confirmed', landlord: 'Tour confirmed' },
  declined: { renter: 'Tour declined', landlord: 'Tour declined' },
  expired: { renter: 'Tour request expired', landlord: 'Tour request expired' },
  cancelled: { renter: 'Tour cancelled', landlord: 'Tour cancelled' },
  rescheduled: { renter: 'Tour moved', landlord: 'Tour moved' },
  completed: { renter: 'Tour completed', landlord: 'Tour completed' },
  no_show: { renter: 'Tour marked as missed', landlord: 'Tour marked as missed' },
}

/** The mail of one change to one party: its words and, while the tour stands or when it ends, the invitation. */
export function tourNoticeMail(
  read: Read,
  { action, side, publicUrl, now }: { action: TourAction; side: 'renter' | 'landlord'; publicUrl: string; now: Date },
): Mail {
  const t = read.tour
  const when = formatTourTime(t.startsAt.toISOString(), t.timeZone)
  const url = `${publicUrl}/tours/${t.id}`
  const isOver = ['declined', 'expired', 'cancelled'].includes(t.state)
  const other = side === 'renter' ? read.landlord.name : read.renter.name
  const lines = [
    `${HEADLINE[action][side]}: ${read.title}`,
    '',
    `When: ${when}`,
    `Where: ${homeAddressOf(read)}`,
    `${side === 'renter' ? 'Landlord' : 'Renter'}: ${other}`,
    `Party: ${t.partySize} ${t.partySize === 1 ? 'person' : 'people'}`,
    ...(t.note ? [`Note: ${t.note}`] : []),
    ...(t.reason && isOver ? [`Reason: ${t.reason}`] : []),
    '',
    ...(t.state === 'requested' && side === 'landlord'
      ? [`Confirm or decline it before ${formatTourTime(t.answerBy.toISOString(), t.timeZone)}, or it expires:`]
      : []),
    ...(t.state === 'requested' && side === 'renter'
      ? ['The landlord has been asked to confirm it; you will hear as soon as they answer.']
      : []),
    url,
    '',
    'Cooper Home',
  ]
  const stands = t.state === 'requested' || t.state === 'confirmed'
  const withInvite = stands || isOver
  const invite = withInvite
    ? tourInvitation({
        uid: t.uid,
        sequence: t.sequence,
        method: stands ? 'REQUEST' : 'CANCEL',
        status: t.state === 'confirmed' ? 'CONFIRMED' : t.state === 'requested' ? 'TENTATIVE' : 'CANCELLED',
        startsAt: t.startsAt,
        endsAt: t.endsAt,
        stampedAt: now,
        summary: `Tour: ${read.title}`,
        location: homeAddressOf(read),
        description: `${HEADLINE[action][side]}. ${url}`,
        url,
        organizer: read.landlord,
        attendee: read.renter,
      })
    : null
  return {
    to: side === 'renter' ? read.renter.email : read.landlord.email,
    subject: `${HEADLINE[action][side]}: ${read.title}, ${when}`,
    text: lines.join('\n'),
    ...(invite ? { icalEvent: { method: stands ? 'REQUEST' : 'CANCEL', filename: 'tour.ics', content: invite } } : {}),
  }
}

/** Tells both parties of a change (a finished tour's completion or no-show only on the page). */
export async function sendTourNotice(context: NoticeContext, { tourId, action }: { tourId: number; action: TourAction }, now = new Date()) {
  if (action === 'completed' || action === 'no_show') return 0
  const read = await readTour(context.db, tourId)
  if (!read) return 0
  for (const side of ['renter', 'landlord'] as const) {
    await context.mailer.send(tourNoticeMail(read, { action, side, publicUrl: context.publicUrl, now }))
  }
  return 2
}

/** A reminder to both parties of a confirmed tour still at the time it was scheduled for. */
export async function sendTourReminder(
  context: NoticeContext,
  { tourId, startsAt, hours }: { tourId: number; startsAt: string; hours: number },
) {
  const read = await readTour(context.db, tourId)
  if (!read || read.tour.state !== 'confirmed' || read.tour.startsAt.toISOString() !== startsAt) return 0
  const when = formatTourTime(startsAt, read.tour.timeZone)
  for (const side of ['renter', 'landlord'] as const) {
    const soon = hours >= 24 ? 'tomorrow' : `in ${hours} hours`
    await context.mailer.send({
      to: side === 'renter' ? read.renter.email : read.landlord.email,
      subject: `Reminder: tour ${soon}, ${when}: ${read.title}`,
      text: [
        `Your tour of ${read.title} is ${soon}.`,
        '',
        `When: ${when}`,
        `Where: ${homeAddressOf(read)}`,
        '',
        `${context.publicUrl}/tours/${tourId}`,
        '',
        'Cooper Home',
      ].join('\n'),
    })
  }
  return 2
}
