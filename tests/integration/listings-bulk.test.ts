import { count, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listing, listingPriceHistory } from '#server/db/schema.ts'
import { TOTAL_CAP } from '#common/listings/types.ts'
import { findListings } from '#server/listings/search/find-listings.server.ts'
import type { IndexWork } from '#server/listings/search/engine/query.ts'
import { recomputeCooperIndex } from '#server/cooper-index/index.server.ts'
import { LETTING_GAP_DAYS } from '#server/cooper-index/lettings.server.ts'
import { seedBulkListings } from '#server/seed/bulk-listings.server.ts'
import { SEARCH_MIX } from '../../bench/search-mix.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { SEARCH_PLAN_NAMES } from '#tests/support/search-plans.ts'
import { testDatabaseKind } from '#tests/support/test-database.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

const LISTINGS = 4_000

describe('bulk listings', () => {
  let t: TestServices
  const db = () => t.services.database.db
  beforeAll(async () => {
    t = await createTestServices()
    const owner = await listingFactory(db()).landlord()
    await seedBulkListings(t.services.database, { total: LISTINGS, owners: [owner.id], batchSize: 1_500 })
  }, 120_000)
  afterAll(async () => {
    await t.close()
  })

  it('are generated in the database, each with its opening price', async () => {
    const [listings] = await db().select({ n: count() }).from(listing)
    expect(listings!.n).toBe(LISTINGS)
    const [priced] = await db()
      .select({ n: sql<number>`count(distinct ${listingPriceHistory.listingId})::int` })
      .from(listingPriceHistory)
    expect(priced!.n).toBe(LISTINGS)
  })

  it('let some homes more than once and change rents over time, so the Cooper Index has repeat rents to measure', async () => {
    const [reLet] = (
      await db().execute<{ n: number }>(sql`
        select count(*)::int as n from (
          select street, unit, zip from listing group by street, unit, zip
          having count(*) >= 2 and count(*) filter (where status in ('leased', 'archived')) >= 1) homes`)
    ).rows
    expect(reLet!.n).toBeGreaterThan(LISTINGS * 0.05)
    // An earlier letting was listed more than a year before the next one, at a lower rent than the next asks now.
    const [earlier] = (
      await db().execute<{ before: number; after: number; gap_days: number }>(sql`
        select e.monthly_rent_cents as before, l.monthly_rent_cents as after,
               extract(epoch from l.created_at - e.created_at) / 86400 as gap_days
        from listing e join listing l on l.street = e.street and l.unit = e.unit and l.zip = e.zip and l.created_at > e.created_at
        where e.status in ('leased', 'archived') and e.monthly_rent_cents is not null
        order by e.id limit 1`)
    ).rows
    expect(Number(earlier!.gap_days)).toBeGreaterThan(365)
    expect(earlier!.before).toBeGreaterThan(0)
    const [reviewed] = (
      await db().execute<{ n: number }>(sql`
        select count(*)::int as n from (
          select listing_id from listing_price_history where kind = 'lease'
          group by listing_id having count(*) >= 2) reviewed`)
    ).rows
    expect(reviewed!.n).toBeGreaterThan(LISTINGS * 0.1)
    // The yearly reviews are of let homes: the index pairs the lettings, one rent each.
    const summary = await recomputeCooperIndex({ db: db(), logger: t.services.logger })
    expect(summary.pairs).toBeGreaterThan(LISTINGS * 0.05)
    // One letting a listing, but for those still on the market (published, asked in the last 90 days): they wait.
    const [lettings] = (
      await db().execute<{ n: number; waiting: number }>(sql`
        select count(*) filter (where not waiting)::int as n, count(*) filter (where waiting)::int as waiting from (
          select l.status = 'published' and (
                   select max(h.changed_at) from listing_price_history h
                   where h.listing_id = l.id and h.kind = 'lease' and h.market_phase <> 'off-market'
                 ) > now() - make_interval(days => ${LETTING_GAP_DAYS}) as waiting
          from listing l where l.status <> 'draft' and l.monthly_rent_cents is not null) listings`)
    ).rows
    expect(lettings!.waiting).toBeGreaterThan(0)
    expect(summary.observations).toBe(lettings!.n)
  })

  it('reports about how many listings there are on /readyz, for benchmarks and operators', async () => {
    const res = await t.app.request('/readyz')
    expect(await res.json()).toMatchObject({ status: 'ok', listings: LISTINGS })
  })

  it('caps the count of a broad search and still pages through it', async () => {
    const page = await findListings(db(), { search: { limit: 50 } })
    expect(page.total).toBe(TOTAL_CAP)
    expect(page.isTotalCapped).toBe(true)
    expect(page.items).toHaveLength(50)
    const narrow = await findListings(db(), { search: { q: 'Lewes', beds: 3, minPrice: 2000 } })
    expect(narrow.isTotalCapped).toBe(false)
    expect(narrow.total).toBeLessThan(TOTAL_CAP)
  })

  it('counts exactly as every plan does, up to the cap', async () => {
    const searches = [
      {},
      { minPrice: '1500' },
      { minPrice: '2500' },
      { maxPrice: '1200' },
      { furnished: 'false', maxPrice: '3000' },
      { q: 'Lewes' },
      { minPrice: '2900' },
      { minPrice: '3100' },
      { maxPrice: '1800' },
      { maxPrice: '2000' },
      { offer: 'lease', minPrice: '2600' },
      { q: 'bedroom -studio', sort: 'largest' },
    ]
    for (const params of searches) {
      const answers = await Promise.all(SEARCH_PLAN_NAMES.map((plan) => findListings(db(), { search: params, plan })))
      for (const answer of answers.slice(1)) {
        expect([answer.total, answer.isTotalCapped], JSON.stringify(params)).toEqual([answers[0]!.total, answers[0]!.isTotalCapped])
      }
    }
  })

  it(`reads no more than each search needs, on ${testDatabaseKind()}`, async () => {
    const workOf = async (search: Record<string, string | undefined>) => {
      let seen: IndexWork | null = null
      await findListings(db(), { search, onWork: (work) => (seen = work) })
      return seen! as IndexWork
    }
    // A word no listing has, and a place none is in: answered without reading a listing.
    for (const search of [{ q: 'zzyzx', sort: 'largest' }, { q: 'zzyzx -garden' }, { q: 'Dover, NJ' }, { q: '99999' }]) {
      expect(await workOf(search), JSON.stringify(search)).toMatchObject({ plan: 'none', tested: 0 })
    }
    // A rare word is looked up: its few listings are tested, not walked to along the sort.
    const lewes = await workOf({ q: 'Lewes', sort: 'price-asc' })
    expect(lewes.plan).toBe('gather')
    expect(lewes.tested).toBe(lewes.candidateCount)
    expect(lewes.candidateCount).toBeLessThan(LISTINGS / 5)
    // A broad search stops as soon as its page is full.
    for (const search of [
      {},
      { sort: 'price-asc' },
      { sort: 'largest', furnished: 'false' },
      { minPrice: '1000', sort: 'newest', limit: '10' },
    ]) {
      const work = await workOf(search)
      expect(work.plan, JSON.stringify(search)).toBe('walk')
      expect(work.walked, JSON.stringify(search)).toBeLessThan(300)
    }
    // Whatever it asks, a search tests at most its candidates (twice: a walk, then a count) and walks the order once.
    for (const params of SEARCH_MIX) {
      const work = await workOf(params)
      expect(work.tested, JSON.stringify(params)).toBeLessThanOrEqual(2 * work.candidateCount + work.walked)
      expect(work.walked, JSON.stringify(params)).toBeLessThanOrEqual(LISTINGS)
    }
  })
})
