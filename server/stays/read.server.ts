// Bookings as their two parties read them. Every query carries the viewer: a third person's read finds
// nothing, so every booking address answers them 404. The street address and the check-in details
// reach the guest only once the booking is confirmed.
import { and, asc, desc, eq, gte, inArray, lt, notInArray, or } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { daysBetween, instantAt, todayIn } from '#common/stays/dates.ts'
import { CANCELLATION_POLICY_TEXT } from '#common/stays/policies.ts'
import type { StayQuote } from '#common/stays/quote.ts'
import type { BookingDetail, BookingEventView, BookingView } from '#common/stays/types.ts'
import type { BookingAction, BookingState, CancellationPolicy } from '#common/stays/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { listing, stayBooking, stayBookingEvent, stayRules, user } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'

const guest = alias(user, 'guest')
const host = alias(user, 'host')

/** The states in which the guest has been given the address and the check-in details. */
const ADDRESS_STATES: readonly string[] = ['confirmed', 'checked_in', 'completed']

function joined(db: Db) {
  return db
    .select({
      booking: stayBooking,
      home: {
        title: listing.title,
        street: listing.street,
        unit: listing.unit,
        city: listing.city,
        state: listing.state,
        zip: listing.zip,
      },
      rules: { checkInDetails: stayRules.checkInDetails },
      guestName: guest.name,
      hostName: host.name,
    })
    .from(stayBooking)
    .innerJoin(listing, eq(listing.id, stayBooking.listingId))
    .leftJoin(stayRules, eq(stayRules.listingId, stayBooking.listingId))
    .innerJoin(guest, eq(guest.id, stayBooking.guestId))
    .innerJoin(host, eq(host.id, stayBooking.hostId))
}

type Joined = Awaited<ReturnType<ReturnType<typeof joined>['where']>>[number]

export function bookingViewOf(row: Joined, viewerId: string): BookingView {
  const b = row.booking
  const role = b.hostId === viewerId ? 'host' : 'guest'
  const isShown = role === 'host' || ADDRESS_STATES.includes(b.state)
  const policy = b.cancellationPolicy as CancellationPolicy
  return {
    id: b.id,
    state: b.state as BookingState,
    role,
    checkIn: b.checkIn,
    checkOut: b.checkOut,
    nights: daysBetween(b.checkIn, b.checkOut),
    guests: b.guests,
    timeZone: b.timeZone,
    guestTimeZone: b.guestTimeZone,
    // The times the booking was made under, not the listing's rules of today.
    checkInAt: instantAt(b.checkIn, b.checkInTime, b.timeZone).toISOString(),
    checkOutAt: instantAt(b.checkOut, b.checkOutTime, b.timeZone).toISOString(),
    instant: b.instant,
    quote: b.quote as StayQuote,
    totalCents: b.totalCents,
    currency: b.currency,
    cancellationPolicy: policy,
    policyText: CANCELLATION_POLICY_TEXT[policy],
    refundCents: b.refundCents,
    refundNote: b.refundNote,
    message: b.message,
    reason: b.reason,
    answerBy: b.answerBy?.toISOString() ?? null,
    listing: {
      id: b.listingId,
      title: row.home.title,
      city: row.home.city,
      state: row.home.state,
      address: isShown
        ? `${row.home.street}${row.home.unit ? `, ${row.home.unit}` : ''}, ${row.home.city}, ${row.home.state} ${row.home.zip}`
        : null,
    },
    checkInDetails: isShown ? (row.rules?.checkInDetails ?? '') : null,
    guest: { id: b.guestId, name: row.guestName },
    host: { id: b.hostId, name: row.hostName },
    createdAt: b.createdAt.toISOString(),
  }
}

const isParty = (viewerId: string) => or(eq(stayBooking.guestId, viewerId), eq(stayBooking.hostId, viewerId))

/** One booking with its history, for its guest or its host. */
export async function findStayBooking(db: Db, { viewerId, bookingId }: { viewerId: string; bookingId: number }): Promise<BookingDetail> {
  const [row] = await joined(db).where(and(eq(stayBooking.id, bookingId), isParty(viewerId)))
  if (!row) throw new AppError('not-found', 'No such booking.')
  const events = await db.select().from(stayBookingEvent).where(eq(stayBookingEvent.bookingId, bookingId)).orderBy(asc(stayBookingEvent.id))
  const byOf = (actorId: string | null): BookingEventView['by'] =>
    actorId === null ? 'site' : actorId === row.booking.hostId ? 'host' : 'guest'
  return {
    ...bookingViewOf(row, viewerId),
    events: events.map((e) => ({
      action: e.action as BookingAction,
      fromState: e.fromState as BookingState | null,
      toState: e.toState as BookingState,
      by: byOf(e.actorId),
      reason: e.reason,
      at: e.createdAt.toISOString(),
    })),
  }
}

/** Bookings that will not take place: they are past whatever their dates. */
const ENDED_STATES: BookingState[] = ['declined', 'expired', 'cancelled']

/**
 * The viewer's bookings as a guest or as a host: upcoming ones (still to take place, check-out today or
 * later) soonest first; past ones (over, or declined, expired or cancelled) latest first.
 */
export async function listStayBookings(
  db: Db,
  {
    viewerId,
    role,
    when,
    now = new Date(),
    limit = 100,
  }: { viewerId: string; role: 'guest' | 'host'; when: 'upcoming' | 'past'; now?: Date; limit?: number },
): Promise<BookingView[]> {
  // Upcoming while the check-out date is today or later in UTC; late in a US evening that is already tomorrow there.
  const today = todayIn('UTC', now)
  const mine = role === 'guest' ? eq(stayBooking.guestId, viewerId) : eq(stayBooking.hostId, viewerId)
  const rows = await joined(db)
    .where(
      and(
        mine,
        when === 'upcoming'
          ? and(gte(stayBooking.checkOut, today), notInArray(stayBooking.state, ENDED_STATES))
          : or(lt(stayBooking.checkOut, today), inArray(stayBooking.state, ENDED_STATES)),
      ),
    )
    .orderBy(when === 'upcoming' ? asc(stayBooking.checkIn) : desc(stayBooking.checkIn), asc(stayBooking.id))
    .limit(limit)
  return rows.map((row) => bookingViewOf(row, viewerId))
}
