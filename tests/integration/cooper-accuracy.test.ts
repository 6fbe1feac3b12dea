// How close the published Cooper Index comes to the truth: messy synthetic markets (price cuts, rent reviews of let
// homes, rebuilt homes, outliers, seasonality, noise that differs by home; tests/support/messy-rents.ts) go in as
// listings and asking prices, through the whole pipeline (observations → lettings → pairs → estimate → a published
// run), and each city's published series is checked against the path its rents were drawn from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findCurrentMarkets, findMarketSeries, recomputeCooperIndex, type CooperIndexMarket } from '#server/cooper-index/index.server.ts'
import { monthOf } from '#server/cooper-index/observations.server.ts'
import { createLogger } from '#server/logger.server.ts'
import { insertListingsWithAsks } from '#tests/support/cooper-history.ts'
import { aggregatePath, monthIndex, type TruthPath } from '#tests/support/index-truth.ts'
import { createPerson } from '#tests/support/listings.ts'
import { messyMarket, type MessyMarket } from '#tests/support/messy-rents.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database.ts'

const NOW = new Date('2026-07-10T12:00:00Z')
const LAST_MONTH = monthOf(NOW) - 1
const STATES = ['DE', 'PA', 'NJ', 'MD', 'VA', 'NY']
/** 30 markets, from about 300 to about 20,000 lettings, every other one over 48 months and the rest over 72. */
const MARKETS = Array.from({ length: 30 }, (_, i) => ({
  city: `Testville ${i + 1}`,
  state: STATES[i % STATES.length]!,
  months: i % 2 === 0 ? 48 : 72,
  homes: Math.round(90 * Math.exp((Math.log(7_000 / 90) * i) / 29)),
}))

type Accuracy = {
  key: string
  months: number
  pairs: number
  rms: number
  covered: number
  banded: number
  momError: number | null
  /** The error of a single month's change (index over the month before's), which is not published: for the record. */
  singleMonthError: number | null
}

/** A city's truth, from the path its rents were drawn from. */
const cityPath =
  (market: MessyMarket): TruthPath =>
  (month) =>
    market.truthLogIndex[month - market.firstMonth]

/** The published series against its truth, both relative to the series' own base period. */
function accuracyOf(
  key: string,
  path: TruthPath,
  row: CooperIndexMarket,
  series: NonNullable<Awaited<ReturnType<typeof findMarketSeries>>>,
): Accuracy {
  const base: number[] = []
  for (let month = monthIndex(row.baseStart!); month <= monthIndex(row.baseEnd!); month++) base.push(path(month)!)
  const baseMean = base.reduce((sum, value) => sum + value, 0) / base.length
  const truthAt = (month: string) => 100 * Math.exp(path(monthIndex(month))! - baseMean)
  let squares = 0
  let covered = 0
  let banded = 0
  const published = series.filter((point) => point.index !== null)
  for (const point of published) {
    squares += (point.index! / truthAt(point.month) - 1) ** 2
    if (point.low === null || point.high === null) continue
    banded++
    if (point.low <= truthAt(point.month) && truthAt(point.month) <= point.high) covered++
  }
  // The published change over a month is that of the 3-month average: the truth's is taken the same way.
  const latest = published.at(-1)
  const truthAverage = (month: string, back: number) =>
    [0, 1, 2].reduce((sum, k) => sum + 100 * Math.exp(path(monthIndex(month) - back - k)! - baseMean), 0) / 3
  const momError =
    latest?.monthOverMonth != null ? latest.monthOverMonth - (truthAverage(latest.month, 0) / truthAverage(latest.month, 1) - 1) : null
  const before = latest ? published.find((point) => monthIndex(point.month) === monthIndex(latest.month) - 1) : undefined
  const singleMonthError = latest && before ? latest.index! / before.index! - truthAt(latest.month) / truthAt(before.month) : null
  return {
    key,
    months: series.length,
    pairs: series.reduce((sum, point) => sum + point.pairs, 0) / 2,
    rms: Math.sqrt(squares / Math.max(published.length, 1)),
    covered,
    banded,
    momError,
    singleMonthError,
  }
}

