// The markets of a Cooper Index run: the nation, each state and each city with a pair, each for all homes and
// for three bedrooms groups, with the indexes of the pairs that belong to each.
import type { ObservationColumns } from './observations.server.ts'
import type { PairTable } from './pair-table.server.ts'

export type BedroomsGroup = 'all' | '0-1' | '2' | '3+'
export type MarketKind = 'nation' | 'state' | 'city'

export const GROUPS = ['all', '0-1', '2', '3+'] as const

/** The bedrooms group of a bedroom count: studios and one-bedroom homes together, then 2, then 3 and more. */
export function bedroomsGroupOf(bedrooms: number): Exclude<BedroomsGroup, 'all'> {
  return bedrooms <= 1 ? '0-1' : bedrooms === 2 ? '2' : '3+'
}

/** A URL-safe market key: `us`, a state's code (`de`), or state and city (`de-wilmington`). */
export function marketKeyOf(stateCode?: string, city?: string): string {
  if (stateCode === undefined) return 'us'
  const state = stateCode.toLowerCase()
  if (city === undefined) return state
  const slug = city
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  return `${state}-${slug}`
}

export type Market = {
  key: string
  kind: MarketKind
  name: string
  stateCode: string | null
  /** The key of its companion figures (see readCompanions). */
  companionKey: string
  cities: Set<number>
  /** Indexes into the pair table, by bedrooms group, in unit order. */
  pairs: Record<BedroomsGroup, Int32Array>
}

/** The nation, each state and each city with any pair, with the pairs of each bedrooms group. */
export function marketsOf(observations: ObservationColumns, pairs: PairTable): Market[] {
  type Draft = Omit<Market, 'pairs'> & { counts: Int32Array; lists: Int32Array[] }
  const draft = (market: Omit<Market, 'pairs'>): Draft => ({ ...market, counts: new Int32Array(4), lists: [] })
  const nation = draft({ key: marketKeyOf(), kind: 'nation', name: 'United States', stateCode: null, companionKey: '', cities: new Set() })
  const states = new Map<number, Draft>()
  const cities = new Map<number, Draft>()
  // Each pair goes to its city, its state and the nation, in 'all' and in its group: count, then fill.
  const groupOfPair = new Uint8Array(pairs.count)
  const cityOfPair: Draft[] = []
  for (let p = 0; p < pairs.count; p++) {
    const cityId = pairs.city[p]!
    let city = cities.get(cityId)
    if (!city) {
      const { name, state: stateId } = observations.cities[cityId]!
      const stateCode = observations.states[stateId]!
      let state = states.get(stateId)
      if (!state) {
        state = draft({
          key: marketKeyOf(stateCode),
          kind: 'state',
          name: stateCode,
          stateCode,
          companionKey: stateCode,
          cities: new Set(),
        })
        states.set(stateId, state)
      }
      city = draft({
        key: marketKeyOf(stateCode, name),
        kind: 'city',
        name,
        stateCode,
        companionKey: `${stateCode}|${name.toLowerCase()}`,
        cities: new Set([cityId]),
      })
      cities.set(cityId, city)
      state.cities.add(cityId)
      nation.cities.add(cityId)
    }
    const group = GROUPS.indexOf(bedroomsGroupOf(pairs.bedrooms[p]!))
    groupOfPair[p] = group
    cityOfPair[cityId] = city
    city.counts[0]!++
    city.counts[group]!++
  }
  const stateOf = (city: Draft) => states.get(observations.cities[[...city.cities][0]!]!.state)!
  for (const city of cities.values()) {
    const state = stateOf(city)
    for (let g = 0; g < 4; g++) {
      state.counts[g]! += city.counts[g]!
      nation.counts[g]! += city.counts[g]!
    }
  }
  const all = [nation, ...states.values(), ...cities.values()]
  for (const market of all) market.lists = Array.from(market.counts, (count) => new Int32Array(count))
  const filled = new Map(all.map((market) => [market, new Int32Array(4)]))
  const stateOfCity = new Map([...cities.values()].map((city) => [city, stateOf(city)]))
  const put = (market: Draft, group: number, p: number) => {
    const at = filled.get(market)!
    market.lists[0]![at[0]!++] = p
    market.lists[group]![at[group]!++] = p
  }
  for (let p = 0; p < pairs.count; p++) {
    const city = cityOfPair[pairs.city[p]!]!
    const group = groupOfPair[p]!
    put(nation, group, p)
    put(stateOfCity.get(city)!, group, p)
    put(city, group, p)
  }
  return all.map(({ counts: _counts, lists, ...market }) => ({
    ...market,
    pairs: { all: lists[0]!, '0-1': lists[1]!, '2': lists[2]!, '3+': lists[3]! },
  }))
}
