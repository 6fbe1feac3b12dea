// A guest's request to book, or an instant booking: the rules checked on one read, then the booking,
// the nights it holds and its first event in one transaction. Two requests for the same nights race
// only at the hold's insert, where the exclusion constraint lets one commit; the other is answered
// with the nights taken and the nearest free stays of the same length.
import { and, count, eq, sql } from 'drizzle-orm'
import { instantAt } from '#common/stays/dates.ts'
import { stayRequestSchema } from '#common/stays/schemas.ts'
import type { Db } from '#server/db/client.server.ts'
import { stayBooking, stayHold } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import type { Tx } from '#server/listings/index.server.ts'
import { hasBlocked } from '#server/messages/index.server.ts'
import { appendEvent, type BookingRow, heldRangeOf, isNightsTaken, nightsTakenError } from './holds.server.ts'
import { readStayListing } from './listing.server.ts'
import { checkNightsFree, checkStayRules, quoteOf } from './quote.server.ts'

/** A request not answered within this many hours (or by its check-in time, if sooner) expires. */
export const STAY_ANSWER_HOURS = 24
/** Requests waiting for an answer hold nights, so one guest may have only a few at a time. */
export const STAY_REQUESTS_WAITING = 3

export const OWN_LISTING = 'This is your own listing: block the nights on its calendar instead.'

const answerByOf = (now: Date, checkInAt: Date) => new Date(Math.min(now.getTime() + STAY_ANSWER_HOURS * 3_600_000, checkInAt.getTime()))

/** One guest's requests are counted and written one at a time, so the limit holds under concurrency. */
async function checkWaitingRequests(tx: Tx, guestId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`stay-request:${guestId}`}, 0))`)
  const [waiting] = await tx
    .select({ n: count() })
    .from(stayBooking)
    .where(and(eq(stayBooking.guestId, guestId), eq(stayBooking.state, 'requested')))
  if ((waiting?.n ?? 0) >= STAY_REQUESTS_WAITING) {
    throw new AppError(
      'rate-limited',
      `You have ${STAY_REQUESTS_WAITING} requests waiting for an answer: wait for one, or withdraw one, before asking again.`,
    )
  }
}

export async function storeStayRequest(
  db: Db,
  {
    guestId,
    listingId,
    input,
    ipAddress = null,
    now = new Date(),
  }: { guestId: string; listingId: number; input: unknown; ipAddress?: string | null; now?: Date },
): Promise<BookingRow> {
  const valid = parseOrThrow(stayRequestSchema, input)
  const home = await readStayListing(db, { listingId, viewerId: guestId })
  if (home.ownerId === guestId) throw new AppError('forbidden', OWN_LISTING)
  if (home.status !== 'published') throw new AppError('not-found', 'No such listing.')
  if (await hasBlocked(db, { userId: home.ownerId, otherUserId: guestId })) {
    throw new AppError('forbidden', 'You cannot book a stay with this host.')
  }
  checkStayRules(home, valid, now)
  const { checkIn, checkOut } = valid
  await checkNightsFree(db, { home, checkIn, checkOut, now })
  const quote = quoteOf(home, valid)
  const state = home.rules.instantBook ? 'confirmed' : 'requested'
  const checkInAt = instantAt(checkIn, home.rules.checkInTime, home.timeZone)
  try {
    return await db.transaction(async (tx) => {
      if (state === 'requested') await checkWaitingRequests(tx, guestId)
      const [row] = await tx
        .insert(stayBooking)
        .values({
          listingId,
          guestId,
          hostId: home.ownerId,
          checkIn,
          checkOut,
          guests: valid.guests,
          timeZone: home.timeZone,
          checkInTime: home.rules.checkInTime,
          checkOutTime: home.rules.checkOutTime,
          guestTimeZone: valid.timeZone ?? null,
          state,
          instant: home.rules.instantBook,
          quote,
          totalCents: quote.totalCents,
          currency: quote.currency,
          cancellationPolicy: home.rules.cancellationPolicy,
          message: valid.message,
          answerBy: state === 'requested' ? answerByOf(now, checkInAt) : null,
        })
        .returning()
      await tx.insert(stayHold).values({
        listingId,
        kind: 'booking',
        bookingId: row!.id,
        nights: heldRangeOf(checkIn, checkOut, home.rules.preparationDays),
      })
      await appendEvent(tx, {
        bookingId: row!.id,
        actorId: guestId,
        action: state === 'confirmed' ? 'instant_booked' : 'requested',
        fromState: null,
        toState: state,
        ipAddress,
      })
      return row!
    })
  } catch (error) {
    if (isNightsTaken(error)) throw await nightsTakenError(db, { home, checkIn, checkOut, now })
    throw error
  }
}