describe('the Cooper Index on messy synthetic markets, through the whole pipeline', () => {
  let database: TestDatabase
  const generated = new Map<string, MessyMarket>()
  let measured: Accuracy[] = []
  /** The states and the nation. */
  let aggregates: Accuracy[] = []

  beforeAll(async () => {
    database = await createTestDatabase()
    const owner = await createPerson(database.db, { role: 'landlord' })
    for (const [i, place] of MARKETS.entries()) {
      const market = messyMarket({ seed: 7_000 + i, months: place.months, lastMonth: LAST_MONTH, homes: place.homes, until: NOW })
      generated.set(`${place.state.toLowerCase()}-testville-${i + 1}`, market)
      await insertListingsWithAsks(
        database.db,
        owner.id,
        market.listings.map(({ street, bedrooms, sizeSqft, status, asks }) => ({
          home: { street, city: place.city, state: place.state, zip: '19801', bedrooms, sizeSqft, status },
          asks,
        })),
      )
    }
    await recomputeCooperIndex({ db: database.db, logger: createLogger('silent') }, { now: NOW })
    const rows = await findCurrentMarkets(database.db, { bedrooms: 'all' })
    const seriesOf = async (row: CooperIndexMarket) => (await findMarketSeries(database.db, row.key))!
    const cities = new Map(
      rows.filter((row) => row.kind === 'city').map((row) => [row.key, { path: cityPath(generated.get(row.key)!), row }] as const),
    )
    measured = await Promise.all([...cities].map(async ([key, { path, row }]) => accuracyOf(key, path, row, await seriesOf(row))))
    aggregates = await Promise.all(
      rows
        .filter((row) => row.kind !== 'city')
        .map(async (row) => accuracyOf(row.key, aggregatePath(row.parts!, cities, LAST_MONTH), row, await seriesOf(row))),
    )
  }, 600_000)
  afterAll(async () => {
    // One line of figures for the record: what the suite measured, not only that it passed.
    const large = measured.filter((market) => market.pairs >= 2_000)
    const covered = measured.reduce((sum, market) => sum + market.covered, 0)
    const banded = measured.reduce((sum, market) => sum + market.banded, 0)
    const changes = measured.filter((market) => market.momError !== null)
    const singles = measured.filter((market) => market.singleMonthError !== null)
    console.info(
      `Cooper Index accuracy (${process.env.TEST_DB}): worst RMS of ${large.length} markets with ≥ 2,000 pairs ` +
        `${(100 * Math.max(...large.map((market) => market.rms))).toFixed(2)} %, band covers ${covered}/${banded} months ` +
        `(${((100 * covered) / banded).toFixed(1)} %) in ${measured.filter((market) => market.banded > 0).length} markets, ` +
        `change over a month within 0.5 pp in ${changes.filter((market) => Math.abs(market.momError!) <= 0.005).length}/${changes.length} ` +
        `(a single month's: ${singles.filter((market) => Math.abs(market.singleMonthError!) <= 0.005).length}/${singles.length}); ` +
        `${aggregates.length - 1} states and the nation: worst RMS ${(100 * Math.max(...aggregates.map((market) => market.rms))).toFixed(2)} %, ` +
        `band covers ${aggregates.reduce((sum, market) => sum + market.covered, 0)}/${aggregates.reduce((sum, market) => sum + market.banded, 0)} months`,
    )
    await database.drop()
  })

  const report = (markets = measured) =>
    markets
      .map(
        ({ key, months, pairs, rms, covered, banded, momError }) =>
          `${key} ${months} months ${Math.round(pairs)} pairs: RMS ${(100 * rms).toFixed(2)} %, band ${covered}/${banded}, ` +
          `MoM error ${momError === null ? '–' : `${(100 * momError).toFixed(2)} pp`}`,
      )
      .join('\n')

  it('publishes every market, with lettings of 300 to 20,000', () => {
    expect(measured.length, report()).toBe(MARKETS.length)
    const lettings = [...generated.values()].map((market) => market.lettings)
    expect(Math.min(...lettings)).toBeLessThanOrEqual(400)
    expect(Math.max(...lettings)).toBeGreaterThanOrEqual(15_000)
  })

  it('tracks the truth within 1 % RMS in every market with 2,000 pairs or more, over 48 and over 72 months', () => {
    const large = measured.filter((market) => market.pairs >= 2_000)
    expect(new Set(large.map((market) => market.months >= 72)), report()).toEqual(new Set([true, false]))
    for (const market of large) expect(market.rms, report()).toBeLessThanOrEqual(0.01)
  })

  it('has a 90 % band that covers the truth in 85–95 % of months, pooled over the markets', () => {
    const covered = measured.reduce((sum, market) => sum + market.covered, 0)
    const banded = measured.reduce((sum, market) => sum + market.banded, 0)
    expect(measured.filter((market) => market.banded > 0).length).toBeGreaterThanOrEqual(20)
    expect(covered / banded, `${covered}/${banded}\n${report()}`).toBeGreaterThanOrEqual(0.85)
    expect(covered / banded, `${covered}/${banded}\n${report()}`).toBeLessThanOrEqual(0.95)
  })

  it('tracks the states and the nation, its cities’ homes-weighted aggregates, within 1 % RMS, their bands covering the truth', () => {
    const text = report(aggregates)
    expect(aggregates.map((market) => market.key).sort(), text).toEqual(['de', 'md', 'nj', 'ny', 'pa', 'us', 'va'])
    for (const market of aggregates) expect(market.rms, text).toBeLessThanOrEqual(0.01)
    const covered = aggregates.reduce((sum, market) => sum + market.covered, 0)
    const banded = aggregates.reduce((sum, market) => sum + market.banded, 0)
    expect(covered / banded, `${covered}/${banded}\n${text}`).toBeGreaterThanOrEqual(0.85)
    expect(covered / banded, `${covered}/${banded}\n${text}`).toBeLessThanOrEqual(0.97)
  })

  it('publishes a month-over-month change within half a point of the truth’s in at least 80 % of markets', () => {
    const published = measured.filter((market) => market.momError !== null)
    const close = published.filter((market) => Math.abs(market.momError!) <= 0.005)
    expect(close.length / published.length, report()).toBeGreaterThanOrEqual(0.8)
  })
})
