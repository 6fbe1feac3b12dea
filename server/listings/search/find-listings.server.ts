// The search renters run: a page of published, recently confirmed listings with its total, found by
// the in-memory search index (engine/, decision 026) as of every change committed before the search
// began, its result cards read from the index too. Then one small query reads the change log's head:
// when a change the index had not applied was committed meanwhile, the index catches up and the
// search runs again, so one round trip serves a search that meets no change. While the index cannot
// answer so (it is loading, or reloading after pruned log rows), and when changes outrun a search's
// few catch-ups, PostgreSQL answers the same search (database-search.server.ts).
import type { Db } from '#server/db/client.server.ts'
import { parseOrThrow } from '#server/errors.server.ts'
import { encodeCursor, listingSearchSchema, type ListingSearchInput } from '#common/listings/schemas.ts'
import { US_STATE_NAMES } from '#common/cooper/states.ts'
import { TOTAL_CAP, type ListingPage, type ListingSummary, type SearchReading } from '#common/listings/types.ts'
import { LISTING_TYPES, type ListingSort } from '#common/listings/vocabulary.ts'
import { photoView } from '#common/listings/photos.ts'
import { summaryOf, type SummaryRow } from '../mapping.server.ts'
import { searchDatabase } from './database-search.server.ts'
import { FLAG, type ListingIndex } from './engine/listing-index.ts'
import { readHead, searchIndexOf } from './engine/live-index.server.ts'
import { countIndex, searchIndex, type IndexPage, type IndexPlan, type IndexWork } from './engine/query.ts'
import { examineSearch, type ParsedSearch, type SearchPlace, type SearchTerms } from './terms.server.ts'

/**
 * The ways a page can be found, for tests that check every one gives the same answers: as the index's
 * exact sizes choose; every candidate tested and sorted; a walk of the sort's order to its end; a
 * walk that gives way to testing the candidates after two entries; a walk that looks the words up
 * on each listing it meets rather than finding their listings first; and PostgreSQL, as while the
 * index loads.
 */
export const SEARCH_PLANS = {
  chosen: { page: 'chosen' },
  gather: { page: 'gather' },
  walk: { page: 'walk' },
  'short walk': { page: 'walk', walkEntries: 2 },
  'words looked up': { page: 'walk', words: 'looked up' },
  database: 'database',
} as const satisfies Record<string, IndexPlan | 'database'>

export type SearchPlanName = keyof typeof SEARCH_PLANS

/** A time in microseconds since 1970 as the newest sort's cursor writes it (ISO 8601, microseconds kept). */
function isoOfMicros(micros: number): string {
  const seconds = Math.floor(micros / 1_000_000)
  const fraction = micros - seconds * 1_000_000
  return `${new Date(seconds * 1000).toISOString().slice(0, 19)}.${String(fraction).padStart(6, '0')}Z`
}

/** The cursor key of the listing in `slot` for the sort. */
function sortKeyOf(index: ListingIndex, slot: number, sort: ListingSort): string | number {
  if (sort === 'newest') return isoOfMicros(index.created[slot]!)
  return sort === 'largest' ? index.sqft[slot]! : index.price[slot]!
}

const isoDay = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10)

/** The result card of the listing in `slot`, from the index alone. */
function summaryOfSlot(index: ListingIndex, slot: number): ListingSummary {
  const card = index.cards.get(slot)
  const flags = index.flags[slot]!
  const row: SummaryRow = {
    id: index.ids[slot]!,
    title: card.title,
    type: LISTING_TYPES[index.type[slot]!]!,
    status: 'published',
    city: card.cityName,
    state: index.states.names[index.state[slot]!]!.toUpperCase(),
    zip: index.zips.names[index.zip[slot]!]!,
    neighborhood: card.neighborhoodName,
    latitude: index.latitude[slot]!,
    longitude: index.longitude[slot]!,
    bedrooms: index.beds[slot]!,
    bathroomHalves: index.baths[slot]!,
    interiorSqft: index.sqft[slot]!,
    allInMonthlyCents: index.price[slot]!,
    monthlyRentCents: card.monthlyRentCents,
    minTermMonths: card.minTermMonths,
    depositCents: card.depositCents,
    nightlyCents: card.nightlyCents,
    minNights: card.minNights,
    amenities: card.amenities,
    allowsCats: (flags & FLAG.cats) !== 0,
    allowsDogs: (flags & FLAG.dogs) !== 0,
    isFurnished: (flags & FLAG.furnished) !== 0,
    availableFrom: isoDay(index.available[slot]!),
    createdAt: new Date(card.createdMs),
    lastConfirmedAt: new Date(card.confirmedMs),
  }
  return summaryOf(row, card.photo ? photoView(card.photo) : null)
}

