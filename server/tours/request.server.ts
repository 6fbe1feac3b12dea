// A renter's request for a tour and its reschedule: the two writes that take a place in a slot. Each
// checks the time against the listing's availability as of now (no past time, none inside the notice)
// and takes the place under the slot's capacity in the same transaction as the tour and its event.
// A request waits its turn at the slot behind the others this process is making for it (slot-gate),
// reads what it needs in one query and refuses a full slot there, without a transaction; the
// transaction holds only the place, the renter's lock, the limits, the tour and its event. The next
// open times of a refusal are read after it, outside the slot's turn, once for a burst (nextOpenSlots).
import { and, eq, gte, inArray, sql } from 'drizzle-orm'
import { TOUR_REQUESTS_PER_DAY, TOURS_PENDING_PER_LANDLORD } from '#common/limits.ts'
import type { Availability } from '#common/tours/availability.ts'
import { tourRequestSchema, tourRescheduleSchema } from '#common/tours/schemas.ts'
import { isSlotStart } from '#common/tours/slots.ts'
import { ACTIVE_TOUR_STATES, TOUR_ANSWER_HOURS } from '#common/tours/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { tour, tourEvent, tourSlot } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import type { Tx } from '#server/listings/index.server.ts'
import {
  ALREADY_BOOKED,
  appendEvent,
  givePlaceBack,
  isOwnerTakenElsewhere,
  isSecondLiveTour,
  isSlotFull,
  lockTour,
  SlotFullError,
  SlotTakenError,
  takePlace,
  type TourRow,
} from './rules.server.ts'
import { throughSlotGate, type GateOutcome } from './slot-gate.server.ts'
import { findBookingView, nextOpenSlots } from './slots.server.ts'

export const NOT_A_SLOT = 'That time is not open for tours: choose one of the times shown.'
export const TOURS_OFF = 'This home is not taking tour requests right now.'

/**
 * Takes the renter's lock (one renter's requests are counted and written one at a time, so the limits
 * hold under concurrency) and then one more place at the start time, within the capacity the database
 * keeps, in one statement. A full slot is seen by the upsert itself (it updates nothing and returns no
 * row); the slot's CHECK stays the guarantee. Answers the places now held.
 */
async function lockRenterAndTakePlace(
  tx: Tx,
  { renterId, listingId, startsAt, capacity }: { renterId: string; listingId: number; startsAt: Date; capacity: number },
): Promise<number> {
  const renterLock = tx
    .$with('renter_lock', { locked: sql`locked` })
    .as(sql`select pg_advisory_xact_lock(hashtextextended(${`tour-request:${renterId}`}, 0)) as locked`)
  // A named statement (its text never changes): parsed and planned once per connection.
  const rows = await tx
    .with(renterLock)
    .insert(tourSlot)
    .select(
      tx
        .select({
          listingId: sql`${listingId}::bigint`.as('listing_id'),
          startsAt: sql`${startsAt}::timestamptz`.as('starts_at'),
          capacity: sql`${capacity}::smallint`.as('capacity'),
          booked: sql`1::smallint`.as('booked'),
        })
        .from(renterLock),
    )
    .onConflictDoUpdate({
      target: [tourSlot.listingId, tourSlot.startsAt],
      set: { booked: sql`${tourSlot.booked} + 1`, capacity: sql`excluded.capacity` },
      setWhere: sql`${tourSlot.booked} < excluded.capacity`,
    })
    .returning({ booked: tourSlot.booked })
    .prepare('tour_request_place')
    .execute()
  if (!rows[0]) throw new SlotFullError()
  return Number(rows[0].booked)
}

function checkSlot(availability: Availability, timeZone: string, startsAt: Date, now: Date) {
  if (!availability.toursEnabled) throw new AppError('conflict', TOURS_OFF)
  if (!isSlotStart({ availability, timeZone, now, startsAt })) throw new AppError('invalid', NOT_A_SLOT, { startsAt: [NOT_A_SLOT] })
}

