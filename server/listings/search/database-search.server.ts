// Listing search answered by PostgreSQL, for the moments the in-memory index cannot answer with every
// change committed before the search began: while it loads at start, while a fresh one loads because
// the change-log rows the old one needed were pruned, and when changes keep arriving faster than a
// search's catch-ups (find-listings.server.ts). The text is read as the index reads it (rooms, then a
// place from the per-term counts PostgreSQL keeps exact, else words or the start of a city's name,
// a place misspelt looked up by pg_trgm), and the filters, sorts, cursors and capped count are the
// same, as plain SQL over the listing table: slower (tens of ms to a second on a million listings),
// never stale, and one snapshot of the table.
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { listing, listingSearchTerm, stayHold, stayRules } from '#server/db/schema.ts'
import { daysBetween } from '#common/stays/dates.ts'
import { DEFAULT_STAY_RULES } from '#common/stays/rules.ts'
import { readSearchPhrase, type SearchPhrase } from '#common/listings/search-phrase.ts'
import { TOTAL_CAP, type ListingSummary } from '#common/listings/types.ts'
import { CONFIRMATION_DAYS } from '#common/listings/vocabulary.ts'
import { summaryColumns } from '../mapping.server.ts'
import { summariesWithPhotos } from '../read.server.ts'
import { parseTsQuery, positiveLexemes } from './engine/tsquery.ts'
import {
  cursorKeyOf,
  nearestSpelling,
  placeOfPhrase,
  textKind,
  type ParsedSearch,
  type PlaceKind,
  type SearchPlace,
} from './terms.server.ts'

/** What PostgreSQL found: the page, the listing after which the next page starts, the count, and the reading of the text. */
export type DatabaseAnswer = {
  items: ListingSummary[]
  /** The page's last listing, with its sort key (microseconds for newest), when a next page follows. */
  after: { key: number; id: number } | null
  total: number | null
  isTotalCapped: boolean
  place: SearchPlace | null
  rooms: { beds: number | null; baths: number | null }
  tooCommon: string | null
}

/** A list of texts as a PostgreSQL array literal. */
const textArray = (texts: string[]) => `{${texts.map((text) => `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`

/** One lexeme as a tsquery literal (a place's term may hold spaces or quotes). */
const lexemeQuery = (lexeme: string) => `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`

/** How many published listings carry each of `terms` (those none carries are left out). */
async function termCounts(db: Db, terms: string[]): Promise<Map<string, number>> {
  if (terms.length === 0) return new Map()
  const { rows } = await db.execute<{ term: string; listings: number }>(
    sql`select ${listingSearchTerm.term} as term, ${listingSearchTerm.listings}::int as listings from ${listingSearchTerm}
        where ${listingSearchTerm.term} = any(${textArray(terms)}::text[]) and ${listingSearchTerm.listings} > 0`,
  )
  return new Map(rows.map((row) => [row.term, Number(row.listings)]))
}

/** PostgreSQL's reading of each text as a web search, as text ('' when it keeps no word). */
async function readQueries(db: Db, texts: string[]): Promise<Map<string, string>> {
  const distinct = [...new Set(texts.filter((text) => text !== ''))]
  if (distinct.length === 0) return new Map()
  const { rows } = await db.execute<{ text: string; query: string }>(
    sql`select t as text, websearch_to_tsquery('english', t)::text as query from unnest(${textArray(distinct)}::text[]) as t`,
  )
  return new Map(rows.map((row) => [row.text, row.query]))
}

const TERM_PREFIX: Record<PlaceKind, string> = { city: 'city:', neighborhood: 'hood:', state: 'state:' }

/** The place a phrase names, read as the index reads it (terms.server.ts placeOf), from the terms' counts. */
async function placeOf(db: Db, phrase: SearchPhrase): Promise<{ place: SearchPlace; words: string } | null> {
  const withState = phrase.withState
  const names = [phrase.text, phrase.place, withState?.place ?? ''].map((name) => name.toLowerCase()).filter((name) => name !== '')
  const state = withState?.state.toLowerCase() ?? ''
  const counts = await termCounts(db, [
    ...names.flatMap((name) => [TERM_PREFIX.city + name, TERM_PREFIX.neighborhood + name]),
    ...(state ? [TERM_PREFIX.state + state] : []),
  ])
  return placeOfPhrase(phrase, (kind, name) => (counts.get(TERM_PREFIX[kind] + name) ?? 0) > 0)
}

/** How many published listings are in a city whose name starts with `prefix` (lower case). */
async function cityPrefixListings(db: Db, prefix: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select coalesce(sum(${listingSearchTerm.listings}), 0)::int as n from ${listingSearchTerm}
        where starts_with(${listingSearchTerm.term}, ${TERM_PREFIX.city + prefix}) and ${listingSearchTerm.listings} > 0`,
  )
  return Number(rows[0]?.n ?? 0)
}

