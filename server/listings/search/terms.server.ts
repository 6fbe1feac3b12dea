// What a listing search asks for, as the search index reads it: the rooms its text names ("2
// bedroom") as minimums, the place it names (a city with or without its state, a neighborhood, a
// state, the nearest spelling of one), the start of a ZIP, and the words left, as PostgreSQL's
// `websearch_to_tsquery` reads them (the index keeps the words PostgreSQL's english configuration
// made of each listing, so both sides agree to the letter). Whether a name is a place with homes
// comes from the index's exact counts.
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { listingSearchTerm } from '#server/db/schema.ts'
import type { listingSearchSchema } from '#common/listings/schemas.ts'
import { readSearchPhrase, type SearchPhrase } from '#common/listings/search-phrase.ts'
import { CONFIRMATION_DAYS } from '#common/listings/vocabulary.ts'
import type { ListingIndex } from './engine/listing-index.ts'
import { searchIndexOf } from './engine/live-index.server.ts'
import type { IndexSearch } from './engine/query.ts'
import { parseTsQuery, positiveLexemes, type TsQuery } from './engine/tsquery.ts'

export type ParsedSearch = ReturnType<typeof listingSearchSchema.parse>

export type PlaceKind = 'city' | 'neighborhood' | 'state'

/** The place the free text names, as the search understood it. */
export type SearchPlace = {
  kind: PlaceKind
  /** Its name in lower case, as its term has it ("austin", "park slope"; a state's code, "tx"). */
  name: string
  /** The state it was asked in ("Austin, TX"), as a lower-case code; null when none was given. */
  state: string | null
  /** The text as typed, when the place was read as the nearest spelling of it ("Brookyln"). */
  correctedFrom: string | null
}

export type SearchTerms = {
  /** The search as asked: rooms its text asked for ("2 bedroom") are minimums, its `q` the rest of the text. */
  search: ParsedSearch
  /** The place its text names, if any. */
  place: SearchPlace | null
  /** The least bedrooms and bathrooms its text asked for ("2 bedroom"), if it did. */
  rooms: { beds: number | null; baths: number | null }
  /** The words sought as typed when every one is too common to search for ("the the"): they match nothing. */
  tooCommon: string | null
  /** The search as the index runs it. */
  indexSearch: IndexSearch
}

/** How alike (pg_trgm's similarity, 0 to 1) a place's name must be to what was typed to be taken for it. */
const SPELLING_SIMILARITY = 0.35

const atLeast = (given: number | undefined, asked: number | undefined) => (asked === undefined ? given : Math.max(given ?? 0, asked))

/** The search with the rooms its text asked for as minimums and the rest of the text as `q`. */
function withRoomsRead(input: ParsedSearch, phrase: SearchPhrase): ParsedSearch {
  return { ...input, q: phrase.text || undefined, beds: atLeast(input.beds, phrase.beds), baths: atLeast(input.baths, phrase.baths) }
}

/** What the free text of a search is: nothing, the start of a ZIP, or words (perhaps a place). */
export function textKind(search: ParsedSearch): { kind: 'none' } | { kind: 'zip' | 'words'; q: string } {
  const q = search.q?.trim()
  if (!q) return { kind: 'none' }
  return { kind: /^\d{1,5}$/.test(q) ? 'zip' : 'words', q }
}

type Found = { place: SearchPlace; words: string }

/** How many indexed listings a city, neighborhood or state (lower case) has. */
function placeListings(index: ListingIndex, kind: PlaceKind, name: string): number {
  const dictionary = kind === 'city' ? index.cities : kind === 'neighborhood' ? index.neighborhoods : index.states
  return dictionary.listingsOf(name)
}

/**
 * The place a phrase names, given whether a city, neighborhood or state (lower case) has published
 * listings: the whole text as a city or a neighborhood; else what follows "in" or "near"; else a
 * place and its state, or a state alone. Returns the place and the words left to search for. The
 * index answers `has` from its dictionaries, PostgreSQL from its per-term counts
 * (database-search.server.ts), so both read a text alike.
 */
