// The terms of a listing search, and how many listings carry them. Each published listing's search
// vector holds its words and one term per filter value ("type:house", "beds:2", "amenity:pool",
// "city:boston", "zip:02134"…), and `listing_search_term` keeps, exactly, how many published listings
// carry each term. One query reads the counts a search needs; from them comes the most listings the
// search can match, which chooses its plan (plan.server.ts) from facts rather than the planner's guesses.
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { listingSearchTerm } from '#server/db/schema.ts'
import type { ParsedSearch } from './plan.server.ts'
import { matchBound } from './term-bound.ts'

export type SearchTerms = {
  /** The free text is exactly the city of a published listing: homes in that city. */
  isCity: boolean
  /** The whole search (words or city prefix, and filter terms) as one tsquery over the search vector; null when it has no terms. */
  query: SQL | null
  /** The free text alone (words, or the start of a city's name), what a walk checks on each row; null without free text. */
  text: SQL | null
  /** The most published listings `query` can match, from exact counts; Infinity when it has no terms. */
  bound: number
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

/** What the free text of a search is: nothing, the start of a ZIP, or words (perhaps a city's name). */
export function textKind(search: ParsedSearch): { kind: 'none' } | { kind: 'zip' | 'words'; q: string } {
  const q = search.q?.trim()
  if (!q) return { kind: 'none' }
  return { kind: /^\d{1,5}$/.test(q) ? 'zip' : 'words', q }
}

/** Every published listing is either furnished or not: the two terms count them all. */
const PUBLISHED_TERMS = ['furnished:true', 'furnished:false']

/** Reads the counts of a search's terms (one query) and puts the search's tsquery together. */
export async function examineSearch(db: Db, search: ParsedSearch): Promise<SearchTerms> {
  const text = textKind(search)
  const groups = filterGroups(search)
  const cityTerm = text.kind === 'words' ? `city:${text.q.toLowerCase()}` : null
  const zipPrefix = text.kind === 'zip' ? `zip:${text.q}` : null
  const wanted = [...groups.flat(), ...PUBLISHED_TERMS, ...(cityTerm ? [cityTerm] : [])]
  const tree = text.kind === 'words' ? sql`querytree(websearch_to_tsquery('english', ${text.q}))::text` : sql`''`
  const prefixSum = (prefix: string | null) =>
    prefix === null
      ? sql`0`
      : sql`(select coalesce(sum(${listingSearchTerm.listings}), 0)::int from ${listingSearchTerm}
             where ${listingSearchTerm.term} >= ${prefix} and ${listingSearchTerm.term} < ${prefix} || chr(1114111))`
  const result = await db.execute<{ tree: string; counts: [string, number][]; cityPrefix: number; zipPrefix: number }>(sql`
    with tree as (select ${tree} as tree),
    wanted as (
      select jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb) as term
      union
      select replace(m[1], '''''', '''') from tree, regexp_matches(tree.tree, '''((?:[^'']|'''')*)''', 'g') as m
    )
    select tree.tree,
      (select coalesce(json_agg(json_build_array(s.term, s.listings)), '[]'::json) from ${listingSearchTerm} s
        where s.term in (select term from wanted)) as counts,
      ${prefixSum(cityTerm)} as "cityPrefix",
      ${prefixSum(zipPrefix)} as "zipPrefix"
    from tree`)
  const row = result.rows[0]!
  const counts = new Map(row.counts)
  const published = PUBLISHED_TERMS.reduce((sum, term) => sum + (counts.get(term) ?? 0), 0)
  const isCity = cityTerm !== null && (counts.get(cityTerm) ?? 0) > 0
  if (isCity) groups.push([cityTerm])

  let bound = Math.min(Infinity, ...groups.map((group) => group.reduce((sum, term) => sum + (counts.get(term) ?? 0), 0)))
  const filterOperands = groups.map((group) => (group.length === 1 ? operand(group[0]!) : `(${group.map(operand).join(' | ')})`))
  if (zipPrefix) {
    bound = Math.min(bound, row.zipPrefix)
    filterOperands.push(`${operand(zipPrefix)}:*`)
  }
  let words: SQL | null = null
  if (text.kind === 'words' && !isCity) {
    // The words, or the start of a city's name ("wilm" for Wilmington).
    const wordBound = matchBound(row.tree, counts) + row.cityPrefix
    bound = Math.min(bound, wordBound)
    words = sql`(websearch_to_tsquery('english', ${text.q}) || ${`${operand(cityTerm!)}:*`}::tsquery)`
  }
  const filters = filterOperands.length > 0 ? sql`${filterOperands.join(' & ')}::tsquery` : null
  const query = words && filters ? sql`(${words} && ${filters})` : (words ?? filters)
  return { isCity, query, text: words, bound, published }
}
