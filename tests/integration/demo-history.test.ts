// The demo site's past lettings and the Cooper Index they give a fresh site: every demo city, its state and
// the nation have years of months with enough data, homes are let more than once, and none of the past
// listings reaches search, the sitemap or the demo landlords' own pages.
import { and, count, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findCurrentMarkets, findMarketSeries, unitKeyOf } from '#server/cooper-index/index.server.ts'
import { account, cooperIndexRun, listing, listingPriceHistory } from '#server/db/schema.ts'
import { findOwnerListings } from '#server/listings/index.server.ts'
import { findListings } from '#server/listings/search/find-listings.server.ts'
import { SEED_CITIES } from '#server/seed/cities.ts'
import { seedDemoData } from '#server/seed/demo.server.ts'
import { HISTORY_LARGE_CITIES, HISTORY_OWNERS, historyPathOf } from '#server/seed/history.server.ts'
import { DEMO_LISTING_COUNT } from '#server/seed/listings.server.ts'
import { aggregatePath } from '#tests/support/index-truth.ts'
import { createTestServices, jsonRequest, type TestServices } from '#tests/support/test-services.ts'

const historyOwnerIds = HISTORY_OWNERS.map((owner) => owner.id)
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-')

describe('demo lettings history', () => {
  let t: TestServices
  const db = () => t.services.database.db
  const seed = () => seedDemoData({ database: t.services.database, auth: t.services.auth, logger: t.services.logger })
  /** The first day of the month 59 months before this one: the last 60 months start there. */
  const sixtyMonthsAgo = () => {
    const now = new Date()
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 59, 1)).toISOString().slice(0, 10)
  }
  const monthsWithEnoughData = async (key: string, bedrooms: '0-1' | '2' | '3+' | 'all' = 'all') => {
    const series = await findMarketSeries(db(), key, bedrooms)
    return (series ?? []).filter((point) => point.month >= sixtyMonthsAgo() && point.hasEnoughData).length
  }

  beforeAll(async () => {
    t = await createTestServices()
    await seed()
  }, 120_000)
  afterAll(async () => {
    await t.close()
  })

  it('gives a fresh site an index for the nation, every demo city and its state over the last five years', async () => {
    const markets = await findCurrentMarkets(db())
    const keys = new Set(markets.map((market) => market.key))
    const expected = ['us', ...SEED_CITIES.flatMap((city) => [city.state.toLowerCase(), `${city.state.toLowerCase()}-${slug(city.city)}`])]
    for (const key of new Set(expected)) {
      expect(keys, key).toContain(key)
      expect(await monthsWithEnoughData(key), key).toBeGreaterThanOrEqual(48)
    }
    // The larger cities have an index for each bedrooms group too.
    for (const city of SEED_CITIES.filter((c) => HISTORY_LARGE_CITIES.includes(c.city))) {
      for (const bedrooms of ['0-1', '2', '3+'] as const) {
        expect(
          await monthsWithEnoughData(`${city.state.toLowerCase()}-${slug(city.city)}`, bedrooms),
          `${city.city} ${bedrooms}`,
        ).toBeGreaterThanOrEqual(40)
      }
    }
    // The index reaches the last complete month before seeding, with figures there for the nation; the month in
    // progress is never a headline.
    const nation = markets.find((market) => market.key === 'us' && market.bedrooms === 'all')!
    const now = new Date()
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
    expect(nation.latestMonth).toBe(lastMonth.toISOString().slice(0, 10))
    expect(nation.latest?.hasEnoughData).toBe(true)
    expect(nation.latest?.yearOverYear).toEqual(expect.any(Number))
  })

  it("tells the truth: every demo city's index follows the path its rents were drawn from", async () => {
    // The seed ran now, so its paths are those of now. Months are compared from the first with enough data in
    // the last five years to the last complete one; both series are put on the same footing by their mean log
    // over those months (an index's level is a choice of base, its path is the measurement).
    const now = new Date()
    const thisMonth = `${now.toISOString().slice(0, 7)}-01`
    const monthNumber = (date: string) => (Number(date.slice(0, 4)) - 2000) * 12 + Number(date.slice(5, 7)) - 1
    let covered = 0
    let compared = 0
    const figures: string[] = []
    for (const city of SEED_CITIES) {
      const series = await findMarketSeries(db(), `${city.state.toLowerCase()}-${slug(city.city)}`, 'all')
      const points = (series ?? []).filter(
        (point) => point.month >= sixtyMonthsAgo() && point.month < thisMonth && point.hasEnoughData && point.index !== null,
      )
      const path = historyPathOf(city, now)
      const errors = points.map((point) => Math.log(point.index!) - Math.log(path(monthNumber(point.month))))
      const shift = errors.reduce((sum, error) => sum + error, 0) / errors.length
      const rms = Math.sqrt(errors.reduce((sum, error) => sum + (error - shift) ** 2, 0) / errors.length)
      const inBand = points.filter((point) => {
        const truth = Math.log(path(monthNumber(point.month))) + shift
        return Math.log(point.low!) <= truth + 1e-12 && truth <= Math.log(point.high!) + 1e-12
      }).length
      covered += inBand
      compared += points.length
      figures.push(`${city.city}: rms ${(rms * 100).toFixed(2)} %, band ${inBand}/${points.length}`)
      expect(points.length, city.city).toBeGreaterThanOrEqual(48)
      expect(rms, city.city).toBeLessThanOrEqual(0.015)
    }
    // The 90 % band holds the truth in most months (the band counts sampling noise only, so a little under 90 %).
    expect(covered / compared, `${figures.join('; ')}; pooled ${covered}/${compared}`).toBeGreaterThanOrEqual(0.8)

    // The nation: its cities' homes-weighted aggregate, against their paths aggregated the same way.
    const cityRows = await findCurrentMarkets(db(), { kind: 'city', bedrooms: 'all' })
    const cities = new Map(
      SEED_CITIES.map((city) => {
        const path = historyPathOf(city, now)
        const row = cityRows.find((candidate) => candidate.key === `${city.state.toLowerCase()}-${slug(city.city)}`)!
        return [row.key, { path: (month: number) => Math.log(path(month)), row }] as const
      }),
    )
    const nation = (await findCurrentMarkets(db(), { kind: 'nation', bedrooms: 'all' }))[0]!
    expect(nation.parts!.map((part) => part.key).sort()).toEqual([...cities.keys()].sort())
    const truth = aggregatePath(nation.parts!, cities, monthNumber(thisMonth) - 1)
    const points = (await findMarketSeries(db(), 'us', 'all'))!.filter(
      (point) => point.month >= sixtyMonthsAgo() && point.month < thisMonth && point.index !== null,
    )
    const errors = points.map((point) => Math.log(point.index!) - truth(monthNumber(point.month))!)
    const shift = errors.reduce((sum, error) => sum + error, 0) / errors.length
    const rms = Math.sqrt(errors.reduce((sum, error) => sum + (error - shift) ** 2, 0) / errors.length)
    const inBand = points.filter((point) => {
      const expected = truth(monthNumber(point.month))! + shift
      return Math.log(point.low!) <= expected + 1e-12 && expected <= Math.log(point.high!) + 1e-12
    }).length
    console.info(
      `Demo truth: ${figures.join('; ')}; pooled band ${covered}/${compared}; nation rms ${(rms * 100).toFixed(2)} %, band ${inBand}/${points.length}`,
    )
    expect(rms, 'the nation').toBeLessThanOrEqual(0.01)
  })

  it('lets homes more than once, each earlier letting its own listing with its asking rents', async () => {
    const rows = await db()
      .select({
        id: listing.id,
        street: listing.street,
        unit: listing.unit,
        city: listing.city,
        state: listing.state,
        zip: listing.zip,
        status: listing.status,
      })
      .from(listing)
      .where(inArray(listing.ownerId, historyOwnerIds))
    const byUnit = new Map<string, typeof rows>()
    for (const row of rows) byUnit.set(unitKeyOf(row), [...(byUnit.get(unitKeyOf(row)) ?? []), row])
    const reLet = [...byUnit.values()].filter((listings) => listings.length >= 2)
    expect(reLet.length).toBeGreaterThan(1_000)
    // An earlier listing of a re-let home was leased (or archived), with the rents it asked, some of them changed.
    const earlier = reLet[0]!.toSorted((a, b) => a.id - b.id)[0]!
    expect(['leased', 'archived']).toContain(earlier.status)
    const rents = await db()
      .select({ amountCents: listingPriceHistory.amountCents })
      .from(listingPriceHistory)
      .where(and(eq(listingPriceHistory.listingId, earlier.id), eq(listingPriceHistory.kind, 'lease')))
    expect(rents.length).toBeGreaterThanOrEqual(1)
    const [changed] = (
      await db().execute<{ n: number }>(sql`
        select count(*)::int as n from (
          select listing_id from listing_price_history h join listing l on l.id = h.listing_id
          where l.owner_id in (${sql.join(
            historyOwnerIds.map((id) => sql`${id}`),
            sql`, `,
          )}) and h.kind = 'lease'
          group by listing_id having count(distinct amount_cents) > 1) changed`)
    ).rows
    expect(changed!.n).toBeGreaterThan(1_000)
  })

  it('keeps the past lettings out of search, the sitemap and the demo landlords’ pages', async () => {
    const [published] = await db()
      .select({ n: count() })
      .from(listing)
      .where(and(inArray(listing.ownerId, historyOwnerIds), eq(listing.status, 'published')))
    expect(published!.n).toBe(0)
    const everything = await findListings(db(), { search: { limit: 50 } })
    expect(everything.total).toBeLessThanOrEqual(DEMO_LISTING_COUNT)
    const past = await db().select({ id: listing.id, title: listing.title }).from(listing).where(inArray(listing.ownerId, historyOwnerIds))
    const pastIds = new Set(past.map((row) => row.id))
    for (const q of [past[0]!.title, 'Wilmington', 'Brooklyn']) {
      const found = await findListings(db(), { search: { q, limit: 50 } })
      expect(
        found.items.filter((item) => pastIds.has(item.id)),
        q,
      ).toEqual([])
    }
    for (const ownerId of ['demo-landlord-1', 'demo-landlord-2']) {
      const own = await findOwnerListings(db(), { ownerId })
      expect(own.total).toBe(DEMO_LISTING_COUNT / 2)
    }
    // The property managers who let them have no way to sign in.
    const [credentials] = await db().select({ n: count() }).from(account).where(inArray(account.userId, historyOwnerIds))
    expect(credentials!.n).toBe(0)
    const res = await t.app.request(
      jsonRequest('/api/auth/sign-in/email', { email: HISTORY_OWNERS[0].email, password: 'cooper-demo-home' }),
    )
    expect(res.status).toBeGreaterThanOrEqual(400)
  })

  it('adds nothing and computes nothing again on the next start', async () => {
    const counts = async () => {
      const [listings] = await db().select({ n: count() }).from(listing)
      const [prices] = await db().select({ n: count() }).from(listingPriceHistory)
      const [runs] = await db().select({ n: count() }).from(cooperIndexRun)
      return { listings: listings!.n, prices: prices!.n, runs: runs!.n }
    }
    const before = await counts()
    await seed()
    expect(await counts()).toEqual(before)
    expect(before.runs).toBe(1)
  })
})
