// The Cooper Index pipeline against the database: observations from listings and their price history, a run
// per recompute, the current-run pointer, failure and pruning.
//
// Listings and their price histories are inserted directly: the listing writes stamp each price with the time of
// the write, and these tests need years of past prices.
import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cooperIndexCurrent, cooperIndexRun } from '#server/db/schema.ts'
import {
  findCurrentMarkets,
  findMarketSeries,
  recomputeCooperIndex,
  requestCooperIndexRecompute,
} from '#server/cooper-index/index.server.ts'
import { createLogger } from '#server/logger.server.ts'
import {
  FIRST_MONTH,
  LATER_NOW as NOW,
  MONTHS,
  insertListingsWithHistory,
  syntheticMarket,
  thinHomes,
} from '#tests/support/cooper-history.ts'
import { createPerson } from '#tests/support/listings.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

const logger = createLogger('silent')

/** RMS of the relative error of the recovered index against the truth, both rebased to the first month with an index. */
function rmsError(series: { month: string; index: number | null }[], truth: Float64Array): number {
  const withIndex = series.filter((point) => point.index !== null)
  const offsetOf = (month: string) => (Number(month.slice(0, 4)) - 2000) * 12 + Number(month.slice(5, 7)) - 1 - FIRST_MONTH
  const base = withIndex[0]!
  let sum = 0
  for (const point of withIndex) {
    const recovered = point.index! / base.index!
    const expected = Math.exp(truth[offsetOf(point.month)]! - truth[offsetOf(base.month)]!)
    sum += (recovered / expected - 1) ** 2
  }
  return Math.sqrt(sum / withIndex.length)
}

