// The test a search applies to each listing it meets, made of only the checks the search asks for:
// a function per combination of checks, written once from fixed pieces and kept, so the engine's
// compiler sees a short function of plain typed-array reads rather than twenty checks most of which
// pass. The pieces name columns and parameters only; no search value is ever part of the source.

import type { ListingIndex } from './listing-index.ts'

/** The values a search's checks compare with. */
export type PredicateParams = {
  confirmedAfter: number
  minPrice: number
  maxPrice: number
  minBeds: number
  minBaths: number
  types: number
  required: number
  refused: number
  amenityMask: number
  availableBy: number
  south: number
  north: number
  west: number
  east: number
  cityId: number
  neighborhoodId: number
  stateId: number
  zipSet: Uint8Array | null
  /** Whether the listing in a slot takes the stay searched for (its nights free, its rules kept); null without dates. */
  stayFits: ((slot: number) => boolean) | null
}

/** Each check: the columns and parameters it reads, and its condition on slot `s`. */
const CHECKS = {
  minPrice: { columns: ['price'], params: ['minPrice'], test: 'price[s] >= minPrice' },
  maxPrice: { columns: ['price'], params: ['maxPrice'], test: 'price[s] <= maxPrice' },
  beds: { columns: ['beds'], params: ['minBeds'], test: 'beds[s] >= minBeds' },
  baths: { columns: ['baths'], params: ['minBaths'], test: 'baths[s] >= minBaths' },
  types: { columns: ['type'], params: ['types'], test: '(types & (1 << type[s])) !== 0' },
  required: { columns: ['flags'], params: ['required'], test: '(flags[s] & required) === required' },
  refused: { columns: ['flags'], params: ['refused'], test: '(flags[s] & refused) === 0' },
  amenities: { columns: ['amenities'], params: ['amenityMask'], test: '(amenities[s] & amenityMask) === amenityMask' },
  available: { columns: ['available'], params: ['availableBy'], test: 'available[s] <= availableBy' },
  box: {
    columns: ['latitude', 'longitude'],
    params: ['south', 'north', 'west', 'east'],
    test: 'latitude[s] >= south && latitude[s] <= north && longitude[s] >= west && longitude[s] <= east',
  },
  city: { columns: ['city'], params: ['cityId'], test: 'city[s] === cityId' },
  neighborhood: { columns: ['neighborhood'], params: ['neighborhoodId'], test: 'neighborhood[s] === neighborhoodId' },
  state: { columns: ['state'], params: ['stateId'], test: 'state[s] === stateId' },
  zip: { columns: ['zip'], params: ['zipSet'], test: 'zipSet[zip[s]] === 1' },
  // Last: the other checks are cheaper, and most listings fail one of them first.
  stay: { columns: [], params: ['stayFits'], test: 'stayFits(s)' },
} as const

export type Check = keyof typeof CHECKS

type Factory = (index: ListingIndex, params: PredicateParams) => (slot: number) => boolean

const factories = new Map<string, Factory>()

/** The checks a search needs, from its parameters (a check that every listing passes is left out). */
export function checksOf(params: PredicateParams): Check[] {
  const checks: Check[] = []
  if (params.minPrice > -Infinity) checks.push('minPrice')
  if (params.maxPrice < Infinity) checks.push('maxPrice')
  if (params.minBeds > 0) checks.push('beds')
  if (params.minBaths > 0) checks.push('baths')
  if (params.types !== -1) checks.push('types')
  if (params.required !== 0) checks.push('required')
  if (params.refused !== 0) checks.push('refused')
  if (params.amenityMask !== 0) checks.push('amenities')
  if (params.availableBy < Infinity) checks.push('available')
  if (params.south > -Infinity) checks.push('box')
  if (params.cityId >= 0) checks.push('city')
  if (params.neighborhoodId >= 0) checks.push('neighborhood')
  if (params.stateId >= 0) checks.push('state')
  if (params.zipSet !== null) checks.push('zip')
  if (params.stayFits !== null) checks.push('stay')
  return checks
}

/**
 * The test of an indexed, recently confirmed listing passing `checks` with `params`: whether the
 * listing in slot `s` matches. The index's columns are read when it is made: make it again after the
 * index grows.
 */
