// The terms of a listing search, and how many listings carry them. Each published listing's search
// vector holds its words and one term per filter value and place ("type:house", "beds>=2",
// "amenity:pool", "city:boston", "zip:02134", "state:ma", "hood:back bay"…), and `listing_search_term` keeps, exactly, how many published listings
// carry each term. One query reads the counts a search needs; from them comes the most listings the
// search can match, which chooses its plan (plan.server.ts) from facts rather than the planner's guesses.
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { listingMapCell, listingSearchTerm } from '#server/db/schema.ts'
import { cellOf, MAP_CELL_LEVEL } from '#common/listings/map-grid.ts'
import type { ParsedSearch } from './plan.server.ts'
import { readSearchPhrase, type SearchPhrase } from '#common/listings/search-phrase.ts'
import { matchBound, matchExpected, termListings, wordSign, type WordSign } from './term-bound.ts'

export type PlaceKind = 'city' | 'neighbourhood' | 'state'

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
  /** The search as planned: rooms its text asked for ("2 bedroom") are minimums, its `q` the rest of the text. */
  search: ParsedSearch
  /** The place its text names, if any. */
  place: SearchPlace | null
  /** The least bedrooms and bathrooms its text asked for ("2 bedroom"), if it did. */
  rooms: { beds: number | null; baths: number | null }
  /** The city searched in (lower case), which a walk checks from the index; null when none. */
  city: string | null
  /** The start of a ZIP the text is; null when it is not digits. */
  zip: string | null
  /** The whole search (words, place and filter terms) as one tsquery over the search vector; null when it has no terms. */
  query: SQL | null
  /**
   * What a walk checks on each row: the words (or the start of a city's name), a neighbourhood, a
   * state; null when there is none of these.
   */
  text: SQL | null
  /** What a listing must have to match `text`, as far as the signature of its words and its city can tell (a walk checks it on the index). */
  textSign: WordSign
  /**
   * What the search's tsquery is, when it is no more than one group of filter or place terms a listing
   * carries at most one of (a filter value, a city, a neighbourhood, a state; types), any of which
   * matches, or the start of a ZIP (every term beginning with `prefix`: a listing has one ZIP), and
   * perhaps a state as well ("Austin, TX"; "Texas" with two bedrooms). Null when its query has words
   * or other groups, or no terms at all.
   */
  cellTerms: { anyOf: string[]; prefix: string | null; state: string | null } | null
  /** The most published listings `query` can match, from exact counts; Infinity when it has no terms. */
  bound: number
  /**
   * How many published listings `query` would match were its groups of terms and its words found
   * independently of each other: the published listings times each group's share of them (the
   * words', `matchExpected`), from the same exact counts. An estimate, which only weighs a lookup against a walk whose cost is already
   * known to be high; Infinity when it has no terms.
   */
  expected: number
  /**
   * Whether the search asks for more than the terms of one group (others, a price, a date, an area):
   * then it may match far fewer listings than `bound`, down to none (`type=studio&beds=2`).
   */
  isNarrowed: boolean
  /**
   * The map area's listings, from the exact counts of the map's cells (of listings not yet marked
   * unconfirmed): `entries`, all those between its south and north whatever their longitude, which a
   * read of the area's index covers; `inside`, those within its bounds too. Null without an area.
   */
  area: { entries: number; inside: number } | null
  /** How many listings are published. */
  published: number
}

/** A term as a tsquery operand: quoted, so that any character stands for itself. */
const operand = (term: string) => `'${term.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`

/** The filter terms of a search: each group is "any of these", and every group must match. */
function filterGroups(search: ParsedSearch): string[][] {
  const groups: string[][] = []
  if (search.type.length > 0) groups.push(search.type.map((type) => `type:${type}`))
  // Every listing has at least none: only a minimum above zero is a term.
  if (search.beds) groups.push([`beds>=${search.beds}`])
  if (search.baths) groups.push([`baths>=${Math.round(search.baths * 2)}`])
  if (search.offer) groups.push([`offer:${search.offer}`])
  for (const pet of search.pets) groups.push([`pets:${pet}`])
  if (search.furnished !== undefined) groups.push([`furnished:${search.furnished}`])
  for (const amenity of search.amenities) groups.push([`amenity:${amenity}`])
  return groups
}

