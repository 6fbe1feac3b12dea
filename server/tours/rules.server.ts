// What every tour write shares: the row locked for a change, its event appended beside it, a place in
// a slot taken or given back, and the database's refusals read as the domain's.
import { and, eq, sql } from 'drizzle-orm'
import type { Slot } from '#common/tours/slots.ts'
import type { TourAction, TourState } from '#common/tours/vocabulary.ts'
import { tour, tourEvent, tourSlot } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import type { Tx } from '#server/listings/index.server.ts'

export type TourRow = typeof tour.$inferSelect

export const SLOT_TAKEN = 'That time was just taken. Choose another time.'

/** A slot filled between the page showing it and the request: the next open times come with the refusal. */
export class SlotTakenError extends AppError {
  readonly nextSlots: Slot[]
  /** The listing's zone, the next times' to be shown in. */
  readonly timeZone: string
  constructor({ slots, timeZone }: { slots: Slot[]; timeZone: string }) {
    super('conflict', SLOT_TAKEN)
    this.nextSlots = slots
    this.timeZone = timeZone
  }
}

function hasCode(error: unknown, code: string, text?: string): boolean {
  for (let current = error, depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code: found, message, constraint } = current as { code?: unknown; message?: unknown; constraint?: unknown }
    if (found === code && (!text || constraint === text || String(message).includes(text))) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** A slot with no place left when the transaction came to take one; the refusal is read outside it. */
export class SlotFullError extends Error {
  constructor() {
    super('The slot is full.')
    this.name = 'SlotFullError'
  }
}

/** The slot had no place left: seen by the write, or refused by the slot's `booked <= capacity` check. */
export const isSlotFull = (error: unknown) => error instanceof SlotFullError || hasCode(error, '23514', 'tour_slot_capacity_check')
/** The landlord already has a confirmed tour at another home at an overlapping time. */
export const isOwnerTakenElsewhere = (error: unknown) => hasCode(error, '23P01', 'tour_landlord_overlap_excl')
/** The renter already has a live tour of this home. */
export const isSecondLiveTour = (error: unknown) => hasCode(error, '23505', 'tour_active_renter_listing_idx')

export const ALREADY_BOOKED = 'You already have a tour of this home booked: change its time instead.'
export const OWNER_TAKEN = 'You have a confirmed tour at another home at that time.'

/**
 * Holds one more party at a start time, within the capacity the database keeps. A full slot is
 * seen by the upsert itself (it updates nothing and returns no row), so a refusal costs no error and
 * no aborted statement; the CHECK stays the guarantee. Answers the places now held.
 */
export async function takePlace(
  tx: Tx,
  { listingId, startsAt, capacity }: { listingId: number; startsAt: Date; capacity: number },
): Promise<{ booked: number }> {
  const taken = await tx
    .insert(tourSlot)
    .values({ listingId, startsAt, capacity, booked: 1 })
    .onConflictDoUpdate({
      target: [tourSlot.listingId, tourSlot.startsAt],
      set: { booked: sql`${tourSlot.booked} + 1`, capacity: sql`excluded.capacity` },
      setWhere: sql`${tourSlot.booked} < excluded.capacity`,
    })
    .returning({ booked: tourSlot.booked })
  if (!taken[0]) throw new SlotFullError()
  return taken[0]
}

export async function givePlaceBack(tx: Tx, { listingId, startsAt }: { listingId: number; startsAt: Date }) {
  await tx
    .update(tourSlot)
    .set({ booked: sql`greatest(${tourSlot.booked} - 1, 0)` })
    .where(and(eq(tourSlot.listingId, listingId), eq(tourSlot.startsAt, startsAt)))
}

/** A tour locked for a change, if the viewer is one of its two parties; to anyone else it does not exist. */
export async function lockTour(tx: Tx, { tourId, viewerId }: { tourId: number; viewerId: string | null }): Promise<TourRow> {
  const [row] = await tx.select().from(tour).where(eq(tour.id, tourId)).for('update')
  if (!row || (viewerId !== null && row.renterId !== viewerId && row.landlordId !== viewerId)) {
    throw new AppError('not-found', 'No such tour.')
  }
  return row
}

export async function appendEvent(
  tx: Tx,
  event: {
    tourId: number
    actorId: string | null
    action: TourAction
    fromState: TourState | null
    toState: TourState
    reason?: string
    startsAt: Date
    ipAddress?: string | null
  },
) {
  await tx.insert(tourEvent).values({ ...event, reason: event.reason ?? '', ipAddress: event.ipAddress ?? null })
}
