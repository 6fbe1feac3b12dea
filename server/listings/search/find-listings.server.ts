// The search renters run: a page of published, recently confirmed listings with its total, found by
// the in-memory search index (engine/, decision 026) as of every change committed before the search
// began. The page's listings are then read with their cover photos in one query, which reads the
// change log's head too: when a change the index had not applied was committed meanwhile, the index
// catches up and the search runs again, so one round trip serves a search that meets no change.
import type { Db } from '#server/db/client.server.ts'
import { runPrepared } from '#server/db/prepared.server.ts'
import { parseOrThrow } from '#server/errors.server.ts'
import { encodeCursor, listingSearchSchema, type ListingSearchInput } from '#common/listings/schemas.ts'
import { US_STATE_NAMES } from '#common/cooper/states.ts'
import { TOTAL_CAP, type ListingPage, type ListingSummary, type SearchReading } from '#common/listings/types.ts'
import type { ListingSort } from '#common/listings/vocabulary.ts'
import { photoView } from '#common/listings/photos.ts'
import { summaryOf, type SummaryRow } from '../mapping.server.ts'
import type { ListingIndex } from './engine/listing-index.ts'
import { searchIndexOf } from './engine/live-index.server.ts'
import { searchIndex, type IndexPage, type IndexPlan, type IndexWork } from './engine/query.ts'
import { examineSearch, type SearchPlace, type SearchTerms } from './terms.server.ts'

/**
 * The ways a page can be found, for tests that check every one gives the same answers: as the index's
 * exact sizes choose; every candidate tested and sorted; a walk of the sort's order to its end; a
 * walk that gives way to testing the candidates after two entries; and a walk that looks the words up
 * on each listing it meets rather than finding their listings first.
 */
export const SEARCH_PLANS = {
  chosen: { page: 'chosen' },
  gather: { page: 'gather' },
  walk: { page: 'walk' },
  'short walk': { page: 'walk', walkEntries: 2 },
  'words looked up': { page: 'walk', words: 'looked up' },
} as const satisfies Record<string, IndexPlan>

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

/** The change log's head alone, for a search with no listing to read. */
const HEAD = { name: 'search-head', text: 'select n::float8 as head from listing_change_head' }

/** The change log's head, and the page's listings in order with their first ready photo (one gone since the index found it is left out). */
const PAGE_ROWS = {
  name: 'search-page-rows',
  text: `select (select n::float8 from listing_change_head) as head, l.id::float8 as id, l.title, l.type, l.status, l.city,
      l.state, l.zip, l.neighbourhood, l.latitude, l.longitude, l.bedrooms, l.bathroom_halves, l.interior_sqft,
      l.all_in_monthly_cents, l.monthly_rent_cents, l.min_term_months, l.deposit_cents, l.nightly_cents, l.min_nights,
      l.amenities, l.allows_cats, l.allows_dogs, l.is_furnished, l.available_from::text as available_from, l.created_at,
      l.last_confirmed_at, p.id::float8 as photo_id, p.alt_text, p.storage_key, p.width, p.height, p.placeholder, p.variant_widths
    from unnest($1::bigint[]) with ordinality as wanted(id, n)
    join listing l on l.id = wanted.id
    left join lateral (
      select ph.id, ph.alt_text, ph.storage_key, ph.width, ph.height, ph.placeholder, ph.variant_widths from listing_photo ph
      where ph.listing_id = l.id and ph.status = 'ready' order by ph.position, ph.id limit 1
    ) p on true
    order by wanted.n`,
}

type PageRow = {
  head: number
  id: number
  title: string
  type: string
  status: string
  city: string
  state: string
  zip: string
  neighbourhood: string
  latitude: number
  longitude: number
  bedrooms: number
  bathroom_halves: number
  interior_sqft: number
  all_in_monthly_cents: number
  monthly_rent_cents: number | null
  min_term_months: number | null
  deposit_cents: number | null
  nightly_cents: number | null
  min_nights: number | null
  amenities: string[]
  allows_cats: boolean
  allows_dogs: boolean
  is_furnished: boolean
  available_from: string
  created_at: Date | string
  last_confirmed_at: Date | string
  photo_id: number | null
  alt_text: string | null
  storage_key: string | null
  width: number | null
  height: number | null
  placeholder: string | null
  variant_widths: number[] | null
}

