// The search renters run: a page of published, recently confirmed listings with its total. Its plan
// comes from exact counts (terms.server.ts, and the map's cells for an area): a search whose terms no
// listing carries is answered without a query; one whose terms few carry is looked up through them;
// one within a small map area is looked up through the area's index; any other walks a sort index
// (to its end when it has no words and every lookup would cost more, otherwise for a bounded number
// of entries and rows, and, when that does not fill the page, is looked up after all).
import type { Db } from '#server/db/client.server.ts'
import { parseOrThrow } from '#server/errors.server.ts'
import { encodeCursor, listingSearchSchema, type ListingSearchInput } from '#common/listings/schemas.ts'
import { US_STATE_NAMES } from '#common/cooper/states.ts'
import { TOTAL_CAP, type ListingPage, type ListingSummary, type SearchReading } from '#common/listings/types.ts'
import { summariesWithPhotos } from '../read.server.ts'
import {
  hasEntries,
  isWholeRange,
  lookingUp,
  lookupSettings,
  lookupCount,
  lookupPage,
  passingCount,
  walkCount,
  walkPage,
  type LookupThrough,
  type ParsedSearch,
} from './plan.server.ts'
import { examineSearch, type SearchPlace, type SearchTerms } from './terms.server.ts'

/** A search its terms' counts allow at most this many matches for is looked up, never walked. */
const LOOKUP_BOUND = 3_000

/**
 * How far a walk goes before giving way to a lookup: index entries for a page, and for a count, with
 * words and without (the index answers the filters, and the signature of the words rules out most
 * entries without the words: rows are read only for the others); how much further a page's walk goes
 * when that is more: without words, up to `shareOfLookup` of the entries' worth a lookup would cost,
 * with words, when the search is counted to match more than `wordsOnPast`, as far as the lookup of its
 * estimated matches would cost; with words, how many rows of the entries passing the filters and the
 * signature a page's walk reads to check them; how many times as many entries again a count's walk
 * may read when its matches so far promise enough; and the lookup a walk tries before going to the
 * index's end: how many matches it may find, and the most listings the search's terms may allow for
 * it to be tried (its GIN index reads every term's listings: past 150,000 in the rarest group it took
 * 55–110 ms on a million listings and never found few enough), and how many times cheaper than the
 * walk to the end a lookup of all matches must be estimated to be, from each group of terms' share of
 * the listings (`SearchTerms.expected`), to be made instead: groups that go together (houses with
 * three bedrooms) match more than that estimate.
 */
export const WALK_ENTRIES = {
  page: { words: 50_000, filters: 20_000, shareOfLookup: 0.5, wordsOnPast: TOTAL_CAP },
  count: { words: 10_000, filters: 30_000 },
  rowsToRead: 2_000,
  countFurther: 3,
  lookupBeforeEnd: { most: LOOKUP_BOUND, boundAtMost: 150_000, expectedMargin: 4 },
}

/** A looked-up listing (its row read, then sorted) costs about as much as this many index entries walked. */
const LOOKUP_ROW_COST = 30

/**
 * A listing of a large lookup costs about as much as this many index entries walked: its bitmap reads
 * the rows in the table's order (120,000 condos in 171 ms, 1.4 µs each; an entry walked, 0.25 µs).
 */
const BITMAP_ROW_COST = 6

/**
 * A search through its map area whose cost (below) is at most this many index entries' worth is
 * read through it (the area plan) whatever else it could do: about 6 ms.
 */
const AREA_MOST_ENTRIES = 20_000

/** What the lookup of a page may not do (lookupSettings): it reads the rows it finds. */
const pageLookupOf = (through: LookupThrough) => lookupSettings(through, { rows: true })
/** What the lookup of a count may not do: read any row it need not (without terms, or through an area without words). */
const countLookupOf = (terms: SearchTerms, through: LookupThrough) =>
  lookupSettings(through, { rows: (through === 'terms' ? terms.query : terms.text) !== null })

export type SearchPlan = 'lookup' | 'area' | 'walk'
type WalkEntries = typeof WALK_ENTRIES

