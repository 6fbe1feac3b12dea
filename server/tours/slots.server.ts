// A listing's open tour slots for the next 14 days, as a renter sees them: the availability its owner
// set, in the listing's zone, less the places live tours hold.
import { and, eq, gte, lt } from 'drizzle-orm'
import type { Availability } from '#common/tours/availability.ts'
import { computeSlots, SLOT_DAYS, type Slot, type SlotDay } from '#common/tours/slots.ts'
import type { Db } from '#server/db/client.server.ts'
import { listing, tourSlot } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import { listingTimeZone, type Tx } from '#server/listings/index.server.ts'
import { effectiveAvailability } from './availability.server.ts'

export type OpenSlots = {
  listingId: number
  timeZone: string
  tourMinutes: number
  partiesPerSlot: number
  toursEnabled: boolean
  days: SlotDay[]
}

/** The listing a renter may tour: published, with its owner and zone; anything else does not exist. */
export async function findTourableListing(db: Db | Tx, listingId: number) {
  const [row] = await db
    .select({
      id: listing.id,
      ownerId: listing.ownerId,
      title: listing.title,
      status: listing.status,
      timeZone: listing.timeZone,
      latitude: listing.latitude,
      longitude: listing.longitude,
    })
    .from(listing)
    .where(eq(listing.id, listingId))
  if (!row || row.status !== 'published') throw new AppError('not-found', 'No such listing.')
  return { ...row, timeZone: listingTimeZone(row) }
}

/** Places held at each start time (ISO) of a listing over the coming days. */
async function takenCounts(db: Db | Tx, listingId: number, now: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ startsAt: tourSlot.startsAt, booked: tourSlot.booked })
    .from(tourSlot)
    .where(
      and(
        eq(tourSlot.listingId, listingId),
        gte(tourSlot.startsAt, new Date(now.getTime() - 86_400_000)),
        lt(tourSlot.startsAt, new Date(now.getTime() + (SLOT_DAYS + 2) * 86_400_000)),
      ),
    )
  return new Map(rows.filter((r) => r.booked > 0).map((r) => [r.startsAt.toISOString(), r.booked]))
}

export async function slotsOf(
  db: Db | Tx,
  { listingId, availability, timeZone, now }: { listingId: number; availability: Availability; timeZone: string; now: Date },
) {
  return computeSlots({ availability, timeZone, now, taken: await takenCounts(db, listingId, now) })
}

/** The open slots of a published listing (none when its owner turned tours off). */
export async function findOpenSlots(db: Db, { listingId, now = new Date() }: { listingId: number; now?: Date }): Promise<OpenSlots> {
  const home = await findTourableListing(db, listingId)
  const availability = await effectiveAvailability(db, { ownerId: home.ownerId, listingId })
  return {
    listingId,
    timeZone: home.timeZone,
    tourMinutes: availability.tourMinutes,
    partiesPerSlot: availability.partiesPerSlot,
    toursEnabled: availability.toursEnabled,
    days: await slotsOf(db, { listingId, availability, timeZone: home.timeZone, now }),
  }
}

/** The first few open times, offered when the one asked for was just taken. */
export async function nextOpenSlots(
  db: Db,
  { listingId, now = new Date(), count = 5 }: { listingId: number; now?: Date; count?: number },
): Promise<{ slots: Slot[]; timeZone: string }> {
  const open = await findOpenSlots(db, { listingId, now })
  return { slots: open.days.flatMap((day) => day.slots).slice(0, count), timeZone: open.timeZone }
}
