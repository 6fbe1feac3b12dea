// The market table's rows: each market's latest month in a few figures, grouped nation / states / cities
// and ordered within each group by the column chosen. Browser-safe, so the server and the page share it.
import { bandHalfWidth, formatBase, marketLabel } from './figures.ts'
import type { MarketSort, SortDirection } from './query.ts'

export type MarketKindName = 'nation' | 'state' | 'city'

export type MarketRow = {
  key: string
  kind: MarketKindName
  label: string
  stateCode: string | null
  latestMonth: string
  hasEnoughData: boolean
  index: number | null
  levelCents: number | null
  yearOverYear: number | null
  monthOverMonth: number | null
  /** Half the 90 % band as a share of the level. */
  band: number | null
  pairs: number
  units: number
  /** What an index of 100 means for this series ("2021 = 100"). */
  base: string
}

type MarketWithLatest = {
  key: string
  kind: MarketKindName
  name: string
  stateCode: string | null
  latestMonth: string
  baseStart: string | null
  baseEnd: string | null
  latest: {
    index: number | null
    low: number | null
    high: number | null
    levelCents: number | null
    yearOverYear: number | null
    monthOverMonth: number | null
    pairs: number
    units: number
    hasEnoughData: boolean
  } | null
}

export function marketRowOf(market: MarketWithLatest): MarketRow {
  const latest = market.latest
  const hasEnoughData = latest?.hasEnoughData ?? false
  return {
    key: market.key,
    kind: market.kind,
    label: marketLabel(market),
    stateCode: market.stateCode,
    latestMonth: market.latestMonth,
    hasEnoughData,
    index: hasEnoughData ? (latest?.index ?? null) : null,
    levelCents: hasEnoughData ? (latest?.levelCents ?? null) : null,
    yearOverYear: hasEnoughData ? (latest?.yearOverYear ?? null) : null,
    monthOverMonth: hasEnoughData ? (latest?.monthOverMonth ?? null) : null,
    band: hasEnoughData && latest ? bandHalfWidth(latest) : null,
    pairs: latest?.pairs ?? 0,
    units: latest?.units ?? 0,
    base: formatBase(market.baseStart, market.baseEnd),
  }
}

export const MARKET_GROUPS: { kind: MarketKindName; heading: string }[] = [
  { kind: 'nation', heading: 'Nation' },
  { kind: 'state', heading: 'States' },
  { kind: 'city', heading: 'Cities' },
]

const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true })

/** Rows ordered by the chosen column; a missing figure ("not enough data") always comes last, then by name. */
export function sortMarketRows(rows: readonly MarketRow[], sort: MarketSort, dir: SortDirection): MarketRow[] {
  const sign = dir === 'asc' ? 1 : -1
  const figure = (row: MarketRow): number | null =>
    sort === 'level' ? row.levelCents : sort === 'yoy' ? row.yearOverYear : sort === 'pairs' ? row.pairs : null
  return [...rows].sort((a, b) => {
    if (sort !== 'market') {
      const x = figure(a)
      const y = figure(b)
      if (x === null && y !== null) return 1
      if (y === null && x !== null) return -1
      if (x !== null && y !== null && x !== y) return sign * (x - y)
      return collator.compare(a.label, b.label)
    }
    return sign * collator.compare(a.label, b.label)
  })
}

/** The rows in their groups (nation, states, cities), each group sorted; empty groups left out. */
/**
 * The one city of each state that has a single city in the index (by state code): such a state's figures are
 * that city's, and the table says so rather than show the same numbers twice without a word.
 */
export function onlyCityOfStates(rows: readonly MarketRow[]): Map<string, MarketRow> {
  const citiesByState = new Map<string, MarketRow[]>()
  for (const row of rows) {
    if (row.kind !== 'city' || row.stateCode === null) continue
    citiesByState.set(row.stateCode, [...(citiesByState.get(row.stateCode) ?? []), row])
  }
  const only = new Map<string, MarketRow>()
  for (const [state, cities] of citiesByState) if (cities.length === 1) only.set(state, cities[0]!)
  return only
}

export function groupMarketRows(rows: readonly MarketRow[], sort: MarketSort, dir: SortDirection) {
  return MARKET_GROUPS.map((group) => ({
    ...group,
    rows: sortMarketRows(
      rows.filter((row) => row.kind === group.kind),
      sort,
      dir,
    ),
  })).filter((group) => group.rows.length > 0)
}

/** One city's part in an aggregate (the nation, a state): the homes let there over the base period. */
export type AggregatePartInput = { key: string; name: string; homes: number }
export type AggregateWeight = AggregatePartInput & { share: number }

/** An aggregate's cities with their shares of its weight, the heaviest first (equals by name). */
export function aggregateWeights(parts: readonly AggregatePartInput[]): AggregateWeight[] {
  const total = parts.reduce((sum, part) => sum + part.homes, 0)
  return parts
    .map((part) => ({ ...part, share: total > 0 ? part.homes / total : 0 }))
    .sort((a, b) => b.homes - a.homes || a.name.localeCompare(b.name))
}
