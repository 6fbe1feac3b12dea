// A short-lived cache of search pages. Popular searches repeat (the first page of a city, a price
// band); answering them from memory for a few seconds spares the database the same index walk and
// the capped count many times a second. Any listing change made through this process empties it at
// once; another instance's changes show here within the cache's lifetime (SEARCH_CACHE_SECONDS).
// Identical searches arriving together share one query.
import type { Db } from '#server/db/client.server.ts'
import { parseOrThrow } from '#server/errors.server.ts'
import { listingChangeGeneration } from './changes.ts'
import type { ListingPage } from '#common/listings/types.ts'
import { findListings } from './search/find-listings.server.ts'
import { listingSearchSchema, type ListingSearchInput } from '#common/listings/schemas.ts'

export type ListingSearcher = (input: ListingSearchInput | Record<string, unknown>) => Promise<ListingPage>

type Entry = { generation: number; expires: number; page: Promise<ListingPage> }

/** Searches through the cache; with `seconds` 0 every search goes to the database. */
export function createListingSearcher(db: Db, { seconds, maxEntries = 500 }: { seconds: number; maxEntries?: number }): ListingSearcher {
  const entries = new Map<string, Entry>()
  const isFresh = (entry: Entry | undefined): entry is Entry =>
    entry !== undefined && entry.generation === listingChangeGeneration() && entry.expires > Date.now()
  const keep = (key: string, entry: Entry) => {
    entries.delete(key)
    entries.set(key, entry)
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
  }
  return async (input) => {
    if (seconds <= 0) return findListings(db, { search: input })
    // A search asked for exactly as before is answered without parsing it again: only input that
    // parsed is ever kept, so bad input is always refused by the parse below.
    const asAsked = `asked:${JSON.stringify(input)}`
    const repeated = entries.get(asAsked)
    if (isFresh(repeated)) return repeated.page
    // Equal searches written differently (`type=house,condo` and `type=condo&type=house` aside)
    // share the entry of their parsed form.
    const search = parseOrThrow(listingSearchSchema, input, 'Some search parameters are not valid.')
    const key = JSON.stringify(search)
    const cached = entries.get(key)
    if (isFresh(cached)) {
      keep(asAsked, cached)
      return cached.page
    }
    const entry: Entry = {
      generation: listingChangeGeneration(),
      expires: Date.now() + seconds * 1000,
      page: findListings(db, { search: input }),
    }
    keep(key, entry)
    keep(asAsked, entry)
    // A failed search is not kept.
    entry.page.catch(() => {
      for (const k of [key, asAsked]) if (entries.get(k) === entry) entries.delete(k)
    })
    return entry.page
  }
}
