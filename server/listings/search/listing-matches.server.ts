// Which of many searches find one listing, as the search itself would answer, for the saved searches
// a published listing is announced to (the alerts area). Two halves, both reading a search's text as
// `examineSearch` does:
// - anchors: keys a search can only match a listing through, whatever its text comes to mean as homes
//   come and go ("Austni" read as the nearest city with homes, "Austin" a place only while it has homes,
//   words matching a city's name by its start). A listing gives its own keys; a search sharing none of
//   them cannot find it. With them, the filters every reading keeps (price, rooms, types, flags).
// - the exact test: the search compiled on the index by the engine's own pieces (`searchTestOf`), once
//   per state of the index, then one slot tested.
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { readSearchPhrase } from '#common/listings/search-phrase.ts'
import { CONFIRMATION_DAYS } from '#common/listings/vocabulary.ts'
import type { ListingIndex } from './engine/listing-index.ts'
import { searchIndexOf } from './engine/live-index.server.ts'
import { masksOf, searchTestOf } from './engine/query.ts'
import { positiveLexemes, type TsQuery } from './engine/tsquery.ts'
import { examineSearch, readQueries, textKind, type ParsedSearch } from './terms.server.ts'

/**
 * The filters a search keeps under every reading of its text, as the index's columns hold them: a
 * listing failing one is not found whatever the text means. Rooms its text names ("2 bedroom") count.
 * A listing passes when its price is within [minPrice, maxPrice], its rooms at least the minimums, its
 * type's bit in `types` (or `types` is -1), its flags hold every `required` bit and no `refused` one,
 * and its amenities every bit of `amenities` (the saved-search index tests them column by column).
 */
export type SearchFilter = {
  minPrice: number
  maxPrice: number
  minBeds: number
  minBaths: number
  /** Bits of LISTING_TYPES' positions; -1 for any type. */
  types: number
  required: number
  refused: number
  amenities: number
}

/**
 * Where a search can find homes. `keys`: a listing must give one of them (its ZIP's start, a cell of
 * the map holding it, its city, neighborhood or state, a word it carries, its city's start).
 * `spelling`: the text that may be read as the nearest spelling of a place with homes (pg_trgm's
 * similarity of at least 0.35 to a listing's city or neighborhood). `isAnywhere`: no key bounds it.
 */
export type SearchAnchors = { keys: string[]; spelling: string | null; isAnywhere: boolean; filter: SearchFilter }

/** A listing as anchors and filters meet it: its keys, its places' names to spell against, its columns. */
export type ListingFacts = {
  id: number
  keys: string[]
  names: string[]
  price: number
  beds: number
  baths: number
  type: number
  flags: number
  amenities: number
}

/** Grid sizes (degrees) of the map's cells; a map area is keyed by the finest grid it covers in at most MOST_CELLS cells. */
const CELL_DEGREES = [0.02, 0.2, 2] as const
const MOST_CELLS = 16

const cellKey = (degrees: number, latitude: number, longitude: number) =>
  `cell:${degrees}:${Math.floor(latitude / degrees)}:${Math.floor(longitude / degrees)}`

/** The cells of a map area at the finest grid it spans with few, or null when it spans too many even at the coarsest. */
function boxKeys(box: { south: number; west: number; north: number; east: number }): string[] | null {
  for (const degrees of CELL_DEGREES) {
    const [y0, y1] = [Math.floor(box.south / degrees), Math.floor(box.north / degrees)]
    const [x0, x1] = [Math.floor(box.west / degrees), Math.floor(box.east / degrees)]
    // A box whose west is east of its east matches nothing: any key would do; none is needed.
    if (y1 < y0 || x1 < x0) return []
    if ((y1 - y0 + 1) * (x1 - x0 + 1) > MOST_CELLS) continue
    const keys: string[] = []
    for (let y = y0; y <= y1; y += 1) for (let x = x0; x <= x1; x += 1) keys.push(`cell:${degrees}:${y}:${x}`)
    return keys
  }
  return null
}

/** Whether every listing matching the query carries one of its positive lexemes (false when a negation alone can match). */
function needsPositive(query: TsQuery): boolean {
  switch (query.kind) {
    case 'term':
    case 'phrase':
      return true
    case 'not':
      return false
    case 'and':
      return needsPositive(query.left) || needsPositive(query.right)
    case 'or':
      return needsPositive(query.left) && needsPositive(query.right)
  }
}

