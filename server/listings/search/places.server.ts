// Place suggestions for the search box: the cities, neighborhoods and ZIP codes with published homes
// whose names start with what was typed, each with how many homes it has, from the exact counts of
// their search terms (terms.server.ts); when none starts so, the place spelt most like it.
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { listing, listingSearchTerm } from '#server/db/schema.ts'
import { placeWithState } from '#common/listings/search-phrase.ts'
import type { PlaceSuggestion } from '#common/listings/types.ts'
import { nearestSpelling } from './terms.server.ts'

/** The most suggestions given, and of each kind before the other kind's are counted in. */
const MOST = 8
const EACH = 4

const KINDS = {
  city: {
    prefix: 'city:',
    spelt: sql`(select json_build_array(l.city, l.state) from ${listing} l where l.status = 'published' and lower(l.city) = f.name limit 1)`,
  },
  neighborhood: {
    prefix: 'hood:',
    spelt: sql`(select json_build_array(l.neighborhood, l.state) from ${listing} l where l.status = 'published' and l.search_vector @@ quote_literal(f.term)::tsquery limit 1)`,
  },
  zip: {
    prefix: 'zip:',
    spelt: sql`(select json_build_array(l.city, l.state) from ${listing} l where l.status = 'published' and l.zip = f.name limit 1)`,
  },
} as const
type Kind = keyof typeof KINDS

/** The terms of a kind starting with `start` (or exactly `exact`), most homes first, with a listing's spelling. */
function termsOf(kind: Kind, { start, exact }: { start?: string; exact?: string }) {
  const { prefix, spelt } = KINDS[kind]
  const range =
    exact !== undefined
      ? sql`${listingSearchTerm.term} = ${prefix + exact}`
      : sql`${listingSearchTerm.term} >= ${prefix + start} and ${listingSearchTerm.term} < ${prefix + start} || chr(1114111)`
  return sql`(select f.term, f.listings, ${kind} as kind, ${spelt} as spelt from (
      select ${listingSearchTerm.term} as term, ${listingSearchTerm.listings} as listings, substr(${listingSearchTerm.term}, ${prefix.length + 1}) as name
      from ${listingSearchTerm} where ${range} and ${listingSearchTerm.listings} > 0
      order by ${listingSearchTerm.listings} desc, ${listingSearchTerm.term} limit ${MOST}) f)`
}

/** A term found, with how a listing there spells its name and state. */
type Found = { term: string; listings: number; kind: Kind; spelt: [string, string] | null }

function suggestionOf({ term, listings, kind, spelt }: Found): PlaceSuggestion | null {
  if (!spelt) return null
  const [name, state] = spelt
  const code = term.slice(KINDS[kind].prefix.length)
  if (kind === 'city') return { kind, label: `${name}, ${state}`, detail: 'City', value: `${name}, ${state}`, homes: listings }
  if (kind === 'zip') return { kind, label: code, detail: `${name}, ${state}`, value: code, homes: listings }
  return { kind, label: name, detail: 'Neighborhood', value: name, homes: listings }
}

/** What of the text names the place to suggest: "austin" of "Austin, T" or "austin tx", lower case. */
function startOf(q: string): string {
  const text = q.trim().replace(/\s+/g, ' ').toLowerCase()
  const withState = placeWithState(text)
  return (withState?.place || text.split(',')[0]!).trim()
}

/** The places whose names start with `q`, most homes first (cities, then neighborhoods), or the one spelt most like it. */
export async function suggestPlaces(db: Db, q: string): Promise<PlaceSuggestion[]> {
  const start = startOf(q)
  if (start === '') return []
  const isZip = /^\d{1,5}$/.test(start)
  const kinds: Kind[] = isZip ? ['zip'] : ['city', 'neighborhood']
  const result = await db.execute<Found>(
    sql.join(
      kinds.map((kind) => termsOf(kind, { start })),
      sql` union all `,
    ),
  )
  let found = result.rows
  if (found.length === 0 && !isZip) {
    const nearest = await nearestSpelling(db, start)
    if (nearest) {
      const kind: Kind = nearest.term.startsWith('city:') ? 'city' : 'neighborhood'
      found = (await db.execute<Found>(termsOf(kind, { exact: nearest.term.slice(KINDS[kind].prefix.length) }))).rows
    }
  }
  const suggestions = found.map(suggestionOf).filter((suggestion) => suggestion !== null)
  const cities = suggestions.filter((s) => s.kind === 'city')
  const others = suggestions.filter((s) => s.kind !== 'city')
  // Up to EACH of each kind, then the rest of either, up to MOST.
  const first = [...cities.slice(0, EACH), ...others.slice(0, EACH)]
  const rest = [...cities.slice(EACH), ...others.slice(EACH)]
  return [...first, ...rest].slice(0, MOST).sort((a, b) => Number(b.kind === 'city') - Number(a.kind === 'city'))
}