/** What the free text of a search is: nothing, the start of a ZIP, or words (perhaps a place). */
export function textKind(search: ParsedSearch): { kind: 'none' } | { kind: 'zip' | 'words'; q: string } {
  const q = search.q?.trim()
  if (!q) return { kind: 'none' }
  return { kind: /^\d{1,5}$/.test(q) ? 'zip' : 'words', q }
}

/** The listings of the map cells in the rows the search's area spans, and of those in its columns too (SearchTerms.area). */
function areaSums(search: ParsedSearch): SQL {
  if (search.south === undefined) return sql`null::json`
  // A cell's row grows southward, its column eastward.
  const northWest = cellOf(search.north!, search.west!, MAP_CELL_LEVEL)
  const southEast = cellOf(search.south, search.east!, MAP_CELL_LEVEL)
  const inside = sql`${listingMapCell.x} between ${northWest.x} and ${southEast.x}`
  return sql`(select json_build_object(
      'entries', coalesce(sum(${listingMapCell.listings}), 0),
      'inside', coalesce(sum(${listingMapCell.listings}) filter (where ${inside}), 0))
    from ${listingMapCell} where ${listingMapCell.y} between ${northWest.y} and ${southEast.y})`
}

/** Every published listing is either furnished or not: the two terms count them all. */
const PUBLISHED_TERMS = ['furnished:true', 'furnished:false']

/** How alike (pg_trgm's similarity, 0 to 1) a place's name must be to what was typed to be taken for it. */
const SPELLING_SIMILARITY = 0.35

const atLeast = (given: number | undefined, asked: number | undefined) => (asked === undefined ? given : Math.max(given ?? 0, asked))

/** The search with the rooms its text asked for as minimums and the rest of the text as `q`. */
function withRoomsRead(input: ParsedSearch, phrase: SearchPhrase): ParsedSearch {
  return { ...input, q: phrase.text || undefined, beds: atLeast(input.beds, phrase.beds), baths: atLeast(input.baths, phrase.baths) }
}

/** The terms that could name the place of a phrase: "city:", "hood:" or "state:" and a lower-case name. */
function placeTerms(phrase: SearchPhrase): string[] {
  const names = [phrase.text, phrase.place, phrase.withState?.place ?? ''].map((name) => name.toLowerCase()).filter(Boolean)
  return [
    ...names.flatMap((name) => [`city:${name}`, `hood:${name}`]),
    ...(phrase.withState ? [`state:${phrase.withState.state.toLowerCase()}`] : []),
  ]
}

type Found = { place: SearchPlace; words: string }

/**
 * The place a phrase names, from the counts of its place terms: the whole text as a city or a
 * neighbourhood; else what follows "in" or "near"; else a place and its state, or a state alone.
 * Returns the place and the words left to search for.
 */
function placeOf(phrase: SearchPhrase, counts: ReadonlyMap<string, number>): Found | null {
  const has = (term: string) => (counts.get(term) ?? 0) > 0
  const known = (name: string): SearchPlace | null => {
    const lower = name.toLowerCase()
    if (lower === '') return null
    if (has(`city:${lower}`)) return { kind: 'city', name: lower, state: null, correctedFrom: null }
    if (has(`hood:${lower}`)) return { kind: 'neighbourhood', name: lower, state: null, correctedFrom: null }
    return null
  }
  const whole = known(phrase.text)
  if (whole) return { place: whole, words: '' }
  const joined = phrase.place !== phrase.text ? known(phrase.place) : null
  if (joined) return { place: joined, words: phrase.words }
  const withState = phrase.withState
  if (!withState) return null
  const state = withState.state.toLowerCase()
  if (withState.place === '') {
    return withState.isCertain && has(`state:${state}`)
      ? { place: { kind: 'state', name: state, state: null, correctedFrom: null }, words: phrase.words }
      : null
  }
  const place = known(withState.place)
  if (!place) return null
  // A state set off as one ("Austin, TX") is kept even where the site has no homes, so the answer is
  // honest: none there. A lower-case code after a place ("austin tx") counts where there are homes.
  const isStateMeant = withState.isCertain || has(`state:${state}`)
  return { place: isStateMeant ? { ...place, state } : place, words: phrase.words }
}

/**
 * The term of the city or neighbourhood with homes whose name is spelt most like `typed`, with its
 * count, if one is alike enough to be what was meant ("brookyln": city:brooklyn).
 */
