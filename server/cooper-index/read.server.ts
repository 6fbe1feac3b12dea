// Reads of the current Cooper Index run, for pages and the API. Each read first finds the current run (one
// small query) and then reads only that run's rows, so it sees one whole run. A run's rows never change once it
// is current, so results are kept per run and read again only when the pointer moves to another run; callers
// share them and must not change them.
// A figure is null where the month has "not enough data"; its counts stay.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { cooperIndexCurrent, cooperIndexMarket, cooperIndexPoint, cooperIndexRun } from '#server/db/schema.ts'
import type { BedroomsGroup, MarketKind } from './markets.server.ts'

export type CooperIndexPoint = {
  /** The month's first day, `YYYY-MM-01`. */
  month: string
  index: number | null
  low: number | null
  high: number | null
  movingAverage3: number | null
  monthOverMonth: number | null
  yearOverYear: number | null
  levelCents: number | null
  pairs: number
  units: number
  hasEnoughData: boolean
}

export type CooperIndexMarket = {
  key: string
  kind: MarketKind
  name: string
  stateCode: string | null
  bedrooms: BedroomsGroup
  latestMonth: string
  /** The latest month's figures (null where it has not enough data). */
  latest: CooperIndexPoint | null
  medianRentCents: number | null
  activeListings: number
  medianDaysOnMarket: number | null
  priceCutShare: number | null
  /** The base period's first and last month (`YYYY-MM-01`): the series averages 100 over it. */
  baseStart: string | null
  baseEnd: string | null
  /** An aggregate's (the nation's, a state's) cities with their weights: the homes let over the base period. */
  parts: { key: string; name: string; homes: number }[] | null
}

/** A point's columns, named as `CooperIndexPoint` has them (for the reads of this area). */
export const pointColumns = {
  month: cooperIndexPoint.month,
  index: cooperIndexPoint.index,
  low: cooperIndexPoint.low,
  high: cooperIndexPoint.high,
  movingAverage3: cooperIndexPoint.ma3,
  monthOverMonth: cooperIndexPoint.mom,
  yearOverYear: cooperIndexPoint.yoy,
  levelCents: cooperIndexPoint.levelCents,
  pairs: cooperIndexPoint.pairs,
  units: cooperIndexPoint.units,
  hasEnoughData: cooperIndexPoint.enoughData,
}

/** A market's own columns, named as `CooperIndexMarket` has them (its latest point aside). */
export const marketColumns = {
  key: cooperIndexMarket.marketKey,
  kind: cooperIndexMarket.kind,
  name: cooperIndexMarket.name,
  stateCode: cooperIndexMarket.stateCode,
  bedrooms: cooperIndexMarket.bedrooms,
  latestMonth: cooperIndexMarket.latestMonth,
  medianRentCents: cooperIndexMarket.medianRentCents,
  activeListings: cooperIndexMarket.activeListings,
  medianDaysOnMarket: cooperIndexMarket.medianDaysOnMarket,
  priceCutShare: cooperIndexMarket.priceCutShare,
  baseStart: cooperIndexMarket.baseStart,
  baseEnd: cooperIndexMarket.baseEnd,
  parts: cooperIndexMarket.parts,
}

/** Joins a market's points: those of its run, market and bedrooms group. */
export const pointsOfMarket = and(
  eq(cooperIndexPoint.runId, cooperIndexMarket.runId),
  eq(cooperIndexPoint.marketKey, cooperIndexMarket.marketKey),
  eq(cooperIndexPoint.bedrooms, cooperIndexMarket.bedrooms),
)!

/** Joins a market's point of its latest month. */
export const latestPointOfMarket = and(pointsOfMarket, eq(cooperIndexPoint.month, cooperIndexMarket.latestMonth))!

/** Markets in order: the nation, then states, then cities; within a market, all, 0-1, 2, 3+. */
export const kindOrder = sql`case ${cooperIndexMarket.kind} when 'nation' then 0 when 'state' then 1 else 2 end`
export const groupOrder = sql`case ${cooperIndexMarket.bedrooms} when 'all' then 0 when '0-1' then 1 when '2' then 2 else 3 end`

/** Results kept for the current run, per database; a new run starts afresh. Bounded, as keys come from requests. */
const MAX_KEPT_RESULTS = 2_000
type RunResults = { runId: number; results: Map<string, Promise<unknown>> }
const keptByDb = new WeakMap<Db, RunResults>()

const runIdLookups = new WeakMap<Db, Promise<number | null>>()

/** The current run's id; reads that ask while a lookup is under way share it, so a busy page costs one query. */
function currentRunId(db: Db): Promise<number | null> {
  const inFlight = runIdLookups.get(db)
  if (inFlight) return inFlight
  const lookup = db
    .select({ runId: cooperIndexCurrent.runId })
    .from(cooperIndexCurrent)
    .limit(1)
    .then(([current]) => current?.runId ?? null)
    .finally(() => runIdLookups.delete(db))
  runIdLookups.set(db, lookup)
  return lookup
}

/** `read` of the current run, kept for that run under `key`; `empty` before the first run. */
async function ofCurrentRun<T>(db: Db, key: string, empty: T, read: (runId: number) => Promise<T>): Promise<T> {
  const runId = await currentRunId(db)
  if (runId === null) return empty
  let kept = keptByDb.get(db)
  if (!kept || kept.runId !== runId) {
    kept = { runId, results: new Map() }
    keptByDb.set(db, kept)
  }
  const found = kept.results.get(key)
  if (found) return found as Promise<T>
  if (kept.results.size >= MAX_KEPT_RESULTS) kept.results.clear()
  const result = read(runId)
  kept.results.set(key, result)
  // A failed read is not kept: the next request tries again.
  result.catch(() => kept.results.delete(key))
  return result
}

