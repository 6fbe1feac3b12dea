// Reads of the current Cooper Index run for the JSON API and the CSV download. Each answer is pinned to one run
// (its id comes back with the rows), so a response and its cache validators never mix two runs: a run stays
// readable after it stops being current until RUNS_KEPT newer runs have finished.
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { cooperIndexCurrent, cooperIndexMarket, cooperIndexPoint, cooperIndexRun } from '#server/db/schema.ts'
import type { BedroomsGroup, MarketKind } from './markets.server.ts'
import {
  groupOrder,
  kindOrder,
  latestPointOfMarket,
  marketColumns,
  pointColumns,
  type CooperIndexMarket,
  type CooperIndexPoint,
} from './read.server.ts'

export const BEDROOMS_GROUPS: readonly BedroomsGroup[] = ['all', '0-1', '2', '3+']

/** A month of a series as the API and the CSV give it (the read model's point). */
export type CooperIndexSeriesPoint = CooperIndexPoint

export type CooperIndexRunStamp = { id: number; finishedAt: Date }

/** One market and bedrooms group of a run, with its latest month and companion figures (the read model's market). */
export type CooperIndexExportGroup = CooperIndexMarket

export type CooperIndexExport = { run: CooperIndexRunStamp; groups: CooperIndexExportGroup[] }

/**
 * The current run and its markets' groups (nation, states, cities; each market's groups all, 0-1, 2, 3+), or
 * only those of one market; null before the first run. A market the run does not have gives no groups.
 */
export async function findCurrentExport(db: Db, { marketKey }: { marketKey?: string } = {}): Promise<CooperIndexExport | null> {
  const [run] = await db
    .select({ id: cooperIndexRun.id, finishedAt: cooperIndexRun.finishedAt })
    .from(cooperIndexCurrent)
    .innerJoin(cooperIndexRun, eq(cooperIndexRun.id, cooperIndexCurrent.runId))
  if (!run) return null
  const rows = await db
    .select({ ...marketColumns, latest: pointColumns })
    .from(cooperIndexMarket)
    .leftJoin(cooperIndexPoint, latestPointOfMarket)
    .where(
      marketKey === undefined
        ? eq(cooperIndexMarket.runId, run.id)
        : and(eq(cooperIndexMarket.runId, run.id), eq(cooperIndexMarket.marketKey, marketKey)),
    )
    .orderBy(kindOrder, cooperIndexMarket.marketKey, groupOrder)
  return {
    // A current run has always finished (the pointer moves in the transaction that marks it done).
    run: { id: run.id, finishedAt: run.finishedAt ?? new Date(0) },
    groups: rows.map((row) => ({ ...row, kind: row.kind as MarketKind, bedrooms: row.bedrooms as BedroomsGroup })),
  }
}

const seriesKey = (marketKey: string, bedrooms: string) => `${marketKey}|${bedrooms}`

/**
 * Every monthly point of the given markets (all their groups) in one run, oldest first, keyed
 * `marketKey|bedrooms` — one query for a whole page of markets, so the CSV of every series is a few reads.
 */
export async function findRunSeries(db: Db, runId: number, marketKeys: readonly string[]): Promise<Map<string, CooperIndexPoint[]>> {
  const series = new Map<string, CooperIndexPoint[]>()
  if (marketKeys.length === 0) return series
  const rows = await db
    .select({
      marketKey: cooperIndexPoint.marketKey,
      bedrooms: cooperIndexPoint.bedrooms,
      ...pointColumns,
    })
    .from(cooperIndexPoint)
    .where(and(eq(cooperIndexPoint.runId, runId), inArray(cooperIndexPoint.marketKey, [...marketKeys])))
    .orderBy(cooperIndexPoint.marketKey, cooperIndexPoint.bedrooms, asc(cooperIndexPoint.month))
  for (const { marketKey, bedrooms, ...point } of rows) {
    const key = seriesKey(marketKey, bedrooms)
    let list = series.get(key)
    if (!list) series.set(key, (list = []))
    list.push(point)
  }
  return series
}

/** The series of one market and group from findRunSeries's answer (empty when the run has none). */
export function seriesOf(series: Map<string, CooperIndexPoint[]>, marketKey: string, bedrooms: BedroomsGroup): CooperIndexPoint[] {
  return series.get(seriesKey(marketKey, bedrooms)) ?? []
}
