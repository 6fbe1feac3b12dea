// How a listing's asking rent compares with the typical rent of its own city and bedrooms group, for the listing
// page ("About $90 a month less than similar 2-bedroom homes in Wilmington"), with how sure that typical rent is
// and, one step away, the Cooper Index figures behind it.
//
// Only the listing's city is compared with: a state's or the nation's typical rent mixes towns whose rents
// differ by far more than one home from another, so "above the Delaware index" would say little about this
// home. When the city's group has no recent month with enough data and a dollar level, there is no comparison.
import { and, desc, eq, sql } from 'drizzle-orm'
import type { RentComparison } from '#common/cooper/comparison.ts'
import type { Db } from '#server/db/client.server.ts'
import { cooperIndexCurrent, cooperIndexMarket, cooperIndexPoint } from '#server/db/schema.ts'
import { bedroomsGroupOf, marketKeyOf } from './markets.server.ts'
import { pointsOfMarket } from './read.server.ts'

/** A level older than this many months before the market's latest month is too old to compare a rent of today with. */
export const COMPARISON_MAX_AGE_MONTHS = 6

export type ComparableListing = {
  city: string
  state: string
  bedrooms: number
  /** Only a lease offer has an asking rent to compare; a home let only by the night has none. */
  lease: { monthlyRentCents: number } | null
}

/** The typical rent of a city's bedrooms group: the level of its latest month with enough data (within COMPARISON_MAX_AGE_MONTHS of the market's latest). */
export type TypicalRent = Omit<RentComparison, 'rentCents' | 'difference'>

/**
 * The Cooper Index's typical rent of a city and bedrooms group as it stands, with its band and the
 * repeat rents behind it; null when the index has too little data there (no recent month with enough
 * data and a dollar level).
 */
export async function findTypicalRent(
  db: Db,
  { city, state, bedrooms: rooms }: { city: string; state: string; bedrooms: number },
): Promise<TypicalRent | null> {
  const marketKey = marketKeyOf(state, city)
  const bedrooms = bedroomsGroupOf(rooms)
  const [row] = await db
    .select({
      marketName: cooperIndexMarket.name,
      latestMonth: cooperIndexMarket.latestMonth,
      levelRents: cooperIndexMarket.levelRents,
      levelHalfWidth: cooperIndexMarket.levelHalfWidth,
      month: cooperIndexPoint.month,
      index: cooperIndexPoint.index,
      low: cooperIndexPoint.low,
      high: cooperIndexPoint.high,
      levelCents: cooperIndexPoint.levelCents,
      pairs: cooperIndexPoint.pairs,
    })
    .from(cooperIndexCurrent)
    .innerJoin(
      cooperIndexMarket,
      and(
        eq(cooperIndexMarket.runId, cooperIndexCurrent.runId),
        eq(cooperIndexMarket.marketKey, marketKey),
        eq(cooperIndexMarket.bedrooms, bedrooms),
      ),
    )
    .innerJoin(cooperIndexPoint, pointsOfMarket)
    .where(
      and(
        eq(cooperIndexPoint.enoughData, true),
        sql`${cooperIndexPoint.levelCents} is not null and ${cooperIndexPoint.index} is not null`,
        sql`${cooperIndexPoint.month} >= ${cooperIndexMarket.latestMonth} - ${`${COMPARISON_MAX_AGE_MONTHS} months`}::interval`,
      ),
    )
    .orderBy(desc(cooperIndexPoint.month))
    .limit(1)
  if (!row || row.levelCents === null || row.index === null || row.levelCents <= 0) return null
  const bandHalfWidth = row.low !== null && row.high !== null && row.index > 0 ? (row.high - row.low) / 2 / row.index : null
  if (bandHalfWidth === null) return null
  // The typical rent's own spread is that of the latest month's (the anchor of the dollars); an older month
  // adds the index's change since, so it is shown only for the latest.
  const isLatest = row.month === row.latestMonth
  return {
    marketKey,
    marketName: row.marketName,
    bedrooms,
    month: row.month,
    levelCents: row.levelCents,
    bandHalfWidth,
    pairs: row.pairs,
    levelRents: isLatest ? row.levelRents : null,
    levelHalfWidth: isLatest ? row.levelHalfWidth : null,
  }
}

/** The comparison of the listing's asking rent with its city's index for its bedrooms group, or null. */
export async function findRentComparison(db: Db, listing: ComparableListing): Promise<RentComparison | null> {
  if (!listing.lease || listing.lease.monthlyRentCents <= 0) return null
  const typical = await findTypicalRent(db, listing)
  if (!typical) return null
  const rentCents = listing.lease.monthlyRentCents
  return { ...typical, rentCents, difference: rentCents / typical.levelCents - 1 }
}
