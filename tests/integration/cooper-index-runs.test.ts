// Cooper Index runs never overlap: while one recompute computes, another (the nightly one and an
// administrator's, or two instances') does not start, and says so; a run left 'running' by a process that
// died stops blocking once it is stale.
import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '#server/db/client.server.ts'
import { cooperIndexCurrent, cooperIndexRun } from '#server/db/schema.ts'
import {
  CooperIndexRunInProgressError,
  findCurrentMarkets,
  findRunningCooperIndexRun,
  recomputeCooperIndex,
  requestCooperIndexRecompute,
} from '#server/cooper-index/index.server.ts'
import { createLogger } from '#server/logger.server.ts'
import { FIRST_MONTH, LATER_NOW as NOW, insertListingsWithHistory } from '#tests/support/cooper-history.ts'
import { createPerson } from '#tests/support/listings.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

const logger = createLogger('silent')
const HOUR = 3_600_000

/** A few homes in Dover, each let twice a year apart (March 2024 and March 2025), so a run has pairs to compute. */
async function insertHomes(db: Db) {
  const owner = await createPerson(db, { role: 'landlord' })
  const march2024 = FIRST_MONTH + 14
  const homes = Array.from({ length: 40 }, (_, u) => ({
    home: { street: `${u + 1} Loockerman Street`, city: 'Dover', state: 'DE', zip: '19901', status: 'published' as const },
    prices: [
      [march2024, 145_000 + u * 1_000],
      [march2024 + 12, 150_000 + u * 1_000],
    ] as [number, number][],
  }))
  await insertListingsWithHistory(db, owner.id, homes)
}

async function runs(db: Db) {
  return db.select().from(cooperIndexRun).orderBy(cooperIndexRun.id)
}

describe('Cooper Index runs', () => {
  let t: TestServices
  const db = () => t.services.database.db

  beforeAll(async () => {
    t = await createTestServices()
    await insertHomes(db())
  })
  afterAll(async () => {
    await t.close()
  })

  it('computes once when two recomputes start together; the other says a run is in progress', async () => {
    const results = await Promise.allSettled([
      recomputeCooperIndex({ db: db(), logger }, { now: NOW }),
      recomputeCooperIndex({ db: db(), logger }, { now: NOW }),
    ])
    const done = results.filter((result) => result.status === 'fulfilled')
    const refused = results.filter((result) => result.status === 'rejected')
    expect(done).toHaveLength(1)
    expect(refused).toHaveLength(1)
    const { reason } = refused[0] as PromiseRejectedResult
    expect(reason).toBeInstanceOf(CooperIndexRunInProgressError)
    expect((reason as CooperIndexRunInProgressError).message).toMatch(/already running/)

    const summary = (done[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof recomputeCooperIndex>>>).value
    expect(summary.pairs).toBe(40)
    // One run was recorded, and it is current; the refused one left no row behind.
    expect((await runs(db())).map((run) => [run.id, run.status])).toEqual([[summary.runId, 'done']])
    expect((await db().select().from(cooperIndexCurrent))[0]!.runId).toBe(summary.runId)
    await expect(findRunningCooperIndexRun(db(), NOW)).resolves.toBeNull()
  })

  it('does not start while a recent run is still running, and leaves that run alone', async () => {
    const startedAt = new Date(NOW.getTime() - HOUR)
    const [running] = await db().insert(cooperIndexRun).values({ startedAt }).returning({ id: cooperIndexRun.id })
    const [currentBefore] = await db().select().from(cooperIndexCurrent)

    await expect(findRunningCooperIndexRun(db(), NOW)).resolves.toEqual({ runId: running!.id, startedAt })
    const refusal = await recomputeCooperIndex({ db: db(), logger }, { now: NOW }).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(CooperIndexRunInProgressError)
    expect(refusal).toMatchObject({ runId: running!.id, startedAt })

    const [latest] = await db().select().from(cooperIndexRun).orderBy(desc(cooperIndexRun.id)).limit(1)
    expect(latest).toMatchObject({ id: running!.id, status: 'running' })
    expect(await db().select().from(cooperIndexCurrent)).toEqual([currentBefore])
  })

  it('skips the job while a run is in progress, without failing it', async () => {
    // The job runs at the real time: the run in progress started a minute before it.
    await db()
      .update(cooperIndexRun)
      .set({ startedAt: new Date(Date.now() - 60_000) })
      .where(eq(cooperIndexRun.status, 'running'))
    const runsBefore = await runs(db())
    await requestCooperIndexRecompute(t.services)
    await t.services.jobs.runUntilIdle()
    const { rows } = await db().execute<{ state: string }>(
      sql`select state from pgboss.job where name = 'cooper-index-recompute' order by created_on desc limit 1`,
    )
    expect(rows[0]?.state).toBe('completed')
    expect(await runs(db())).toEqual(runsBefore)
  })

  it('takes over from a run left running by a process that died, marking it failed', async () => {
    const [stale] = await db()
      .update(cooperIndexRun)
      .set({ startedAt: new Date(NOW.getTime() - 7 * HOUR) })
      .where(eq(cooperIndexRun.status, 'running'))
      .returning({ id: cooperIndexRun.id })
    await expect(findRunningCooperIndexRun(db(), NOW)).resolves.toBeNull()

    const summary = await recomputeCooperIndex({ db: db(), logger }, { now: NOW })
    expect(summary.pairs).toBe(40)
    const [interrupted] = await db().select().from(cooperIndexRun).where(eq(cooperIndexRun.id, stale!.id))
    expect(interrupted).toMatchObject({ status: 'failed', error: 'interrupted' })
    expect((await db().select().from(cooperIndexCurrent))[0]!.runId).toBe(summary.runId)
    const markets = await findCurrentMarkets(db())
    expect(markets.filter((market) => market.bedrooms === 'all').map((market) => market.key)).toEqual(['us', 'de', 'de-dover'])
  })
})