/** The filters every reading of the search keeps. */
function filterOf(search: ParsedSearch, phrase: ReturnType<typeof readSearchPhrase>): SearchFilter {
  const beds = Math.max(search.beds ?? 0, phrase.beds ?? 0)
  const baths = Math.max(search.baths ?? 0, phrase.baths ?? 0)
  const { amenityMask, ...masks } = masksOf({ ...search, types: search.type })
  return {
    minPrice: search.minPrice === undefined ? -Infinity : search.minPrice * 100,
    maxPrice: search.maxPrice === undefined ? Infinity : search.maxPrice * 100,
    minBeds: beds,
    minBaths: Math.round(baths * 2),
    ...masks,
    amenities: amenityMask,
  }
}

/** The keys of a search whose text is words: every place its text may name, its words, its start of a city; or anywhere. */
function wordKeys(q: string, phrase: ReturnType<typeof readSearchPhrase>, query: TsQuery | null): { keys: string[]; isAnywhere: boolean } {
  const keys = new Set<string>()
  for (const name of [phrase.text, phrase.place, phrase.withState?.place ?? '']) if (name !== '') keys.add(`name:${name.toLowerCase()}`)
  if (phrase.withState && phrase.withState.place === '') keys.add(`state:${phrase.withState.state.toLowerCase()}`)
  // Read as words: the words, or a city's name starting with the text.
  keys.add(`prefix:${q.toLowerCase()}`)
  if (query && !needsPositive(query)) return { keys: [], isAnywhere: true }
  for (const lexeme of positiveLexemes(query)) keys.add(`lex:${lexeme}`)
  return { keys: [...keys], isAnywhere: false }
}

/** The anchors of each search (its text's words read by the database, once per distinct text). */
export async function anchorsOf(db: Db, searches: ParsedSearch[]): Promise<SearchAnchors[]> {
  const phrases = searches.map((search) => readSearchPhrase(search.q))
  const texts = phrases.map((phrase) => {
    const kind = textKind({ q: phrase.text || undefined } as ParsedSearch)
    return kind.kind === 'words' ? kind.q : ''
  })
  const queries = await readQueries(db, texts)
  return searches.map((search, i) => {
    const phrase = phrases[i]!
    const filter = filterOf(search, phrase)
    const text = textKind({ q: phrase.text || undefined } as ParsedSearch)
    if (text.kind === 'zip') return { keys: [`zip:${text.q}`], spelling: null, isAnywhere: false, filter }
    const box =
      search.south === undefined ? null : boxKeys({ south: search.south, west: search.west!, north: search.north!, east: search.east! })
    if (box) return { keys: box, spelling: null, isAnywhere: false, filter }
    if (text.kind === 'none') return { keys: [], spelling: null, isAnywhere: true, filter }
    const { keys, isAnywhere } = wordKeys(text.q, phrase, queries.get(text.q) ?? null)
    const spelling = phrase.withState?.place || phrase.place
    return { keys, spelling: spelling === '' ? null : spelling, isAnywhere, filter }
  })
}

/** The keys of the listing in `slot`, its lexemes given. */
function listingKeys(index: ListingIndex, slot: number, lexemes: string[]): { keys: string[]; names: string[] } {
  const city = index.cities.names[index.city[slot]!]!.toLowerCase()
  const neighborhood = index.neighborhoods.names[index.neighborhood[slot]!]?.toLowerCase() ?? ''
  const zip = index.zips.names[index.zip[slot]!]!
  const keys = [`name:${city}`, `state:${index.states.names[index.state[slot]!]!.toLowerCase()}`]
  if (neighborhood !== '') keys.push(`name:${neighborhood}`)
  for (let length = 1; length <= zip.length; length += 1) keys.push(`zip:${zip.slice(0, length)}`)
  for (let length = 1; length <= city.length; length += 1) keys.push(`prefix:${city.slice(0, length)}`)
  for (const degrees of CELL_DEGREES) keys.push(cellKey(degrees, index.latitude[slot]!, index.longitude[slot]!))
  for (const lexeme of lexemes) keys.push(`lex:${lexeme}`)
  return { keys, names: neighborhood === '' ? [city] : [city, neighborhood] }
}

/**
 * The published listing's facts as the index holds them, with every change committed before the call;
 * 'absent' when the index does not hold it (not published), null when the index is not answering.
 */
