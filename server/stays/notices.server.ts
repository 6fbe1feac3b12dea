// The e-mails of a booking: each step told to both guest and host, deadlines said in each side's zone
// (the host's: the listing's; the guest's: the one their browser gave with the request, or else the
// listing's and UTC), the address and check-in details to the guest only once confirmed, and a
// refund said plainly to be recorded, not paid. Each is a background job that reads the booking as it
// is when it runs.
import { eq } from 'drizzle-orm'
import { daysBetween, instantAt } from '#common/stays/dates.ts'
import { formatCents } from '#common/stays/quote.ts'
import { DEFAULT_STAY_RULES } from '#common/stays/rules.ts'
import { BOOKING_STATE_LABELS, type BookingAction, type BookingState } from '#common/stays/vocabulary.ts'
import { formatTourTime, isSameClock } from '#common/tours/format.ts'
import { stayBooking, stayRules } from '#server/db/schema.ts'
import { homeAddressOf, type NoticeContext, readHomeParties } from '#server/mail/home-parties.server.ts'
import type { Mail } from '#server/mail/mailer.server.ts'
import { formatDate } from './holds.server.ts'

export const STAY_NOTICE_JOB = 'stay-notice'
export const STAY_EXPIRY_JOB = 'stay-expiry'
/** Every five minutes: a request expires at most five minutes after its time. */
export const STAY_EXPIRY_CRON = '*/5 * * * *'
export const STAY_COMPLETION_JOB = 'stay-completion'
/** Every hour, at a quarter past: stays are completed within the hour after their check-out time. */
export const STAY_COMPLETION_CRON = '15 * * * *'

async function readBooking(db: NoticeContext['db'], bookingId: number) {
  const [row] = await db
    .select({ booking: stayBooking, rules: stayRules })
    .from(stayBooking)
    .leftJoin(stayRules, eq(stayRules.listingId, stayBooking.listingId))
    .where(eq(stayBooking.id, bookingId))
  if (!row) return undefined
  const home = await readHomeParties(db, {
    listingId: row.booking.listingId,
    renterId: row.booking.guestId,
    landlordId: row.booking.hostId,
  })
  return home && { booking: row.booking, rules: row.rules, ...home }
}

type Read = NonNullable<Awaited<ReturnType<typeof readBooking>>>
type Side = 'guest' | 'host'

const HEADLINE: Record<BookingAction, Record<Side, string>> = {
  requested: { guest: 'Stay requested', host: 'New request to stay' },
  instant_booked: { guest: 'Stay booked', host: 'New booking' },
  accepted: { guest: 'Stay confirmed', host: 'You accepted a stay' },
  declined: { guest: 'Request declined', host: 'You declined a request' },
  expired: { guest: 'Request expired', host: 'Request expired' },
  checked_in: { guest: 'Checked in', host: 'Guest checked in' },
  completed: { guest: 'Stay completed', host: 'Stay completed' },
  cancelled_by_guest: { guest: 'You cancelled your stay', host: 'Stay cancelled by the guest' },
  cancelled_by_host: { guest: 'Stay cancelled by the host', host: 'You cancelled a stay' },
}

/** An instant as one side reads it: the host in the listing's zone; the guest in theirs, beside the listing's (or UTC's). */
export function timeFor(side: Side, iso: string, { timeZone, guestTimeZone }: { timeZone: string; guestTimeZone: string | null }) {
  const atHome = formatTourTime(iso, timeZone)
  if (side === 'host') return atHome
  if (!guestTimeZone) return `${atHome} (${formatTourTime(iso, 'UTC')})`
  if (isSameClock(guestTimeZone, timeZone, new Date(iso))) return atHome
  return `${formatTourTime(iso, guestTimeZone)} (${atHome} at the home)`
}

function deadlineLines(read: Read, side: Side): string[] {
  const b = read.booking
  if (b.state !== 'requested' || !b.answerBy) return []
  const by = timeFor(side, b.answerBy.toISOString(), b)
  return side === 'host'
    ? [`Accept or decline before ${by}, or the request expires and the nights are freed.`]
    : [`The host has until ${by} to answer. If they do not, the request expires and the nights are freed.`]
}

function moneyLines(read: Read): string[] {
  const b = read.booking
  const lines = [`Total: ${formatCents(b.totalCents, b.currency)}`]
  if (b.refundCents !== null) lines.push(`Refund: ${formatCents(b.refundCents, b.currency)}. ${b.refundNote}`)
  lines.push('Money is recorded here, not moved: Cooper Home takes and pays out nothing. Settle with each other directly.')
  return lines
}

/** The mail of one step to one side. */
export function stayNoticeMail(read: Read, { action, side, publicUrl }: { action: BookingAction; side: Side; publicUrl: string }): Mail {
  const b = read.booking
  const times = read.rules ?? DEFAULT_STAY_RULES
  const checkInAt = instantAt(b.checkIn, times.checkInTime, b.timeZone).toISOString()
  const checkOutAt = instantAt(b.checkOut, times.checkOutTime, b.timeZone).toISOString()
  const nights = daysBetween(b.checkIn, b.checkOut)
  const isConfirmed = b.state === 'confirmed' || b.state === 'checked_in' || b.state === 'completed'
  const showsAddress = side === 'host' || isConfirmed
  const headline = HEADLINE[action][side]
  const lines = [
    `${headline}: ${read.title}`,
    '',
    `Booking: ${BOOKING_STATE_LABELS[b.state as BookingState]}`,
    `Stay: ${formatDate(b.checkIn)} to ${formatDate(b.checkOut)} (${nights} ${nights === 1 ? 'night' : 'nights'}), ${b.guests} ${b.guests === 1 ? 'guest' : 'guests'}`,
    `Check-in: ${timeFor(side, checkInAt, b)}`,
    `Check-out: ${timeFor(side, checkOutAt, b)}`,
    `${side === 'guest' ? 'Host' : 'Guest'}: ${side === 'guest' ? read.landlord.name : read.renter.name}`,
    ...(showsAddress
      ? [`Address: ${homeAddressOf(read)}`]
      : [`Where: ${read.city}, ${read.state} (the address comes once the host confirms)`]),
    ...(side === 'guest' && isConfirmed && read.rules?.checkInDetails ? ['', 'Check-in details:', read.rules.checkInDetails] : []),
    ...(b.message ? [`Message from the guest: ${b.message}`] : []),
    ...(b.reason ? [`Reason: ${b.reason}`] : []),
    '',
    ...deadlineLines(read, side),
    ...moneyLines(read),
    '',
    `${publicUrl}/stays/${b.id}`,
    '',
    'Cooper Home',
  ]
  return {
    to: side === 'guest' ? read.renter.email : read.landlord.email,
    subject: `${headline}: ${read.title}, ${formatDate(b.checkIn)} to ${formatDate(b.checkOut)}`,
    text: lines.join('\n'),
  }
}

/** Tells both sides of a step. */
export async function sendStayNotice(context: NoticeContext, { bookingId, action }: { bookingId: number; action: BookingAction }) {
  const read = await readBooking(context.db, bookingId)
  if (!read) return 0
  for (const side of ['guest', 'host'] as const) {
    await context.mailer.send(stayNoticeMail(read, { action, side, publicUrl: context.publicUrl }))
  }
  return 2
}