export function placeOfPhrase(phrase: SearchPhrase, has: (kind: PlaceKind, name: string) => boolean): Found | null {
  const known = (name: string): SearchPlace | null => {
    const lower = name.toLowerCase()
    if (lower === '') return null
    if (has('city', lower)) return { kind: 'city', name: lower, state: null, correctedFrom: null }
    if (has('neighborhood', lower)) return { kind: 'neighborhood', name: lower, state: null, correctedFrom: null }
    return null
  }
  const whole = known(phrase.text)
  if (whole) return { place: whole, words: '' }
  const joined = phrase.place !== phrase.text ? known(phrase.place) : null
  if (joined) return { place: joined, words: phrase.words }
  const withState = phrase.withState
  if (!withState) return null
  const state = withState.state.toLowerCase()
  const hasState = has('state', state)
  if (withState.place === '') {
    return withState.isCertain && hasState
      ? { place: { kind: 'state', name: state, state: null, correctedFrom: null }, words: phrase.words }
      : null
  }
  const place = known(withState.place)
  if (!place) return null
  // A state set off as one ("Austin, TX") is kept even where the site has no homes, so the answer is
  // honest: none there. A lower-case code after a place ("austin tx") counts where there are homes.
  const isStateMeant = withState.isCertain || hasState
  return { place: isStateMeant ? { ...place, state } : place, words: phrase.words }
}

/** The place a phrase names, from the index's counts. */
function placeOf(phrase: SearchPhrase, index: ListingIndex): Found | null {
  return placeOfPhrase(phrase, (kind, name) => placeListings(index, kind, name) > 0)
}

/**
 * The term of the city or neighborhood with homes whose name is spelt most like `typed`, with its
 * count, if one is alike enough to be what was meant ("brookyln": city:brooklyn).
 */
export async function nearestSpelling(db: Db, typed: string): Promise<{ term: string; listings: number } | null> {
  const found = await nearestSpellings(db, typed)
  return found.nearest
}

/**
 * The nearest spelling of `typed`, and whether it is the only one that near: when another place is
 * exactly as alike, the counts of homes choose between them, and any listing may change the choice.
 * Otherwise only a place gaining its first home or losing its last one can.
 */
async function nearestSpellings(db: Db, typed: string): Promise<{ nearest: { term: string; listings: number } | null; isTied: boolean }> {
  const name = sql`substr(${listingSearchTerm.term}, 6)`
  const similarity = sql`similarity(${name}, ${typed.toLowerCase()})`
  const startsWith = (prefix: string) =>
    sql`(${listingSearchTerm.term} >= ${prefix} and ${listingSearchTerm.term} < ${prefix} || chr(1114111))`
  const result = await db.execute<{ term: string; listings: number; similarity: number }>(sql`
    select ${listingSearchTerm.term} as term, ${listingSearchTerm.listings} as listings, ${similarity} as similarity from ${listingSearchTerm}
    where (${startsWith('city:')} or ${startsWith('hood:')}) and ${listingSearchTerm.listings} > 0
      and ${similarity} >= ${SPELLING_SIMILARITY}
    order by ${similarity} desc, ${listingSearchTerm.listings} desc, ${listingSearchTerm.term}
    limit 2`)
  const [first, second] = result.rows
  if (!first) return { nearest: null, isTied: false }
  return {
    nearest: { term: first.term, listings: Number(first.listings) },
    isTied: second !== undefined && second.similarity === first.similarity,
  }
}

/** The most misspelt texts whose nearest place is kept, for each database, until the index applies another change. */
const SPELLING_CACHE_SIZE = 2_000
const spellingCaches = new WeakMap<Db, { applied: number; nearest: Map<string, ReturnType<typeof nearestSpellings>> }>()

/**
 * The nearest spelling of `typed` as of the change the index has applied (`applied`): read once while
 * the index applies no other change, so the searches of one page (its results, the ways out of an empty
 * one, the places nearby) and of the next pages ask the database once. A change the database holds that
 * the index has not applied is found by the caller's read of the change log's head, and the search runs
 * again, at a later change, which reads the spelling afresh.
 */
