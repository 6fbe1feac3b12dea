// Estimating a Cooper Index run: each market and bedrooms group's index from its pairs, carried to dollars by the
// asking rents of its reference window, as the rows the run stores.
import { aggregateIndex, homesByCity, type AggregatePart } from './aggregate.server.ts'
import type { Companion } from './companions.server.ts'
import { bedroomsGroupOf, GROUPS, type BedroomsGroup, type Market } from './markets.server.ts'
import { dateOfMonth, type ObservationColumns } from './observations.server.ts'
import type { PairTable } from './pair-table.server.ts'
import { dollarAnchor, dollarAnchorSpread, inDollars } from './dollars.server.ts'
import { estimateRepeatRentIndex, MIN_PAIRS_PER_MONTH, withEnoughData, type IndexMonth } from './repeat-rent.server.ts'
import type { MarketRow, PointRow } from './run-rows.server.ts'

/**
 * A city's month enters its state's and the nation's aggregate from this many pairs, below the 30 it needs for a
 * figure of its own: twelve cities of 20 pairs each make an aggregate month of 240 pairs, whose band (combined from
 * theirs) is as narrow as a city's of 200. Below 10 a month's own band is itself too rough to weigh it by.
 */
export const MIN_PAIRS_IN_AGGREGATE = 10

/** The dollar anchor's reference window: the anchor month and the months before it, this many in all. */
export const REFERENCE_MONTHS = 3

/** What a run's estimates are made from: the observations, their pairs, the markets and the companion figures. */
type EstimateInputs = {
  runId: number
  observations: ObservationColumns
  pairs: PairTable
  markets: readonly Market[]
  byCity: CityMonthIndex
  companions: Map<string, Companion>
  /**
   * The last complete month: the month in progress has only its first days' lettings, so its figures would be
   * a part of a month read as a whole one. Pairs that end after it wait for the next run.
   */
  lastMonth: number
}

/**
 * Each market and group's series as the rows the run stores, one series at a time so they can be written while
 * the next is estimated: first every city's, from its pairs; then each state's and the nation's, as the weighted
 * aggregate of its cities' (aggregate.server.ts). A market-group with no pair, or with no estimable month at all,
 * is skipped.
 */
export function* estimateSeries(inputs: EstimateInputs): Generator<{ points: PointRow[]; market: MarketRow; pairs: number }> {
  const { observations, pairs, markets, lastMonth } = inputs
  const baseYear = baseYearOf(
    pairs,
    markets.flatMap((market) => GROUPS.map((group) => market.pairs[group])),
    lastMonth,
  )
  // Each city's series by city id and group, for the aggregates.
  const citySeries = new Map<string, { market: Market; months: IndexMonth[]; estimated: IndexMonth[]; basePeriod: number[] }>()
  for (const market of markets) {
    if (market.kind !== 'city') continue
    const [city] = market.cities
    for (const group of GROUPS) {
      const selected = market.pairs[group]
      if (selected.length === 0) continue
      const estimated = estimateMarket(pairs, selected, lastMonth, baseYear)
      if (!estimated) continue
      citySeries.set(`${city}|${group}`, { market, ...estimated })
      yield seriesRows(inputs, market, group, estimated, selected.length, null)
    }
  }
  // A city's weight: its homes let over its base period (the base year, where the city has it whole).
  const homes = homesByCity(observations, (city, group) => {
    const period = citySeries.get(`${city}|${group}`)?.basePeriod
    return period ? [period[0]!, period.at(-1)!] : null
  })
  for (const market of markets) {
    if (market.kind === 'city') continue
    for (const group of GROUPS) {
      if (market.pairs[group].length === 0) continue
      const parts = [...market.cities].flatMap((city): AggregatePart[] => {
        const series = citySeries.get(`${city}|${group}`)
        if (!series) return []
        // A city's month too thin for a figure of its own still counts here, with its band, from MIN_PAIRS_IN_AGGREGATE.
        const months = withEnoughData(series.estimated, MIN_PAIRS_IN_AGGREGATE)
        return [{ key: series.market.key, name: series.market.name, homes: homes.get(`${city}|${group}`) ?? 0, months }]
      })
      const aggregate = aggregateIndex(parts, baseYear)
      if (!aggregate) continue
      const months = withEnoughData(aggregate.months)
      yield seriesRows(inputs, market, group, { ...aggregate, months }, market.pairs[group].length, aggregate.parts)
    }
  }
}

