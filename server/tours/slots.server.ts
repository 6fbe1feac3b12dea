// A listing's open tour slots for the next 14 days, as a renter sees them: the availability its owner
// set, in the listing's zone, less the places live tours hold and the times the owner is taken at
// another of their homes. Two queries: the listing with its availability, then its places and the
// owner's confirmed tours elsewhere.
import { and, eq, gt, gte, isNull, lt, ne, sql } from 'drizzle-orm'
import { alias, unionAll } from 'drizzle-orm/pg-core'
import type { Availability } from '#common/tours/availability.ts'
import { computeSlots, SLOT_DAYS, type Busy, type Slot, type SlotDay } from '#common/tours/slots.ts'
import type { Db } from '#server/db/client.server.ts'
import { listing, tour, tourAvailability, tourSlot } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import { listingTimeZone, type Tx } from '#server/listings/index.server.ts'
import { availabilityFollowed } from './availability.server.ts'

export type OpenSlots = {
  listingId: number
  timeZone: string
  tourMinutes: number
  partiesPerSlot: number
  toursEnabled: boolean
  days: SlotDay[]
}

const own = alias(tourAvailability, 'own_availability')
const defaults = alias(tourAvailability, 'default_availability')

const homeColumns = {
  id: listing.id,
  ownerId: listing.ownerId,
  title: listing.title,
  status: listing.status,
  timeZone: listing.timeZone,
  latitude: listing.latitude,
  longitude: listing.longitude,
}

function homeOf<T extends { status: string; timeZone: string | null; latitude: number; longitude: number }>(row: T) {
  if (row.status !== 'published') throw new AppError('not-found', 'No such listing.')
  return { ...row, timeZone: listingTimeZone(row) }
}

/** The listing a renter may tour: published, with its owner and zone; anything else does not exist. */
export async function findTourableListing(db: Db | Tx, listingId: number) {
  const [row] = await db.select(homeColumns).from(listing).where(eq(listing.id, listingId))
  if (!row) throw new AppError('not-found', 'No such listing.')
  return homeOf(row)
}

/**
 * A tourable listing and the availability it follows, in one query; given a time, also the places
 * already held then and whether its owner has a confirmed tour at another home overlapping it (the
 * tour's length is the availability's): what a request needs before its transaction.
 */
export async function findBookingView(db: Db | Tx, { listingId, startsAt = null }: { listingId: number; startsAt?: Date | null }) {
  const minutes = sql`coalesce(${own.tourMinutes}, ${defaults.tourMinutes}, 30)`
  const [row] = await db
    .select({
      ...homeColumns,
      own,
      defaults,
      booked: (startsAt
        ? sql`coalesce((select ${tourSlot.booked} from ${tourSlot} where ${tourSlot.listingId} = ${listing.id} and ${tourSlot.startsAt} = ${startsAt}), 0)`
        : sql`0`
      ).mapWith(Number),
      isOwnerBusy: (startsAt
        ? sql`exists (select 1 from ${tour} where ${tour.landlordId} = ${listing.ownerId} and ${tour.state} = 'confirmed' and ${tour.listingId} <> ${listing.id} and ${tour.startsAt} < ${startsAt}::timestamptz + make_interval(mins => ${minutes}) and ${tour.endsAt} > ${startsAt})`
        : sql`false`
      ).mapWith(Boolean),
    })
    .from(listing)
    .leftJoin(own, and(eq(own.ownerId, listing.ownerId), eq(own.listingId, listing.id)))
    .leftJoin(defaults, and(eq(defaults.ownerId, listing.ownerId), isNull(defaults.listingId)))
    .where(eq(listing.id, listingId))
  if (!row) throw new AppError('not-found', 'No such listing.')
  const { own: ownRow, defaults: defaultRow, booked, isOwnerBusy, ...home } = row
  return { home: homeOf(home), availability: availabilityFollowed(ownRow, defaultRow), booked, isOwnerBusy }
}

/**
 * Places held at each start time (ISO) of a listing over the coming days, and the times its owner is
 * taken at their other homes, in one query (the two halves use the primary key of tour_slot and
 * tour_landlord_starts_idx).
 */