async function checkLimits(tx: Tx, { renterId, landlordId, now }: { renterId: string; landlordId: string; now: Date }) {
  const isLive = and(eq(tour.landlordId, landlordId), inArray(tour.state, [...ACTIVE_TOUR_STATES]))
  const [counts] = await tx
    .select({
      pending: sql<number>`count(*) filter (where ${isLive})`.mapWith(Number),
      recent: sql<number>`count(*) filter (where ${gte(tour.createdAt, new Date(now.getTime() - 86_400_000))})`.mapWith(Number),
    })
    .from(tour)
    .where(eq(tour.renterId, renterId))
    // A named statement: PostgreSQL parses and plans it once per connection (the text never changes).
    .prepare('tour_request_limits')
    .execute()
  if ((counts?.pending ?? 0) >= TOURS_PENDING_PER_LANDLORD) {
    throw new AppError('rate-limited', `You can have ${TOURS_PENDING_PER_LANDLORD} tours booked with one landlord at a time.`)
  }
  if ((counts?.recent ?? 0) >= TOUR_REQUESTS_PER_DAY) {
    throw new AppError('rate-limited', `You can request ${TOUR_REQUESTS_PER_DAY} tours a day. Try again tomorrow.`)
  }
}

const answerByOf = (now: Date, startsAt: Date) => new Date(Math.min(now.getTime() + TOUR_ANSWER_HOURS * 3_600_000, startsAt.getTime()))

const slotTaken = async (db: Db, { listingId, now, startsAt }: { listingId: number; now: Date; startsAt: Date }) =>
  new SlotTakenError(await nextOpenSlots(db, { listingId, now, except: startsAt }))

/**
 * Runs a write that takes a place; a full slot, or a time the landlord was confirmed for at another
 * home meanwhile, becomes "that time was just taken" with the next open times.
 */
async function takingPlace<T>(db: Db, place: { listingId: number; now: Date; startsAt: Date }, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isSlotFull(error) || isOwnerTakenElsewhere(error)) throw await slotTaken(db, place)
    if (isSecondLiveTour(error)) throw new AppError('conflict', ALREADY_BOOKED)
    throw error
  }
}

export async function storeTourRequest(
  db: Db,
  {
    renterId,
    listingId,
    input,
    ipAddress = null,
    now = new Date(),
  }: { renterId: string; listingId: number; input: unknown; ipAddress?: string | null; now?: Date },
): Promise<TourRow> {
  const valid = parseOrThrow(tourRequestSchema, input)
  const place = { listingId, now, startsAt: valid.startsAt }
  return takingPlace(db, place, () =>
    throughSlotGate(db, place, {
      attempt: () =>
        bookPlace(db, { renterId, listingId, startsAt: valid.startsAt, partySize: valid.partySize, note: valid.note, ipAddress, now }),
      refusal: () => new SlotFullError(),
      isFull: (error) => isSlotFull(error) || isOwnerTakenElsewhere(error),
    }),
  )
}

