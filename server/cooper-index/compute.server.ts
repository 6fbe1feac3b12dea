// The Cooper Index recompute: observations from the database → pairs per unit → one index per market and
// bedrooms group → a run's rows, made visible at once by moving the current-run pointer. Each stage is a module
// of its own; this one runs them in order and times them. See "The pipeline" in docs/cooper-index-method.md.
import type { Db } from '#server/db/client.server.ts'
import type { Logger } from '#server/logger.server.ts'
import { readCompanions } from './companions.server.ts'
import { cityMonthIndexOf, estimateSeries } from './estimate.server.ts'
import { marketsOf } from './markets.server.ts'
import { monthOf, readObservations } from './observations.server.ts'
import { pairsOf } from './pair-table.server.ts'
import type { PairDrops } from './pairs.server.ts'
import { makeRunCurrent, markRunFailed, pruneRuns, startRun } from './run-record.server.ts'
import { insertMarketRows, pointWriter, type MarketRow } from './run-rows.server.ts'

export type RecomputeSummary = {
  runId: number
  /** Asking rents read, and the lettings (observations) they make. */
  asks: number
  observations: number
  pairs: number
  dropped: PairDrops
  markets: number
  series: number
  ms: number
  /** Where the time went: reading observations and companion figures, pairing, estimating, writing rows. */
  stages: { readMs: number; pairsMs: number; estimateMs: number; writeMs: number }
  /** The five series that took longest to estimate, slowest first. */
  slowest: { market: string; bedrooms: string; pairs: number; ms: number }[]
}

export type RecomputeOptions = {
  now?: Date
  /** For tests of atomicity: throw once this many point rows have been written. */
  failAfterPointRows?: number
}

/**
 * Recomputes every market's index and makes the new run current. Runs never overlap: while another run is
 * computing this one does not start and throws CooperIndexRunInProgressError (one 'running' row at most, by a
 * unique index). On failure the run is marked failed, the error logged and rethrown, and the current run stays
 * as it was.
 */
export async function recomputeCooperIndex(
  { db, logger }: { db: Db; logger: Logger },
  { now = new Date(), failAfterPointRows }: RecomputeOptions = {},
): Promise<RecomputeSummary> {
  const started = performance.now()
  const runId = await startRun(db, now)
  const clock = stageClock()
  try {
    // On PostgreSQL the companion figures are computed on another connection while the observations are read.
    const companionsRead = readCompanions(db, now)
    companionsRead.catch(() => {})
    const observations = await readObservations(db, now)
    const companions = await companionsRead
    clock.lap('readMs')

    const pairs = pairsOf(observations)
    const markets = marketsOf(observations, pairs)
    const byCity = cityMonthIndexOf(observations)
    clock.lap('pairsMs')

    // One insert of points in flight while the next markets are estimated; its failure surfaces at the next wait.
    const points = pointWriter(db, { failAfterPointRows })
    const flushPoints = async () => {
      await points.settle()
      clock.lap('writeMs')
      points.send()
    }
    const marketRows: MarketRow[] = []
    const lastMonth = monthOf(now) - 1
    const timed: RecomputeSummary['slowest'] = []
    let seriesStarted = performance.now()
    for (const series of estimateSeries({ runId, observations, pairs, markets, byCity, companions, lastMonth })) {
      const { market_key: market, bedrooms } = series.market
      timed.push({ market, bedrooms, pairs: series.pairs, ms: performance.now() - seriesStarted })
      points.add(series.points)
      marketRows.push(series.market)
      clock.lap('estimateMs')
      if (points.isFull) await flushPoints()
      seriesStarted = performance.now()
    }
    await flushPoints()
    await points.settle()
    await insertMarketRows(db, marketRows)

    const marketCount = new Set(marketRows.map((row) => row.market_key)).size
    await makeRunCurrent(db, runId, { observations: observations.count, pairs: pairs.count, dropped: pairs.dropped, markets: marketCount })
    await pruneRuns(db)
    clock.lap('writeMs')
    return {
      runId,
      asks: observations.asks,
      observations: observations.count,
      pairs: pairs.count,
      dropped: pairs.dropped,
      markets: marketCount,
      series: marketRows.length,
      ms: Math.round(performance.now() - started),
      stages: clock.stages(),
      slowest: timed
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 5)
        .map((series) => ({ ...series, ms: Math.round(series.ms * 10) / 10 })),
    }
  } catch (error) {
    logger.error({ err: error, runId }, 'the Cooper Index recompute failed; the previous results stay current')
    await markRunFailed(db, runId, error)
    throw error
  }
}

/** The time since the last lap, added to a stage's total. */
function stageClock() {
  const totals = { readMs: 0, pairsMs: 0, estimateMs: 0, writeMs: 0 }
  let lapStarted = performance.now()
  return {
    lap(stage: keyof typeof totals) {
      const at = performance.now()
      totals[stage] += at - lapStarted
      lapStarted = at
    },
    stages: (): RecomputeSummary['stages'] => ({
      readMs: Math.round(totals.readMs),
      pairsMs: Math.round(totals.pairsMs),
      estimateMs: Math.round(totals.estimateMs),
      writeMs: Math.round(totals.writeMs),
    }),
  }
}

export const COOPER_INDEX_RECOMPUTE_JOB = 'cooper-index-recompute'
/** Nightly at 03:15 UTC, when the site is quiet. */
export const COOPER_INDEX_RECOMPUTE_CRON = '15 3 * * *'

/** Queues one recompute now (an administrator's request); it runs on a worker like the nightly one. */
export async function requestCooperIndexRecompute({
  jobs,
}: {
  jobs: { send(name: string, data?: Record<string, unknown>): Promise<void> }
}) {
  await jobs.send(COOPER_INDEX_RECOMPUTE_JOB, {})
}