function nearestSpellingAt(db: Db, typed: string, applied: number) {
  let cache = spellingCaches.get(db)
  if (!cache || cache.applied !== applied) spellingCaches.set(db, (cache = { applied, nearest: new Map() }))
  let nearest = cache.nearest.get(typed)
  if (!nearest) {
    nearest = nearestSpellings(db, typed)
    const kept = cache
    kept.nearest.set(typed, nearest)
    nearest.catch(() => kept.nearest.delete(typed))
    if (kept.nearest.size > SPELLING_CACHE_SIZE) kept.nearest.delete(kept.nearest.keys().next().value!)
  }
  return nearest
}

/**
 * The most texts whose tsquery is kept; a text read again is not sent to the database again. Saved
 * searches' texts are read again whenever a listing they may match is published: they stay kept.
 */
const QUERY_CACHE_SIZE = 100_000
const queryCache = new Map<string, TsQuery | null>()

/**
 * PostgreSQL's reading of each text as a web search (`websearch_to_tsquery('english', …)`): the same
 * stemming and stop words as the listings' search vectors. One query for the texts not read before.
 */
export async function readQueries(db: Db, texts: string[]): Promise<Map<string, TsQuery | null>> {
  const read = new Map<string, TsQuery | null>()
  const missing = [...new Set(texts.filter((text) => text !== '' && !queryCache.has(text)))]
  if (missing.length > 0) {
    const { rows } = await db.execute<{ text: string; query: string }>(
      sql`select t as text, websearch_to_tsquery('english', t)::text as query from unnest(${`{${missing.map(arrayItem).join(',')}}`}::text[]) as t`,
    )
    for (const row of rows) {
      queryCache.set(row.text, parseTsQuery(row.query))
      if (queryCache.size > QUERY_CACHE_SIZE) queryCache.delete(queryCache.keys().next().value!)
    }
  }
  for (const text of texts) read.set(text, text === '' ? null : (queryCache.get(text) ?? null))
  return read
}

/** A text as an element of a PostgreSQL array literal. */
const arrayItem = (text: string) => `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`

/** Whether any indexed listing carries a word the query asks for (outside its negations). */
function isAnyWordCarried(index: ListingIndex, query: TsQuery | null): boolean {
  return positiveLexemes(query).some((lexeme) => {
    const id = index.words.idOf(lexeme)
    for (const view of index.words.views(id)) for (const slot of view.slots) if (index.isIndexed[slot] === 1) return true
    return false
  })
}

/**
 * Whether `text` has words (letters or digits) of which PostgreSQL's english configuration keeps none:
 * only stop words ("the", "of the"), which no search vector holds.
 */
function isTooCommon(text: string, query: TsQuery | null | undefined): boolean {
  return text !== '' && !query && /[\p{L}\p{N}]/u.test(text)
}

/** How many indexed listings are in a city whose name starts with `prefix` (lower case). */
function cityPrefixListings(index: ListingIndex, prefix: string): number {
  let n = 0
  index.cities.names.forEach((name, id) => {
    if (name.startsWith(prefix)) n += index.cities.listings[id]!
  })
  return n
}

const MICROS_PER_DAY = 86_400_000_000

/** A day (YYYY-MM-DD) as days since 1970-01-01. */
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000

/** A cursor's key as the index keeps it: a timestamp in microseconds, or the integer as is. */
export function cursorKeyOf(key: string | number): number {
  if (typeof key === 'number') return key
  const [whole, fraction = ''] = key.replace(/Z$/, '').split('.')
  return Date.parse(`${whole}Z`) * 1000 + Number(fraction.padEnd(6, '0'))
}

/**
 * Reads the search's text (rooms, place, words) and makes the search the index runs, with the index
 * current as of this call (or, with `isHeadRead` false, as the index stands: the caller checks). The text's words are read by the database (once per distinct text); a text
 * naming no known place nor word is looked up as the nearest spelling of a place.
 */
