// Reads of the current Cooper Index run, for pages and the API. They read only through the current-run
// pointer, so they see one whole run. A figure is null where the month has "not enough data"; its counts stay.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { cooperIndexCurrent, cooperIndexMarket, cooperIndexPoint, cooperIndexRun } from '#server/db/schema.ts'
import type { BedroomsGroup, MarketKind } from './compute.server.ts'

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
}

const pointColumns = {
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
export async function findCurrentMarkets(db: Db, filter: MarketFilter = {}): Promise<CooperIndexMarket[]> {
  const conditions: SQL[] = []
  if (filter.marketKey !== undefined) conditions.push(eq(cooperIndexMarket.marketKey, filter.marketKey))
  if (filter.bedrooms !== undefined) conditions.push(eq(cooperIndexMarket.bedrooms, filter.bedrooms))
  if (filter.kind !== undefined) conditions.push(eq(cooperIndexMarket.kind, filter.kind))
  if (filter.stateCode !== undefined) conditions.push(eq(cooperIndexMarket.stateCode, filter.stateCode.toUpperCase()))
  const rows = await db
    .select({
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
      point: pointColumns,
    })
    .from(cooperIndexCurrent)
    .innerJoin(cooperIndexMarket, eq(cooperIndexMarket.runId, cooperIndexCurrent.runId))
    .leftJoin(
      cooperIndexPoint,
      and(
        eq(cooperIndexPoint.runId, cooperIndexMarket.runId),
        eq(cooperIndexPoint.marketKey, cooperIndexMarket.marketKey),
        eq(cooperIndexPoint.bedrooms, cooperIndexMarket.bedrooms),
        eq(cooperIndexPoint.month, cooperIndexMarket.latestMonth),
      ),
    )
    .where(and(...conditions))
    .orderBy(
      sql`case ${cooperIndexMarket.kind} when 'nation' then 0 when 'state' then 1 else 2 end`,
      cooperIndexMarket.marketKey,
      sql`case ${cooperIndexMarket.bedrooms} when 'all' then 0 when '0-1' then 1 when '2' then 2 else 3 end`,
    )
  return rows.map(({ point, kind, bedrooms, ...market }) => ({
    ...market,
    kind: kind as MarketKind,
    bedrooms: bedrooms as BedroomsGroup,
    latest: point,
  }))
}

/** One market's monthly series in the current run, oldest first; null when the run has no such market. */
export async function findMarketSeries(db: Db, marketKey: string, bedrooms: BedroomsGroup = 'all'): Promise<CooperIndexPoint[] | null> {
  const points = await db
    .select(pointColumns)
    .from(cooperIndexCurrent)
    .innerJoin(cooperIndexPoint, eq(cooperIndexPoint.runId, cooperIndexCurrent.runId))
    .where(and(eq(cooperIndexPoint.marketKey, marketKey), eq(cooperIndexPoint.bedrooms, bedrooms)))
    .orderBy(asc(cooperIndexPoint.month))
  return points.length > 0 ? points : null
}

/** Several markets' series of one bedrooms group in one read, by market key; a market the run lacks is absent. */
export async function findMarketsSeries(
  db: Db,
  marketKeys: readonly string[],
  bedrooms: BedroomsGroup = 'all',
): Promise<Map<string, CooperIndexPoint[]>> {
  const bySeries = new Map<string, CooperIndexPoint[]>()
  if (marketKeys.length === 0) return bySeries
  const rows = await db
    .select({ marketKey: cooperIndexPoint.marketKey, point: pointColumns })
    .from(cooperIndexCurrent)
    .innerJoin(cooperIndexPoint, eq(cooperIndexPoint.runId, cooperIndexCurrent.runId))
    .where(and(inArray(cooperIndexPoint.marketKey, [...marketKeys]), eq(cooperIndexPoint.bedrooms, bedrooms)))
    .orderBy(asc(cooperIndexPoint.marketKey), asc(cooperIndexPoint.month))
  for (const { marketKey, point } of rows) {
    const points = bySeries.get(marketKey) ?? []
    points.push(point)
    bySeries.set(marketKey, points)
  }
  return bySeries
}

/** One market's series of every bedrooms group it has, by group, in one read; empty when the run lacks the market. */
export async function findMarketSeriesByBedrooms(db: Db, marketKey: string): Promise<Map<BedroomsGroup, CooperIndexPoint[]>> {
  const rows = await db
    .select({ bedrooms: cooperIndexPoint.bedrooms, point: pointColumns })
    .from(cooperIndexCurrent)
    .innerJoin(cooperIndexPoint, eq(cooperIndexPoint.runId, cooperIndexCurrent.runId))
    .where(eq(cooperIndexPoint.marketKey, marketKey))
    .orderBy(asc(cooperIndexPoint.bedrooms), asc(cooperIndexPoint.month))
  const byGroup = new Map<BedroomsGroup, CooperIndexPoint[]>()
  for (const { bedrooms, point } of rows) {
    const group = bedrooms as BedroomsGroup
    const points = byGroup.get(group) ?? []
    points.push(point)
    byGroup.set(group, points)
  }
  return byGroup
}

export type CooperIndexRunSummary = {
  finishedAt: Date
  /** Asking rents read, and the repeat-rent pairs made from them. */
  observations: number
  pairs: number
  markets: number
}

/** When the current run finished and what it read; null before the first run. */
export async function findCurrentRun(db: Db): Promise<CooperIndexRunSummary | null> {
  const [run] = await db
    .select({
      finishedAt: cooperIndexRun.finishedAt,
      observations: cooperIndexRun.observations,
      pairs: cooperIndexRun.pairs,
      markets: cooperIndexRun.markets,
    })
    .from(cooperIndexCurrent)
    .innerJoin(cooperIndexRun, eq(cooperIndexRun.id, cooperIndexCurrent.runId))
  if (!run || run.finishedAt === null) return null
  return { ...run, finishedAt: run.finishedAt }
}