/** Whether `text` has words of which PostgreSQL keeps none (only stop words), as terms.server.ts reads them. */
const isTooCommon = (text: string, query: string | undefined) => text !== '' && !query && /[\p{L}\p{N}]/u.test(text)

const atLeast = (given: number | undefined, asked: number | undefined) => (asked === undefined ? given : Math.max(given ?? 0, asked))

const MICROS_PER_DAY = 86_400_000_000

/**
 * A short-term listing that takes the stay, as the index's `isStayOpen` decides it: its rules (its
 * stay_rules row, else the defaults) allow the guests and the nights, and no hold (stay_hold: a
 * booking, a block, an import) overlaps [checkIn, checkOut) — the exclusion constraint's gist index.
 */
function stayCondition(checkIn: string, checkOut: string, guests: number): SQL {
  const nights = daysBetween(checkIn, checkOut)
  const rule = (column: SQL, fallback: number) =>
    sql`coalesce((select ${column} from ${stayRules} where ${stayRules.listingId} = ${listing.id}), ${fallback})`
  return sql`${listing.nightlyCents} is not null and coalesce(${listing.minNights}, 1) <= ${nights}
    and ${rule(sql`${stayRules.maxNights}`, DEFAULT_STAY_RULES.maxNights)} >= ${nights}
    and ${rule(sql`${stayRules.maxGuests}`, DEFAULT_STAY_RULES.maxGuests)} >= ${guests}
    and not exists (select 1 from ${stayHold} where ${stayHold.listingId} = ${listing.id}
      and ${stayHold.nights} && daterange(${checkIn}::date, ${checkOut}::date))`
}

/** The search's conditions on a listing row, its place and words read. */
async function conditionsOf(db: Db, input: ParsedSearch) {
  const phrase = readSearchPhrase(input.q)
  const search = {
    ...input,
    q: phrase.text || undefined,
    beds: atLeast(input.beds, phrase.beds),
    baths: atLeast(input.baths, phrase.baths),
  }
  const text = textKind(search)
  const typed = text.kind === 'words' ? phrase.withState?.place || phrase.place : ''
  const queries = await readQueries(db, text.kind === 'words' ? [text.q, phrase.words, typed] : [])
  let found = text.kind === 'words' ? await placeOf(db, phrase) : null
  if (text.kind === 'words' && !found && typed && !isTooCommon(typed, queries.get(typed))) {
    const carried = await termCounts(db, positiveLexemes(parseTsQuery(queries.get(typed) ?? '')))
    const isUnknown = carried.size === 0 && (typed !== phrase.text || (await cityPrefixListings(db, text.q.toLowerCase())) === 0)
    const nearest = isUnknown ? await nearestSpelling(db, typed) : null
    if (nearest) {
      const kind = nearest.term.startsWith('city:') ? 'city' : 'neighborhood'
      const state = phrase.withState?.place ? phrase.withState.state.toLowerCase() : null
      const words = phrase.place === phrase.text ? '' : phrase.words
      found = { place: { kind, name: nearest.term.slice('city:'.length), state, correctedFrom: typed }, words }
    }
  }
  const place = found?.place ?? null
  const words = found ? found.words : text.kind === 'words' ? text.q : ''
  const tooCommon = isTooCommon(words, queries.get(words)) ? words : null

  const confirmedAfter = new Date((Date.now() * 1000 - CONFIRMATION_DAYS * MICROS_PER_DAY) / 1000)
  const where: SQL[] = [
    sql`${listing.status} = 'published'`,
    sql`${listing.lastConfirmedAt} > ${confirmedAfter.toISOString()}::timestamptz`,
  ]
  // A place is looked up by its term in the search vector (its GIN index), and checked on the column.
  const placeIs = (kind: PlaceKind, name: string, column: SQL) =>
    where.push(sql`${listing.searchVector} @@ ${lexemeQuery(TERM_PREFIX[kind] + name)}::tsquery and lower(${column}) = ${name}`)
  if (search.minPrice !== undefined) where.push(sql`${listing.allInMonthlyCents} >= ${search.minPrice * 100}`)
  if (search.maxPrice !== undefined) where.push(sql`${listing.allInMonthlyCents} <= ${search.maxPrice * 100}`)
  if (search.beds) where.push(sql`${listing.bedrooms} >= ${search.beds}`)
  if (search.baths) where.push(sql`${listing.bathroomHalves} >= ${Math.round(search.baths * 2)}`)
  if (search.type.length > 0) where.push(sql`${listing.type} = any(${textArray(search.type)}::text[])`)
  if (search.offer === 'lease') where.push(sql`${listing.monthlyRentCents} is not null`)
  if (search.offer === 'short-term') where.push(sql`${listing.nightlyCents} is not null`)
  if (search.pets.includes('cats')) where.push(sql`${listing.allowsCats}`)
  if (search.pets.includes('dogs')) where.push(sql`${listing.allowsDogs}`)
  if (search.furnished !== undefined) where.push(sql`${listing.isFurnished} = ${search.furnished}`)
  if (search.amenities.length > 0) where.push(sql`${listing.amenities} @> ${textArray(search.amenities)}::text[]`)
  if (search.availableBy) where.push(sql`${listing.availableFrom} <= ${search.availableBy}::date`)
  if (search.checkIn && search.checkOut) where.push(stayCondition(search.checkIn, search.checkOut, search.guests ?? 1))
  if (search.south !== undefined) {
    where.push(
      sql`${listing.latitude} between ${search.south} and ${search.north} and ${listing.longitude} between ${search.west} and ${search.east}`,
    )
  }
  if (place?.kind === 'city') placeIs('city', place.name, sql`${listing.city}`)
  if (place?.kind === 'neighborhood') placeIs('neighborhood', place.name, sql`${listing.neighborhood}`)
  const state = place?.kind === 'state' ? place.name : place?.state
  if (state) placeIs('state', state, sql`${listing.state}`)
  if (text.kind === 'zip') where.push(sql`${listing.zip} like ${`${text.q}%`}`)
  if (words) {
    const query = queries.get(words)
    const matches = query ? sql`${listing.searchVector} @@ ${query}::tsquery` : sql`false`
    const cityPrefix = found || tooCommon ? null : words.toLowerCase()
    // LIKE with a fixed start reads the index on lower(city); its wildcards in the text are escaped.
    const startsLike = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    where.push(cityPrefix === null ? matches : sql`(${matches} or lower(${listing.city}) like ${startsLike(cityPrefix)})`)
  }
  return { search, place, rooms: { beds: phrase.beds ?? null, baths: phrase.baths ?? null }, tooCommon, where }
}

