// A listing's open tour slots for the next 14 days, as a renter sees them: the availability its owner
// set, in the listing's zone, less the places live tours hold and the times the owner is taken at
// another of their homes, all read in one query.
import { and, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { computeSlots, isoOf, SLOT_DAYS, type Busy, type Slot, type SlotDay } from '#common/tours/slots.ts'
import type { Db } from '#server/db/client.server.ts'
import { listing, tour, tourAvailability, tourSlot, userBlock } from '#server/db/schema.ts'
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

// A confirmed tour's time as the GiST index of tour_landlord_overlap_excl (migration 0032) holds it:
// written this way, the owner's confirmed tours are found there, not among all their tours.
const confirmedSpan = sql`tstzrange(${tour.startsAt}, ${tour.endsAt})`

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

/** The listing a renter may tour: published, with its owner and zone; anything else does not exist. */
function homeOf<T extends { status: string; timeZone: string | null; latitude: number; longitude: number }>(row: T) {
  if (row.status !== 'published') throw new AppError('not-found', 'No such listing.')
  return { ...row, timeZone: listingTimeZone(row) }
}

type ViewShape = { time: boolean; renter: boolean; window: boolean }

/**
 * The booking view's query for one shape (which of a time, a renter and a window are asked), its values
 * placeholders: built once per database handle and shape, and a named statement that PostgreSQL parses
 * and plans once per connection. Building and planning it were most of a request's cost in a burst.
 */
function bookingViewQuery(db: Db | Tx, shape: ViewShape) {
  const at = sql.placeholder('startsAt')
  const renterId = sql.placeholder('renterId')
  const epochMs = (column: unknown) => sql`(extract(epoch from ${column}) * 1000)::bigint`
  const minutes = sql`coalesce(${own.tourMinutes}, ${defaults.tourMinutes}, 30)`
  return (
    db
      .select({
        ...homeColumns,
        own,
        defaults,
        booked: (shape.time
          ? sql`coalesce((select ${tourSlot.booked} from ${tourSlot} where ${tourSlot.listingId} = ${listing.id} and ${tourSlot.startsAt} = ${at}::timestamptz), 0)`
          : sql`0`
        ).mapWith(Number),
        isOwnerBusy: (shape.time
          ? sql`exists (select 1 from ${tour} where ${tour.landlordId} = ${listing.ownerId} and ${tour.state} = 'confirmed' and ${tour.listingId} <> ${listing.id} and ${confirmedSpan} && tstzrange(${at}::timestamptz, ${at}::timestamptz + make_interval(mins => ${minutes})))`
          : sql`false`
        ).mapWith(Boolean),
        isBlocked: (shape.renter
          ? sql`exists (select 1 from ${userBlock} where (${userBlock.blockerId} = ${listing.ownerId} and ${userBlock.blockedId} = ${renterId}) or (${userBlock.blockerId} = ${renterId} and ${userBlock.blockedId} = ${listing.ownerId}))`
          : sql`false`
        ).mapWith(Boolean),
        // The window's places and the owner's confirmed tours elsewhere, as two JSON arrays of numbers
        // (one row to read, no Date made per row), from tour_slot's primary key and the GiST index.
        places: (shape.window
          ? sql`(select coalesce(json_agg(json_build_array(${epochMs(tourSlot.startsAt)}, ${tourSlot.booked})), '[]')::text from ${tourSlot} where ${tourSlot.listingId} = ${listing.id} and ${tourSlot.startsAt} >= ${sql.placeholder('from')}::timestamptz and ${tourSlot.startsAt} < ${sql.placeholder('until')}::timestamptz and ${tourSlot.booked} > 0)`
          : sql`'[]'`
        ).mapWith((text: string) => JSON.parse(text) as [number, number][]),
        busy: (shape.window
          ? sql`(select coalesce(json_agg(json_build_array(${epochMs(tour.startsAt)}, ${epochMs(tour.endsAt)})), '[]')::text from ${tour} where ${tour.landlordId} = ${listing.ownerId} and ${tour.state} = 'confirmed' and ${tour.listingId} <> ${listing.id} and ${confirmedSpan} && tstzrange(${sql.placeholder('from')}::timestamptz, ${sql.placeholder('until')}::timestamptz))`
          : sql`'[]'`
        ).mapWith((text: string) => JSON.parse(text) as [number, number][]),
      })
      .from(listing)
      // Written as tour_availability_owner_listing_idx holds them: (owner_id, coalesce(listing_id, 0)).
      .leftJoin(own, and(eq(own.ownerId, listing.ownerId), sql`coalesce(${own.listingId}, 0) = ${listing.id}`))
      .leftJoin(defaults, and(eq(defaults.ownerId, listing.ownerId), sql`coalesce(${defaults.listingId}, 0) = 0`))
      .where(eq(listing.id, sql.placeholder('listingId')))
      .prepare(`tour_view_${shape.time ? 1 : 0}${shape.renter ? 1 : 0}${shape.window ? 1 : 0}`)
  )
}

const viewQueries = new WeakMap<Db | Tx, Map<string, ReturnType<typeof bookingViewQuery>>>()

/**
 * A tourable listing and the availability it follows, in one query; given a time, also the places
 * already held then and whether its owner has a confirmed tour at another home overlapping it (the
 * tour's length is the availability's); given a renter, whether either of the two blocked the other
 * (the rule of the messages area's hasBlocked, read here so a request costs one query before its
 * transaction).
 */
export async function findBookingView(
  db: Db | Tx,
  {
    listingId,
    startsAt = null,
    renterId = null,
    window = null,
  }: { listingId: number; startsAt?: Date | null; renterId?: string | null; window?: { from: Date; until: Date } | null },
) {
  const shape = { time: startsAt !== null, renter: renterId !== null, window: window !== null }
  const key = `${+shape.time}${+shape.renter}${+shape.window}`
  let queries = viewQueries.get(db)
  if (!queries) viewQueries.set(db, (queries = new Map()))
  let query = queries.get(key)
  if (!query) queries.set(key, (query = bookingViewQuery(db, shape)))
  const [row] = await query.execute({ listingId, startsAt, renterId, from: window?.from, until: window?.until })
  if (!row) throw new AppError('not-found', 'No such listing.')
  const { own: ownRow, defaults: defaultRow, booked, isOwnerBusy, isBlocked, places, busy, ...home } = row
  return {
    home: homeOf(home),
    availability: availabilityFollowed(ownRow, defaultRow),
    booked,
    isOwnerBusy,
    isBlocked,
    taken: new Map(places.map(([at, n]) => [isoOf(at), n])),
    busy: busy.map(([from, until]): Busy => ({ startsAt: from, endsAt: until })),
  }
}

/** The open slots of a published listing (none when its owner turned tours off). */
export async function findOpenSlots(db: Db, { listingId, now = new Date() }: { listingId: number; now?: Date }): Promise<OpenSlots> {
  const window = { from: new Date(now.getTime() - 86_400_000), until: new Date(now.getTime() + (SLOT_DAYS + 2) * 86_400_000) }
  const { home, availability, taken, busy } = await findBookingView(db, { listingId, window })
  return {
    listingId,
    timeZone: home.timeZone,
    tourMinutes: availability.tourMinutes,
    partiesPerSlot: availability.partiesPerSlot,
    toursEnabled: availability.toursEnabled,
    days: computeSlots({ availability, timeZone: home.timeZone, now, taken, busy }),
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