function summaryOfRow(row: PageRow): ListingSummary {
  const summary: SummaryRow = {
    id: Number(row.id),
    title: row.title,
    type: row.type,
    status: row.status,
    city: row.city,
    state: row.state,
    zip: row.zip,
    neighbourhood: row.neighbourhood,
    latitude: row.latitude,
    longitude: row.longitude,
    bedrooms: row.bedrooms,
    bathroomHalves: row.bathroom_halves,
    interiorSqft: row.interior_sqft,
    allInMonthlyCents: row.all_in_monthly_cents,
    monthlyRentCents: row.monthly_rent_cents,
    minTermMonths: row.min_term_months,
    depositCents: row.deposit_cents,
    nightlyCents: row.nightly_cents,
    minNights: row.min_nights,
    amenities: row.amenities,
    allowsCats: row.allows_cats,
    allowsDogs: row.allows_dogs,
    isFurnished: row.is_furnished,
    availableFrom: row.available_from,
    createdAt: new Date(row.created_at),
    lastConfirmedAt: new Date(row.last_confirmed_at),
  }
  const photo =
    row.photo_id === null
      ? null
      : photoView({
          id: Number(row.photo_id),
          altText: row.alt_text ?? '',
          storageKey: row.storage_key ?? '',
          width: row.width,
          height: row.height,
          placeholder: row.placeholder,
          variantWidths: row.variant_widths ?? [],
        })
  return summaryOf(summary, photo)
}

/** The page's summaries and the change log's head, in one query. */
async function readPage(db: Db, ids: number[]): Promise<{ head: number; items: ListingSummary[] }> {
  if (ids.length === 0) {
    const [row] = await runPrepared<{ head: number }>(db, HEAD, [])
    return { head: Number(row?.head ?? 0), items: [] }
  }
  const rows = await runPrepared<PageRow>(db, PAGE_ROWS, [`{${ids.join(',')}}`])
  if (rows.length === 0) return (await readPage(db, [])) as { head: number; items: ListingSummary[] }
  return { head: Number(rows[0]!.head), items: rows.map(summaryOfRow) }
}

/**
 * A page of published, recently confirmed listings. The total is counted only for the first page (or
 * when asked with `total`), up to TOTAL_CAP + 1 matches. Tests may force the plan, and read what the
 * search did (`onWork`).
 */
export async function findListings(
  db: Db,
  {
    search: input,
    plan = 'chosen',
    onWork,
  }: {
    viewerId?: string | null
    search: ListingSearchInput | Record<string, unknown>
    plan?: SearchPlanName
    onWork?: (work: IndexWork) => void
  },
): Promise<ListingPage> {
  const parsed = parseOrThrow(listingSearchSchema, input, 'Some search parameters are not valid.')
  const wantsTotal = parsed.total ?? !parsed.cursor
  const live = searchIndexOf(db)
  for (;;) {
    // The index as it stands (no await from the search to the query) and the change its reading
    // of the text was made at: a change after that one, read in the page's query, means the search
    // runs again once the index has applied it.
    const { terms, index, applied } = await examineSearch(db, parsed, { isHeadRead: false })
    const { search } = terms
    const found = searchIndex(index, terms.indexSearch, { withTotal: wantsTotal, plan: SEARCH_PLANS[plan] })
    const slots = found.slots.slice(0, search.limit)
    const nextCursor = nextCursorOf(index, found, search.limit, search.sort)
    const { head, items } = await readPage(
      db,
      slots.map((slot) => index.ids[slot]!),
    )
    if (head > applied) {
      await live.catchUpTo(head)
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

/** The cursor after the page's last listing, when there is a next page. */
function nextCursorOf(index: ListingIndex, found: IndexPage, limit: number, sort: ListingSort): string | null {
  const last = found.slots[limit - 1]
  if (found.slots.length <= limit || last === undefined) return null
  return encodeCursor({ sort, key: sortKeyOf(index, last, sort), id: index.ids[last]! })
}

const titleCase = (name: string) => name.replace(/(^|[\s-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase())

/** A place as the site spells it: as a listing found there writes it, else its name in title case. */
function placeName({ kind, name, state }: SearchPlace, first: Pick<ListingSummary, 'city' | 'state' | 'neighbourhood'> | undefined) {
  if (kind === 'state') return US_STATE_NAMES[name.toUpperCase()] ?? name.toUpperCase()
  const spelt = kind === 'city' ? first?.city : first?.neighbourhood
  const written = spelt?.toLowerCase() === name ? spelt : titleCase(name)
  const inState = state?.toUpperCase() ?? (kind === 'city' ? first?.state : undefined)
  return inState ? `${written}, ${inState}` : written
}

/** What the search read from its text, for the page to say; null when it read only words. */
function readingOf(
  { place, rooms }: SearchTerms,
  first: Pick<ListingSummary, 'city' | 'state' | 'neighbourhood'> | undefined,
): SearchReading | null {
  if (!place && rooms.beds === null && rooms.baths === null) return null
  return { place: place ? placeName(place, first) : null, correctedFrom: place?.correctedFrom ?? null, ...rooms }
}
