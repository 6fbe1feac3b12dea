// Reads of the current Cooper Index run, for pages and the API. They read only through the current-run
// pointer, so they see one whole run. A figure is null where the month has "not enough data"; its counts stay.
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { cooperIndexCurrent, cooperIndexMarket, cooperIndexPoint } from '#server/db/schema.ts'
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

/** Every market and bedrooms group of the current run with its latest month; empty before the first run. */
export async function findCurrentMarkets(db: Db): Promise<CooperIndexMarket[]> {
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
    .orderBy(sql`case ${cooperIndexMarket.kind} when 'nation' then 0 when 'state' then 1 else 2 end`, cooperIndexMarket.marketKey)
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