/**
 * How many times a search runs again on the index after finding that changes were committed while it
 * ran. Each catch-up applies every change up to the head it read, so a search runs more than twice
 * only while writes keep landing within its few milliseconds; past this, PostgreSQL answers it (one
 * query's snapshot is never behind), rather than keeping the renter waiting or refusing the search.
 */
export const MOST_SEARCH_TRIES = 3

/**
 * A page of published, recently confirmed listings. The total is counted only for the first page (or
 * when asked with `total`), up to TOTAL_CAP + 1 matches. Tests may force the plan, read what the
 * search did (`onWork`, not called when PostgreSQL answered), and change listings after the index
 * was searched and before the head is read (`afterIndexSearched`), as another instance may.
 */
export async function findListings(
  db: Db,
  {
    search: input,
    plan = 'chosen',
    onWork,
    afterIndexSearched,
  }: {
    viewerId?: string | null
    search: ListingSearchInput | Record<string, unknown>
    plan?: SearchPlanName
    onWork?: (work: IndexWork) => void
    afterIndexSearched?: () => Promise<void>
  },
): Promise<ListingPage> {
  const parsed = parseOrThrow(listingSearchSchema, input, 'Some search parameters are not valid.')
  const wantsTotal = parsed.total ?? !parsed.cursor
  const live = searchIndexOf(db)
  const indexPlan = SEARCH_PLANS[plan]
  if (indexPlan === 'database') return findInDatabase(db, parsed, wantsTotal)
  // Loading (some seconds for a million listings) or reloading: searches are answered meanwhile, not held.
  if (!live.isAnswering) {
    live.load().catch(() => {
      // The services log a failed load; the next search starts it again.
    })
    return findInDatabase(db, parsed, wantsTotal)
  }
  for (let tries = 1; ; tries += 1) {
    // The index as it stands (no await from the search to the query) and the change its reading
    // of the text was made at: a change after that one, read in the page's query, means the search
    // runs again once the index has applied it.
    const { terms, index, applied } = await examineSearch(db, parsed, { isHeadRead: false })
    const { search } = terms
    const found = searchIndex(index, terms.indexSearch, { withTotal: wantsTotal, plan: indexPlan })
    // The cards are read now: the index may change while the head is read.
    const items = found.slots.slice(0, search.limit).map((slot) => summaryOfSlot(index, slot))
    const nextCursor = nextCursorOf(index, found, search.limit, search.sort)
    await afterIndexSearched?.()
    // The search's one query.
    const head = await readHead(db)
    if (head > applied) {
      // At the bound, or when the index cannot catch up (log rows it needs were pruned), PostgreSQL answers.
      if (tries >= MOST_SEARCH_TRIES || !(await live.catchUpTo(head))) return findInDatabase(db, parsed, wantsTotal)
      continue
    }
    onWork?.(found.work)
    return {
      items,
      nextCursor,
      total: found.total === null ? null : Math.min(found.total, TOTAL_CAP),
      isTotalCapped: (found.total ?? 0) > TOTAL_CAP,
      reading: readingOf(terms, items[0]),
    }
  }
}

/** How many listings a search matches, as a page's total says it. */
export type ListingCount = Pick<ListingPage, 'isTotalCapped'> & { total: number }