export async function examineSearch(
  db: Db,
  input: ParsedSearch,
  { isHeadRead = true, mayLagReload = false }: { isHeadRead?: boolean; mayLagReload?: boolean } = {},
): Promise<{ terms: SearchTerms; index: ListingIndex; applied: number; isSpeltByCounts: boolean }> {
  const phrase = readSearchPhrase(input.q)
  const search = withRoomsRead(input, phrase)
  const text = textKind(search)
  // What names the place, without its state: "Brookyln" of "lofts in Brookyln, NY".
  const typed = text.kind === 'words' ? phrase.withState?.place || phrase.place : ''
  const queries = await readQueries(db, text.kind === 'words' ? [text.q, phrase.words, typed] : [])
  const live = searchIndexOf(db)
  // Without reading the head here, the caller reads it with its own query (findListings).
  // The map and nearby places read the old index while a fresh one reloads (mayLagReload).
  const latest = () => (!isHeadRead ? live.loaded() : mayLagReload ? live.currentOrStanding() : live.current())
  let index = await latest()
  // The change the place was read at: a change applied later (while the spelling is looked up)
  // may name the place, so the caller checks the head against this one.
  const applied = live.applied

  let found = text.kind === 'words' ? placeOf(phrase, index) : null
  // The part that would name a place, when no home has a single one of its words (nor a city starts
  // with it): perhaps it is a place misspelt. Text PostgreSQL reads no word in ("the", "of the") is
  // not: it would be spelt like any place with "the" in its name.
  const isUnknown =
    !isTooCommon(typed, queries.get(typed)) &&
    !isAnyWordCarried(index, queries.get(typed) ?? null) &&
    (typed !== phrase.text || cityPrefixListings(index, text.kind === 'words' ? text.q.toLowerCase() : '') === 0)
  // Whether the reading asks the database for the nearest spelling of a place; when two places are as
  // near, their counts of homes choose (`isSpeltByCounts`: any listing may change the reading).
  const isSpelt = text.kind === 'words' && !found && typed !== '' && isUnknown
  let isTied = false
  if (isSpelt) {
    const spelt = await nearestSpellingAt(db, typed, applied)
    isTied = spelt.isTied
    const nearest = spelt.nearest
    if (nearest) {
      const kind = nearest.term.startsWith('city:') ? 'city' : 'neighborhood'
      const state = phrase.withState?.place ? phrase.withState.state.toLowerCase() : null
      const words = phrase.place === phrase.text ? '' : phrase.words
      found = { place: { kind, name: nearest.term.slice('city:'.length), state, correctedFrom: typed }, words }
      index = await latest()
    }
  }
  const place = found?.place ?? null
  const words = found ? found.words : text.kind === 'words' ? text.q : ''
  // Words too common to search for match nothing, not even as the start of a city's name.
  const tooCommon = isTooCommon(words, queries.get(words)) ? words : null
  const indexSearch: IndexSearch = {
    sort: search.sort,
    limit: search.limit,
    cursor: search.cursor ? { key: cursorKeyOf(search.cursor.key), id: search.cursor.id } : null,
    confirmedAfter: Date.now() * 1000 - CONFIRMATION_DAYS * MICROS_PER_DAY,
    minPrice: search.minPrice === undefined ? undefined : search.minPrice * 100,
    maxPrice: search.maxPrice === undefined ? undefined : search.maxPrice * 100,
    beds: search.beds,
    bathroomHalves: search.baths === undefined ? undefined : Math.round(search.baths * 2),
    types: search.type,
    offer: search.offer,
    pets: search.pets,
    furnished: search.furnished,
    amenities: search.amenities,
    availableByDay: search.availableBy ? dayNumber(search.availableBy) : undefined,
    box: search.south === undefined ? undefined : { south: search.south, west: search.west!, north: search.north!, east: search.east! },
    city: place?.kind === 'city' ? place.name : undefined,
    neighborhood: place?.kind === 'neighborhood' ? place.name : undefined,
    state: place?.kind === 'state' ? place.name : (place?.state ?? undefined),
    zipPrefix: text.kind === 'zip' ? text.q : undefined,
    stay:
      search.checkIn && search.checkOut
        ? { from: dayNumber(search.checkIn), to: dayNumber(search.checkOut), guests: search.guests ?? 1 }
        : undefined,
    text: words ? { query: queries.get(words) ?? null, cityPrefix: found || tooCommon ? null : words.toLowerCase() } : undefined,
  }
  return {
    terms: { search, place, rooms: { beds: phrase.beds ?? null, baths: phrase.baths ?? null }, tooCommon, indexSearch },
    index,
    applied,
    isSpeltByCounts: isTied,
  }
}