export async function nearestSpelling(db: Db, typed: string): Promise<{ term: string; listings: number } | null> {
  const name = sql`substr(${listingSearchTerm.term}, 6)`
  const similarity = sql`similarity(${name}, ${typed.toLowerCase()})`
  const startsWith = (prefix: string) =>
    sql`(${listingSearchTerm.term} >= ${prefix} and ${listingSearchTerm.term} < ${prefix} || chr(1114111))`
  const result = await db.execute<{ term: string; listings: number }>(sql`
    select ${listingSearchTerm.term} as term, ${listingSearchTerm.listings} as listings from ${listingSearchTerm}
    where (${startsWith('city:')} or ${startsWith('hood:')}) and ${listingSearchTerm.listings} > 0
      and ${similarity} >= ${SPELLING_SIMILARITY}
    order by ${similarity} desc, ${listingSearchTerm.listings} desc, ${listingSearchTerm.term}
    limit 1`)
  return result.rows[0] ?? null
}

/**
 * Reads the search's text (rooms, place, words), the counts of its terms (one query; a second only to
 * find the place meant by a text that matches nothing) and puts the search's tsquery together.
 */
export async function examineSearch(db: Db, input: ParsedSearch): Promise<SearchTerms> {
  const phrase = readSearchPhrase(input.q)
  const search = withRoomsRead(input, phrase)
  const text = textKind(search)
  const groups = filterGroups(search)
  const cityPrefixTerm = text.kind === 'words' ? `city:${text.q.toLowerCase()}` : null
  // What names the place, without its state: "Brookyln" of "lofts in Brookyln, NY".
  const typed = text.kind === 'words' ? phrase.withState?.place || phrase.place : ''
  const zipPrefix = text.kind === 'zip' ? `zip:${text.q}` : null
  const wanted = [...groups.flat(), ...PUBLISHED_TERMS, ...(text.kind === 'words' ? placeTerms(phrase) : [])]
  const treeOf = (words: string) => (words ? sql`querytree(websearch_to_tsquery('english', ${words}))::text` : sql`''`)
  const prefixSum = (prefix: string | null) =>
    prefix === null
      ? sql`0`
      : sql`(select coalesce(sum(${listingSearchTerm.listings}), 0)::int from ${listingSearchTerm}
             where ${listingSearchTerm.term} >= ${prefix} and ${listingSearchTerm.term} < ${prefix} || chr(1114111))`
  const result = await db.execute<{
    tree: string
    wordsTree: string
    typedTree: string
    counts: [string, number][]
    cityPrefix: number
    zipPrefix: number
    area: { entries: number; inside: number } | null
  }>(sql`
    with tree as (
      select ${treeOf(text.kind === 'words' ? text.q : '')} as tree, ${treeOf(phrase.words)} as "wordsTree", ${treeOf(typed)} as "typedTree"
    ),
    wanted as (
      select jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb) as term
      union
      select replace(m[1], '''''', '''') from tree, regexp_matches(concat_ws(' ', tree.tree, tree."wordsTree", tree."typedTree"), '''((?:[^'']|'''')*)''', 'g') as m
    )
    select tree.tree, tree."wordsTree", tree."typedTree",
      (select coalesce(json_agg(json_build_array(s.term, s.listings)), '[]'::json) from ${listingSearchTerm} s
        where s.term in (select term from wanted)) as counts,
      ${prefixSum(cityPrefixTerm)} as "cityPrefix",
      ${prefixSum(zipPrefix)} as "zipPrefix",
      ${areaSums(search)} as area
    from tree`)
  const row = result.rows[0]!
  const counts = new Map(row.counts)
  const published = PUBLISHED_TERMS.reduce((sum, term) => sum + (counts.get(term) ?? 0), 0)
  // The words, or the start of a city's name ("wilm" for Wilmington).
  const textBound = matchBound(row.tree, counts) + row.cityPrefix

  let found = text.kind === 'words' ? placeOf(phrase, counts) : null
  // The part that would name a place, when no home has a single one of its words (nor a city starts
  // with it): perhaps it is a place misspelt.
  const isUnknown = termListings(row.typedTree, counts) === 0 && (typed !== phrase.text || row.cityPrefix === 0)
  if (text.kind === 'words' && !found && typed && isUnknown) {
    const nearest = await nearestSpelling(db, typed)
    if (nearest) {
      counts.set(nearest.term, nearest.listings)
      const kind = nearest.term.startsWith('city:') ? 'city' : 'neighbourhood'
      const state = phrase.withState?.place ? phrase.withState.state.toLowerCase() : null
      const words = phrase.place === phrase.text ? '' : phrase.words
      found = { place: { kind, name: nearest.term.slice('city:'.length), state, correctedFrom: typed }, words }
    }
  }
  const place = found?.place ?? null

  // How many listings each group of terms (or the words) allows, and how many the words would match
  // were they found independently of each other (`matchExpected`): the search matches at most the
  // fewest, and is estimated (`expected`) from each group's share.
  const groupListings = groups.map((group) => {
    const most = group.reduce((sum, term) => sum + (counts.get(term) ?? 0), 0)
    return { most, expected: most }
  })
  const allow = (most: number, expected = most) => groupListings.push({ most, expected })
  const filterOperands = groups.map((group) => (group.length === 1 ? operand(group[0]!) : `(${group.map(operand).join(' | ')})`))
  if (zipPrefix) {
    allow(row.zipPrefix)
    filterOperands.push(`${operand(zipPrefix)}:*`)
  }
  // A city is checked from the index; a neighbourhood, a state and words from the row.
  const placeTermsOnRows: string[] = []
  if (place?.kind === 'city') {
    filterOperands.push(operand(`city:${place.name}`))
    allow(counts.get(`city:${place.name}`) ?? 0)
  } else if (place) {
    placeTermsOnRows.push(`${place.kind === 'state' ? 'state' : 'hood'}:${place.name}`)
  }
  if (place?.state) placeTermsOnRows.push(`state:${place.state}`)
  for (const term of placeTermsOnRows) allow(counts.get(term) ?? 0)

  const onRows: SQL[] = placeTermsOnRows.map((term) => sql`${operand(term)}::tsquery`)
  // A neighbourhood or a state is not in the signature of a listing's words.
  let textSign: WordSign = 'anything'
  if (text.kind === 'words' && !found) {
    allow(textBound, matchExpected(row.tree, counts, published) + row.cityPrefix)
    onRows.push(sql`(websearch_to_tsquery('english', ${text.q}) || ${`${operand(cityPrefixTerm!)}:*`}::tsquery)`)
    const words = wordSign(row.tree)
    textSign = words === 'anything' ? words : { any: [words, { cityStartsWith: text.q.toLowerCase() }] }
  } else if (found?.words) {
    allow(matchBound(row.wordsTree, counts), matchExpected(row.wordsTree, counts, published))
    onRows.push(sql`websearch_to_tsquery('english', ${found.words})`)
    textSign = wordSign(row.wordsTree)
  }
  const bound = Math.min(Infinity, ...groupListings.map(({ most }) => most))
  const expected =
    groupListings.length === 0
      ? Infinity
      : groupListings.reduce((product, group) => (product * group.expected) / Math.max(1, published), published)
  const termGroups = [...groups, ...(place?.kind === 'city' ? [[`city:${place.name}`]] : []), ...placeTermsOnRows.map((term) => [term])]
  const hasWords = (text.kind === 'words' && !found) || Boolean(found?.words)
  const [anyOf, ...others] = zipPrefix ? [[], ...termGroups] : termGroups
  const state = others.length === 1 && others[0]!.length === 1 && others[0]![0]!.startsWith('state:') ? others[0]![0]! : null
  const cellTerms = anyOf && (others.length === 0 || state) && !hasWords ? { anyOf, prefix: zipPrefix, state } : null
  const rowQuery = onRows.length > 0 ? sql`(${sql.join(onRows, sql` && `)})` : null
  const filters = filterOperands.length > 0 ? sql`${filterOperands.join(' & ')}::tsquery` : null
  const query = rowQuery && filters ? sql`(${rowQuery} && ${filters})` : (rowQuery ?? filters)
  return {
    search,
    place,
    rooms: { beds: phrase.beds ?? null, baths: phrase.baths ?? null },
    city: place?.kind === 'city' ? place.name : null,
    zip: text.kind === 'zip' ? text.q : null,
    query,
    text: rowQuery,
    textSign,
    cellTerms,
    bound,
    expected,
    isNarrowed:
      termGroups.length + (zipPrefix ? 1 : 0) > 1 ||
      [search.minPrice, search.maxPrice, search.availableBy, search.south].some((value) => value !== undefined),
    published,
    area: row.area,
  }
}