/**
 * How many published, recently confirmed listings each search matches (up to TOTAL_CAP, and whether
 * there are more), as `findListings` totals them, as of every change committed before the count began:
 * all from one index and one read of the change log's head, without their pages (an empty search's
 * ways out: one count for each filter it could drop). PostgreSQL answers, a whole search each, while
 * the index cannot, and when changes outrun the few catch-ups.
 */
export async function countListings(db: Db, inputs: (ListingSearchInput | Record<string, unknown>)[]): Promise<ListingCount[]> {
  const searches = inputs.map((input) => parseOrThrow(listingSearchSchema, input, 'Some search parameters are not valid.'))
  const inDatabase = () =>
    Promise.all(
      searches.map(async (parsed) => {
        const { total, isTotalCapped } = await findInDatabase(db, { ...parsed, limit: 1 }, true)
        return { total: total ?? 0, isTotalCapped }
      }),
    )
  const live = searchIndexOf(db)
  if (searches.length === 0) return []
  if (!live.isAnswering) {
    live.load().catch(() => {
      // The services log a failed load; the next search starts it again.
    })
    return inDatabase()
  }
  for (let tries = 1; ; tries += 1) {
    // Each text is read first (the database reads a text's words once); then every count runs on the
    // index as it stands, with no await between them and the oldest change they were read at.
    const examined = await Promise.all(searches.map((parsed) => examineSearch(db, parsed, { isHeadRead: false })))
    const { index } = examined[0]!
    const applied = Math.min(...examined.map((one) => one.applied))
    const counts = examined.map(({ terms }) => countIndex(index, terms.indexSearch))
    const head = await readHead(db)
    if (head > applied || examined.some((one) => one.index !== index)) {
      if (tries >= MOST_SEARCH_TRIES || !(await live.catchUpTo(head))) return inDatabase()
      continue
    }
    return counts.map((count) => ({ total: Math.min(count, TOTAL_CAP), isTotalCapped: count > TOTAL_CAP }))
  }
}

/** The search answered by PostgreSQL, as a page of the same shape. */
async function findInDatabase(db: Db, parsed: ParsedSearch, wantsTotal: boolean): Promise<ListingPage> {
  const { items, after, total, isTotalCapped, ...terms } = await searchDatabase(db, parsed, { withTotal: wantsTotal })
  const sort = parsed.sort
  return {
    items,
    nextCursor: after ? encodeCursor({ sort, key: sort === 'newest' ? isoOfMicros(after.key) : after.key, id: after.id }) : null,
    total,
    isTotalCapped,
    reading: readingOf(terms, items[0]),
  }
}

/** The cursor after the page's last listing, when there is a next page. */
function nextCursorOf(index: ListingIndex, found: IndexPage, limit: number, sort: ListingSort): string | null {
  const last = found.slots[limit - 1]
  if (found.slots.length <= limit || last === undefined) return null
  return encodeCursor({ sort, key: sortKeyOf(index, last, sort), id: index.ids[last]! })
}

const titleCase = (name: string) => name.replace(/(^|[\s-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase())

/** A place as the site spells it: as a listing found there writes it, else its name in title case. */
function placeName({ kind, name, state }: SearchPlace, first: Pick<ListingSummary, 'city' | 'state' | 'neighborhood'> | undefined) {
  if (kind === 'state') return US_STATE_NAMES[name.toUpperCase()] ?? name.toUpperCase()
  const spelt = kind === 'city' ? first?.city : first?.neighborhood
  const written = spelt?.toLowerCase() === name ? spelt : titleCase(name)
  const inState = state?.toUpperCase() ?? (kind === 'city' ? first?.state : undefined)
  return inState ? `${written}, ${inState}` : written
}

/** What the search read from its text, for the page to say; null when it read only words. */
function readingOf(
  { place, rooms, tooCommon }: Pick<SearchTerms, 'place' | 'rooms' | 'tooCommon'>,
  first: Pick<ListingSummary, 'city' | 'state' | 'neighborhood'> | undefined,
): SearchReading | null {
  if (!place && rooms.beds === null && rooms.baths === null && tooCommon === null) return null
  return { place: place ? placeName(place, first) : null, correctedFrom: place?.correctedFrom ?? null, ...rooms, tooCommon }
}
