// A short-lived cache of search pages. Popular searches repeat (the first page of a city, a price
// band); answering them from memory for a few seconds spares the database the same index walk and
// the capped count many times a second. Any listing change made through this process empties it at
// once; another instance's changes show here within the cache's lifetime (SEARCH_CACHE_SECONDS).
// Identical searches arriving together share one query.
import type { Db } from '#server/db/client.server.ts'
import { parseOrThrow } from '#server/errors.server.ts'
import { listingChangeGeneration } from './changes.ts'
import { findListings, type ListingPage } from './listings.server.ts'
import { listingSearchSchema, type ListingSearchInput } from './schemas.ts'

export type ListingSearcher = (input: ListingSearchInput | Record<string, unknown>) => Promise<ListingPage>

type Entry = { generation: number; expires: number; page: Promise<ListingPage> }

/** Searches through the cache; with `seconds` 0 every search goes to the database. */
export function createListingSearcher(db: Db, { seconds, maxEntries = 500 }: { seconds: number; maxEntries?: number }): ListingSearcher {
  const entries = new Map<string, Entry>()
  return async (input) => {
    // Parsed first: bad input is refused the same way cached or not, and equal searches written
    // differently (`type=house,condo` and `type=condo&type=house` aside) share one key.
    const search = parseOrThrow(listingSearchSchema, input, 'Some search parameters are not valid.')
    if (seconds <= 0) return findListings(db, { search: input })
    const key = JSON.stringify(search)
    const now = Date.now()
    const generation = listingChangeGeneration()
    const cached = entries.get(key)
    if (cached && cached.generation === generation && cached.expires > now) return cached.page
    const entry: Entry = { generation, expires: now + seconds * 1000, page: findListings(db, { search: input }) }
    entries.delete(key)
    entries.set(key, entry)
    // A failed search is not kept.
    entry.page.catch(() => {
      if (entries.get(key) === entry) entries.delete(key)
    })
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
    return entry.page
  }
}
