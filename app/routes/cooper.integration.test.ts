// The Cooper Index pages' data on a real database: /cooper's headline, table rows and compared series, and
// /cooper/:market's figures, bedrooms breakdown, companions and places, before and after the first run.
// Listings and their price histories are inserted directly, with years of past prices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  findCurrentMarkets,
  findMarketSeries,
  findMarketSeriesByBedrooms,
  findMarketsSeries,
  recomputeCooperIndex,
} from '#server/cooper-index/index.server.ts'
import { formatDollars } from '#common/cooper/figures.ts'
import { createLogger } from '#server/logger.server.ts'
import { LATER_NOW as NOW, insertListingsWithHistory, syntheticHomes, thinHomes } from '#tests/support/cooper-history.ts'
import { createPerson } from '#tests/support/listings.ts'
import { createPageApp, type PageApp } from '#tests/support/page-app.ts'
import { settle } from '#tests/support/route-answers.ts'
import { createTestServices, TEST_ORIGIN, type TestServices } from '#tests/support/test-services.ts'
import { loadCooperMarket } from './cooper-market.server.ts'
import { loadCooperHome } from './cooper.server.ts'
import { NEWEST_HOMES, loadHomePage } from './home.server.ts'

const logger = createLogger('silent')

/** A synthetic city: each unit one listing with all its rents, on a street named after the city; bedrooms from the
 * unit's number, and every tenth unit still published. */
const syntheticCity = (
  seed: number,
  place: { city: string; state: string; zip: string },
  units: number,
  bedroomsOf: (unit: number) => number,
) =>
  syntheticHomes(seed, place, units, {
    street: `${place.city} Street`,
    bedroomsOf,
    statusOf: (unit) => (unit % 10 === 0 ? 'published' : undefined),
  })

const get = (pathname: string) => new Request(`${TEST_ORIGIN}${pathname}`)