async function takenAndBusy(db: Db | Tx, { listingId, ownerId, now }: { listingId: number; ownerId: string; now: Date }) {
  const from = new Date(now.getTime() - 86_400_000)
  const until = new Date(now.getTime() + (SLOT_DAYS + 2) * 86_400_000)
  const rows = await unionAll(
    db
      .select({ startsAt: tourSlot.startsAt, endsAt: tourSlot.startsAt, booked: tourSlot.booked })
      .from(tourSlot)
      .where(and(eq(tourSlot.listingId, listingId), gte(tourSlot.startsAt, from), lt(tourSlot.startsAt, until), gt(tourSlot.booked, 0))),
    db
      .select({ startsAt: tour.startsAt, endsAt: tour.endsAt, booked: sql<number>`-1::smallint`.mapWith(Number) })
      .from(tour)
      .where(
        and(
          eq(tour.landlordId, ownerId),
          gte(tour.startsAt, from),
          lt(tour.startsAt, until),
          eq(tour.state, 'confirmed'),
          ne(tour.listingId, listingId),
        ),
      ),
  )
  const taken = new Map<string, number>()
  const busy: Busy[] = []
  for (const row of rows) {
    if (row.booked < 0) busy.push({ startsAt: row.startsAt.getTime(), endsAt: row.endsAt.getTime() })
    else taken.set(row.startsAt.toISOString(), row.booked)
  }
  return { taken, busy }
}

export async function slotsOf(
  db: Db | Tx,
  {
    listingId,
    ownerId,
    availability,
    timeZone,
    now,
  }: { listingId: number; ownerId: string; availability: Availability; timeZone: string; now: Date },
) {
  if (!availability.toursEnabled) return []
  return computeSlots({ availability, timeZone, now, ...(await takenAndBusy(db, { listingId, ownerId, now })) })
}

/** The open slots of a published listing (none when its owner turned tours off). */
export async function findOpenSlots(db: Db, { listingId, now = new Date() }: { listingId: number; now?: Date }): Promise<OpenSlots> {
  const { home, availability } = await findBookingView(db, { listingId })
  return {
    listingId,
    timeZone: home.timeZone,
    tourMinutes: availability.tourMinutes,
    partiesPerSlot: availability.partiesPerSlot,
    toursEnabled: availability.toursEnabled,
    days: await slotsOf(db, { listingId, ownerId: home.ownerId, availability, timeZone: home.timeZone, now }),
  }
}

// A burst of requests for a full slot all hear the same next times: they are read once per listing
// (per database, as the server keeps its caches) and kept for a moment. They are a suggestion that the
// booking checks again, never a promise, so a second-old answer is as good as a fresh one.
const NEXT_SLOTS_MS = 1_000
const nextSlotsCache = new WeakMap<Db, Map<number, { at: number; now: number; answer: Promise<{ slots: Slot[]; timeZone: string }> }>>()

/** The first few open times, offered when the one asked for was just taken (that one left out). */
export async function nextOpenSlots(
  db: Db,
  { listingId, now = new Date(), count = 5, except }: { listingId: number; now?: Date; count?: number; except?: Date },
): Promise<{ slots: Slot[]; timeZone: string }> {
  let byListing = nextSlotsCache.get(db)
  if (!byListing) nextSlotsCache.set(db, (byListing = new Map()))
  let entry = byListing.get(listingId)
  if (!entry || Date.now() - entry.at > NEXT_SLOTS_MS || Math.abs(now.getTime() - entry.now) > NEXT_SLOTS_MS) {
    if (byListing.size > 1000) byListing.clear()
    const answer = findOpenSlots(db, { listingId, now }).then((open) => ({
      slots: open.days.flatMap((day) => day.slots).slice(0, count + 1),
      timeZone: open.timeZone,
    }))
    const fresh = { at: Date.now(), now: now.getTime(), answer }
    const cache = byListing
    cache.set(listingId, fresh)
    answer.catch(() => cache.get(listingId) === fresh && cache.delete(listingId))
    entry = fresh
  }
  const { slots, timeZone } = await entry.answer
  const skipped = except?.toISOString()
  return { slots: slots.filter((slot) => slot.startsAt !== skipped).slice(0, count), timeZone }
}
