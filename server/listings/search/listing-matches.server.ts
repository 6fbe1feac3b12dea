// Which of many searches find one listing, as the search itself would answer, for the saved searches
// a published listing is announced to (the alerts area). Two halves, both reading a search's text as
// `examineSearch` does:
// - anchors: keys a search can only match a listing through, whatever its text comes to mean as homes
//   come and go ("Austni" read as the nearest city with homes, "Austin" a place only while it has homes,
//   words matching a city's name by its start). A listing gives its own keys; a search sharing none of
//   them cannot find it. With them, the filters every reading keeps (price, rooms, types, flags).
// - the exact check: the search compiled on the index by the engine's own pieces (`searchCheckOf`),
//   kept while its reading holds (`SearchTests`), then one slot checked.
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { readSearchPhrase } from '#common/listings/search-phrase.ts'
import type { ListingIndex } from './engine/listing-index.ts'
import { searchIndexOf } from './engine/live-index.server.ts'
import { masksOf } from './engine/query.ts'
import { positiveLexemes, type TsQuery } from './engine/tsquery.ts'
import { readQueries, textKind, type ParsedSearch } from './terms.server.ts'

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
export type SearchAnchors = {
  keys: string[]
  spelling: string | null
  isAnywhere: boolean
  filter: SearchFilter
  /**
   * What its text may be read as, whatever else bounds where it finds homes (a map area, a negation):
   * the places it may name (`name:`, `state:`, a city's start `prefix:`), the ZIPs its start may read
   * (`zip:`), and the text that may be a misspelt place. A place with one of these keys (or spelt like
   * that text) getting its first listing or losing its last may change the reading (`ReadingChange`).
   */
  reading: { keys: string[]; spelling: string | null }
}

/** A listing as anchors and filters meet it: its keys, its places' names to spell against, its columns. */
export type ListingFacts = {
  id: number
  /** Its row's owner and what the Cooper Index compares its rent by (its city, state and bedrooms). */
  ownerId: string
  city: string
  state: string
  bedrooms: number
  monthlyRentCents: number | null
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

/**
 * The keys of a search whose text is words: every place its text may name, its words, its start of a
 * city; or anywhere. `names`: the keys of the places alone (what its reading may name).
 */
function wordKeys(
  q: string,
  phrase: ReturnType<typeof readSearchPhrase>,
  query: TsQuery | null,
): { keys: string[]; isAnywhere: boolean; names: string[] } {
  const keys = new Set<string>()
  for (const name of [phrase.text, phrase.place, phrase.withState?.place ?? '']) if (name !== '') keys.add(`name:${name.toLowerCase()}`)
  if (phrase.withState && phrase.withState.place === '') keys.add(`state:${phrase.withState.state.toLowerCase()}`)
  // Read as words: the words, or a city's name starting with the text.
  keys.add(`prefix:${q.toLowerCase()}`)
  const names = [...keys]
  if (query && !needsPositive(query)) return { keys: [], isAnywhere: true, names }
  for (const lexeme of positiveLexemes(query)) keys.add(`lex:${lexeme}`)
  return { keys: [...keys], isAnywhere: false, names }
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
    const typed = phrase.withState?.place || phrase.place
    const spelling = text.kind === 'words' && typed !== '' ? typed : null
    const words = text.kind === 'words' ? wordKeys(text.q, phrase, queries.get(text.q) ?? null) : null
    const reading = {
      keys: text.kind === 'zip' ? [`zip:${text.q}`] : (words?.names ?? []),
      spelling,
    }
    if (text.kind === 'zip') return { keys: [`zip:${text.q}`], spelling: null, isAnywhere: false, filter, reading }
    const box =
      search.south === undefined ? null : boxKeys({ south: search.south, west: search.west!, north: search.north!, east: search.east! })
    if (box) return { keys: box, spelling: null, isAnywhere: false, filter, reading }
    if (!words) return { keys: [], spelling: null, isAnywhere: true, filter, reading }
    return { keys: words.keys, spelling, isAnywhere: words.isAnywhere, filter, reading }
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
  const { rows } = await db.execute<{
    lexemes: string[] | string
    owner_id: string
    city: string
    state: string
    bedrooms: number
    monthly_rent_cents: number | string | null
  }>(
    sql`select tsvector_to_array(search_vector) as lexemes, owner_id, city, state, bedrooms, monthly_rent_cents
        from listing where id = ${listingId}`,
  )
  const row = rows[0]
  if (!row) return 'absent'
  return {
    id: listingId,
    ownerId: row.owner_id,
    city: row.city,
    state: row.state,
    bedrooms: Number(row.bedrooms),
    monthlyRentCents: row.monthly_rent_cents === null ? null : Number(row.monthly_rent_cents),
    ...listingKeys(index, slot, arrayOf(row.lexemes)),
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
