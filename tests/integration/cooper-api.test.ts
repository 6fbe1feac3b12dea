// The Cooper Index's JSON API and CSV downloads as a client meets them, on a real database: before the first
// run, the markets and a market's series after one, the CSV files parsed back, caching, and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findCurrentMarkets, findMarketSeries, recomputeCooperIndex } from '#server/cooper-index/index.server.ts'
import { FIRST_MONTH, NOW, insertListingsWithHistory, syntheticHomes, thinHomes } from '#tests/support/cooper-history.ts'
import { createPerson } from '#tests/support/listings.ts'
import { TEST_ORIGIN, createTestServices, type TestServices } from '#tests/support/test-services.ts'

/** An RFC 4180 reader: quoted fields may hold commas, doubled quotes and line breaks; records end in CRLF. */
function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let i = 0
  while (i < text.length) {
    const char = text[i]!
    if (char === '"' && field === '') {
      i += 1
      for (;;) {
        if (i >= text.length) throw new Error('an unterminated quoted field')
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"'
          i += 2
        } else if (text[i] === '"') {
          i += 1
          break
        } else field += text[i++]
      }
    } else if (char === ',') {
      record.push(field)
      field = ''
      i += 1
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field)
      records.push(record)
      record = []
      field = ''
      i += 2
    } else if (char === '\n' || char === '\r' || char === '"') {
      throw new Error(`a bare ${JSON.stringify(char)} at ${i}`)
    } else {
      field += char
      i += 1
    }
  }
  if (field !== '' || record.length > 0) throw new Error('the last record has no CRLF')
  return records
}

const HEADER = 'market,kind,name,state,bedrooms,month,index,low,high,ma3,mom,yoy,level_usd,pairs,units,enough_data,base'.split(',')