/** One request's turn at its slot: the checks on one read, then the place, the tour and its event in one transaction. */
async function bookPlace(
  db: Db,
  {
    renterId,
    listingId,
    startsAt,
    partySize,
    note,
    ipAddress,
    now,
  }: { renterId: string; listingId: number; startsAt: Date; partySize: number; note: string; ipAddress: string | null; now: Date },
): Promise<GateOutcome<TourRow>> {
  const view = await findBookingView(db, { listingId, startsAt, renterId })
  const { home, availability } = view
  if (home.ownerId === renterId) throw new AppError('invalid', 'This is your own home.')
  if (view.isBlocked) throw new AppError('forbidden', 'You cannot book a tour with this landlord.')
  checkSlot(availability, home.timeZone, startsAt, now)
  // Full already, or the landlord is confirmed elsewhere then: refused on this one read. The upsert's
  // condition, the slot's CHECK and the overlap constraint are what hold under concurrency.
  if (view.booked >= availability.partiesPerSlot || view.isOwnerBusy) throw new SlotFullError()
  return db.transaction(async (tx) => {
    // The renter's lock and the place first, in one statement: a full slot ends the transaction there.
    // The slot's row stays locked until the end either way, so the statements after it are kept few.
    const booked = await lockRenterAndTakePlace(tx, { renterId, listingId, startsAt, capacity: availability.partiesPerSlot })
    await checkLimits(tx, { renterId, landlordId: home.ownerId, now })
    const state = availability.autoConfirm ? 'confirmed' : 'requested'
    const inserted = tx.$with('inserted').as(
      tx
        .insert(tour)
        .values({
          listingId,
          renterId,
          landlordId: home.ownerId,
          startsAt,
          endsAt: new Date(startsAt.getTime() + availability.tourMinutes * 60_000),
          timeZone: home.timeZone,
          partySize,
          note,
          state,
          answerBy: answerByOf(now, startsAt),
          uid: `tour-${crypto.randomUUID()}@cooper.home`,
        })
        .returning(),
    )
    // The tour and its first event in one statement.
    const event = tx.$with('event', {}).as(
      sql`insert into ${tourEvent} (tour_id, actor_id, action, from_state, to_state, reason, starts_at, ip_address)
          select ${inserted.id}, ${renterId}, 'requested', null, ${state}, '', ${startsAt}::timestamptz, ${ipAddress} from ${inserted}`,
    )
    const [row] = await tx.with(inserted, event).select().from(inserted).prepare('tour_request_insert').execute()
    return { value: row!, full: booked >= availability.partiesPerSlot }
  })
}

/** The renter moves a live tour: the old place is given back and the new one taken in one transaction, or neither. */
export async function storeTourReschedule(
  db: Db,
  {
    viewerId,
    tourId,
    input,
    ipAddress = null,
    now = new Date(),
  }: { viewerId: string; tourId: number; input: unknown; ipAddress?: string | null; now?: Date },
): Promise<TourRow> {
  const valid = parseOrThrow(tourRescheduleSchema, input)
  const [found] = await db.select({ listingId: tour.listingId }).from(tour).where(eq(tour.id, tourId))
  return takingPlace(db, { listingId: found?.listingId ?? 0, now, startsAt: valid.startsAt }, () =>
    db.transaction(async (tx) => {
      const current = await lockTour(tx, { tourId, viewerId })
      if (current.renterId !== viewerId) throw new AppError('forbidden', 'Only the renter can change the time of a tour.')
      if (current.state !== 'requested' && current.state !== 'confirmed')
        throw new AppError('conflict', `This tour is ${current.state.replace('_', '-')}.`)
      if (current.startsAt.getTime() === valid.startsAt.getTime()) throw new AppError('invalid', 'That is the time already booked.')
      const { home, availability, isOwnerBusy } = await findBookingView(tx, { listingId: current.listingId, startsAt: valid.startsAt })
      checkSlot(availability, home.timeZone, valid.startsAt, now)
      if (isOwnerBusy) throw new SlotFullError()
      await givePlaceBack(tx, { listingId: current.listingId, startsAt: current.startsAt })
      await takePlace(tx, { listingId: current.listingId, startsAt: valid.startsAt, capacity: availability.partiesPerSlot })
      const state = availability.autoConfirm ? 'confirmed' : 'requested'
      const [row] = await tx
        .update(tour)
        .set({
          startsAt: valid.startsAt,
          endsAt: new Date(valid.startsAt.getTime() + availability.tourMinutes * 60_000),
          state,
          answerBy: answerByOf(now, valid.startsAt),
          sequence: sql`${tour.sequence} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(tour.id, tourId))
        .returning()
      await appendEvent(tx, {
        tourId,
        actorId: viewerId,
        action: 'rescheduled',
        fromState: current.state as 'requested',
        toState: state,
        startsAt: valid.startsAt,
        ipAddress,
      })
      return row!
    }),
  )
}