/** A page of the search, as find-listings.server.ts answers it from the index. */
export async function searchDatabase(db: Db, input: ParsedSearch, { withTotal }: { withTotal: boolean }): Promise<DatabaseAnswer> {
  const { search, place, rooms, tooCommon, where } = await conditionsOf(db, input)
  const [key, isDescending] = {
    newest: [sql`${listing.createdAt}`, true],
    'price-asc': [sql`${listing.allInMonthlyCents}`, false],
    'price-desc': [sql`${listing.allInMonthlyCents}`, true],
    largest: [sql`${listing.interiorSqft}`, true],
  }[search.sort] as [SQL, boolean]
  const filters = sql.join(where, sql` and `)
  const page = [...where]
  const cursor = search.cursor
  if (cursor) {
    const cursorKey = search.sort === 'newest' ? sql`${String(cursor.key)}::timestamptz` : sql`${cursorKeyOf(cursor.key)}`
    page.push(
      isDescending
        ? sql`(${key}, ${listing.id}) < (${cursorKey}, ${cursor.id})`
        : sql`(${key}, ${listing.id}) > (${cursorKey}, ${cursor.id})`,
    )
  }
  const order = isDescending ? [sql`${key} desc`, sql`${listing.id} desc`] : [key, sql`${listing.id}`]
  const [rows, counted] = await Promise.all([
    db
      .select({
        ...summaryColumns,
        // The sort's key as the index keeps it: creation in microseconds (exact), or the integer.
        sortKey:
          search.sort === 'newest'
            ? sql<string>`(extract(epoch from ${listing.createdAt}) * 1000000)::bigint::text`
            : sql<string>`${key}::text`,
      })
      .from(listing)
      .where(sql.join(page, sql` and `))
      .orderBy(...order)
      .limit(search.limit + 1),
    withTotal
      ? db.execute<{ n: number }>(
          sql`select count(*)::int as n from (select 1 from ${listing} where ${filters} limit ${TOTAL_CAP + 1}) as found`,
        )
      : null,
  ])
  const shown = rows.slice(0, search.limit)
  const last = shown.at(-1)
  const items = await summariesWithPhotos(
    db,
    shown.map(({ sortKey: _, ...row }) => row),
  )
  const total = counted ? Number(counted.rows[0]!.n) : null
  return {
    items,
    after: rows.length > search.limit && last ? { key: Number(last.sortKey), id: Number(last.id) } : null,
    total: total === null ? null : Math.min(total, TOTAL_CAP),
    isTotalCapped: (total ?? 0) > TOTAL_CAP,
    place,
    rooms,
    tooCommon,
  }
}