export type MarketFilter = {
  /** Only this market's bedrooms groups. */
  marketKey?: string
  /** Only this bedrooms group of each market. */
  bedrooms?: BedroomsGroup
  /** Only markets of this kind (the cities, say). */
  kind?: MarketKind
  /** Only this state and its cities (a two-letter code, `DE`). */
  stateCode?: string
}

/**
 * Every market and bedrooms group of the current run with its latest month (or those the filter names), the
 * nation first, then states, then cities, each by key; empty before the first run.
 */
export function findCurrentMarkets(db: Db, filter: MarketFilter = {}): Promise<CooperIndexMarket[]> {
  const stateCode = filter.stateCode?.toUpperCase()
  const key = `markets|${filter.marketKey ?? ''}|${filter.bedrooms ?? ''}|${filter.kind ?? ''}|${stateCode ?? ''}`
  return ofCurrentRun(db, key, [], async (runId) => {
    const conditions: SQL[] = [eq(cooperIndexMarket.runId, runId)]
    if (filter.marketKey !== undefined) conditions.push(eq(cooperIndexMarket.marketKey, filter.marketKey))
    if (filter.bedrooms !== undefined) conditions.push(eq(cooperIndexMarket.bedrooms, filter.bedrooms))
    if (filter.kind !== undefined) conditions.push(eq(cooperIndexMarket.kind, filter.kind))
    if (stateCode !== undefined) conditions.push(eq(cooperIndexMarket.stateCode, stateCode))
    const rows = await db
      .select({ ...marketColumns, point: pointColumns })
      .from(cooperIndexMarket)
      .leftJoin(cooperIndexPoint, latestPointOfMarket)
      .where(and(...conditions))
      .orderBy(kindOrder, cooperIndexMarket.marketKey, groupOrder)
    return rows.map(({ point, kind, bedrooms, ...market }) => ({
      ...market,
      kind: kind as MarketKind,
      bedrooms: bedrooms as BedroomsGroup,
      latest: point,
    }))
  })
}

/** One market's monthly series in the current run, oldest first; null when the run has no such market. */
export async function findMarketSeries(db: Db, marketKey: string, bedrooms: BedroomsGroup = 'all'): Promise<CooperIndexPoint[] | null> {
  const series = await findMarketsSeries(db, [marketKey], bedrooms)
  return series.get(marketKey) ?? null
}

/** Several markets' series of one bedrooms group, by market key; a market the run lacks is absent. */
export async function findMarketsSeries(
  db: Db,
  marketKeys: readonly string[],
  bedrooms: BedroomsGroup = 'all',
): Promise<Map<string, CooperIndexPoint[]>> {
  const keys = [...new Set(marketKeys)]
  const bySeries = new Map<string, CooperIndexPoint[]>()
  if (keys.length === 0) return bySeries
  // Kept one series at a time, so /cooper's comparisons share what each market page has read.
  const all = await Promise.all(
    keys.map((marketKey) =>
      ofCurrentRun(db, `series|${marketKey}|${bedrooms}`, null, async (runId): Promise<CooperIndexPoint[] | null> => {
        const points = await db
          .select(pointColumns)
          .from(cooperIndexPoint)
          .where(and(eq(cooperIndexPoint.runId, runId), eq(cooperIndexPoint.marketKey, marketKey), eq(cooperIndexPoint.bedrooms, bedrooms)))
          .orderBy(asc(cooperIndexPoint.month))
        return points.length > 0 ? points : null
      }),
    ),
  )
  keys.forEach((marketKey, i) => {
    if (all[i]) bySeries.set(marketKey, all[i])
  })
  return bySeries
}

/** One market's series of every bedrooms group it has, by group; empty when the run lacks the market. */
export async function findMarketSeriesByBedrooms(db: Db, marketKey: string): Promise<Map<BedroomsGroup, CooperIndexPoint[]>> {
  const groups: BedroomsGroup[] = ['all', '0-1', '2', '3+']
  const byGroup = new Map<BedroomsGroup, CooperIndexPoint[]>()
  const series = await Promise.all(groups.map((group) => findMarketsSeries(db, [marketKey], group)))
  groups.forEach((group, i) => {
    const points = series[i]!.get(marketKey)
    if (points) byGroup.set(group, points)
  })
  return byGroup
}

export type CooperIndexCurrentRun = {
  finishedAt: Date
  /** Asking rents read, and the repeat-rent pairs made from them. */
  observations: number
  pairs: number
  markets: number
}

/** When the current run finished and what it read; null before the first run. */
export function findCurrentRun(db: Db): Promise<CooperIndexCurrentRun | null> {
  return ofCurrentRun(db, 'run', null, async (runId) => {
    const [run] = await db
      .select({
        finishedAt: cooperIndexRun.finishedAt,
        observations: cooperIndexRun.observations,
        pairs: cooperIndexRun.pairs,
        markets: cooperIndexRun.markets,
      })
      .from(cooperIndexRun)
      .where(eq(cooperIndexRun.id, runId))
    if (!run || run.finishedAt === null) return null
    return { ...run, finishedAt: run.finishedAt }
  })
}