/** One market and group's estimated months as the run's point rows and market row, with its level in dollars. */
function seriesRows(
  { runId, observations, byCity, companions }: EstimateInputs,
  market: Market,
  group: BedroomsGroup,
  { months, basePeriod }: { months: IndexMonth[]; basePeriod: number[] },
  pairCount: number,
  parts: MarketRow['parts'],
): { points: PointRow[]; market: MarketRow; pairs: number } {
  const anchorMonth = months.findLast((month) => month.index !== null)?.month
  const anchorRents = anchorMonth === undefined ? [] : rentsInWindow(observations, byCity, market.cities, group, anchorMonth)
  const anchorCents = anchorMonth === undefined ? null : dollarAnchor(anchorRents)
  const spread = anchorCents === null ? null : dollarAnchorSpread(anchorRents)
  const levels = anchorMonth === undefined || anchorCents === null ? null : inDollars(months, anchorCents, anchorMonth)
  const points = months.map((month, i): PointRow => {
    const level = levels?.[i] ?? null
    return {
      run_id: runId,
      market_key: market.key,
      bedrooms: group,
      month: dateOfMonth(month.month),
      index: month.index,
      low: month.low,
      high: month.high,
      ma3: month.movingAverage3,
      mom: month.monthOverMonth,
      yoy: month.yearOverYear,
      // inDollars gives dollars; the column keeps cents.
      level_cents: level === null ? null : Math.round(level * 100),
      pairs: month.pairs,
      units: month.units,
      enough_data: month.index !== null,
    }
  })
  const companion = companions.get(`${market.companionKey}|${group}`)
  return {
    pairs: pairCount,
    points,
    market: {
      run_id: runId,
      market_key: market.key,
      kind: market.kind,
      name: market.name,
      state_code: market.stateCode,
      bedrooms: group,
      latest_month: dateOfMonth(months.at(-1)!.month),
      median_rent_cents: companion?.medianRentCents ?? null,
      active_listings: companion?.activeListings ?? 0,
      median_days_on_market: companion?.medianDaysOnMarket ?? null,
      price_cut_share: companion?.priceCutShare ?? null,
      base_start: dateOfMonth(basePeriod[0]!),
      base_end: dateOfMonth(basePeriod.at(-1)!),
      level_rents: spread?.rents ?? null,
      level_half_width: spread?.halfWidth ?? null,
      parts,
    },
  }
}

/**
 * The Januaries (months since January 2000) of the calendar years up to `lastMonth` in which every month is touched
 * by at least MIN_PAIRS_PER_MONTH of the given pairs (all of them, or those `selected`).
 */
export function wholeYearsOf(pairs: Pick<PairTable, 'count' | 'from' | 'to'>, lastMonth: number, selected?: Int32Array): number[] {
  const n = selected ? selected.length : pairs.count
  if (n === 0) return []
  let first = Infinity
  for (let k = 0; k < n; k++) first = Math.min(first, pairs.from[selected ? selected[k]! : k]!)
  if (first > lastMonth) return []
  const touching = new Int32Array(lastMonth - first + 1)
  for (let k = 0; k < n; k++) {
    const i = selected ? selected[k]! : k
    if (pairs.to[i]! > lastMonth) continue
    touching[pairs.from[i]! - first]!++
    touching[pairs.to[i]! - first]!++
  }
  const years: number[] = []
  for (let january = Math.ceil(first / 12) * 12; january + 11 <= lastMonth; january += 12) {
    let whole = true
    for (let month = january; month < january + 12 && whole; month++) whole = touching[month - first]! >= MIN_PAIRS_PER_MONTH
    if (whole) years.push(january)
  }
  return years
}

/**
 * The run's base year as its twelve months: the calendar year that the most series have whole (every month with
 * enough pairs; the earliest of equals), so that as many indexes as possible read alike ("2022 = 100"); null
 * when no series has a whole year.
 */
export function baseYearOf(
  pairs: Pick<PairTable, 'count' | 'from' | 'to'>,
  series: readonly Int32Array[],
  lastMonth: number,
): number[] | null {
  const tally = new Map<number, number>()
  for (const selected of series)
    for (const january of wholeYearsOf(pairs, lastMonth, selected)) tally.set(january, (tally.get(january) ?? 0) + 1)
  let best: number | null = null
  for (const [january, count] of tally) {
    if (best === null || count > tally.get(best)! || (count === tally.get(best)! && january < best)) best = january
  }
  return best === null ? null : Array.from({ length: 12 }, (_, k) => best + k)
}

/**
 * The market's index up to `lastMonth` with "not enough data" applied, and the months of its base period; null
 * when no month could be estimated at all. The base is the run's base year where each of its months has a figure
 * in this market; otherwise the market's own first twelve months with enough pairs (estimateRepeatRentIndex).
 */
