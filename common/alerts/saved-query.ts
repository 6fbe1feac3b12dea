// A saved search is the search's own query string, as /properties and GET /api/properties take it,
// stored as it was asked and read back through the same schema as the page each time it is used: so
// it means tomorrow exactly what it means today (a new place, a new listing, the same parser). Only
// what says which homes match is kept; how they are shown (the view, the page, the page size) is not.
import type { z } from 'zod'
import { listingSearchSchema } from '#common/listings/schemas.ts'

/** The parameters a saved search keeps: the text, every filter, the map's area, the dates, and the sort it opens with. */
export const SAVED_SEARCH_KEYS = [
  'q',
  'minPrice',
  'maxPrice',
  'beds',
  'baths',
  'type',
  'offer',
  'pets',
  'furnished',
  'amenities',
  'availableBy',
  'checkIn',
  'checkOut',
  'guests',
  'south',
  'west',
  'north',
  'east',
  'sort',
] as const

const KEPT = new Set<string>(SAVED_SEARCH_KEYS)

/** The query string a saved search stores for a /properties address's parameters: kept keys only, empty values dropped, in order. */
export function savedQueryOf(params: URLSearchParams): string {
  const kept = new URLSearchParams()
  for (const key of SAVED_SEARCH_KEYS) {
    for (const value of params.getAll(key)) if (value.trim() !== '') kept.append(key, value.trim())
  }
  return kept.toString()
}

/** A query string as the search schema reads it: a repeated key as a list, a single one as a string (as the API passes it). */
export function searchInputOf(query: string): Record<string, string | string[]> {
  const params = new URLSearchParams(query)
  const input: Record<string, string | string[]> = {}
  for (const key of new Set(params.keys())) {
    if (!KEPT.has(key)) continue
    const values = params.getAll(key).filter((value) => value.trim() !== '')
    if (values.length > 0) input[key] = values.length === 1 ? values[0]! : values
  }
  return input
}

export type SavedSearchReading =
  | { ok: true; search: z.output<typeof listingSearchSchema> }
  /** The search no longer reads (its stay's dates have passed, say): it matches nothing, and the page says why. */
  | { ok: false; problems: string[] }

/** The saved query read as the page reads it today. */
export function readSavedQuery(query: string): SavedSearchReading {
  const parsed = listingSearchSchema.safeParse(searchInputOf(query))
  if (parsed.success) return { ok: true, search: parsed.data }
  return { ok: false, problems: [...new Set(parsed.error.issues.map((issue) => issue.message))] }
}