describe('the Cooper Index recompute', () => {
  let database: TestDatabase
  const db = () => database.db
  let wilmingtonTruth: Float64Array
  let doverTruth: Float64Array

  beforeAll(async () => {
    database = await createTestDatabase()
    const owner = await createPerson(db(), { role: 'landlord' })
    const wilmington = syntheticMarket(11, { city: 'Wilmington', state: 'DE', zip: '19801' }, 1200)
    const dover = syntheticMarket(12, { city: 'Dover', state: 'DE', zip: '19901' }, 1200)
    wilmingtonTruth = wilmington.truth
    doverTruth = dover.truth
    const thin = thinHomes({ city: 'Lewes', state: 'DE', zip: '19958' })
    await insertListingsWithHistory(db(), owner.id, [...wilmington.homes, ...dover.homes, ...thin])
  })
  afterAll(async () => {
    await database.drop()
  })

  it('has no markets before the first run', async () => {
    await expect(findCurrentMarkets(db())).resolves.toEqual([])
    await expect(findMarketSeries(db(), 'us')).resolves.toBeNull()
  })

  it('computes the nation, the state and each city, tracking the true path of each city', async () => {
    const summary = await recomputeCooperIndex({ db: db(), logger }, { now: NOW })
    expect(summary.pairs).toBeGreaterThan(2_000)
    expect(summary.markets).toBe(5)

    const markets = await findCurrentMarkets(db())
    const all = markets.filter((market) => market.bedrooms === 'all')
    expect(all.map((market) => [market.key, market.kind])).toEqual([
      ['us', 'nation'],
      ['de', 'state'],
      ['de-dover', 'city'],
      ['de-lewes', 'city'],
      ['de-wilmington', 'city'],
    ])
    // Every synthetic home is two-bedroom: that group exists, the others do not.
    expect(new Set(markets.map((market) => market.bedrooms))).toEqual(new Set(['all', '2']))

    for (const [key, truth] of [
      ['de-wilmington', wilmingtonTruth],
      ['de-dover', doverTruth],
    ] as const) {
      const series = (await findMarketSeries(db(), key))!
      expect(series.filter((point) => point.index !== null).length).toBeGreaterThan(MONTHS / 2)
      expect(rmsError(series, truth)).toBeLessThan(0.03)
      const latest = series.findLast((point) => point.index !== null)!
      // The level is the typical asking rent: the synthetic market's level is about $1,800 times the path.
      expect(latest.levelCents).toBeGreaterThan(100_000)
      expect(latest.levelCents).toBeLessThan(400_000)
      expect(latest.low!).toBeLessThan(latest.index!)
      expect(latest.high!).toBeGreaterThan(latest.index!)
    }
    expect(await findMarketSeries(db(), 'us')).not.toBeNull()
    expect(await findMarketSeries(db(), 'de', '2')).not.toBeNull()
  })

  it('makes the state and the nation the homes-weighted aggregate of their cities', async () => {
    const markets = await findCurrentMarkets(db())
    const state = markets.find((market) => market.key === 'de' && market.bedrooms === 'all')!
    const nation = markets.find((market) => market.key === 'us' && market.bedrooms === 'all')!
    // Lewes has no month with enough pairs: it has no index to weigh.
    expect(state.parts!.map((part) => part.key).sort()).toEqual(['de-dover', 'de-wilmington'])
    expect(nation.parts).toEqual(state.parts)
    const weightOf = new Map(state.parts!.map((part) => [part.key, part.homes]))
    const cities = await Promise.all(['de-dover', 'de-wilmington'].map(async (key) => [key, (await findMarketSeries(db(), key))!] as const))
    const aggregate = (await findMarketSeries(db(), 'de'))!
    expect((await findMarketSeries(db(), 'us'))!.map((point) => point.index)).toEqual(aggregate.map((point) => point.index))
    // Where every city has a figure, the aggregate is Σ homes × index / Σ homes (rebased to its base year).
    const mixed = aggregate.flatMap((point) => {
      const parts = cities.map(
        ([key, series]) => [weightOf.get(key)!, series.find((own) => own.month === point.month)?.index ?? null] as const,
      )
      if (point.index === null || parts.some(([, index]) => index === null)) return []
      const weighted = parts.reduce((sum, [homes, index]) => sum + homes * index!, 0) / parts.reduce((sum, [homes]) => sum + homes, 0)
      return [{ index: point.index, weighted }]
    })
    expect(mixed.length).toBeGreaterThan(MONTHS / 2)
    const scale = mixed[0]!.index / mixed[0]!.weighted
    for (const { index, weighted } of mixed) expect(index).toBeCloseTo(weighted * scale, 6)
    // Its counts are its cities' together.
    const month = aggregate.at(-1)!.month
    expect(aggregate.at(-1)!.pairs).toBe(
      cities.reduce((sum, [, series]) => sum + (series.find((own) => own.month === month)?.pairs ?? 0), 0),
    )
  })

  it('shows a market with too few pairs as not enough data, with its counts', async () => {
    const series = (await findMarketSeries(db(), 'de-lewes'))!
    expect(series.length).toBeGreaterThan(0)
    for (const point of series) {
      expect(point).toMatchObject({ index: null, low: null, high: null, levelCents: null, yearOverYear: null, hasEnoughData: false })
    }
    expect(series.reduce((sum, point) => sum + point.pairs, 0)).toBe(16)
    const lewes = (await findCurrentMarkets(db())).find((market) => market.key === 'de-lewes' && market.bedrooms === 'all')!
    expect(lewes).toMatchObject({ activeListings: 4, latest: { index: null, pairs: 4, units: 4 } })
    expect(lewes.medianRentCents).toBe(229_500)
  })

  it('leaves the previous run current and marks the run failed when a recompute fails half-way', async () => {
    const [before] = await db().select().from(cooperIndexCurrent)
    const seriesBefore = await findMarketSeries(db(), 'de-wilmington')
    await expect(recomputeCooperIndex({ db: db(), logger }, { now: NOW, failAfterPointRows: 1 })).rejects.toThrow(/injected/)

    const [failed] = await db().select().from(cooperIndexRun).orderBy(desc(cooperIndexRun.id)).limit(1)
    expect(failed).toMatchObject({ status: 'failed', error: 'failure injected by the test' })
    expect(failed!.finishedAt).not.toBeNull()
    expect(await db().select().from(cooperIndexCurrent)).toEqual([before])
    expect(await findMarketSeries(db(), 'de-wilmington')).toEqual(seriesBefore)
  })

  it('moves the pointer to each successful run and keeps only the last three runs', async () => {
    let last = 0
    for (let i = 0; i < 3; i++) last = (await recomputeCooperIndex({ db: db(), logger }, { now: NOW })).runId
    const [current] = await db().select().from(cooperIndexCurrent)
    expect(current!.runId).toBe(last)
    const runs = await db().select({ id: cooperIndexRun.id, status: cooperIndexRun.status }).from(cooperIndexRun)
    expect(runs.map((run) => run.id).sort((a, b) => a - b)).toEqual([last - 2, last - 1, last])
    expect(runs.every((run) => run.status === 'done')).toBe(true)
    const [run] = await db().select().from(cooperIndexRun).where(eq(cooperIndexRun.id, last))
    expect(run).toMatchObject({ status: 'done', markets: 5 })
  })

  it('never makes the month in progress a headline: every series ends with the last complete month', async () => {
    // "Now" is the middle of the synthetic data's last month, whose lettings have begun but not ended.
    const lastMonth = FIRST_MONTH + MONTHS - 1
    const now = new Date(Date.UTC(2000 + Math.floor(lastMonth / 12), lastMonth % 12, 20))
    const inProgress = now.toISOString().slice(0, 7)
    await recomputeCooperIndex({ db: db(), logger }, { now })
    const markets = await findCurrentMarkets(db())
    const previous = new Date(Date.UTC(2000 + Math.floor(lastMonth / 12), (lastMonth % 12) - 1, 1)).toISOString().slice(0, 10)
    // Every market with lettings in the month in progress (Lewes, the thin town, had its last long before).
    const active = markets.filter((market) => market.key !== 'de-lewes')
    expect(active.length).toBeGreaterThan(4)
    expect(active.map((market) => market.latestMonth)).toEqual(active.map(() => previous))
    const series = (await findMarketSeries(db(), 'de-wilmington'))!
    expect(series.at(-1)!.month).toBe(previous)
    expect(series.filter((point) => point.month.startsWith(inProgress))).toEqual([])
    await recomputeCooperIndex({ db: db(), logger }, { now: NOW })
  })
})