function estimateMarket(
  pairs: PairTable,
  selected: Int32Array,
  lastMonth: number,
  baseYear: number[] | null,
): { months: IndexMonth[]; estimated: IndexMonth[]; basePeriod: number[] } | null {
  const n = selected.length
  // Every pair (the nation, all homes): the table itself, in its order; otherwise the market's pairs gathered.
  const isEvery = n === pairs.count
  const columns = isEvery
    ? pairs
    : { from: new Int32Array(n), to: new Int32Array(n), logChange: new Float64Array(n), unit: new Int32Array(n) }
  let first = Infinity
  let last = -Infinity
  for (let k = 0; k < n; k++) {
    const p = isEvery ? k : selected[k]!
    const from = pairs.from[p]!
    const to = pairs.to[p]!
    if (!isEvery) {
      columns.from[k] = from
      columns.to[k] = to
      columns.logChange[k] = pairs.logChange[p]!
      columns.unit[k] = pairs.unit[p]!
    }
    if (from < first) first = from
    if (to > last) last = to
  }
  last = Math.min(last, lastMonth)
  if (last < first) return null
  if (baseYear && baseYear[0]! >= first && baseYear[11]! <= last) {
    const onBaseYear = estimateRepeatRentIndex(columns, { first, last, basePeriod: baseYear })
    const months = withEnoughData(onBaseYear.months)
    if (baseYear.every((month) => months[month - first]!.index !== null))
      return { months, estimated: onBaseYear.months, basePeriod: baseYear }
  }
  const estimate = estimateRepeatRentIndex(columns, { first, last })
  if (!estimate.months.some((month) => month.status === 'ok')) return null
  return { months: withEnoughData(estimate.months), estimated: estimate.months, basePeriod: estimate.basePeriod }
}

/** Observations ordered by city, then month, with where each city's run starts: a window is then a short scan. */
export type CityMonthIndex = { order: Int32Array; start: Int32Array }

export function cityMonthIndexOf(observations: ObservationColumns): CityMonthIndex {
  const { count: n, city, month } = observations
  const cityCount = observations.cities.length
  let firstMonth = Infinity
  let lastMonth = -Infinity
  for (let i = 0; i < n; i++) {
    if (month[i]! < firstMonth) firstMonth = month[i]!
    if (month[i]! > lastMonth) lastMonth = month[i]!
  }
  const span = n === 0 ? 1 : lastMonth - firstMonth + 1
  const order = new Int32Array(n)
  if (cityCount * span <= 10_000_000) {
    // A counting sort on (city, month): a few passes, whatever the number of observations.
    const bucketStart = new Int32Array(cityCount * span + 1)
    for (let i = 0; i < n; i++) bucketStart[city[i]! * span + month[i]! - firstMonth + 1]!++
    for (let b = 0; b + 1 < bucketStart.length; b++) bucketStart[b + 1]! += bucketStart[b]!
    for (let i = 0; i < n; i++) order[bucketStart[city[i]! * span + month[i]! - firstMonth]!++] = i
  } else {
    for (let i = 0; i < n; i++) order[i] = i
    order.sort((a, b) => city[a]! - city[b]! || month[a]! - month[b]!)
  }
  const start = new Int32Array(cityCount + 1)
  for (let i = 0; i < n; i++) start[city[i]! + 1]!++
  for (let c = 0; c < cityCount; c++) start[c + 1]! += start[c]!
  return { order, start }
}

/** The asking rents observed in the market and group in the reference window ending at `anchorMonth`. */
function rentsInWindow(
  observations: ObservationColumns,
  byCity: CityMonthIndex,
  cities: Set<number>,
  group: BedroomsGroup,
  anchorMonth: number,
): number[] {
  const rents: number[] = []
  const firstMonth = anchorMonth - REFERENCE_MONTHS + 1
  for (const city of cities) {
    // The first observation of the city at or after the window's first month, by binary search.
    let low = byCity.start[city]!
    let high = byCity.start[city + 1]!
    const end = high
    while (low < high) {
      const middle = (low + high) >>> 1
      if (observations.month[byCity.order[middle]!]! < firstMonth) low = middle + 1
      else high = middle
    }
    for (let k = low; k < end; k++) {
      const i = byCity.order[k]!
      if (observations.month[i]! > anchorMonth) break
      if (group !== 'all' && bedroomsGroupOf(observations.bedrooms[i]!) !== group) continue
      if (observations.rentCents[i]! > 0) rents.push(observations.rentCents[i]!)
    }
  }
  return rents
}