/**
 * What a lookup costs, in index entries' worth, through the terms (the rows of the most listings they
 * allow) and through the map area (its index read between its south and north, and with words the
 * row of each listing inside it); Infinity where there is no such way.
 */
function lookupCosts({ area, bound, text }: SearchTerms): Record<LookupThrough, number> {
  return {
    terms: bound * LOOKUP_ROW_COST,
    area: area ? area.entries + (text ? area.inside * LOOKUP_ROW_COST : 0) : Infinity,
  }
}

/** The cheaper way for a lookup to find a search's listings, and its cost. */
function cheaperLookup(terms: SearchTerms): { through: LookupThrough; cost: number } {
  const costs = lookupCosts(terms)
  return costs.area < costs.terms ? { through: 'area', cost: costs.area } : { through: 'terms', cost: costs.terms }
}

/**
 * The plan a search takes, from exact counts: the lookup through its terms when they allow few
 * matches, or through its map area when that costs less and either costs little or less than even the
 * luckiest walk; else the walk.
 */
export function planOf(terms: SearchTerms): SearchPlan | 'none' {
  if (terms.bound === 0) return 'none'
  const { area, search } = terms
  const costs = lookupCosts(terms)
  const lookupCost = terms.bound <= LOOKUP_BOUND ? costs.terms : Infinity
  // Even were every listing the terms allow inside the area to match, spread evenly along the sort, a
  // walk would read this many entries to fill the page.
  const walkLeast = area ? ((search.limit + 1) * terms.published) / Math.max(1, Math.min(terms.bound, area.inside)) : 0
  if (costs.area < lookupCost && (costs.area <= AREA_MOST_ENTRIES || costs.area < walkLeast)) return 'area'
  return lookupCost < Infinity ? 'lookup' : 'walk'
}

/**
 * The walk's page, or the lookup's when the walk does not find it. `counting` is the search's count
 * when the page's total is counted too (alongside): with words, it tells whether matches are many.
 */
