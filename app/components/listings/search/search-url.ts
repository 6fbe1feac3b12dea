// The /properties URL: its parameters are those of the listing search schema (and of the JSON API),
// plus `view` for list or map. Pure helpers shared by the loader, the form and the links.

export const PROPERTIES_PATH = '/properties'

export const BOUNDS_KEYS = ['south', 'west', 'north', 'east'] as const

/** The filters that have a field of their own in the search form (the map's bounds have none). */
export const FILTER_FIELD_KEYS = [
  'minPrice',
  'maxPrice',
  'beds',
  'baths',
  'type',
  'offer',
  'checkIn',
  'checkOut',
  'guests',
  'pets',
  'furnished',
  'amenities',
  'availableBy',
] as const

/** Parameters that narrow the results (the text query and the sort are not filters). */
export const FILTER_KEYS = [...FILTER_FIELD_KEYS, ...BOUNDS_KEYS] as const

/**
 * How results show: `auto` (no `view` in the address) is the list with the map beside it on a wide
 * screen and the list alone on a phone; `map` adds the map on a phone too; `list` leaves it out.
 */
export type SearchView = 'auto' | 'list' | 'map'

export function viewOf(params: URLSearchParams): SearchView {
  const view = params.get('view')
  return view === 'map' || view === 'list' ? view : 'auto'
}

/** The search as the map asks for it: every filter and the text, without the view, the page, the sort or the area (the map asks for its own). */
export function mapQueryOf(params: URLSearchParams): URLSearchParams {
  const query = withoutEmpty(params)
  for (const key of ['view', 'cursor', 'sort', 'limit', 'total', ...BOUNDS_KEYS]) query.delete(key)
  return query
}

/**
 * The search as the schema reads it: a repeated parameter (type=house&type=condo) as a list, a
 * single one as a string, exactly as the JSON API passes its query. Empty fields (what a form
 * submitted without JavaScript sends for "Any") mean no filter.
 */
export function searchQueryOf(params: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {}
  const given = withoutEmpty(params)
  for (const key of new Set(given.keys())) {
    if (key === 'view') continue
    const values = given.getAll(key)
    query[key] = values.length === 1 ? values[0]! : values
  }
  return query
}

function href(params: URLSearchParams): string {
  const search = params.toString()
  return search ? `${PROPERTIES_PATH}?${search}` : PROPERTIES_PATH
}

/** The same search with empty fields dropped, as a tidy URL (what the form submits with JavaScript). */
export function withoutEmpty(params: URLSearchParams): URLSearchParams {
  const tidy = new URLSearchParams()
  for (const [key, value] of params) if (value.trim() !== '') tidy.append(key, value)
  return tidy
}

/** The next page: the current search and view with the cursor of the page after this one. */
export function nextPageHref(params: URLSearchParams, cursor: string): string {
  const next = withoutEmpty(params)
  next.set('cursor', cursor)
  return href(next)
}

/** The same text query, sort and view with every filter (and page) removed. */
export function clearFiltersHref(params: URLSearchParams): string {
  const kept = new URLSearchParams()
  for (const key of ['q', 'sort', 'view']) {
    const value = params.get(key)?.trim()
    if (value) kept.set(key, value)
  }
  return href(kept)
}

/** The search in another view, from its first page. */
export function viewHref(params: URLSearchParams, view: SearchView): string {
  const next = withoutEmpty(params)
  next.delete('cursor')
  if (view === 'auto') next.delete('view')
  else next.set('view', view)
  return href(next)
}

/** The search limited to a map area, from its first page. */
export function boundsHref(params: URLSearchParams, bounds: { south: number; west: number; north: number; east: number }): string {
  const next = withoutEmpty(params)
  next.delete('cursor')
  for (const key of BOUNDS_KEYS) next.set(key, String(Math.round(bounds[key] * 1e5) / 1e5))
  return href(next)
}

/** The same search without its map area, from its first page. */
export function withoutBoundsHref(params: URLSearchParams): string {
  const next = withoutEmpty(params)
  for (const key of [...BOUNDS_KEYS, 'cursor']) next.delete(key)
  return href(next)
}

/** The canonical address of a search: its first page, whatever the view. */
export function canonicalPath(params: URLSearchParams): string {
  const canonical = withoutEmpty(params)
  canonical.delete('cursor')
  canonical.delete('view')
  // The saved search a page was opened from is the viewer's own, not part of the search.
  canonical.delete('saved')
  return href(canonical)
}

/** How many filter values are set (a map area is not counted: the map shows it). */
export function countFilters(params: URLSearchParams): number {
  const counted = FILTER_KEYS.filter((key) => !(BOUNDS_KEYS as readonly string[]).includes(key))
  return counted.reduce((sum, key) => sum + params.getAll(key).filter((value) => value.trim() !== '').length, 0)
}

export function hasFilters(params: URLSearchParams): boolean {
  return FILTER_KEYS.some((key) => params.getAll(key).some((value) => value.trim() !== ''))
}

export function hasBounds(params: URLSearchParams): boolean {
  return BOUNDS_KEYS.some((key) => params.get(key)?.trim())
}

/** The page title of a search: "Homes for rent in Wilmington". */
export function searchTitle(q: string | undefined): string {
  const place = q?.trim()
  return place ? `Homes for rent in ${place}` : 'Homes for rent'
}

/** "1 home", "42 homes", "1,000+ homes". */
export function resultCountText(total: number, isCapped: boolean): string {
  const count = `${total.toLocaleString('en-US')}${isCapped ? '+' : ''}`
  return `${count} ${total === 1 && !isCapped ? 'home' : 'homes'}`
}
