// The saved searches a listing matches as it stands. The saved-search index names the few that may
// find it (saved-search-index.server.ts: a superset of those that do, by where each can find homes
// and the filters it keeps); each is then tested on the listing by the search engine's own pieces
// (`SavedSearchIndex.finding`), as of the listings index's current state; then the Cooper Index condition of
// those that ask for it, from one comparison. While the listings index is loading, every active
// saved search is run through the search itself, page by page (`searchFinds`): slow, and the same
// answer (the property test, tests/integration/alerts-matching.test.ts, holds the two equal).
import { and, eq, ne } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { listing, savedSearch } from '#server/db/schema.ts'
import { findRentComparison } from '#server/cooper-index/index.server.ts'
import { findListings, listingFactsOf } from '#server/listings/index.server.ts'
import { readSavedQuery, searchInputOf } from '#common/alerts/saved-query.ts'
import type { BelowIndex, ListingMatch } from '#common/alerts/types.ts'
import type { AlertFrequency } from '#common/alerts/vocabulary.ts'
import { savedSearchIndexOf } from './saved-search-index.server.ts'

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

/** What a match read, for benchmarks: the saved searches tested on the listing, and whether each was run through the search instead (the index loading). */
export type MatchWork = { candidates: number; searched: boolean }

type Home = { ownerId: string; city: string; state: string; bedrooms: number; monthlyRentCents: number | null }
type Comparison = Awaited<ReturnType<typeof findRentComparison>>

/** The listing's Cooper Index comparison, read once and only when a saved search asks for it. */
function comparisonOnce(db: Db, home: Home): () => Promise<Comparison> {
  let comparison: Promise<Comparison> | null = null
  const lease = home.monthlyRentCents === null ? null : { monthlyRentCents: home.monthlyRentCents }
  return () => (comparison ??= findRentComparison(db, { city: home.city, state: home.state, bedrooms: home.bedrooms, lease }))
}

/**
 * The active saved searches (not paused, still readable, not the listing owner's own) that find the
 * published listing now, with the Cooper Index comparison of those that ask for one. Empty when the
 * listing is not published.
 */
export async function matchListing(
  db: Db,
  { listingId, onWork }: { listingId: number; onWork?: (work: MatchWork) => void },
): Promise<ListingMatch[]> {
  const saved = savedSearchIndexOf(db)
  // The listing's facts (the listings index brought up to the head first) read while the saved searches catch up with their log.
  const [facts] = await Promise.all([listingFactsOf(db, listingId), saved.current()])
  if (facts === 'absent') return []
  if (facts === null) {
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
    onWork?.({ candidates: saved.size, searched: true })
    return matchBySearching(db, home, listingId)
  }
  const home: Home = facts
  let candidates = 0
  const comparison = comparisonOnce(db, home)
  // Read while the saved searches are checked, when any asks for the Cooper Index (kept if none matches).
  if (saved.matches.isIndexAsked) comparison().catch(() => {})
  // The facts just read brought the listings index up to the head: the checks run on it as it stands.
  const found = await saved.finding(facts, home.ownerId, { isHeadRead: false, onCandidates: (n) => (candidates = n) })
  onWork?.({ candidates, searched: found === null })
  if (found === null) return matchBySearching(db, home, listingId)
  const compared = saved.matches.asksIndex(found) ? await comparison() : null
  return saved.matches.matchesOf(found, (percent) => belowIndexOf(compared, percent))
}

/** Every active saved search run through the search itself (while the listings index loads): exact, and slow. */
async function matchBySearching(db: Db, home: Home, listingId: number): Promise<ListingMatch[]> {
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
  const comparison = comparisonOnce(db, home)
  const matches: ListingMatch[] = []
  for (const saved of searches) {
    const reading = readSavedQuery(saved.query)
    if (!reading.ok) continue
    let belowIndex: BelowIndex | null = null
    if (saved.percent !== null) {
      belowIndex = belowIndexOf(await comparison(), saved.percent)
      if (!belowIndex) continue
    }
    if (!(await searchFinds(db, searchInputOf(saved.query), listingId))) continue
    matches.push({ savedSearchId: saved.id, userId: saved.userId, frequency: saved.frequency as AlertFrequency, belowIndex })
  }
  return matches
}