describe('units in the Cooper Index', () => {
  let database: TestDatabase
  const db = () => database.db

  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database.drop()
  })

  it('pairs a home let again under a new listing at the same address, not a home whose type changed, and skips drafts and listings held or removed by moderation', async () => {
    const owner = await createPerson(db(), { role: 'landlord' })
    const place = { city: 'Wilmington', state: 'DE', zip: '19806' }
    const ids = await insertListingsWithHistory(db(), owner.id, [
      { home: { street: '12 Oak Street', unit: 'Apt. 4', ...place }, prices: [[FIRST_MONTH, 150_000]] },
      { home: { street: '12 oak st', unit: '#4', ...place }, prices: [[FIRST_MONTH + 12, 156_000]] },
      { home: { street: '40 Elm Avenue', ...place }, prices: [[FIRST_MONTH, 200_000]] },
      { home: { street: '40 Elm Ave.', type: 'house', ...place }, prices: [[FIRST_MONTH + 12, 210_000]] },
      // A draft was never offered: its rent is no observation.
      { home: { street: '12 Oak Street', unit: '4', status: 'draft', ...place }, prices: [[FIRST_MONTH + 24, 158_000]] },
      // Nor is a listing held for review (reported, or asking for wire transfers) or removed by an administrator:
      // a fake listing's rent would move the index (these two would pair with the first two).
      { home: { street: '12 Oak St.', unit: '4', ...place }, prices: [[FIRST_MONTH + 24, 90_000]] },
      { home: { street: '12 Oak Street', unit: 'Apt 4', ...place }, prices: [[FIRST_MONTH + 30, 95_000]] },
    ])
    await db().execute(sql`update listing set status = 'held', held_reason = 'reports', held_at = now() where id = ${ids[5]!}`)
    await db().execute(sql`update listing set status = 'archived', held_reason = 'removed', held_at = now() where id = ${ids[6]!}`)
    const summary = await recomputeCooperIndex({ db: db(), logger }, { now: NOW })
    expect(summary).toMatchObject({ observations: 4, pairs: 1, dropped: { typeChanged: 1 } })
    const series = (await findMarketSeries(db(), 'de-wilmington'))!
    expect(series.map((point) => [point.month, point.pairs, point.units])).toEqual([
      ['2023-01-01', 1, 1],
      ...Array.from({ length: 11 }, (_, k) => [`2023-${String(k + 2).padStart(2, '0')}-01`, 0, 0]),
      ['2024-01-01', 1, 1],
    ])
  })
})

describe('the Cooper Index job', () => {
  let t: TestServices

  beforeAll(async () => {
    t = await createTestServices()
  })
  afterAll(async () => {
    await t.close()
  })

  it('recomputes when asked, through the job queue', async () => {
    const { db } = t.services.database
    const owner = await createPerson(db, { role: 'landlord' })
    const place = { city: 'Dover', state: 'DE', zip: '19901' }
    await insertListingsWithHistory(db, owner.id, [
      {
        home: { street: '5 Loockerman Street', ...place },
        prices: [
          [FIRST_MONTH, 140_000],
          [FIRST_MONTH + 12, 145_000],
        ],
      },
    ])
    await requestCooperIndexRecompute(t.services)
    await t.services.jobs.runUntilIdle()
    const markets = await findCurrentMarkets(db)
    expect(markets.filter((market) => market.bedrooms === 'all').map((market) => market.key)).toEqual(['us', 'de', 'de-dover'])
  })
})