export async function listingFactsOf(db: Db, listingId: number): Promise<ListingFacts | 'absent' | null> {
  const live = searchIndexOf(db)
  if (!live.isAnswering) return null
  const index = await live.current()
  const slot = index.slotOf(listingId)
  if (slot === undefined || index.isIndexed[slot] !== 1) return 'absent'
  const { rows } = await db.execute<{ lexemes: string[] | string }>(
    sql`select tsvector_to_array(search_vector) as lexemes from listing where id = ${listingId}`,
  )
  const lexemes = rows[0] ? arrayOf(rows[0].lexemes) : []
  return {
    id: listingId,
    ...listingKeys(index, slot, lexemes),
    price: index.price[slot]!,
    beds: index.beds[slot]!,
    baths: index.baths[slot]!,
    type: index.type[slot]!,
    flags: index.flags[slot]!,
    amenities: index.amenities[slot]!,
  }
}

/** A text[] as the driver gives it: an array, or (PGlite without its parser) PostgreSQL's literal. */
function arrayOf(value: string[] | string): string[] {
  if (Array.isArray(value)) return value
  const inner = value.slice(1, -1)
  if (inner === '') return []
  return [...inner.matchAll(/"((?:[^"\\]|\\.)*)"|([^,]+)/g)].map((m) => (m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]!))
}

type CompiledTest = {
  index: ListingIndex
  /** The index's shape it was compiled at, and the change it applied then. */
  shape: string
  applied: number
  search: ParsedSearch
  /** Its text's nearest spelling is chosen by the places' counts (a tie): read again at every change. */
  isSpelt: boolean
  /** What it read of its text's words: their ids and whether each was carried (`WordsRead`). */
  words: WordsRead
  test: (slot: number) => boolean
}

/**
 * The words of a search's text as its compiled test read them: each word's id (-1 for a word no
 * listing ever carried, then looked for by its lexeme), whether each was carried by an indexed listing
 * (its text reads as a misspelt place only when none of its words is; a word no listing carries
 * matches nothing), as of the index's `wordsChanged` and word count last checked.
 */
type WordsRead = { ids: Int32Array; carried: Uint8Array; unknown: string[]; wordCount: number; checkedAt: number }

/** Where a search's compiled test is kept: the caller holds one per search (a saved search's entry), beside it. */
export type SearchTestCache = { compiled: CompiledTest | null }

const MICROS_PER_DAY = 86_400_000_000

/** Whether a compiled test still answers for the index as it stands. */
function isCurrent(compiled: CompiledTest | null, search: ParsedSearch, index: ListingIndex, shape: string, applied: number): boolean {
  if (!compiled || compiled.search !== search || compiled.index !== index || compiled.shape !== shape) return false
  if (compiled.isSpelt && compiled.applied !== applied) return false
  return compiled.words.checkedAt === index.wordsChanged || doWordsHold(compiled.words, index)
}

/** Every lexeme of the queries (negated ones too: a word first carried changes what its negation matches). */
function lexemesOf(queries: (TsQuery | null | undefined)[]): string[] {
  const found = new Set<string>()
  const visit = (node: TsQuery) => {
    if (node.kind === 'term') found.add(node.lexeme)
    else if (node.kind === 'not') visit(node.arg)
    else {
      visit(node.left)
      visit(node.right)
    }
  }
  for (const query of queries) if (query) visit(query)
  return [...found]
}

/** The words of a text's queries as the index holds them now. */
function wordsReadOf(index: ListingIndex, lexemes: string[]): WordsRead {
  const ids = new Int32Array(lexemes.length)
  const carried = new Uint8Array(lexemes.length)
  const unknown: string[] = []
  lexemes.forEach((lexeme, i) => {
    const id = index.words.idOf(lexeme)
    ids[i] = id
    carried[i] = index.isWordCarried(id) ? 1 : 0
    if (id < 0) unknown.push(lexeme)
  })
  return { ids, carried, unknown, wordCount: index.words.wordCount, checkedAt: index.wordsChanged }
}

/** Whether the words a test read are as they were (no new id, none carried or no longer): then it is kept, as of now. */
function doWordsHold(words: WordsRead, index: ListingIndex): boolean {
  if (words.wordCount !== index.words.wordCount) {
    if (words.unknown.some((lexeme) => index.words.idOf(lexeme) >= 0)) return false
    words.wordCount = index.words.wordCount
  }
  for (let i = 0; i < words.ids.length; i += 1) if ((index.isWordCarried(words.ids[i]!) ? 1 : 0) !== words.carried[i]) return false
  words.checkedAt = index.wordsChanged
  return true
}

