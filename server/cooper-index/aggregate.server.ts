// The nation's and each state's index as a weighted aggregate of their cities' indexes, each city weighted by the
// rental homes it has on the site over the base period. docs/cooper-index-method.md ("The nation and the states")
// says why these weights and how the band is combined.
import { bedroomsGroupOf, GROUPS, type BedroomsGroup } from './markets.server.ts'
import type { ObservationColumns } from './observations.server.ts'
import { BAND_Z, withDerivedFigures, type IndexMonth } from './repeat-rent.server.ts'

/** One city's series in an aggregate: its months (consecutive) and its weight, the homes let over its base period. */
export type AggregatePart = { key: string; name: string; homes: number; months: readonly IndexMonth[] }

/** The aggregate's months, the months its index averages 100 over, and the parts with their weights. */
export type Aggregate = { months: IndexMonth[]; basePeriod: number[]; parts: { key: string; name: string; homes: number }[] }

/** The base period's length, as for a city (repeat-rent.server.ts BASE_PERIOD_MONTHS). */
const BASE_MONTHS = 12

/**
 * The weighted aggregate of the parts' indexes, chained month to month: the change from one month to the next is
 * Σ w·I(t) / Σ w·I(t−1) over the parts with a figure in both, so while the same parts have figures the aggregate
 * is exactly Σ w·I / Σ w (a fixed basket of homes), and a part that has no figure for a month (too few pairs)
 * neither moves it nor breaks it. The result is scaled so `baseYear` averages 100 (geometrically, as a city's
 * index does) where every month of it has a figure, else its own first twelve months with one. The band treats the
 * parts as independent (they share no homes): the log standard error is √(Σ (w·I·s)²) / Σ w·I over the parts with
 * a figure, s being each part's own, read off its band. Null when no part has a weight.
 */
export function aggregateIndex(parts: readonly AggregatePart[], baseYear: readonly number[] | null): Aggregate | null {
  const weighted = parts.filter((part) => part.homes > 0 && part.months.some((month) => month.index !== null))
  if (weighted.length === 0) return withoutFigures(parts)
  const first = Math.min(...weighted.map((part) => part.months[0]!.month))
  const last = Math.max(...weighted.map((part) => part.months.at(-1)!.month))
  const count = last - first + 1
  const monthOf = (part: AggregatePart, month: number): IndexMonth | undefined => part.months[month - part.months[0]!.month]
  const indexOf = (part: AggregatePart, month: number): number | null => monthOf(part, month)?.index ?? null

  const logLevel = new Float64Array(count).fill(NaN)
  const logError = new Float64Array(count).fill(NaN)
  const pairs = new Int32Array(count)
  const units = new Int32Array(count)
  let previous = -1
  for (let m = 0; m < count; m++) {
    const month = first + m
    let now = 0
    let before = 0
    let total = 0
    let variance = 0
    for (const part of weighted) {
      const own = monthOf(part, month)
      if (own) {
        pairs[m]! += own.pairs
        units[m]! += own.units
      }
      const index = own?.index ?? null
      if (index === null) continue
      const share = part.homes * index
      total += share
      if (own!.low !== null && own!.high !== null) variance += (share * Math.log(own!.high / own!.low)) ** 2 / (2 * BAND_Z) ** 2
      const earlier = previous >= 0 ? indexOf(part, first + previous) : null
      if (earlier !== null) {
        now += share
        before += part.homes * earlier
      }
    }
    if (total === 0) continue
    if (previous < 0) logLevel[m] = 0
    else if (before > 0) logLevel[m] = logLevel[previous]! + Math.log(now / before)
    else continue
    logError[m] = Math.sqrt(variance) / total
    previous = m
  }

  const known = (m: number) => Number.isFinite(logLevel[m]!)
  const onBaseYear = baseYear?.every((month) => month >= first && month <= last && known(month - first)) ?? false
  const basePeriod = onBaseYear
    ? [...baseYear!]
    : Array.from({ length: count }, (_, m) => m)
        .filter(known)
        .slice(0, BASE_MONTHS)
        .map((m) => first + m)
  const baseLogMean = basePeriod.reduce((sum, month) => sum + logLevel[month - first]!, 0) / basePeriod.length
  const months = Array.from({ length: count }, (_, m): IndexMonth => {
    const ok = known(m)
    const published = logLevel[m]! - baseLogMean
    const halfWidth = BAND_Z * logError[m]!
    return {
      month: first + m,
      status: ok ? 'ok' : pairs[m] === 0 ? 'no-pairs' : 'not-enough-data',
      index: ok ? 100 * Math.exp(published) : null,
      low: ok ? 100 * Math.exp(published - halfWidth) : null,
      high: ok ? 100 * Math.exp(published + halfWidth) : null,
      pairs: pairs[m]!,
      units: units[m]!,
      movingAverage3: null,
      monthOverMonth: null,
      yearOverYear: null,
    }
  })
  return {
    months: withDerivedFigures(months),
    basePeriod,
    parts: weighted.map(({ key, name, homes }) => ({ key, name, homes })),
  }
}

/**
 * No part has a figure (every city too thin): the months of all parts with their counts and no index, as a thin
 * city's series is kept, so pages can say how little there is; null when there are no parts.
 */
function withoutFigures(parts: readonly AggregatePart[]): Aggregate | null {
  const series = parts.filter((part) => part.months.length > 0)
  if (series.length === 0) return null
  const first = Math.min(...series.map((part) => part.months[0]!.month))
  const last = Math.max(...series.map((part) => part.months.at(-1)!.month))
  const months = Array.from({ length: last - first + 1 }, (_, m): IndexMonth => {
    let pairs = 0
    let units = 0
    for (const part of series) {
      const own = part.months[first + m - part.months[0]!.month]
      pairs += own?.pairs ?? 0
      units += own?.units ?? 0
    }
    const status = pairs === 0 ? 'no-pairs' : 'not-enough-data'
    return {
      month: first + m,
      status,
      index: null,
      low: null,
      high: null,
      pairs,
      units,
      movingAverage3: null,
      monthOverMonth: null,
      yearOverYear: null,
    }
  })
  return { months, basePeriod: months.slice(0, BASE_MONTHS).map((month) => month.month), parts: [] }
}

/**
 * The rental homes of each city and bedrooms group over a period: the distinct homes with a letting in it. The
 * period of a city and group is given by `periodOf` (first and last month, or null to count none).
 */
export function homesByCity(
  observations: Pick<ObservationColumns, 'count' | 'unit' | 'month' | 'city' | 'bedrooms'>,
  periodOf: (city: number, group: BedroomsGroup) => readonly [number, number] | null,
): Map<string, number> {
  // Keyed by number (city × 4 + group) while counting: one pass over millions of lettings.
  const seen = new Map<number, Set<number>>()
  const periods = new Map<number, readonly [number, number] | null>()
  for (let i = 0; i < observations.count; i++) {
    const city = observations.city[i]!
    const month = observations.month[i]!
    for (const g of [0, GROUPS.indexOf(bedroomsGroupOf(observations.bedrooms[i]!))]) {
      const key = city * GROUPS.length + g
      let within = periods.get(key)
      if (within === undefined) periods.set(key, (within = periodOf(city, GROUPS[g]!)))
      if (!within || month < within[0] || month > within[1]) continue
      let units = seen.get(key)
      if (!units) seen.set(key, (units = new Set()))
      units.add(observations.unit[i]!)
    }
  }
  return new Map([...seen].map(([key, units]) => [`${Math.floor(key / GROUPS.length)}|${GROUPS[key % GROUPS.length]}`, units.size]))
}