export function predicateOf(index: ListingIndex, params: PredicateParams, checks: readonly Check[]): (slot: number) => boolean {
  const key = checks.join(',')
  let factory = factories.get(key)
  if (!factory) {
    const columns = new Set<string>(['isIndexed', 'confirmed'])
    const names = new Set<string>(['confirmedAfter'])
    for (const check of checks) {
      for (const column of CHECKS[check].columns) columns.add(column)
      for (const name of CHECKS[check].params) names.add(name)
    }
    const conditions = ['isIndexed[s] === 1', 'confirmed[s] > confirmedAfter', ...checks.map((check) => CHECKS[check].test)]
    const source = [
      ...[...columns].map((column) => `const ${column} = index.${column};`),
      ...[...names].map((name) => `const ${name} = params.${name};`),
      `return function test(s) { return ${conditions.join(' && ')}; };`,
    ].join('\n')
    factory = new Function('index', 'params', source) as Factory
    factories.set(key, factory)
  }
  return factory(index, params)
}

/** One listing's columns as the checks read them: read once to check many searches' values on it (`passes`). */
export type ListingValues = {
  price: number
  beds: number
  baths: number
  type: number
  flags: number
  amenities: number
  available: number
  latitude: number
  longitude: number
  city: number
  neighborhood: number
  state: number
  zip: number
}

export function valuesOf(index: ListingIndex, slot: number): ListingValues {
  return {
    price: index.price[slot]!,
    beds: index.beds[slot]!,
    baths: index.baths[slot]!,
    type: index.type[slot]!,
    flags: index.flags[slot]!,
    amenities: index.amenities[slot]!,
    available: index.available[slot]!,
    latitude: index.latitude[slot]!,
    longitude: index.longitude[slot]!,
    city: index.city[slot]!,
    neighborhood: index.neighborhood[slot]!,
    state: index.state[slot]!,
    zip: index.zip[slot]!,
  }
}

/**
 * The numbers `passesAt` reads of one search, a row of VALUE_STRIDE in a Float64Array: many searches'
 * rows read in order, rather than an object a search. Sixteen, so that a row is two cache lines in an
 * array of rows that starts on one (large arrays start on a page): the first holds the places, the
 * available day and the map area, where most listings fail a search that passed its filters already;
 * the second the filters. The ZIP set is kept beside.
 */
export const VALUE_STRIDE = 16

export function writeValues(rows: Float64Array, at: number, params: PredicateParams): void {
  rows[at] = params.cityId
  rows[at + 1] = params.neighborhoodId
  rows[at + 2] = params.stateId
  rows[at + 3] = params.availableBy
  rows[at + 4] = params.south
  rows[at + 5] = params.north
  rows[at + 6] = params.west
  rows[at + 7] = params.east
  rows[at + 8] = params.minPrice
  rows[at + 9] = params.maxPrice
  rows[at + 10] = params.minBeds
  rows[at + 11] = params.minBaths
  rows[at + 12] = params.types
  rows[at + 13] = params.required
  rows[at + 14] = params.refused
  rows[at + 15] = params.amenityMask
}

/**
 * Whether an indexed, recently confirmed listing's values pass every check but the stay and the ZIP of
 * the search whose row starts at `at` (`writeValues`): CHECKS' conditions, each written so that a
 * parameter left at its default passes (what `checksOf` leaves out).
 */
export function passesAt(rows: Float64Array, at: number, v: ListingValues): boolean {
  const cityId = rows[at]!
  const neighborhoodId = rows[at + 1]!
  const stateId = rows[at + 2]!
  if (
    (cityId >= 0 && v.city !== cityId) ||
    (neighborhoodId >= 0 && v.neighborhood !== neighborhoodId) ||
    (stateId >= 0 && v.state !== stateId) ||
    v.available > rows[at + 3]! ||
    v.latitude < rows[at + 4]! ||
    v.latitude > rows[at + 5]! ||
    v.longitude < rows[at + 6]! ||
    v.longitude > rows[at + 7]!
  )
    return false
  const types = rows[at + 12]!
  const required = rows[at + 13]!
  const amenityMask = rows[at + 15]!
  return (
    v.price >= rows[at + 8]! &&
    v.price <= rows[at + 9]! &&
    v.beds >= rows[at + 10]! &&
    v.baths >= rows[at + 11]! &&
    (types === -1 || (types & (1 << v.type)) !== 0) &&
    (v.flags & required) === required &&
    (v.flags & rows[at + 14]!) === 0 &&
    (v.amenities & amenityMask) === amenityMask
  )
}
