// Tours as their two parties read them. Every query carries the viewer: a third person's read finds
// nothing, so every tour address answers them 404.
import { and, asc, desc, eq, gte, lt, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { localDateOf } from '#common/tours/slots.ts'
import type { TourDetail, TourEventView, TourView } from '#common/tours/types.ts'
import type { TourAction, TourState } from '#common/tours/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { listing, tour, tourEvent, user } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'

const renter = alias(user, 'renter')
const landlord = alias(user, 'landlord')

const columns = {
  tour,
  listingTitle: listing.title,
  street: listing.street,
  unit: listing.unit,
  city: listing.city,
  state: listing.state,
  zip: listing.zip,
  renterName: renter.name,
  landlordName: landlord.name,
}

type Joined = {
  tour: typeof tour.$inferSelect
  listingTitle: string
  street: string
  unit: string
  city: string
  state: string
  zip: string
  renterName: string
  landlordName: string
}

function viewOf(row: Joined, viewerId: string): TourView {
  const t = row.tour
  return {
    id: t.id,
    state: t.state as TourState,
    role: t.landlordId === viewerId ? 'landlord' : 'renter',
    startsAt: t.startsAt.toISOString(),
    endsAt: t.endsAt.toISOString(),
    timeZone: t.timeZone,
    partySize: t.partySize,
    note: t.note,
    reason: t.reason,
    answerBy: t.answerBy.toISOString(),
    listing: {
      id: t.listingId,
      title: row.listingTitle,
      address: `${row.street}${row.unit ? `, ${row.unit}` : ''}, ${row.city}, ${row.state} ${row.zip}`,
    },
    renter: { id: t.renterId, name: row.renterName },
    landlord: { id: t.landlordId, name: row.landlordName },
  }
}

function joined(db: Db) {
  return db
    .select(columns)
    .from(tour)
    .innerJoin(listing, eq(listing.id, tour.listingId))
    .innerJoin(renter, eq(renter.id, tour.renterId))
    .innerJoin(landlord, eq(landlord.id, tour.landlordId))
}

const isParty = (viewerId: string) => or(eq(tour.renterId, viewerId), eq(tour.landlordId, viewerId))

/** One tour with its history, for one of its two parties. */
export async function findTour(db: Db, { viewerId, tourId }: { viewerId: string; tourId: number }): Promise<TourDetail> {
  const [row] = await joined(db).where(and(eq(tour.id, tourId), isParty(viewerId)))
  if (!row) throw new AppError('not-found', 'No such tour.')
  const events = await db.select().from(tourEvent).where(eq(tourEvent.tourId, tourId)).orderBy(asc(tourEvent.id))
  const byOf = (actorId: string | null): TourEventView['by'] =>
    actorId === null ? 'site' : actorId === row.tour.landlordId ? 'landlord' : 'renter'
  return {
    ...viewOf(row, viewerId),
    events: events.map((e) => ({
      action: e.action as TourAction,
      fromState: e.fromState as TourState | null,
      toState: e.toState as TourState,
      by: byOf(e.actorId),
      reason: e.reason,
      startsAt: e.startsAt.toISOString(),
      at: e.createdAt.toISOString(),
    })),
  }
}

/** The viewer's tours on either side: upcoming ones soonest first, past ones latest first. */
export async function listTours(
  db: Db,
  { viewerId, when, now = new Date(), limit = 100 }: { viewerId: string; when: 'upcoming' | 'past'; now?: Date; limit?: number },
): Promise<TourView[]> {
  const rows = await joined(db)
    .where(and(isParty(viewerId), when === 'upcoming' ? gte(tour.endsAt, now) : lt(tour.endsAt, now)))
    .orderBy(when === 'upcoming' ? asc(tour.startsAt) : desc(tour.startsAt), asc(tour.id))
    .limit(limit)
  return rows.map((row) => viewOf(row, viewerId))
}

/** A landlord's day across all their listings: the tours that fall on that date in each listing's own zone. */
export async function listLandlordDay(db: Db, { viewerId, date }: { viewerId: string; date: string }): Promise<TourView[]> {
  const midnight = Date.parse(`${date}T00:00:00Z`)
  if (Number.isNaN(midnight)) throw new AppError('invalid', 'Give the day as YYYY-MM-DD.')
  // Every US zone is within 14 hours of UTC: a day's tours start within these bounds wherever the listing is.
  const rows = await joined(db)
    .where(
      and(
        eq(tour.landlordId, viewerId),
        gte(tour.startsAt, new Date(midnight - 14 * 3_600_000)),
        lt(tour.startsAt, new Date(midnight + 38 * 3_600_000)),
        sql`${tour.state} in ('requested', 'confirmed', 'completed', 'no_show')`,
      ),
    )
    .orderBy(asc(tour.startsAt), asc(tour.id))
  return rows.filter((row) => localDateOf(row.tour.startsAt.getTime(), row.tour.timeZone) === date).map((row) => viewOf(row, viewerId))
}
