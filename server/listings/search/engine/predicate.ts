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
