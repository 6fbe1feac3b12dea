// The saved searches a listing matches as it stands. This first version runs every active saved
// search through the search itself, page by page: exact by construction, and slow in proportion to
// the saved searches and their results. (The matching index replaces it; its property test holds it
// to this same answer.)
import { and, eq, ne } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { listing, savedSearch } from '#server/db/schema.ts'
import { findRentComparison } from '#server/cooper-index/index.server.ts'
import { findListings } from '#server/listings/index.server.ts'
import { readSavedQuery, searchInputOf } from '#common/alerts/saved-query.ts'
import type { BelowIndex, ListingMatch } from '#common/alerts/types.ts'
import type { AlertFrequency } from '#common/alerts/vocabulary.ts'

/** Whether the search (its own parameters, any sort) finds the listing: every page read until it shows. */
export async function searchFinds(db: Db, search: Record<string, unknown>, listingId: number): Promise<boolean> {
  let cursor: string | null = null
  do {
    const page: Awaited<ReturnType<typeof findListings>> = await findListings(db, {
      search: { ...search, limit: 50, total: false, ...(cursor ? { cursor } : {}) },
    })
    if (page.items.some((item) => item.id === listingId)) return true
    cursor = page.nextCursor
  } while (cursor)
  return false
}

/** The listing's rent against its city's index, when at least `percent` below it and below the band. */
export function belowIndexOf(comparison: Awaited<ReturnType<typeof findRentComparison>>, percent: number): BelowIndex | null {
  if (!comparison) return null
  const percentBelow = -comparison.difference * 100
  const isBelowBand = comparison.rentCents < comparison.levelCents * (1 - comparison.bandHalfWidth)
  if (!isBelowBand || percentBelow < percent) return null
  return {
    percentBelow: Math.round(percentBelow * 10) / 10,
    levelCents: comparison.levelCents,
    rentCents: comparison.rentCents,
    bandHalfWidth: comparison.bandHalfWidth,
    pairs: comparison.pairs,
    marketName: comparison.marketName,
    month: comparison.month,
  }
}

/**
 * The active saved searches (not paused, still readable, not the listing owner's own) that find the
 * published listing now, with the Cooper Index comparison of those that ask for one. Empty when the
 * listing is not published.
 */
export async function matchListing(db: Db, { listingId }: { listingId: number }): Promise<ListingMatch[]> {
  const [home] = await db
    .select({
      ownerId: listing.ownerId,
      status: listing.status,
      city: listing.city,
      state: listing.state,
      bedrooms: listing.bedrooms,
      monthlyRentCents: listing.monthlyRentCents,
    })
    .from(listing)
    .where(eq(listing.id, listingId))
  if (!home || home.status !== 'published') return []
  const searches = await db
    .select({
      id: savedSearch.id,
      userId: savedSearch.userId,
      query: savedSearch.query,
      frequency: savedSearch.frequency,
      percent: savedSearch.belowIndexPercent,
    })
    .from(savedSearch)
    .where(and(eq(savedSearch.isPaused, false), ne(savedSearch.userId, home.ownerId)))
    .orderBy(savedSearch.id)
  const lease = home.monthlyRentCents === null ? null : { monthlyRentCents: home.monthlyRentCents }
  let comparison: Promise<Awaited<ReturnType<typeof findRentComparison>>> | null = null
  const matches: ListingMatch[] = []
  for (const saved of searches) {
    const reading = readSavedQuery(saved.query)
    if (!reading.ok) continue
    let belowIndex: BelowIndex | null = null
    if (saved.percent !== null) {
      comparison ??= findRentComparison(db, { city: home.city, state: home.state, bedrooms: home.bedrooms, lease })
      belowIndex = belowIndexOf(await comparison, saved.percent)
      if (!belowIndex) continue
    }
    if (!(await searchFinds(db, searchInputOf(saved.query), listingId))) continue
    matches.push({ savedSearchId: saved.id, userId: saved.userId, frequency: saved.frequency as AlertFrequency, belowIndex })
  }
  return matches
}
