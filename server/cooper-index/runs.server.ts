// The Cooper Index's runs as administrators see them, and the request for a new one: a recompute is queued only
// when none is running or waiting in the job queue, so pressing "Recompute now" twice starts one run.
import { desc, eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { cooperIndexCurrent, cooperIndexRun } from '#server/db/schema.ts'
import { COOPER_INDEX_RECOMPUTE_JOB, requestCooperIndexRecompute } from './compute.server.ts'
import { findRunningCooperIndexRun } from './run-record.server.ts'

export type CooperIndexRunSummary = {
  id: number
  startedAt: Date
  finishedAt: Date | null
  status: 'running' | 'done' | 'failed'
  error: string | null
  observations: number
  pairs: number
  markets: number
  isCurrent: boolean
}

/** The newest runs first (the pipeline keeps only a few), each saying whether readers see it. */
export async function findRecentRuns(db: Db, { limit = 20 }: { limit?: number } = {}): Promise<CooperIndexRunSummary[]> {
  const rows = await db
    .select({
      id: cooperIndexRun.id,
      startedAt: cooperIndexRun.startedAt,
      finishedAt: cooperIndexRun.finishedAt,
      status: cooperIndexRun.status,
      error: cooperIndexRun.error,
      observations: cooperIndexRun.observations,
      pairs: cooperIndexRun.pairs,
      markets: cooperIndexRun.markets,
      currentRunId: cooperIndexCurrent.runId,
    })
    .from(cooperIndexRun)
    .leftJoin(cooperIndexCurrent, eq(cooperIndexCurrent.runId, cooperIndexRun.id))
    .orderBy(desc(cooperIndexRun.id))
    .limit(limit)
  return rows.map(({ currentRunId, status, ...run }) => ({
    ...run,
    status: status as CooperIndexRunSummary['status'],
    isCurrent: currentRunId !== null,
  }))
}

/** What stands in the way of a new recompute: a run in progress, or a recompute job already waiting or working. */
export async function findPendingRecompute(db: Db, now = new Date()): Promise<{ runningSince: Date } | { isQueued: true } | null> {
  const running = await findRunningCooperIndexRun(db, now)
  if (running) return { runningSince: running.startedAt }
  // pg-boss keeps its jobs in the same database; a job is waiting ('created', or 'retry' after a failure) or
  // picked up by a worker that has not yet written its run ('active').
  const queued = await db.execute<{ n: number | string }>(
    sql`select count(*) as n from pgboss.job where name = ${COOPER_INDEX_RECOMPUTE_JOB} and state in ('created', 'retry', 'active')`,
  )
  return Number(queued.rows[0]?.n ?? 0) > 0 ? { isQueued: true } : null
}

export type RecomputeRequestOutcome = { status: 'queued' } | { status: 'running'; since: Date } | { status: 'already-queued' }

/** Queues a recompute unless one is running or already queued, and says which. */
export async function requestRecomputeOnce(services: {
  database: { db: Db }
  jobs: { send(name: string, data?: Record<string, unknown>): Promise<void> }
}): Promise<RecomputeRequestOutcome> {
  const pending = await findPendingRecompute(services.database.db)
  if (pending && 'runningSince' in pending) return { status: 'running', since: pending.runningSince }
  if (pending) return { status: 'already-queued' }
  await requestCooperIndexRecompute(services)
  return { status: 'queued' }
}