describe('the Cooper Index API', () => {
  let t: TestServices
  const db = () => t.services.database.db
  const get = (path: string, headers: Record<string, string> = {}) => t.app.request(`${TEST_ORIGIN}${path}`, { headers })

  beforeAll(async () => {
    t = await createTestServices()
    const owner = await createPerson(db(), { role: 'landlord' })
    await insertListingsWithHistory(db(), owner.id, [
      ...syntheticHomes(21, { city: 'Wilmington', state: 'DE', zip: '19801' }, 1200),
      ...thinHomes({ city: 'Lewes', state: 'DE', zip: '19958' }),
      // Names a landlord typed: a comma and a quote to quote in the CSV, and one a spreadsheet would run.
      ...thinHomes({ city: 'O"Brien, Town', state: 'DE', zip: '19902' }, 2),
      ...thinHomes({ city: '=SUM(A1)', state: 'DE', zip: '19903' }, 2),
    ])
  })
  afterAll(async () => {
    await t?.close()
  })

  describe('before the first run', () => {
    it('lists no markets and says that nothing is computed yet', async () => {
      const list = await get('/api/cooper')
      expect(list.status).toBe(200)
      expect(await list.json()).toEqual({ run: null, currency: 'USD', markets: [] })
      for (const path of ['/api/cooper/us', '/api/cooper/us.csv', '/api/cooper.csv']) {
        const response = await get(path)
        expect(response.status, path).toBe(404)
        expect(await response.json()).toMatchObject({
          status: 404,
          title: 'Not Found',
          detail: expect.stringMatching(/not been computed yet/),
        })
      }
    })
  })

  describe('after a run', () => {
    let runId: number
    beforeAll(async () => {
      runId = (await recomputeCooperIndex({ db: db(), logger: t.services.logger }, { now: NOW })).runId
    })

    it('lists every market with each bedrooms group’s latest figures, companions and links', async () => {
      const response = await get('/api/cooper')
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=300')
      expect(response.headers.get('ETag')).toBe(`W/"cooper-${runId}"`)
      expect(new Date(response.headers.get('Last-Modified')!).getTime()).not.toBeNaN()
      const body = await response.json()
      expect(body.run).toEqual({ id: runId, finishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })
      expect(body.markets.map((market: { key: string }) => market.key)).toEqual([
        'us',
        'de',
        'de-lewes',
        'de-o-brien-town',
        'de-sum-a1',
        'de-wilmington',
      ])
      const wilmington = body.markets.find((market: { key: string }) => market.key === 'de-wilmington')
      expect(wilmington).toMatchObject({
        key: 'de-wilmington',
        kind: 'city',
        name: 'Wilmington',
        state: 'DE',
        links: { series: '/api/cooper/de-wilmington', csv: '/api/cooper/de-wilmington.csv', page: '/cooper/de-wilmington' },
      })
      expect(wilmington.groups.map((group: { bedrooms: string }) => group.bedrooms)).toEqual(['all', '2'])
      const two = wilmington.groups[1]
      const stored = (await findCurrentMarkets(db())).find((market) => market.key === 'de-wilmington' && market.bedrooms === '2')!
      expect(two).toEqual({
        bedrooms: '2',
        latestMonth: stored.latestMonth,
        latest: {
          month: stored.latestMonth,
          index: expect.any(Number),
          low: expect.any(Number),
          high: expect.any(Number),
          movingAverage3: expect.any(Number),
          monthOverMonth: expect.any(Number),
          yearOverYear: expect.any(Number),
          levelCents: stored.latest!.levelCents,
          pairs: stored.latest!.pairs,
          units: stored.latest!.units,
          hasEnoughData: true,
        },
        medianRentCents: null,
        activeListings: 0,
        medianDaysOnMarket: null,
        priceCutShare: null,
        base: { start: stored.baseStart, end: stored.baseEnd, label: `${stored.baseStart!.slice(0, 4)} = 100` },
        weights: null,
        links: { series: '/api/cooper/de-wilmington?bedrooms=2' },
      })
      // The base is a calendar year, the same for every series that has enough pairs in each of its months.
      expect(stored.baseStart).toMatch(/^20\d\d-01-01$/)
      expect(stored.baseEnd).toBe(`${stored.baseStart!.slice(0, 4)}-12-01`)
      const nation = (await findCurrentMarkets(db())).find((market) => market.key === 'us' && market.bedrooms === 'all')!
      expect([nation.baseStart, nation.baseEnd]).toEqual([stored.baseStart, stored.baseEnd])
      expect(two.latest.index).toBeCloseTo(stored.latest!.index!, 2)
      expect(two.latest.low).toBeLessThan(two.latest.index)
      expect(two.latest.high).toBeGreaterThan(two.latest.index)
      // Lewes's homes are published: its companion figures count them; its months have too few pairs.
      const lewes = body.markets.find((market: { key: string }) => market.key === 'de-lewes').groups[0]
      expect(lewes).toMatchObject({ activeListings: 4, latest: { index: null, levelCents: null, hasEnoughData: false, pairs: 4 } })
      // The nation is its cities' weighted aggregate: the weights name each city with an index, its homes and its
      // share (the thin towns have no index to weigh).
      const weights = body.markets.find((market: { key: string }) => market.key === 'us').groups[0].weights
      expect(weights).toEqual([{ market: 'de-wilmington', name: 'Wilmington', homes: expect.any(Number), share: 1 }])
      expect(weights[0].homes).toBeGreaterThan(100)
    })

    it('answers 304 to a client that has this run’s answer', async () => {
      const first = await get('/api/cooper/de-wilmington')
      const etag = first.headers.get('ETag')!
      const again = await get('/api/cooper/de-wilmington', { 'If-None-Match': etag })
      expect(again.status).toBe(304)
      expect(await again.text()).toBe('')
      expect((await get('/api/cooper', { 'If-None-Match': 'W/"cooper-0"' })).status).toBe(200)
      const since = await get('/api/cooper.csv', { 'If-Modified-Since': first.headers.get('Last-Modified')! })
      expect(since.status).toBe(304)
    })

    it('gives a market’s monthly series for a bedrooms group', async () => {
      for (const [query, group] of [
        ['', 'all'],
        ['?bedrooms=2', '2'],
        ['?bedrooms=all', 'all'],
      ] as const) {
        const response = await get(`/api/cooper/de-wilmington${query}`)
        expect(response.status, query).toBe(200)
        const body = await response.json()
        const stored = (await findMarketSeries(db(), 'de-wilmington', group))!
        expect(body).toMatchObject({
          run: { id: runId },
          currency: 'USD',
          key: 'de-wilmington',
          kind: 'city',
          name: 'Wilmington',
          state: 'DE',
          bedrooms: group,
          groups: ['all', '2'],
          latestMonth: stored.at(-1)!.month,
          links: {
            self: `/api/cooper/de-wilmington?bedrooms=${encodeURIComponent(group)}`,
            csv: '/api/cooper/de-wilmington.csv',
            page: '/cooper/de-wilmington',
            markets: '/api/cooper',
          },
        })
        expect(body.series).toHaveLength(stored.length)
        expect(body.series[0].month).toBe(`${2000 + Math.floor(FIRST_MONTH / 12)}-01-01`)
        body.series.forEach((point: Record<string, unknown>, i: number) => {
          const expected = stored[i]!
          expect(Object.keys(point)).toEqual([
            'month',
            'index',
            'low',
            'high',
            'movingAverage3',
            'monthOverMonth',
            'yearOverYear',
            'levelCents',
            'pairs',
            'units',
            'hasEnoughData',
          ])
          expect(point).toMatchObject({
            month: expected.month,
            levelCents: expected.levelCents,
            pairs: expected.pairs,
            units: expected.units,
            hasEnoughData: expected.hasEnoughData,
          })
          if (expected.index === null) expect(point.index).toBeNull()
          else expect(point.index).toBeCloseTo(expected.index, 2)
          if (expected.yearOverYear === null) expect(point.yearOverYear).toBeNull()
          else expect(point.yearOverYear).toBeCloseTo(expected.yearOverYear, 4)
        })
      }
      // A market with too few pairs: every figure null ("not enough data"), its counts kept.
      const lewes = await (await get('/api/cooper/de-lewes')).json()
      expect(lewes.series.every((point: { index: null; hasEnoughData: boolean }) => point.index === null && !point.hasEnoughData)).toBe(
        true,
      )
      expect(lewes.series.reduce((sum: number, point: { pairs: number }) => sum + point.pairs, 0)).toBe(16)
    })

    it('downloads every series of every market as one CSV file', async () => {
      const response = await get('/api/cooper.csv')
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
      const markets = await findCurrentMarkets(db())
      const latestMonth = markets.find((market) => market.key === 'us' && market.bedrooms === 'all')!.latestMonth
      expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="cooper-index-${latestMonth.slice(0, 7)}.csv"`)
      expect(response.headers.get('ETag')).toBe(`W/"cooper-${runId}"`)
      const [header, ...rows] = parseCsv(await response.text())
      expect(header).toEqual(HEADER)
      let expected = 0
      for (const market of markets) expected += (await findMarketSeries(db(), market.key, market.bedrooms))!.length
      expect(rows).toHaveLength(expected)
      expect(rows.every((row) => row.length === HEADER.length)).toBe(true)
      expect(new Set(rows.map((row) => `${row[0]}|${row[4]}`)).size).toBe(markets.length)

      const column = (row: string[], name: string) => row[HEADER.indexOf(name)]!
      const wilmington = rows.filter((row) => row[0] === 'de-wilmington' && row[4] === '2')
      const series = (await findMarketSeries(db(), 'de-wilmington', '2'))!
      expect(wilmington.map((row) => column(row, 'month'))).toEqual(series.map((point) => point.month))
      const latest = series.findLast((point) => point.index !== null)!
      const latestRow = wilmington.find((row) => column(row, 'month') === latest.month)!
      expect(Number(column(latestRow, 'index'))).toBeCloseTo(latest.index!, 2)
      expect(column(latestRow, 'level_usd')).toBe((latest.levelCents! / 100).toFixed(2))
      expect(column(latestRow, 'enough_data')).toBe('true')
      expect(column(latestRow, 'base')).toMatch(/^20\d\d = 100$/)
      expect(Number(column(latestRow, 'pairs'))).toBe(latest.pairs)
      // "Not enough data" is an empty cell, never a zero.
      const thin = rows.filter((row) => row[0] === 'de-lewes')
      expect(thin.length).toBeGreaterThan(0)
      for (const row of thin) {
        expect(['index', 'low', 'high', 'ma3', 'mom', 'yoy', 'level_usd'].map((name) => column(row, name))).toEqual([
          '',
          '',
          '',
          '',
          '',
          '',
          '',
        ])
        expect(column(row, 'enough_data')).toBe('false')
      }
      expect(rows.find((row) => row[0] === 'de-o-brien-town')![2]).toBe('O"Brien, Town')
      expect(rows.find((row) => row[0] === 'de-sum-a1')![2]).toBe("'=SUM(A1)")
      expect(rows.find((row) => row[0] === 'us')!.slice(0, 5)).toEqual(['us', 'nation', 'United States', '', 'all'])
    })

    it('downloads one market’s series, every bedrooms group or one', async () => {
      const response = await get('/api/cooper/de-wilmington.csv')
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
      expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="cooper-index-de-wilmington-\d{4}-\d{2}\.csv"$/)
      const [header, ...rows] = parseCsv(await response.text())
      expect(header).toEqual(HEADER)
      const all = (await findMarketSeries(db(), 'de-wilmington', 'all'))!
      const two = (await findMarketSeries(db(), 'de-wilmington', '2'))!
      expect(rows).toHaveLength(all.length + two.length)
      expect(new Set(rows.map((row) => row[0]))).toEqual(new Set(['de-wilmington']))

      const only = parseCsv(await (await get('/api/cooper/de-wilmington.csv?bedrooms=2')).text())
      expect(only).toHaveLength(1 + two.length)
      expect(only.slice(1).every((row) => row[4] === '2')).toBe(true)
      const everyTwo = parseCsv(await (await get('/api/cooper.csv?bedrooms=2')).text())
      expect(everyTwo.slice(1).every((row) => row[4] === '2')).toBe(true)
    })

    it('refuses a bad bedrooms parameter with a 400 naming it', async () => {
      for (const path of [
        '/api/cooper/de-wilmington?bedrooms=5',
        '/api/cooper/de-wilmington?bedrooms=',
        '/api/cooper/de-wilmington?bedrooms=2&bedrooms=all',
        '/api/cooper/de-wilmington.csv?bedrooms=studio',
        `/api/cooper.csv?bedrooms=${'x'.repeat(5000)}`,
        '/api/cooper/no-such-place?bedrooms=%00',
      ]) {
        const response = await get(path)
        expect(response.status, path).toBe(400)
        const body = await response.json()
        expect(body).toMatchObject({ type: 'about:blank', title: 'Bad Request', status: 400, errors: { bedrooms: [expect.any(String)] } })
        expect(Object.keys(body.errors)).toEqual(['bedrooms'])
      }
      // An unencoded plus arrives as a space: `bedrooms=3+` still means 3 or more (which Wilmington lacks).
      const plus = await get('/api/cooper/de-wilmington?bedrooms=3+')
      expect(plus.status).toBe(404)
      expect((await plus.json()).detail).toBe('The market "de-wilmington" has no series for homes with 3 or more bedrooms; it has: all, 2.')
      expect((await get('/api/cooper/de-wilmington?bedrooms=3%2B')).status).toBe(404)
    })

    it('answers an unknown or hostile market with a 404 problem, never a 500', async () => {
      const unknown = await get('/api/cooper/de-atlantis')
      expect(unknown.status).toBe(404)
      expect(await unknown.json()).toEqual({
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        detail: 'There is no market "de-atlantis" in the Cooper Index; GET /api/cooper lists them.',
      })
      const hostile = [
        'x'.repeat(10_000),
        `de-${'a-'.repeat(2000)}b`,
        'DE-WILMINGTON',
        "de-wilmington'--",
        'de-wilmington%00',
        '%E2%80%AEde',
        '%F0%9F%98%80',
        '..%2F..%2Fetc%2Fpasswd',
        '.csv',
        'de-wilmington.csv.csv',
        'de-wilmington.json',
        '-de',
        'de--wilmington',
        '%20',
        '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      ]
      for (const key of hostile) {
        for (const path of [`/api/cooper/${key}`, `/api/cooper/${key}.csv`, `/api/cooper/${key}?bedrooms=2`]) {
          const response = await get(path)
          expect(response.status, path.slice(0, 80)).toBe(404)
          const body = await response.json()
          expect(body).toMatchObject({ status: 404, title: 'Not Found' })
          expect(body.detail.length, path.slice(0, 80)).toBeLessThan(200)
        }
      }
      // Deeper paths are no endpoint at all.
      expect((await get('/api/cooper/de/wilmington')).status).toBe(404)
      expect((await get('/api/cooper/de-wilmington/')).status).toBe(404)
    })
  })
})
