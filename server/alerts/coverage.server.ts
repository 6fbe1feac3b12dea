// Whether the Cooper Index has enough data for a saved search's condition "at least X % below the
// typical rent": for the city its text names and the bedrooms it asks for, the typical rent the
// condition compares with, or that there is too little data there (so the condition matches none).
import type { Db } from '#server/db/client.server.ts'
import { findTypicalRent } from '#server/cooper-index/index.server.ts'
import { findSearchCity } from '#server/listings/index.server.ts'
import { readSavedQuery, searchInputOf } from '#common/alerts/saved-query.ts'
import type { IndexCoverage } from '#common/alerts/schemas.ts'

/** The index's bedrooms groups, each by a size in it and its words. */
const GROUPS = [
  { bedrooms: 1, words: 'studio and 1-bedroom' },
  { bedrooms: 2, words: '2-bedroom' },
  { bedrooms: 3, words: '3-bedroom and larger' },
] as const

/** The groups a search's least bedrooms falls in (its own group), or every group when it asks for none. */
function groupsOf(beds: number | null) {
  if (beds === null) return GROUPS
  return [GROUPS[Math.min(Math.max(beds, 1), 3) - 1]!]
}

/** What the Cooper Index condition of the saved query compares with; null when the query no longer reads. */
export async function findIndexCoverage(db: Db, { query }: { query: string }): Promise<IndexCoverage | null> {
  if (!readSavedQuery(query).ok) return null
  const named = await findSearchCity(db, searchInputOf(query))
  if (!named) return { kind: 'any-city' }
  const { state, city, place, beds } = named
  if (!state) return { kind: 'city-without-state', place }
  const groups = await Promise.all(
    groupsOf(beds).map(async (group) => {
      const typical = await findTypicalRent(db, { city, state, bedrooms: group.bedrooms })
      return {
        bedrooms: group.words,
        typical: typical && {
          levelCents: typical.levelCents,
          bandHalfWidth: typical.bandHalfWidth,
          pairs: typical.pairs,
          month: typical.month,
          marketName: typical.marketName,
        },
      }
    }),
  )
  return { kind: 'city', place, groups }
}
