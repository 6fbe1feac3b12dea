// How a listing search becomes SQL: the conditions of its filters, the sorts and their cursors, and
// the queries of its plans (built, not run; find-listings.server.ts chooses and runs them, and
// bench/explain.ts reads their plans):
// - a lookup finds every listing the search matches, through the search vector's GIN index (reading
//   at most as many rows as the terms' exact counts allow) or through the location's covering index
//   (a map area: its filters read from the index entries), then sorts them;
// - a walk reads a bounded number of entries of the sort's covering index, in order, and keeps those
//   that pass the filters and the signature of the words (from the index alone) and the words (from
//   the row), until the page is full.
import { and, count, eq, inArray, sql, type SQL, type Subquery } from 'drizzle-orm'
import { alias, type PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '#server/db/client.server.ts'
import type { Tx } from '../access.server.ts'
import { escapeLike } from '#server/db/like.ts'
import { listing } from '#server/db/schema.ts'
import type { listingSearchSchema } from '#common/listings/schemas.ts'
import { TOTAL_CAP } from '#common/listings/types.ts'
import { AMENITY_VALUES, CONFIRMATION_DAYS } from '#common/listings/vocabulary.ts'
import { summaryColumnsOf } from '../mapping.server.ts'
import type { SearchTerms } from './terms.server.ts'
import type { WordSign } from './term-bound.ts'

export type ParsedSearch = ReturnType<typeof listingSearchSchema.parse>

/** The columns every covering search index carries besides its key: a walk filters on them alone. */
const FILTER_KEYS = [
  'lastConfirmedAt',
  'bedrooms',
  'bathroomHalves',
  'type',
  'monthlyRentCents',
  'nightlyCents',
  'allowsCats',
  'allowsDogs',
  'isFurnished',
  'amenityBits',
  'availableFrom',
  'city',
  'zip',
  'allInMonthlyCents',
  'latitude',
  'longitude',
  'wordSignature',
] as const
type FilterColumns = Record<(typeof FILTER_KEYS)[number], PgColumn>

/** The conditions of a search's price range on the all-in monthly cost `price`. */
function priceConditions(search: ParsedSearch, price: PgColumn): SQL[] {
  const conditions: SQL[] = []
  if (search.minPrice !== undefined) conditions.push(sql`${price} >= ${search.minPrice * 100}`)
  if (search.maxPrice !== undefined) conditions.push(sql`${price} <= ${search.maxPrice * 100}`)
  return conditions
}

/**
 * The conditions of a search's filters on `t` (the listing table, or a walk's index entries), the
 * place included when the index carries it: the start of a ZIP, a city. Words, a neighbourhood and a
 * state are not here: they are the search's `text` tsquery, checked on the row.
 */
function filterConditions(search: ParsedSearch, { city, zip }: Pick<SearchTerms, 'city' | 'zip'>, t: FilterColumns): SQL[] {
  const conditions: SQL[] = [sql`${t.lastConfirmedAt} > now() - make_interval(days => ${CONFIRMATION_DAYS})`]
  if (zip) conditions.push(sql`${t.zip} like ${`${escapeLike(zip)}%`}`)
  if (city) conditions.push(sql`lower(${t.city}) = ${city}`)
  conditions.push(...priceConditions(search, t.allInMonthlyCents))
  if (search.beds !== undefined) conditions.push(sql`${t.bedrooms} >= ${search.beds}`)
  if (search.baths !== undefined) conditions.push(sql`${t.bathroomHalves} >= ${Math.round(search.baths * 2)}`)
  if (search.type.length > 0) conditions.push(inArray(t.type, search.type))
  if (search.offer === 'lease') conditions.push(sql`${t.monthlyRentCents} is not null`)
  if (search.offer === 'short-term') conditions.push(sql`${t.nightlyCents} is not null`)
  if (search.pets.includes('cats')) conditions.push(eq(t.allowsCats, true))
  if (search.pets.includes('dogs')) conditions.push(eq(t.allowsDogs, true))
  if (search.furnished !== undefined) conditions.push(eq(t.isFurnished, search.furnished))
  if (search.amenities.length > 0) {
    const mask = search.amenities.reduce((bits, amenity) => bits | (1 << AMENITY_VALUES.indexOf(amenity)), 0)
    conditions.push(sql`${t.amenityBits} & ${mask} = ${mask}`)
  }
  if (search.availableBy) conditions.push(sql`${t.availableFrom} <= ${search.availableBy}`)
  if (search.south !== undefined) {
    conditions.push(
      sql`${t.latitude} between ${search.south} and ${search.north}`,
      sql`${t.longitude} between ${search.west} and ${search.east}`,
    )
  }
  return conditions
}

/**
 * A condition on index entries (`t`) that every listing matching a text search meets, from its sign
 * (SearchTerms.textSign); null when the sign cannot tell. Entries failing it cannot match, so their
 * rows need not be read.
 */
function signCondition(sign: WordSign, t: FilterColumns): SQL | null {
  if (sign === 'anything') return null
  if ('word' in sign) return sql`(${t.wordSignature} & listing_word_bits(${sign.word})) = listing_word_bits(${sign.word})`
  if ('cityStartsWith' in sign) return sql`lower(${t.city}) like ${`${escapeLike(sign.cityStartsWith)}%`}`
  if ('all' in sign) {
    const parts = sign.all.map((part) => signCondition(part, t)).filter((part) => part !== null)
    return parts.length === 0 ? null : sql`(${sql.join(parts, sql` and `)})`
  }
  const parts = sign.any.map((part) => signCondition(part, t))
  return parts.some((part) => part === null) ? null : sql`(${sql.join(parts as SQL[], sql` or `)})`
}

/** The search's filters on index entries, and with words the condition of their sign. */
function entryConditions(search: ParsedSearch, terms: SearchTerms, t: FilterColumns): SQL[] {
  const sign = terms.text ? signCondition(terms.textSign, t) : null
  return [...filterConditions(search, terms, t), ...(sign ? [sign] : [])]
}

// Each sort orders by one indexed key and the id, in the direction of its covering index, so a walk
// is an index range scan and the cursor (key, id) continues exactly after the last row shown.
// Queries spell `desc nulls last`, as the indexes are declared.
type SortKey = 'createdAt' | 'allInMonthlyCents' | 'interiorSqft'
const sorts = {
  newest: { column: 'createdAt', descending: true, direction: sql`desc nulls last`, cast: sql`::timestamptz` },
  'price-asc': { column: 'allInMonthlyCents', descending: false, direction: sql`asc`, cast: sql`` },
  // The price index is ascending: read backwards, it gives `desc` (nulls first; the price is never null).
  'price-desc': { column: 'allInMonthlyCents', descending: true, direction: sql`desc`, cast: sql`` },
  largest: { column: 'interiorSqft', descending: true, direction: sql`desc nulls last`, cast: sql`` },
} as const satisfies Record<ParsedSearch['sort'], { column: SortKey; descending: boolean; direction: SQL; cast: SQL }>
type Sort = (typeof sorts)[ParsedSearch['sort']]
type SortColumns = { id: PgColumn } & Partial<Record<SortKey, PgColumn | SQL.Aliased>>

const keyOf = (sort: Sort, c: SortColumns) => c[sort.column]!

/** The order of a sort over `c` (the table, a subquery, an alias). */
function orderOf(sort: Sort, c: SortColumns): SQL[] {
  return [sql`${keyOf(sort, c)} ${sort.direction}`, sql`${c.id} ${sort.direction}`]
}

/** The value a cursor keeps for the sort: a timestamp as ISO text (microseconds kept), a number as is. */
function sortKeyOf(sort: Sort, c: SortColumns) {
  const key = keyOf(sort, c)
  return sort.column === 'createdAt'
    ? sql<string>`to_char(${key} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql<number>`${key}`
}

/** After the cursor's (key, id) in the sort's order, over `c` (the table, or a lookup's candidates). */
function afterCursor(search: ParsedSearch, c: SortColumns = listing): SQL[] {
  if (!search.cursor) return []
  const sort = sorts[search.sort]
  const operator = sort.descending ? sql`<` : sql`>`
  return [sql`(${keyOf(sort, c)}, ${c.id}) ${operator} (${search.cursor.key}${sort.cast}, ${search.cursor.id})`]
}

/**
 * `offset 0`, which keeps a subquery planned apart: no condition of the query around it is pushed
 * into it. Drizzle leaves `.offset(0)` out; this it writes.
 */
const OFFSET_ZERO = sql`0` as unknown as number

/** A connection, or a transaction of one (a lookup runs in one: see `lookingUp`). */
type Reader = Db | Tx

/**
 * What a lookup's queries may not do, set in their own transaction (`lookingUp`). Never read the
 * listing table whole: left to the planner, a count's limit made that look cheap whenever it guessed
 * that many listings match, and it read all of a million listings (490–650 ms) to count a few hundred.
 * - Through the terms, never read rows in an index's order either (the planner read 400,000 rows
 *   along the price index, 1.7 s, for another such count): the GIN index of the terms finds the rows,
 *   at most as many as their exact counts allow. Without rows (a count of a search without terms),
 *   only a covering index is read, within the range of its price or its area if it has one: 0.3 µs
 *   an entry, against 4 µs a row.
 * - Through the area, never from a bitmap: the area's index is read in its range. Without rows (a
 *   count of a search without words), from its entries alone.
 */
export function lookupSettings(through: LookupThrough, { rows }: { rows: boolean }): string[] {
  const forbidden = ['enable_seqscan', through === 'terms' ? 'enable_indexscan' : 'enable_bitmapscan']
  if (!rows) forbidden.push(through === 'terms' ? 'enable_bitmapscan' : 'enable_indexscan')
  return forbidden.map((setting) => `set local ${setting} = off`)
}

/** Runs `read` (a lookup's query) in a transaction with `settings` (lookupSettings). */
export function lookingUp<T>(db: Reader, settings: string[], read: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    for (const setting of settings) await tx.execute(sql.raw(setting))
    return read(tx)
  })
}

const isPublished = eq(listing.status, 'published')
const matchesTerms = (query: SQL | null) => (query ? [sql`${listing.searchVector} @@ ${query}`] : [])

/** Every condition a listing meets to match the search: published, its terms, its filters (on the table). */
export function matchConditions(search: ParsedSearch, terms: SearchTerms): SQL[] {
  return [isPublished, ...matchesTerms(terms.query), ...filterConditions(search, terms, listing)]
}

/**
 * The same without the search's terms: its filters, city and ZIP on the columns (which every
 * covering search index carries), and its `text` (words, a neighbourhood, a state) on the row.
 */
export function columnMatchConditions(search: ParsedSearch, terms: SearchTerms): SQL[] {
  return [isPublished, ...matchesTerms(terms.text), ...filterConditions(search, terms, listing)]
}

/**
 * How a lookup finds the listings matching a search: through the GIN index of its terms, or through
 * the index of its map area (the area plan), its filters read from the index entries and its words,
 * neighbourhood or state from the rows of those that pass.
 */
export type LookupThrough = 'terms' | 'area'

/**
 * Where a lookup finds the listings matching a search (`from`), the columns its conditions and its
 * sort read there (`c`), and those conditions. Through the terms, the rows their GIN index finds (in
 * the price range, if any) are a subquery of its own, filtered outside: `offset 0` keeps the other
 * filters out of it, else the planner ANDs the GIN index with the city's, the ZIP's or the area's
 * btree, reading all of a city's or an area's entries (8–50 ms on a million listings) where the terms,
 * which hold the city and the ZIP, find a few thousand rows. The price range stays inside: when it is
 * narrow its btree's entries are fewer than the rows it saves, and the planner knows prices from its
 * statistics. Without terms, or through the area, the table itself, its conditions free to bound the
 * scan of an index.
 */
function lookupSource(db: Reader, search: ParsedSearch, terms: SearchTerms, through: LookupThrough) {
  if (through === 'terms' && terms.query) {
    const columns: Record<string, PgColumn> = { id: listing.id }
    for (const key of [...FILTER_KEYS, sorts[search.sort].column]) columns[key] = listing[key]
    const subquery = db
      .select(columns)
      .from(listing)
      .where(and(isPublished, ...matchesTerms(terms.query), ...priceConditions(search, listing.allInMonthlyCents)))
      .offset(OFFSET_ZERO)
      .as('candidates')
    const c = subquery as unknown as typeof subquery & FilterColumns & SortColumns
    return { from: subquery, c, conditions: filterConditions(search, terms, c) }
  }
  const conditions = through === 'terms' ? matchConditions(search, terms) : columnMatchConditions(search, terms)
  return { from: listing, c: listing as unknown as FilterColumns & SortColumns, conditions }
}

/**
 * The lookup's page: every listing matching the search (through the GIN index when it has terms),
 * sorted by their keys alone, then the page's rows:
 * one more than the page, to know whether another follows. With `withTotal`, each row also carries
 * how many matched. With `most`, it stops after one more than `most` matches (found in no order): the
 * page is then the search's only when the total is at most `most`.
 */
export function lookupPage(
  db: Reader,
  search: ParsedSearch,
  terms: SearchTerms,
  { withTotal, through = 'terms', most }: { withTotal: boolean; through?: LookupThrough; most?: number },
) {
  const sort = sorts[search.sort]
  const { from, c, conditions } = lookupSource(db, search, terms, through)
  // The key is an expression, not the column, so that no index order can stand in for the sort.
  const key = keyOf(sort, c)
  const found = db
    .select({ id: c.id, key: (sort.column === 'createdAt' ? sql`${key} + interval '0 seconds'` : sql`${key} + 0`).as('key') })
    .from(from)
    .where(and(...conditions, ...afterCursor(search, c)))
  const matches = (most === undefined ? found : found.limit(most + 1)).as('matches')
  const matchKeys = { id: matches.id, [sort.column]: matches.key } as SortColumns
  const hits = db
    .select({
      id: matches.id,
      key: matches.key,
      total: withTotal ? sql<number>`(count(*) over ())::int`.as('total') : sql<null>`null`.as('total'),
    })
    .from(matches)
    .orderBy(...orderOf(sort, matchKeys))
    .limit(search.limit + 1)
    .as('hits')
  return pageRows(db, sort, hits)
}

/** The rows of a page's hits (id, sort key and perhaps the total), in the sort's order. */
function pageRows(
  db: Reader,
  sort: Sort,
  hits: { id: PgColumn; key: PgColumn | SQL.Aliased; total: SQL.Aliased<number | null> } & Subquery,
) {
  const row = alias(listing, 'row')
  const hitKeys = { id: hits.id, [sort.column]: hits.key } as SortColumns
  return db
    .select({ ...summaryColumnsOf(row), sortKey: sortKeyOf(sort, hitKeys), total: hits.total })
    .from(hits)
    .innerJoin(row, eq(row.id, hits.id))
    .orderBy(...orderOf(sort, hitKeys))
}

/** A limit above any number of listings: a walk of this many entries goes to the index's end. */
const WHOLE_INDEX = 2 ** 31 - 1

/**
 * The part of the `sortName` index a walk reads: published listings, after the cursor when it is the
 * search's sort, and within the search's price range when the index is the price's (its key), so a
 * walk by price starts at the range rather than reading the cheaper listings first.
 */
function sortRange(search: ParsedSearch, sortName: ParsedSearch['sort']): SQL[] {
  return [
    isPublished,
    ...(sortName === search.sort ? afterCursor(search) : []),
    ...(sorts[sortName].column === 'allInMonthlyCents' ? priceConditions(search, listing.allInMonthlyCents) : []),
  ]
}

/** Whether the part of the search's sort index a walk reads (sortRange) is every published listing: no cursor, no price range on the price's. */
export function isWholeRange(search: ParsedSearch): boolean {
  return sortRange(search, search.sort).length === 1
}

/** The first `entries` (or all) published listings of the sort's covering index after the cursor (and in its range): only what the index carries. */
function indexEntries(db: Reader, search: ParsedSearch, sortName: ParsedSearch['sort'], entries: number | null, skip = 0) {
  const sort = sorts[sortName]
  const columns: Record<string, PgColumn> = { id: listing.id, [sort.column]: listing[sort.column] }
  for (const key of FILTER_KEYS) columns[key] = listing[key]
  const ordered = db
    .select(columns)
    .from(listing)
    .where(and(...sortRange(search, sortName)))
    .orderBy(...orderOf(sort, listing))
  // A walk to the index's end still has a limit: without one the subquery's order binds nothing, and
  // the planner may read another index whole and sort its matches (188 ms against 0.1 ms for rooms
  // by price on a million listings).
  const subquery = (skip > 0 ? ordered.offset(skip) : ordered).limit(entries ?? WHOLE_INDEX).as('entries')
  return subquery as unknown as typeof subquery & FilterColumns & SortColumns
}

/** Of the first `entries` index entries after the cursor, the first `rows` passing the filters (from the index alone), in order. */
function passingEntries(db: Reader, search: ParsedSearch, terms: SearchTerms, entries: number | null, rows: number) {
  const sort = sorts[search.sort]
  const candidates = indexEntries(db, search, search.sort, entries)
  return db
    .select({ id: candidates.id, key: keyOf(sort, candidates), total: sql<null>`null`.as('total') })
    .from(candidates)
    .where(and(...entryConditions(search, terms, candidates)))
    .orderBy(...orderOf(sort, candidates))
    .limit(rows)
}

/**
 * The walk's page: of the first `entries` index entries after the cursor (null: all of them), those
 * passing the filters and, for the first `rowsToRead` of them, their rows' words; in order, one more
 * than the page.
 */
export function walkPage(
  db: Reader,
  search: ParsedSearch,
  terms: SearchTerms,
  { entries, rowsToRead }: { entries: number | null; rowsToRead: number },
) {
  const sort = sorts[search.sort]
  if (!terms.text) return pageRows(db, sort, passingEntries(db, search, terms, entries, search.limit + 1).as('hits'))
  const passing = passingEntries(db, search, terms, entries, rowsToRead).as('passing')
  const passingKeys = { id: passing.id, [sort.column]: passing.key } as SortColumns
  // Each passing entry's row is read and checked for the words, entry by entry (the plan joins the
  // row through the primary key in a nested loop), so the walk stops once the page is full.
  const row = alias(listing, 'row')
  const matching = db
    .select(summaryColumnsOf(row))
    .from(row)
    .where(and(eq(row.id, passing.id), sql`${row.searchVector} @@ ${terms.text}`))
    .as('matching')
  return db
    .select({ ...summaryColumnsOf(matching), sortKey: sortKeyOf(sort, passingKeys), total: sql<null>`null` })
    .from(passing)
    .crossJoinLateral(matching)
    .orderBy(...orderOf(sort, passingKeys))
    .limit(search.limit + 1)
}

/** How many of the first `entries` index entries after the cursor pass the filters, up to `rows`. */
export function passingCount(db: Reader, search: ParsedSearch, terms: SearchTerms, entries: number, rows: number) {
  const passing = passingEntries(db, search, terms, entries, rows).as('passing')
  return db.select({ n: count() }).from(passing)
}

/** Whether the sort's index holds at least `entries` published listings after the cursor and in its range (from the index alone). */
export function hasEntries(db: Reader, search: ParsedSearch, entries: number) {
  return db
    .select({ one: sql<number>`1` })
    .from(listing)
    .where(and(...sortRange(search, search.sort)))
    .orderBy(...orderOf(sorts[search.sort], listing))
    .offset(entries - 1)
    .limit(1)
}

/**
 * The walk's count: of the first `entries` listings newest first (an order unrelated to price, size
 * or type, so matches are spread along it), or of the `entries` after the first `skip`, those that
 * match, up to `most` (TOTAL_CAP + 1). It counts the whole search, whatever its cursor, as the
 * lookup's count does.
 */
export function walkCount(
  db: Reader,
  search: ParsedSearch,
  terms: SearchTerms,
  entries: number,
  { skip = 0, most = TOTAL_CAP + 1 }: { skip?: number; most?: number } = {},
) {
  const candidates = indexEntries(db, { ...search, cursor: undefined }, 'newest', entries, skip)
  const words = terms.text
    ? [sql`exists (select 1 from ${listing} as "row" where "row"."id" = ${candidates.id} and "row"."search_vector" @@ ${terms.text})`]
    : []
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(candidates)
    .where(and(...entryConditions(search, terms, candidates), ...words))
    .limit(most)
    .as('matches')
  return db.select({ n: count() }).from(matches)
}

/**
 * The lookup's count: the listings matching the search, up to TOTAL_CAP + 1; found through its terms
 * or its map area.
 */
export function lookupCount(db: Reader, search: ParsedSearch, terms: SearchTerms, through: LookupThrough = 'terms') {
  const { from, conditions } = lookupSource(db, search, terms, through)
  const all = db
    .select({ one: sql`1`.as('one') })
    .from(from)
    .where(and(...conditions))
    .as('all_matches')
  const matches = db
    .select({ one: all.one })
    .from(all)
    .limit(TOTAL_CAP + 1)
    .as('matches')
  return db.select({ n: count() }).from(matches)
}