async function walkThenLookup(db: Db, search: ParsedSearch, terms: SearchTerms, walk: WalkEntries, counting: Promise<number | null>) {
  // Without words the walk reads the index alone, about LOOKUP_ROW_COST times cheaper per listing
  // than a lookup through the terms, which reads each match's row: when every lookup would cost more
  // than the whole index, the walk may go to the index's end.
  const lookup = cheaperLookup(terms)
  const broad = !terms.text && lookup.cost > terms.published
  // Were its groups of terms independent, the lookup through them would read few enough rows to cost
  // far less than a walk to the index's end (`q=Washington&type=room&sort=largest`: 72,000 homes in
  // the city, 60,000 rooms, 5,067 both, all at the end of the index by size: the walk to its end took
  // 247 ms, the lookup 39 ms).
  const isLookupLikelyCheaper = terms.expected * LOOKUP_ROW_COST * walk.lookupBeforeEnd.expectedMargin <= terms.published
  const triesLookupFirst = terms.bound <= walk.lookupBeforeEnd.boundAtMost || isLookupLikelyCheaper
  if (broad && terms.isNarrowed && terms.query && triesLookupFirst) {
    // Its terms allow many matches, but together with the rest of the search perhaps few or none: a
    // walk of the index's start, then a lookup of at most a few thousand matches (or of all, when they
    // are likely few enough), answer most such searches before a walk to the index's end
    // (`type=studio&beds=2` matches nothing: its walk to the end took 285 ms on a million listings,
    // the whole search now takes 26–42 ms).
    const start = await walkPage(db, search, terms, { entries: walk.page.filters, rowsToRead: walk.rowsToRead })
    if (start.length > search.limit) return start
    if (isLookupLikelyCheaper)
      return lookingUp(db, pageLookupOf('terms'), (tx) => lookupPage(tx, search, terms, { withTotal: false, through: 'terms' }))
    const { most } = walk.lookupBeforeEnd
    const few = await lookingUp(db, pageLookupOf('terms'), (tx) => lookupPage(tx, search, terms, { withTotal: true, most }))
    if ((few[0]?.total ?? 0) <= most) return few
  }
  // A walk without words goes on past its usual entries, up to a share of the lookup's cost, before
  // giving way to it: when the matches lie far along the sort (two-bedroom homes in a region, cheapest
  // first: none in the first 20,000 entries), the walk finds them sooner than the lookup, which reads
  // and sorts them all (162 ms; the longer walk 30 ms). When they lie further still, it costs at most
  // that share more than the lookup alone. With words it would read a row for every entry their
  // signature passes: when few rows have the words too, that cost more than the lookups it saved.
  const usual = terms.text ? walk.page.words : walk.page.filters
  const entries = broad ? null : terms.text ? usual : Math.max(usual, Math.round(lookup.cost * walk.page.shareOfLookup))
  const rows = await walkPage(db, search, terms, { entries, rowsToRead: walk.rowsToRead })
  if (rows.length > search.limit || entries === null) return rows
  // The page is not full: either the walk read all there is (the answer is whole), or the matches lie
  // further along than it may go, and the lookup finds them. After a longer walk the lookup answers
  // at once: knowing whether that walk reached the end would mean reading as far again.
  const { through } = lookup
  const lookUp = () => lookingUp(db, pageLookupOf(through), (tx) => lookupPage(tx, search, terms, { withTotal: false, through }))
  if (entries > usual) return lookUp()
  // Read from the start of a sort's whole index, the walk did not reach its end when it holds at
  // least as many entries as there are published listings (known exactly); else the index says.
  const more = isWholeRange(search) && terms.published >= entries ? true : (await hasEntries(db, search, entries)).length > 0
  const [passing] = more || !terms.text ? [] : await passingCount(db, search, terms, entries, walk.rowsToRead)
  const whole = !more && (passing?.n ?? 0) < walk.rowsToRead
  if (whole) return rows
  // With words, a search counted to match more than `wordsOnPast` listings whose page the walk did not
  // fill has its matches further along the sort. The walk goes on, as far as the lookup of as many
  // matches as the terms' shares estimate would cost (reading at most `rowsToRead` rows), then gives
  // way to it: it finds matches that lie ahead sooner than the lookup reading and sorting every one
  // (`q=loft or bedroom&beds=2&sort=price-asc`: 544,000 two-bedroom homes, the lookup 640 ms, the walk
  // 90 ms), and costs at most about as much again when they lie at the far end
  // (`q=studio -garden&pets=dogs&sort=largest`: studios are the smallest homes). Searches matching
  // fewer keep the lookup: walking on for them read rows for nothing.
  // (Words that are only negations can be expected anywhere: the walk may go to the end.)
  const reach = Math.round(terms.expected * BITMAP_ROW_COST)
  if (terms.text && reach > entries && ((await counting) ?? 0) > walk.page.wordsOnPast) {
    const further = await walkPage(db, search, terms, { entries: Number.isFinite(reach) ? reach : null, rowsToRead: walk.rowsToRead })
    if (further.length > search.limit) return further
  }
  return lookUp()
}

async function walkThenLookupCount(db: Db, search: ParsedSearch, terms: SearchTerms, walk: WalkEntries): Promise<number> {
  const entries = terms.text ? walk.count.words : walk.count.filters
  // A walk settles the count when it meets more than TOTAL_CAP matches or reads every published
  // listing; when even the most matches the terms allow, spread evenly, would not give it that many
  // within its entries, it is skipped.
  if (terms.published <= entries || (terms.bound / terms.published) * entries > TOTAL_CAP) {
    const [walked] = await walkCount(db, search, terms, entries)
    const n = walked?.n ?? 0
    if (n > TOTAL_CAP || terms.published <= entries) return n
    // Matches met as often further on would pass TOTAL_CAP within `further` entries more (with a
    // margin): when that is at most `walk.countFurther` times as many as it read, the walk goes on
    // (15 ms on average, where the lookup's count took 25–80 ms), and gives way to the lookup only
    // if it is not enough.
    const further = n === 0 ? Infinity : Math.ceil((((TOTAL_CAP + 1 - n) / n) * entries * 3) / 2)
    if (further <= entries * walk.countFurther) {
      const [next] = await walkCount(db, search, terms, further, { skip: entries, most: TOTAL_CAP + 1 - n })
      const more = next?.n ?? 0
      if (n + more > TOTAL_CAP || terms.published <= entries + further) return n + more
    }
  }
  return countLookedUp(db, search, terms, cheaperLookup(terms).through)
}

