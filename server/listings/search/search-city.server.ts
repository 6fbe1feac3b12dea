// The city a search's text names, as the search itself reads it ("2br in austin tx" names Austin, TX):
// what a saved search's Cooper Index condition is about. A neighborhood, a state or words that name
// no place name no city.
import type { Db } from '#server/db/client.server.ts'
import { parseOrThrow } from '#server/errors.server.ts'
import { listingSearchSchema, type ListingSearchInput } from '#common/listings/schemas.ts'
import { findListings } from './find-listings.server.ts'
import { examineSearch } from './terms.server.ts'

export type SearchCity = {
  /** The city as the search's reading spells it ("Austin, TX"). */
  place: string
  city: string
  /** Its state's code, upper case; null when neither the text nor any home found there says it. */
  state: string | null
  /** The least bedrooms the search asks for, by its filter or its text ("2br"); null when it does not. */
  beds: number | null
}

/** The city the search's text names, or null when it names none. */
export async function findSearchCity(db: Db, input: ListingSearchInput | Record<string, unknown>): Promise<SearchCity | null> {
  const parsed = parseOrThrow(listingSearchSchema, input, 'Some search parameters are not valid.')
  const { terms } = await examineSearch(db, parsed, { isHeadRead: false })
  if (terms.place?.kind !== 'city') return null
  // The reading spells the city as a home found there writes it, and gives its state when the text did not.
  const page = await findListings(db, { search: { ...input, limit: 1, total: false } })
  const first = page.items[0]
  const isSpeltByHome = first?.city.toLowerCase() === terms.place.name
  const city = isSpeltByHome
    ? first!.city
    : terms.place.name.replace(/(^|[\s-])(\p{L})/gu, (_, b: string, l: string) => b + l.toUpperCase())
  const state = terms.place.state?.toUpperCase() ?? (isSpeltByHome ? first!.state : null)
  return { place: page.reading?.place ?? (state ? `${city}, ${state}` : city), city, state, beds: terms.search.beds ?? null }
}
