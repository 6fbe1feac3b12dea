// A Cooper Index run's record: started only when no other run is computing, made current with its figures in
// one transaction or marked failed, and the runs beyond the newest few pruned with their rows.
import { desc, eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { cooperIndexRun } from '#server/db/schema.ts'
import type { PairDrops } from './pairs.server.ts'

/** Runs kept: the newest ones, the current one among them; older ones go after a successful run. */
export const RUNS_KEPT = 3
/** A run still 'running' after this long was interrupted (the process died); the next run marks it failed. */
export const INTERRUPTED_AFTER_MS = 6 * 3_600_000

/** Why a recompute did not start: another one is running (the nightly one, an administrator's, another instance's). */
export class CooperIndexRunInProgressError extends Error {
  readonly runId: number
  readonly startedAt: Date
  constructor(runId: number, startedAt: Date) {
    super(`a Cooper Index recompute is already running (run ${runId}, started ${startedAt.toISOString()})`)
    this.name = 'CooperIndexRunInProgressError'
    this.runId = runId
    this.startedAt = startedAt
  }
}

/**
 * The run still computing, if any. A run 'running' for longer than INTERRUPTED_AFTER_MS is not: its process
 * died, and the next recompute marks it failed and starts.
 */
export async function findRunningCooperIndexRun(db: Db, now = new Date()): Promise<{ runId: number; startedAt: Date } | null> {
  const [running] = await db
    .select({ runId: cooperIndexRun.id, startedAt: cooperIndexRun.startedAt })
    .from(cooperIndexRun)
    .where(sql`${cooperIndexRun.status} = 'running' and ${cooperIndexRun.startedAt} >= ${new Date(now.getTime() - INTERRUPTED_AFTER_MS)}`)
    .limit(1)
  return running ?? null
}

/**
 * Writes a new run's 'running' row and returns its id, after marking failed a run interrupted long ago. Throws
 * CooperIndexRunInProgressError while another run is computing (one 'running' row at most, by a unique index).
 */
export async function startRun(db: Db, now: Date): Promise<number> {
  await db
    .update(cooperIndexRun)
    .set({ status: 'failed', error: 'interrupted', finishedAt: now })
    .where(sql`${cooperIndexRun.status} = 'running' and ${cooperIndexRun.startedAt} < ${new Date(now.getTime() - INTERRUPTED_AFTER_MS)}`)
  // The unique index on the one 'running' row refuses a second run; a run started at the same moment waits for
  // this insert's commit and is refused then.
  const [run] = await db.insert(cooperIndexRun).values({ startedAt: now }).onConflictDoNothing().returning({ id: cooperIndexRun.id })
  if (!run) {
    const running = await findRunningCooperIndexRun(db, now)
    throw new CooperIndexRunInProgressError(running?.runId ?? 0, running?.startedAt ?? now)
  }
  return run.id
}

/** What a finished run records about itself. */
export type RunFigures = { observations: number; pairs: number; dropped: PairDrops; markets: number }

/** Marks the run done with its figures and makes it the current one, in one transaction. */
export async function makeRunCurrent(db: Db, runId: number, figures: RunFigures) {
  const finishedAt = new Date()
  await db.transaction(async (tx) => {
    await tx
      .update(cooperIndexRun)
      .set({ status: 'done', finishedAt, ...figures })
      .where(eq(cooperIndexRun.id, runId))
    // The one statement that makes the run visible.
    await tx.execute(
      sql`insert into cooper_index_current (id, run_id) values (1, ${runId}) on conflict (id) do update set run_id = excluded.run_id`,
    )
  })
}

/** Marks the run failed with the error's message, if the database still answers; the current run stays as it was. */
export async function markRunFailed(db: Db, runId: number, error: unknown) {
  const message = error instanceof Error ? error.message : String(error)
  await db
    .update(cooperIndexRun)
    .set({ status: 'failed', error: message, finishedAt: new Date() })
    .where(eq(cooperIndexRun.id, runId))
    .catch(() => {})
}

/** Deletes all but the newest RUNS_KEPT runs, never the current one or one still running; their rows go with them. */
export async function pruneRuns(db: Db) {
  const kept = await db.select({ id: cooperIndexRun.id }).from(cooperIndexRun).orderBy(desc(cooperIndexRun.id)).limit(RUNS_KEPT)
  const oldestKept = kept.at(-1)?.id
  if (oldestKept === undefined) return
  // A run still writing (one asked for while the nightly one ran) is left to finish or fail on its own.
  await db.execute(
    sql`delete from cooper_index_run where id < ${oldestKept} and status <> 'running' and id not in (select run_id from cooper_index_current)`,
  )
}