describe('the Cooper Index pages', () => {
  let t: TestServices
  let pages: PageApp
  const db = () => t.services.database.db

  beforeAll(async () => {
    t = await createTestServices()
    pages = await createPageApp(t)
  }, 120_000)
  afterAll(async () => {
    await pages?.close()
    await t?.close()
  })

  describe('before the first run', () => {
    it('say the index has not been computed yet', async () => {
      const home = await loadCooperHome(db(), get('/cooper'))
      expect(home).toMatchObject({ run: null, nation: null, rows: [], chart: { series: [] } })
      // The home page lists no cities' rents before there are figures.
      expect((await loadHomePage(t.services, get('/'))).cities).toEqual([])
      const market = await settle(() => loadCooperMarket(db(), 'de-wilmington', get('/cooper/de-wilmington')))
      expect(market).toMatchObject({ status: 404, body: { computed: false } })
      for (const path of ['/cooper', '/cooper/de-wilmington']) {
        const { html } = await pages.get(path)
        expect(html, path).toContain('The Cooper Index has not been computed yet.')
      }
    })
  })

  describe('after a run', () => {
    beforeAll(async () => {
      const owner = await createPerson(db(), { role: 'landlord' })
      // Wilmington: studios to three bedrooms, enough of each for a figure; Philadelphia: two-bedroom homes only.
      const wilmington = syntheticCity(21, { city: 'Wilmington', state: 'DE', zip: '19801' }, 2700, (unit) => [1, 2, 3][unit % 3]!)
      const philadelphia = syntheticCity(22, { city: 'Philadelphia', state: 'PA', zip: '19103' }, 1200, () => 2)
      const lewes = thinHomes({ city: 'Lewes', state: 'DE', zip: '19958' })
      await insertListingsWithHistory(db(), owner.id, [...wilmington, ...philadelphia, ...lewes])
      await recomputeCooperIndex({ db: db(), logger }, { now: NOW })
    }, 180_000)

    it('put the cities that have a figure, busiest first, and the newest homes on the home page', async () => {
      const home = await loadHomePage(t.services, get('/'))
      const cities = (await findCurrentMarkets(db(), { kind: 'city', bedrooms: 'all' })).filter((market) => market.latest?.hasEnoughData)
      expect(home.cities.map((city) => city.name).sort()).toEqual(cities.map((market) => market.name).sort())
      // Lewes has too few pairs for a figure: it is not listed.
      expect(home.cities.map((city) => city.name)).not.toContain('Lewes')
      expect(home.cities.map((city) => city.homes)).toEqual([...home.cities.map((city) => city.homes)].sort((a, b) => b - a))
      const market = cities.find((m) => m.key === 'de-wilmington')!
      expect(home.cities.find((city) => city.name === 'Wilmington')).toEqual({
        name: 'Wilmington',
        stateCode: 'DE',
        typicalRentCents: market.latest!.levelCents,
        month: market.latest!.month,
        yearOverYear: market.latest!.yearOverYear,
        homes: market.activeListings,
        searchHref: '/properties?q=Wilmington%2C+DE',
        indexHref: '/cooper/de-wilmington',
      })
      // The newest homes are the search's newest, as /properties?sort=newest lists them.
      const newest = await t.services.searchListings({ sort: 'newest', limit: String(NEWEST_HOMES) })
      expect(home.homes).toHaveLength(NEWEST_HOMES)
      expect(home.homes.map((card) => card.listing.id)).toEqual(newest.items.map((listing) => listing.id))

      const { html } = await pages.get('/')
      expect(html).toMatch(/<h2 id="homes-title"[^>]*>Newest homes<\/h2>/)
      expect(html).toMatch(/<h2 id="cities-title"[^>]*>Rents in our cities<\/h2>/)
      expect(html).toContain(formatDollars(market.latest!.levelCents!))
      expect(html).toContain('href="/cooper/de-wilmington"')
      expect(html).toContain(`href="/properties/`)
    })

    it('show the nation’s latest figures with their pairs and band, and every market with its state spelled out', async () => {
      const home = await loadCooperHome(db(), get('/cooper'))
      expect(home.run!.pairs).toBeGreaterThan(3_000)
      const nation = home.nation!
      expect(nation).toMatchObject({ key: 'us', label: 'United States', hasEnoughData: true, latestMonth: '2025-12-01' })
      expect(nation.pairs).toBeGreaterThanOrEqual(30)
      expect(nation.units).toBeGreaterThan(0)
      expect(nation.band).toBeGreaterThan(0)
      expect(nation.band).toBeLessThan(0.1)
      expect(nation.levelCents).toBeGreaterThan(100_000)
      expect(nation.yearOverYear).not.toBeNull()
      expect(home.rows.map((row) => [row.key, row.label])).toEqual([
        ['us', 'United States'],
        ['de', 'Delaware'],
        ['pa', 'Pennsylvania'],
        ['de-lewes', 'Lewes, Delaware'],
        ['de-wilmington', 'Wilmington, Delaware'],
        ['pa-philadelphia', 'Philadelphia, Pennsylvania'],
      ])
      // Too few pairs: the counts, no figures.
      const lewes = home.rows.find((row) => row.key === 'de-lewes')!
      expect(lewes).toMatchObject({
        hasEnoughData: false,
        index: null,
        levelCents: null,
        yearOverYear: null,
        band: null,
        pairs: 4,
        units: 4,
      })
      // The chart shows the nation by default.
      expect(home.chart.series.map((series) => series.key)).toEqual(['us'])
      const nationSeries = await findMarketSeries(db(), 'us')
      expect(home.chart.series[0]!.points.map((point) => point.value)).toEqual(nationSeries!.map((point) => point.index))
    })

    it('compare up to four markets on one base month, leaving out unknown ones and saying so', async () => {
      const home = await loadCooperHome(db(), get('/cooper?compare=de-wilmington,pa-philadelphia,xx-nowhere'))
      expect(home.query.compare).toEqual(['de-wilmington', 'pa-philadelphia'])
      expect(home.notices.join(' ')).toContain('“xx-nowhere”')
      const [wilmington, philadelphia] = home.chart.series
      expect(wilmington!.label).toBe('Wilmington, Delaware')
      expect(philadelphia!.label).toBe('Philadelphia, Pennsylvania')
      const base = home.chart.baseMonth!
      for (const series of home.chart.series) expect(series.points.find((point) => point.month === base)!.value).toBeCloseTo(100, 9)
      // Rebasing keeps each market's changes.
      const raw = (await findMarketSeries(db(), 'pa-philadelphia'))!
      const last = raw.findLast((point) => point.index !== null)!
      const rawBase = raw.find((point) => point.month === base)!.index!
      expect(philadelphia!.points.find((point) => point.month === last.month)!.value).toBeCloseTo((last.index! / rawBase) * 100, 9)

      const many = await loadCooperHome(db(), get('/cooper?compare=us&compare=de,pa,de-wilmington,pa-philadelphia'))
      expect(many.query.compare).toEqual(['us', 'de', 'pa', 'de-wilmington'])
      expect(many.chart.series).toHaveLength(4)
      expect(many.notices.join(' ')).toContain('Up to 4 markets')
    })

    it('draw dollars when asked, the band scaled with the level', async () => {
      const home = await loadCooperHome(db(), get('/cooper?unit=dollars'))
      const series = (await findMarketSeries(db(), 'us'))!
      const latest = series.findLast((point) => point.levelCents !== null)!
      const drawn = home.chart.series[0]!.points.find((point) => point.month === latest.month)!
      expect(drawn.value).toBeCloseTo(latest.levelCents! / 100, 6)
      expect(drawn.low!).toBeLessThan(drawn.value!)
      expect(drawn.high!).toBeGreaterThan(drawn.value!)
    })

    it('ignore parameters they do not know, never failing', async () => {
      const home = await loadCooperHome(db(), get('/cooper?sort=price;drop&dir=sideways&compare=%00,,%20&unit=euros'))
      expect(home.query).toEqual({ sort: 'market', dir: 'asc', compare: [], unit: 'index' })
      expect(home.notices.join(' ')).toContain('sorted by market')
      expect(home.chart.series.map((series) => series.key)).toEqual(['us'])
    })

    it('show a city with its bedrooms breakdown, companions, chart and a link to its homes', async () => {
      const answer = await settle(() => loadCooperMarket(db(), 'de-wilmington', get('/cooper/de-wilmington')))
      expect(answer.status).toBe(200)
      const page = answer.body as Extract<Awaited<ReturnType<typeof loadCooperMarket>>, { computed: true }>
      expect(page).toMatchObject({ label: 'Wilmington, Delaware', kind: 'city', listingsHref: '/properties?q=Wilmington', within: [] })
      expect(page.row.hasEnoughData).toBe(true)
      expect(page.breakdown.map((group) => [group.group, group.row?.hasEnoughData])).toEqual([
        ['0-1', true],
        ['2', true],
        ['3+', true],
      ])
      expect(page.companions.activeListings).toBe(270)
      expect(page.companions.medianRentCents).toBeGreaterThan(0)
      expect(page.chart.series.map((series) => series.label)).toEqual(['Wilmington, Delaware'])

      const byBedrooms = await settle(() =>
        loadCooperMarket(db(), 'de-wilmington', get('/cooper/de-wilmington?view=bedrooms&unit=dollars')),
      )
      const chart = (byBedrooms.body as typeof page).chart
      expect(chart.series.map((series) => series.label)).toEqual(['Studios and 1 bedroom', '2 bedrooms', '3 or more bedrooms'])
      const groups = await findMarketSeriesByBedrooms(db(), 'de-wilmington')
      const studios = groups.get('0-1')!.findLast((point) => point.levelCents !== null)!
      expect(chart.series[0]!.points.find((point) => point.month === studios.month)!.value).toBeCloseTo(studios.levelCents! / 100, 6)
    })

    it('show a city whose groups lack data as not enough data', async () => {
      const answer = await settle(() => loadCooperMarket(db(), 'pa-philadelphia', get('/cooper/pa-philadelphia')))
      const page = answer.body as Extract<Awaited<ReturnType<typeof loadCooperMarket>>, { computed: true }>
      expect(page.breakdown.map((group) => [group.group, group.row === null])).toEqual([
        ['0-1', true],
        ['2', false],
        ['3+', true],
      ])
      const lewes = await settle(() => loadCooperMarket(db(), 'de-lewes', get('/cooper/de-lewes')))
      expect(lewes.body).toMatchObject({ row: { hasEnoughData: false, pairs: 4 }, companions: { activeListings: 4 } })
    })

    it('show a state with its cities and the nation with its states', async () => {
      const state = await settle(() => loadCooperMarket(db(), 'de', get('/cooper/de')))
      expect(state.body).toMatchObject({ label: 'Delaware', kind: 'state', listingsHref: '/properties?q=Lewes+or+Wilmington' })
      expect((state.body as { within: { key: string }[] }).within.map((row) => row.key)).toEqual(['de-lewes', 'de-wilmington'])
      const nation = await settle(() => loadCooperMarket(db(), 'us', get('/cooper/us')))
      expect(nation.body).toMatchObject({ label: 'United States', listingsHref: '/properties' })
      expect((nation.body as { within: { key: string }[] }).within.map((row) => row.key)).toEqual(['de', 'pa'])
    })

    it('show what the nation’s and a state’s figure is made of: their cities, heaviest first, with homes and weights', async () => {
      const nation = await settle(() => loadCooperMarket(db(), 'us', get('/cooper/us')))
      const weights = (nation.body as { weights: { key: string; homes: number; share: number }[] }).weights
      // Wilmington has more homes than Philadelphia; Lewes has no index to weigh.
      expect(weights.map((weight) => weight.key)).toEqual(['de-wilmington', 'pa-philadelphia'])
      expect(weights[0]!.homes).toBeGreaterThan(weights[1]!.homes)
      expect(weights[0]!.share + weights[1]!.share).toBeCloseTo(1, 12)
      const { html } = await pages.get('/cooper/us')
      const table = html.slice(html.indexOf('id="weights-heading"'))
      expect(table.length).toBeLessThan(html.length)
      expect(table).toMatch(/Wilmington, DE<\/a>.*?<td[^>]*>[\d,]+<\/td><td[^>]*>\d+ %<\/td>.*Philadelphia, PA<\/a>/s)
      const state = await settle(() => loadCooperMarket(db(), 'de', get('/cooper/de')))
      expect((state.body as { weights: { key: string; share: number }[] }).weights).toEqual([
        expect.objectContaining({ key: 'de-wilmington', share: 1 }),
      ])
      const city = await settle(() => loadCooperMarket(db(), 'de-wilmington', get('/cooper/de-wilmington')))
      expect((city.body as { weights: unknown }).weights).toBeNull()
      expect((await pages.get('/cooper/de-wilmington')).html).not.toContain('weights-heading')
    })

    it('answer an unknown or malformed market with the 404 page', async () => {
      for (const key of ['xx-nowhere', 'DE-Wilmington', 'de wilmington', 'a'.repeat(200)]) {
        const answer = await settle(() => loadCooperMarket(db(), key, get('/cooper/x')))
        expect(answer.status, key).toBe(404)
      }
    })

    it('read several series at once as one at a time', async () => {
      const keys = ['us', 'de-wilmington', 'xx-nowhere']
      const many = await findMarketsSeries(db(), keys)
      expect([...many.keys()].sort()).toEqual(['de-wilmington', 'us'])
      expect(many.get('us')).toEqual(await findMarketSeries(db(), 'us'))
      expect(many.get('de-wilmington')).toEqual(await findMarketSeries(db(), 'de-wilmington'))
      expect(await findMarketsSeries(db(), [])).toEqual(new Map())
      const groups = await findMarketSeriesByBedrooms(db(), 'de-wilmington')
      for (const group of ['all', '0-1', '2', '3+'] as const)
        expect(groups.get(group)).toEqual(await findMarketSeries(db(), 'de-wilmington', group))
      expect((await findMarketSeriesByBedrooms(db(), 'xx-nowhere')).size).toBe(0)
      const delaware = await findCurrentMarkets(db(), { stateCode: 'de', bedrooms: 'all' })
      expect(delaware.map((market) => market.key)).toEqual(['de', 'de-lewes', 'de-wilmington'])
      const wilmington = await findCurrentMarkets(db(), { marketKey: 'de-wilmington' })
      expect(wilmington.map((market) => market.bedrooms)).toEqual(['all', '0-1', '2', '3+'])
    })

    it('render the figures and the sorted table in the document, before any script runs', async () => {
      const { status, html } = await pages.get('/cooper')
      expect(status).toBe(200)
      expect(html).toContain('<title>Cooper Index · Cooper Home</title>')
      expect(html).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/cooper"/>`)
      expect(html).toMatch(/Typical rent<\/dt><dd[^>]*>\$[\d,]+<\/dd>/)
      expect(html).toMatch(/90 % band<\/dt><dd[^>]*>±\d+\.\d %<\/dd>/)
      expect(html).toMatch(/[\d,]+ pairs of rents from [\d,]+ homes/)
      expect(html).toContain('Markets, latest month')
      expect(html).toMatch(/<th scope="col" aria-sort="ascending"[^>]*><a[^>]*href="\/cooper\?dir=desc#markets"/)
      expect(html).toContain('not enough data')
      expect(html).toContain('href="/cooper/de-wilmington"')

      const sorted = await pages.get('/cooper?sort=yoy&dir=asc')
      expect(sorted.html).toMatch(/aria-sort="ascending"[^>]*><a[^>]*>Over a year/)
      const cities = (await findCurrentMarkets(db(), { kind: 'city', bedrooms: 'all' })).filter((market) => market.latest?.hasEnoughData)
      const expected = cities.sort((a, b) => a.latest!.yearOverYear! - b.latest!.yearOverYear!).map((market) => market.key)
      const shown = [...sorted.html.matchAll(/data-market="([a-z-]+)"/g)].map((match) => match[1]!).filter((key) => expected.includes(key))
      expect(shown).toEqual(expected)
    })

    it('list every market page in the sitemap', async () => {
      const { status, html } = await pages.get('/sitemap.xml?part=pages')
      expect(status).toBe(200)
      for (const key of ['us', 'de', 'pa', 'de-lewes', 'de-wilmington', 'pa-philadelphia']) {
        expect(html).toContain(`<loc>${TEST_ORIGIN}/cooper/${key}</loc>`)
      }
    })

    it('render a market page, and the 404 page for an unknown market, never failing on odd parameters', async () => {
      const { status, html } = await pages.get('/cooper/de-wilmington?unit=dollars&view=bedrooms')
      expect(status).toBe(200)
      expect(html).toContain('<title>Cooper Index: Wilmington, Delaware · Cooper Home</title>')
      expect(html).toContain('Wilmington, Delaware by bedrooms, latest month')
      expect(html).toContain('Median asking rent')
      expect(html).toContain('href="/properties?q=Wilmington"')
      expect(html).toContain('href="/api/cooper/de-wilmington.csv"')
      expect(html).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/cooper/de-wilmington"/>`)
      const missing = await pages.get('/cooper/xx-nowhere')
      expect(missing.status).toBe(404)
      expect(missing.html).toContain('Page not found')
      for (const path of ['/cooper?sort=%ZZ&dir=%00', '/cooper?compare=' + 'x,'.repeat(500), '/cooper/de?unit=%00&view=[]']) {
        expect((await pages.get(path)).status, path).toBe(200)
      }
    })

    // Last, as it changes the data: reads are kept per run, and a new run is read afresh.
    it('show a new run as soon as it is current', async () => {
      const before = await loadCooperHome(db(), get('/cooper'))
      expect(before.rows.some((row) => row.key === 'de-dover')).toBe(false)
      const owner = await createPerson(db(), { role: 'landlord' })
      await insertListingsWithHistory(
        db(),
        owner.id,
        syntheticCity(23, { city: 'Dover', state: 'DE', zip: '19901' }, 600, () => 2),
      )
      // Until the run is done, the pages show the old one.
      expect((await loadCooperHome(db(), get('/cooper'))).rows).toEqual(before.rows)
      await recomputeCooperIndex({ db: db(), logger }, { now: NOW })
      const after = await loadCooperHome(db(), get('/cooper'))
      expect(after.rows.find((row) => row.key === 'de-dover')).toMatchObject({ label: 'Dover, Delaware' })
      expect(after.run!.pairs).toBeGreaterThan(before.run!.pairs)
      expect(after.nation!.pairs).toBeGreaterThan(before.nation!.pairs)
      const state = await settle(() => loadCooperMarket(db(), 'de', get('/cooper/de')))
      expect((state.body as { within: { key: string }[] }).within.map((row) => row.key)).toEqual(['de-dover', 'de-lewes', 'de-wilmington'])
    })
  })
})