/** The lookup's count of the search's listings (all of them, whatever its cursor), up to TOTAL_CAP + 1. */
async function countLookedUp(db: Db, search: ParsedSearch, terms: SearchTerms, through: LookupThrough): Promise<number> {
  const [looked] = await lookingUp(db, countLookupOf(terms, through), (tx) => lookupCount(tx, search, terms, through))
  return looked?.n ?? 0
}

/**
 * A page of published, recently confirmed listings. The total is counted only for the first page (or
 * when asked with `total`), up to TOTAL_CAP + 1 matches: an exact broad count over a large table costs
 * far more than the page itself. Tests may force the plan and shorten the walks, to check that every
 * plan gives the same answers.
 */
export async function findListings(
  db: Db,
  {
    search: input,
    plan: forced,
    walk = WALK_ENTRIES,
  }: { viewerId?: string | null; search: ListingSearchInput | Record<string, unknown>; plan?: SearchPlan; walk?: WalkEntries },
): Promise<ListingPage> {
  const parsed = parseOrThrow(listingSearchSchema, input, 'Some search parameters are not valid.')
  const wantsTotal = parsed.total ?? !parsed.cursor
  const terms = await examineSearch(db, parsed)
  const { search } = terms
  const plan = forced ?? planOf(terms)
  if (plan === 'none')
    return { items: [], nextCursor: null, total: wantsTotal ? 0 : null, isTotalCapped: false, reading: readingOf(terms, undefined) }

  let rows
  let total: number | null = null
  if (plan === 'lookup' || plan === 'area') {
    const through = plan === 'area' ? 'area' : 'terms'
    // The page's matches are the search's all but after a cursor: then the total is counted apart.
    const isTotalInPage = wantsTotal && !search.cursor
    rows = await lookingUp(db, pageLookupOf(through), (tx) => lookupPage(tx, search, terms, { withTotal: isTotalInPage, through }))
    if (isTotalInPage) total = rows[0]?.total ?? 0
    else if (wantsTotal) total = await countLookedUp(db, search, terms, through)
  } else {
    const counting = wantsTotal ? walkThenLookupCount(db, search, terms, walk) : Promise.resolve(null)
    // The page only peeks at the count: a failing count is the Promise.all's to report.
    const counted = counting.catch(() => null)
    ;[rows, total] = await Promise.all([walkThenLookup(db, search, terms, walk, counted), counting])
  }
  const hasMore = rows.length > search.limit
  const items = rows.slice(0, search.limit)
  const last = items.at(-1)
  return {
    items: await summariesWithPhotos(db, items),
    nextCursor: hasMore && last ? encodeCursor({ sort: search.sort, key: last.sortKey, id: last.id }) : null,
    total: total === null ? null : Math.min(total, TOTAL_CAP),
    isTotalCapped: (total ?? 0) > TOTAL_CAP,
    reading: readingOf(terms, items[0]),
  }
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

/**
 * Every query a search's plans may run, built and not run, by name, with the settings it runs with
 * (bench/explain.ts reads their plans).
 */
export function searchQueries(db: Db, terms: SearchTerms) {
  const { search } = terms
  const wordsOrFilters = terms.text ? 'words' : 'filters'
  const walk = { entries: WALK_ENTRIES.page[wordsOrFilters], rowsToRead: WALK_ENTRIES.rowsToRead }
  const withTotal = !search.cursor
  return {
    'lookup page': { query: lookupPage(db, search, terms, { withTotal }), settings: pageLookupOf('terms') },
    'area page': { query: lookupPage(db, search, terms, { withTotal, through: 'area' }), settings: pageLookupOf('area') },
    'walk page': { query: walkPage(db, search, terms, walk), settings: [] },
    'walk count': { query: walkCount(db, search, terms, WALK_ENTRIES.count[wordsOrFilters]), settings: [] },
    'lookup count': { query: lookupCount(db, search, terms), settings: countLookupOf(terms, 'terms') },
    'area count': { query: lookupCount(db, search, terms, 'area'), settings: countLookupOf(terms, 'area') },
  }
}
