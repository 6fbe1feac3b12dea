// How a listing search becomes SQL: the conditions of its filters and free text, the sorts and their
// cursors, the choice between the text index and a walk along a sort index, and the page and count
// queries built from them (not run: bench/explain.ts reads their plans).
import { and, asc, count, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { alias, union } from 'drizzle-orm/pg-core'
import type { Db } from '#server/db/client.server.ts'
import { listing } from '#server/db/schema.ts'
import { parseOrThrow } from '#server/errors.server.ts'
import { listingSearchSchema, type ListingSearchInput } from '#common/listings/schemas.ts'
import { TOTAL_CAP } from '#common/listings/types.ts'
import { AMENITY_VALUES, CONFIRMATION_DAYS } from '#common/listings/vocabulary.ts'
import { summaryColumns, summaryColumnsOf } from '../mapping.server.ts'

const isFresh = () => sql`${listing.lastConfirmedAt} > now() - make_interval(days => ${CONFIRMATION_DAYS})`

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

export type ParsedSearch = ReturnType<typeof listingSearchSchema.parse>

/**
 * How a search with free text is answered. Without free text every condition is on a column the
 * covering search indexes carry, so Postgres filters, pages and counts from an index alone.
 * - 'index': one query; the planner picks the text index (GIN) or a sort index. Right for rare words.
 * - 'walk': the sort's covering index gives candidates in order, filtered by everything but the
 *   text, and only those are read and checked for the text, until the page is full. Right for common
 *   words, where the GIN bitmap alone would cost more than the whole page.
 */
export type TextStrategy = 'index' | 'walk'

/**
 * The parts of a search's WHERE: `filters` read only indexed columns; `text` needs the row. The text
 * is either of two conditions, `words` (the text index) or `cityPrefix` (a column the covering
 * indexes carry), kept apart too so that a count can use an index for each.
 */
type TextColumns = Record<'searchVector' | 'city', AnyColumn>
type TextCondition = (row: TextColumns) => SQL
type SearchConditions = {
  filters: SQL[]
  text: TextCondition | null
  textParts: { words: TextCondition; cityPrefix: TextCondition } | null
}

/**
 * Turns a parsed search into conditions. A ZIP prefix and an exact city name are filters: "Where do
 * you want to live?" answered with a place means homes in that place. Anything else is free text
 * over title, description, city, neighbourhood and ZIP, or a city prefix ("Wilm").
 */
function searchConditions(search: ParsedSearch, { isCity }: { isCity: boolean }): SearchConditions {
  const filters: SQL[] = [eq(listing.status, 'published'), isFresh()]
  let textParts: SearchConditions['textParts'] = null
  const q = search.q?.trim()
  if (q) {
    if (/^\d{1,5}$/.test(q)) {
      filters.push(sql`${listing.zip} like ${`${q}%`}`)
    } else if (isCity) {
      filters.push(sql`lower(${listing.city}) = ${q.toLowerCase()}`)
    } else {
      const prefix = `${escapeLike(q.toLowerCase())}%`
      textParts = {
        words: (row) => sql`${row.searchVector} @@ websearch_to_tsquery('english', ${q})`,
        cityPrefix: (row) => sql`lower(${row.city}) like ${prefix}`,
      }
    }
  }
  if (search.minPrice !== undefined) filters.push(sql`${listing.allInMonthlyCents} >= ${search.minPrice * 100}`)
  if (search.maxPrice !== undefined) filters.push(sql`${listing.allInMonthlyCents} <= ${search.maxPrice * 100}`)
  if (search.beds !== undefined) filters.push(sql`${listing.bedrooms} >= ${search.beds}`)
  if (search.baths !== undefined) filters.push(sql`${listing.bathroomHalves} >= ${Math.round(search.baths * 2)}`)
  if (search.type.length > 0) filters.push(inArray(listing.type, search.type))
  if (search.offer === 'lease') filters.push(sql`${listing.monthlyRentCents} is not null`)
  if (search.offer === 'short-term') filters.push(sql`${listing.nightlyCents} is not null`)
  if (search.pets.includes('cats')) filters.push(eq(listing.allowsCats, true))
  if (search.pets.includes('dogs')) filters.push(eq(listing.allowsDogs, true))
  if (search.furnished !== undefined) filters.push(eq(listing.isFurnished, search.furnished))
  if (search.amenities.length > 0) {
    const mask = search.amenities.reduce((bits, amenity) => bits | (1 << AMENITY_VALUES.indexOf(amenity)), 0)
    filters.push(sql`${listing.amenityBits} & ${mask} = ${mask}`)
  }
  if (search.availableBy) filters.push(sql`${listing.availableFrom} <= ${search.availableBy}`)
  if (search.south !== undefined) {
    filters.push(
      sql`${listing.latitude} between ${search.south} and ${search.north}`,
      sql`${listing.longitude} between ${search.west} and ${search.east}`,
    )
  }
  const parts = textParts
  const text: TextCondition | null = parts && ((row) => sql`(${parts.words(row)} or ${parts.cityPrefix(row)})`)
  return { filters, text, textParts }
}

// Each sort orders by one indexed key and the id, in the direction of its covering index, so a page
// is an index range scan and the cursor (key, id) continues exactly after the last row shown.
type SortColumns = Record<'id' | 'createdAt' | 'allInMonthlyCents' | 'interiorSqft', AnyColumn>
const sorts = {
  newest: {
    key: (c: SortColumns) => sql<string>`to_char(${c.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    order: (c: SortColumns) => [sql`${c.createdAt} desc nulls last`, sql`${c.id} desc nulls last`],
    after: (key: string | number, id: number) => sql`(${listing.createdAt}, ${listing.id}) < (${key}::timestamptz, ${id})`,
  },
  'price-asc': {
    key: (c: SortColumns) => sql<number>`${c.allInMonthlyCents}`,
    order: (c: SortColumns) => [asc(c.allInMonthlyCents), asc(c.id)],
    after: (key: string | number, id: number) => sql`(${listing.allInMonthlyCents}, ${listing.id}) > (${key}, ${id})`,
  },
  'price-desc': {
    key: (c: SortColumns) => sql<number>`${c.allInMonthlyCents}`,
    order: (c: SortColumns) => [desc(c.allInMonthlyCents), desc(c.id)],
    after: (key: string | number, id: number) => sql`(${listing.allInMonthlyCents}, ${listing.id}) < (${key}, ${id})`,
  },
  largest: {
    key: (c: SortColumns) => sql<number>`${c.interiorSqft}`,
    order: (c: SortColumns) => [sql`${c.interiorSqft} desc nulls last`, sql`${c.id} desc nulls last`],
    after: (key: string | number, id: number) => sql`(${listing.interiorSqft}, ${listing.id}) < (${key}, ${id})`,
  },
} as const

const sortColumns = {
  id: listing.id,
  createdAt: listing.createdAt,
  allInMonthlyCents: listing.allInMonthlyCents,
  interiorSqft: listing.interiorSqft,
}

/** What a search needs to know about its text before choosing a plan. */
export type TextFacts = { isCity: boolean; strategy: { page: TextStrategy; count: TextStrategy } }

const NO_TEXT: TextFacts = { isCity: false, strategy: { page: 'index', count: 'index' } }

/**
 * Looks at the free text of a search: whether it names a city of a listing (one index probe), and
 * if not, about how many published listings it matches (the planner's estimate, from the text
 * index's statistics) to choose between finding them through the text index and walking a sort
 * index. With N published listings and E matches, a page through the text index costs about E rows
 * and a walk about 21·N/E; a count of up to 1,001 costs about E index entries either way against
 * 1,001·N/E rows for a walk. Hence the thresholds E² ≥ 30·N for pages and E² ≥ 6,700·N for counts,
 * measured on a million listings (bench/explain.ts).
 */
export async function examineSearchText(db: Db, search: ParsedSearch): Promise<TextFacts> {
  const q = search.q?.trim()
  if (!q || /^\d{1,5}$/.test(q)) return NO_TEXT
  const [city] = await db
    .select({ id: listing.id })
    .from(listing)
    .where(and(sql`lower(${listing.city}) = ${q.toLowerCase()}`, eq(listing.status, 'published')))
    .limit(1)
  if (city) return { ...NO_TEXT, isCity: true }
  const { text } = searchConditions(search, { isCity: false })
  const [matches, published] = await Promise.all([
    estimateRows(db, sql`select 1 from ${listing} where ${listing.status} = 'published' and ${text!(listing)}`),
    estimateRows(db, sql`select 1 from ${listing} where ${listing.status} = 'published'`),
  ])
  const squared = matches * matches
  return {
    isCity: false,
    strategy: { page: squared >= 30 * published ? 'walk' : 'index', count: squared >= 6_700 * published ? 'walk' : 'index' },
  }
}

/** The planner's estimate of the rows a query returns (EXPLAIN, not run). */
async function estimateRows(db: Db, query: SQL): Promise<number> {
  const result = await db.execute<Record<string, unknown>>(sql`explain (format json) ${query}`)
  const value = Object.values(result.rows[0] ?? {})[0]
  const plan = (typeof value === 'string' ? JSON.parse(value) : value) as [{ Plan: { 'Plan Rows': number } }]
  return plan[0].Plan['Plan Rows']
}

/**
 * The two queries of a search, built but not run: the page (one row more than the limit, to know
 * whether there is a next page) and, when wanted, the count up to TOTAL_CAP + 1. `bench/explain.ts`
 * reads their plans. Pass the text facts from `examineSearchText` (a search without free text needs none).
 */
export function buildListingSearch(db: Db, input: ListingSearchInput | Record<string, unknown>, facts: TextFacts = NO_TEXT) {
  const search = parseOrThrow(listingSearchSchema, input, 'Some search parameters are not valid.')
  const sort = sorts[search.sort]
  const { filters, text, textParts } = searchConditions(search, facts)
  const pageFilters = search.cursor ? [...filters, sort.after(search.cursor.key, search.cursor.id)] : filters
  const wantsTotal = search.total ?? !search.cursor
  const size = search.limit + 1
  const row = alias(listing, 'row')

  let page
  if (!text) {
    // The ids of the page from the sort's covering index alone, then their rows.
    const hits = db
      .select(sortColumns)
      .from(listing)
      .where(and(...pageFilters))
      .orderBy(...sort.order(sortColumns))
      .limit(size)
      .as('hits')
    page = db
      .select({ ...summaryColumnsOf(row), sortKey: sort.key(hits) })
      .from(hits)
      .innerJoin(row, eq(row.id, hits.id))
      .orderBy(...sort.order(hits))
  } else if (facts.strategy.page === 'walk') {
    // Candidates in the sort's order from the covering index, each row read and checked for the text
    // (offset 0 keeps the check per candidate, so the walk stops once the page is full).
    const candidates = db
      .select(sortColumns)
      .from(listing)
      .where(and(...pageFilters))
      .orderBy(...sort.order(sortColumns))
      .as('candidates')
    const matching = db
      .select(summaryColumnsOf(row))
      .from(row)
      .where(and(eq(row.id, candidates.id), text(row)))
      .offset(0)
      .as('matching')
    page = db
      .select({ ...summaryColumnsOf(matching), sortKey: sort.key(candidates) })
      .from(candidates)
      .crossJoinLateral(matching)
      .orderBy(...sort.order(candidates))
      .limit(size)
  } else {
    page = db
      .select({ ...summaryColumns, sortKey: sort.key(sortColumns) })
      .from(listing)
      .where(and(...pageFilters, text(listing)))
      .orderBy(...sort.order(sortColumns))
      .limit(size)
  }

  let total = null
  if (wantsTotal) {
    let matches
    if (text && facts.strategy.count === 'walk') {
      const candidates = db
        .select({ id: listing.id })
        .from(listing)
        .where(and(...filters))
        .as('candidates')
      const matching = db
        .select({ one: sql`1`.as('one') })
        .from(row)
        .where(and(eq(row.id, candidates.id), text(row)))
        .offset(0)
        .as('matching')
      matches = db
        .select({ one: matching.one })
        .from(candidates)
        .crossJoinLateral(matching)
        .limit(TOTAL_CAP + 1)
        .as('matches')
    } else if (textParts) {
      // Each half of the text counted through its own index, each stopping at TOTAL_CAP + 1, then
      // merged: with the two in one OR, a prefix that names a big city ("Phil") makes the planner
      // scan the table.
      const matchingIds = (condition: TextCondition) =>
        db
          .select({ id: listing.id })
          .from(listing)
          .where(and(...filters, condition(listing)))
          .limit(TOTAL_CAP + 1)
      matches = union(matchingIds(textParts.words), matchingIds(textParts.cityPrefix))
        .limit(TOTAL_CAP + 1)
        .as('matches')
    } else if (search.south !== undefined) {
      matches = db
        .select({ one: sql`1`.as('one') })
        .from(listing)
        .where(and(...filters))
        .limit(TOTAL_CAP + 1)
        .as('matches')
    } else {
      // Counted along the newest-first index: the order listings were added in says nothing about
      // their price, size or type, so matches are spread evenly along it and the count stops early.
      // (Along the price index, "houses" would first pass every cheap room and studio.) Map bounds
      // are left to the planner: the location index reads just the box.
      matches = db
        .select({ one: sql`1`.as('one') })
        .from(listing)
        .where(and(...filters))
        .orderBy(...sorts.newest.order(sortColumns))
        .limit(TOTAL_CAP + 1)
        .as('matches')
    }
    total = db.select({ n: count() }).from(matches)
  }
  return { search, page, total }
}
