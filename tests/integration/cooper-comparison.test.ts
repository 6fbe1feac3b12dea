// A listing's rent against the Cooper Index of its city and bedroom count, on a real database, and the line on
// the listing page as a browser receives it: the right figures for a market with data, nothing without.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listingPath } from '#common/listings/listing-url.ts'
import { findMarketSeries, findRentComparison, recomputeCooperIndex } from '#server/cooper-index/index.server.ts'
import { NOW, insertListingsWithHistory, syntheticHomes, thinHomes } from '#tests/support/cooper-history.ts'
import { createPerson, listingFactory } from '#tests/support/listings.ts'
import { createPageApp, type PageApp } from '#tests/support/page-app.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

const textOf = (html: string) =>
  html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')

describe('a listing compared with the Cooper Index', () => {
  let t: TestServices
  let rendered: PageApp
  let listings: ReturnType<typeof listingFactory>
  const db = () => t.services.database.db
  /** Wilmington's two-bedroom month the comparison must use: the latest with enough data and a level. */
  let latest: NonNullable<Awaited<ReturnType<typeof findMarketSeries>>>[number]

  beforeAll(async () => {
    t = await createTestServices()
    listings = listingFactory(db())
    const owner = await createPerson(db(), { role: 'landlord' })
    await insertListingsWithHistory(db(), owner.id, [
      ...syntheticHomes(31, { city: 'Wilmington', state: 'DE', zip: '19801' }, 1200),
      ...thinHomes({ city: 'Lewes', state: 'DE', zip: '19958' }),
    ])
    await recomputeCooperIndex({ db: db(), logger: t.services.logger }, { now: NOW })
    latest = (await findMarketSeries(db(), 'de-wilmington', '2'))!.findLast((point) => point.hasEnoughData && point.levelCents !== null)!
    rendered = await createPageApp(t)
  }, 120_000)

  afterAll(async () => {
    await rendered?.close()
    await t?.close()
  })

  const rentAbove = (fraction: number) => Math.round((latest.levelCents! * (1 + fraction)) / 100) * 100

  it('compares a two-bedroom home in a city with data with that city’s two-bedroom index', async () => {
    const rentCents = rentAbove(0.08)
    const home = await listings.create({ bedrooms: 2, lease: { monthlyRentCents: rentCents, minTermMonths: 12, depositCents: rentCents } })
    const comparison = await findRentComparison(db(), home)
    expect(comparison).toEqual({
      marketKey: 'de-wilmington',
      marketName: 'Wilmington',
      bedrooms: '2',
      month: latest.month,
      levelCents: latest.levelCents,
      rentCents,
      difference: expect.closeTo(rentCents / latest.levelCents! - 1, 10),
      bandHalfWidth: expect.closeTo((latest.high! - latest.low!) / 2 / latest.index!, 10),
      pairs: latest.pairs,
      // The typical rent's own spread: the rents of the last three months behind it, and its band.
      levelRents: expect.any(Number),
      levelHalfWidth: expect.any(Number),
    })
    expect(comparison!.difference).toBeCloseTo(0.08, 2)
    expect(comparison!.bandHalfWidth).toBeGreaterThan(0)
    expect(comparison!.bandHalfWidth).toBeLessThan(0.2)
    expect(comparison!.levelRents).toBeGreaterThan(30)
    expect(comparison!.levelHalfWidth).toBeGreaterThan(0)
    expect(comparison!.levelHalfWidth).toBeLessThan(0.1)

    // The page leads with the gap in dollars; the index, its pairs and band are one step away, with the link.
    const { status, html } = await rendered.get(listingPath(home))
    expect(status).toBe(200)
    const gap = Math.round((rentCents - latest.levelCents!) / 1000) * 10
    expect(textOf(html)).toContain(`About $${gap} a month more than similar 2-bedroom homes in Wilmington`)
    expect(textOf(html)).toContain(
      `It is the middle of ${comparison!.levelRents!.toLocaleString('en-US')} asking rents of the last three months`,
    )
    const band = comparison!.bandHalfWidth * 100
    const bandText = band < 1 ? band.toFixed(1) : String(Math.round(band))
    expect(textOf(html)).toContain(
      `8 % above the Cooper Index for 2-bedroom homes in Wilmington · ${latest.pairs.toLocaleString('en-US')} pairs of lettings of the same homes · 90 % band of the index ±${bandText} %`,
    )
    expect(html).toMatch(/<a [^>]*href="\/cooper\/de-wilmington"[^>]*>Cooper Index for 2-bedroom homes in Wilmington<\/a>/)
  })

  it('reads a rent close to the typical one as about the typical rent, and a cheaper one as less', async () => {
    const same = await listings.create({ lease: { monthlyRentCents: rentAbove(0.004), minTermMonths: 12, depositCents: 100_000 } })
    const { html } = await rendered.get(listingPath(same))
    expect(textOf(html)).toContain('About the typical rent of similar 2-bedroom homes in Wilmington')
    expect(textOf(html)).toContain('About the same as the Cooper Index for 2-bedroom homes in Wilmington')
    const cheaper = await listings.create({ lease: { monthlyRentCents: rentAbove(-0.12), minTermMonths: 12, depositCents: 100_000 } })
    const cheaperText = textOf((await rendered.get(listingPath(cheaper))).html)
    expect(cheaperText).toMatch(/About \$[\d,]+ a month less than similar 2-bedroom homes in Wilmington/)
    expect(cheaperText).toContain('12 % below the Cooper Index for 2-bedroom homes in Wilmington')
  })

  it('finds the city’s market however the landlord wrote the city', async () => {
    const home = await listings.create({ city: 'wilmington', bedrooms: 2 })
    expect(await findRentComparison(db(), home)).toMatchObject({ marketKey: 'de-wilmington', marketName: 'Wilmington' })
  })

  it('shows nothing for a market or a bedroom count with too little data, or a home let only by the night', async () => {
    const thinTown = await listings.create({ city: 'Lewes', zip: '19958', bedrooms: 2 })
    const noGroup = await listings.create({ bedrooms: 3 })
    const noMarket = await listings.create({ city: 'Smyrna', zip: '19977', bedrooms: 2 })
    const nightly = await listings.create({ lease: null, shortTerm: { nightlyCents: 15_000, minNights: 2 }, bedrooms: 2 })
    for (const home of [thinTown, noGroup, noMarket, nightly]) {
      expect(await findRentComparison(db(), home), home.city).toBeNull()
      const { status, html } = await rendered.get(listingPath(home))
      expect(status).toBe(200)
      expect(textOf(html)).not.toContain('the Cooper Index for')
    }
  })
})