/** Searches compiled at once while warming: enough to share the database's readings, few enough to hold little at a time. */
const COMPILE_BATCH = 5_000

type Testable = { search: ParsedSearch; cache: SearchTestCache }

/**
 * Compiles the tests of the searches whose kept test no longer answers for the index as it stands
 * (each kept in its cache), every text's words read in one query first. The index compiled on, or
 * null when it is not answering (loading). With `isHeadRead` false the caller has just brought the
 * index up to the change log's head: the index is taken as it stands, without asking again.
 */
async function compileStale(db: Db, searches: readonly Testable[], isHeadRead = true): Promise<ListingIndex | null> {
  const live = searchIndexOf(db)
  if (!live.isAnswering) return null
  let index = isHeadRead ? await live.current() : await live.loaded()
  for (;;) {
    const applied = live.applied
    const shape = index.shape
    const unread = searches.filter(({ search, cache }) => !isCurrent(cache.compiled, search, index, shape, applied))
    if (unread.length === 0) return index
    // Every text's words read in one query first: each search's reading then finds them kept.
    const queries = await readQueries(
      db,
      unread.flatMap(({ search }) => textsOf(search)),
    )
    const examined = await Promise.all(unread.map(({ search }) => examineSearch(db, search, { isHeadRead: false })))
    // A change applied while the texts were read: read them again at the new state.
    if (live.applied !== applied || examined.some((one) => one.index !== index || one.applied !== applied)) {
      index = await live.current()
      continue
    }
    unread.forEach(({ search, cache }, i) => {
      const { terms, isSpeltByCounts } = examined[i]!
      const words = wordsReadOf(index, lexemesOf(textsOf(search).map((text) => queries.get(text))))
      cache.compiled = { index, shape, applied, search, isSpelt: isSpeltByCounts, words, test: searchTestOf(index, terms.indexSearch) }
    })
    return index
  }
}

/**
 * Compiles the searches' tests ahead of the listings they will meet (a saved-search index just
 * loaded), a batch at a time, so the first listing published in each place does not compile them all
 * at once. Nothing while the listings index is loading: each test is then compiled when first needed.
 */
export async function compileSearchTests(db: Db, searches: readonly Testable[]): Promise<void> {
  for (let from = 0; from < searches.length; from += COMPILE_BATCH) {
    if ((await compileStale(db, searches.slice(from, from + COMPILE_BATCH))) === null) return
  }
}

/**
 * Which of the searches find the listing as of the index's current state (one answer per search, in
 * order), tested on its slot by the engine's own pieces. Each search's test is compiled once and kept
 * in its cache while the index's shape (its columns' capacity, its places' ids, a place gaining its
 * first listing or losing its last) stays the same and its own text's words are as they were (no new
 * id, none newly carried or no longer): most listings published or taken out change none of it.
 * "Recently confirmed" is checked against now on each test. Null when the index is not answering
 * (loading): the caller runs the searches themselves. `isHeadRead` false: the caller has just read
 * the listing's facts (`listingFactsOf`, which brings the index up to the head), so the index is not
 * asked for changes again.
 */
export async function searchesFinding(
  db: Db,
  searches: readonly Testable[],
  listingId: number,
  { isHeadRead = true }: { isHeadRead?: boolean } = {},
): Promise<boolean[] | null> {
  const index = await compileStale(db, searches, isHeadRead)
  if (index === null) return null
  const slot = index.slotOf(listingId)
  // The compiled tests hold the cut-off of when they were made; the listing must be confirmed since now's.
  const isConfirmed = slot !== undefined && index.confirmed[slot]! > Date.now() * 1000 - CONFIRMATION_DAYS * MICROS_PER_DAY
  const found = new Array<boolean>(searches.length)
  for (let i = 0; i < searches.length; i += 1) found[i] = isConfirmed && searches[i]!.cache.compiled!.test(slot)
  return found
}

/** The texts whose words a search's reading asks the database for (as `examineSearch` does). */
function textsOf(search: ParsedSearch): string[] {
  const phrase = readSearchPhrase(search.q)
  const text = textKind({ q: phrase.text || undefined } as ParsedSearch)
  if (text.kind !== 'words') return []
  return [text.q, phrase.words, phrase.withState?.place || phrase.place]
}
