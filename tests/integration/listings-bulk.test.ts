import { count, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listing, listingPriceHistory } from '#server/db/schema.ts'
import { listingSearchSchema } from '#common/listings/schemas.ts'
import { TOTAL_CAP } from '#common/listings/types.ts'
import { findListings, searchQueries, WALK_ENTRIES } from '#server/listings/search/find-listings.server.ts'
import { examineSearch } from '#server/listings/search/terms.server.ts'
import { findCurrentMarkets, recomputeCooperIndex } from '#server/cooper-index/index.server.ts'
import { seedBulkListings } from '#server/seed/bulk-listings.server.ts'
import { SEARCH_MIX } from '../../bench/search-mix.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { testDatabaseKind } from '#tests/support/test-database.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

const LISTINGS = 4_000

/**
 * Searches whose count the planner, left to itself, answers by reading the listing table: on a
 * million listings it did for a word or a filter with a price, and for filters without terms (all of
 * them, or 400,000 rows along the price index); on these few thousand, for a broad word, or filters
 * without terms or price.
 */
const READ_WHOLE: Record<string, string>[] = [
  { q: 'room', minPrice: '2500', sort: 'largest' },
  { beds: '4', maxPrice: '2100', availableBy: '2027-03-18' },
  { minPrice: '2500', availableBy: '2026-12-01' },
  { q: 'bedroom', sort: 'price-asc' },
  { availableBy: '2027-01-01' },
]

/**
 * Searches whose terms hold a city or the start of a ZIP, and one with a map area: looked up through
 * the terms, the planner ANDed the GIN index with the city's, the ZIP's or the area's btree, reading
 * all their entries.
 */
const PLACE_AND_TERMS: Record<string, string>[] = [
  { q: 'Lewes', beds: '2' },
  { q: 'room in Wilmington', sort: 'price-asc' },
  { q: '199', type: 'room' },
  { q: 'bedroom', baths: '2', south: '38.5', west: '-76', north: '39.9', east: '-74.8' },
]

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
    const summary = await recomputeCooperIndex({ db: db(), logger: t.services.logger })
    expect(summary.pairs).toBeGreaterThan(LISTINGS * 0.3)
    const nation = (await findCurrentMarkets(db())).find((market) => market.key === 'us' && market.bedrooms === 'all')
    expect(nation?.latest?.hasEnoughData).toBe(true)
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

  it('counts as exactly when a short walk goes on as when the search is looked up', async () => {
    // Walks of 1,500 entries over 4,000 listings: a count that meets a few hundred matches walks on.
    const walk = { ...WALK_ENTRIES, count: { words: 1_500, filters: 1_500 } }
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
    ]
    for (const params of searches) {
      const walked = await findListings(db(), { search: params, plan: 'walk', walk })
      const looked = await findListings(db(), { search: params, plan: 'lookup' })
      expect([walked.total, walked.isTotalCapped], JSON.stringify(params)).toEqual([looked.total, looked.isTotalCapped])
    }
  })

  // On a few thousand rows a sequential scan is often the cheaper plan. A lookup (through the terms
  // or the area) forbids it itself (its settings); for a walk it is switched off here: what this
  // checks is that an index exists that can answer each query shape. bench/explain.ts shows the
  // plans the planner really picks on a large table.
  it(`has an index for every query of the benchmark mix, and no lookup reads the listing table, on ${testDatabaseKind()}`, async () => {
    await db().execute(sql`analyze listing`)
    for (const params of [...SEARCH_MIX, ...READ_WHOLE, ...PLACE_AND_TERMS]) {
      const search = listingSearchSchema.parse(params)
      const first = await findListings(db(), { search: params })
      const next = first.nextCursor ? [listingSearchSchema.parse({ ...params, cursor: first.nextCursor })] : []
      for (const each of [search, ...next]) {
        const terms = await examineSearch(db(), each)
        for (const [name, { query, settings }] of Object.entries(searchQueries(db(), terms))) {
          const walk = name.startsWith('walk')
          const plan = await db().transaction(async (tx) => {
            for (const setting of walk ? ['set local enable_seqscan = off'] : settings) await tx.execute(sql.raw(setting))
            const result = await tx.execute<Record<string, string>>(sql`explain ${query.getSQL()}`)
            return result.rows.map((r) => Object.values(r)[0]).join('\n')
          })
          const label = `${name}: ${new URLSearchParams(params)}\n${plan}`
          expect(plan, label).not.toMatch(/Seq Scan on listing\b/)
          expect(plan).toMatch(/Index|Bitmap/)
          const areaWithoutWords = each.south !== undefined && !terms.text
          // A page through a map area without words reads the area's index alone, but for the page's rows.
          if (name === 'area page' && areaWithoutWords) {
            expect(plan, label).toMatch(/Index Only Scan using listing_search_location_idx/)
            expect(plan, label).not.toMatch(/Heap Scan/)
          }
          // A count without terms, or through an area without words, reads a covering index alone, never a row.
          if ((name === 'lookup count' && !terms.query) || (name === 'area count' && areaWithoutWords)) {
            expect(plan, label).toMatch(/Index Only Scan/)
            expect(plan, label).not.toMatch(/Heap Scan/)
          }
          // A lookup through the terms finds its rows through their GIN index, perhaps with the price's, never a place's btree.
          if (name.startsWith('lookup') && terms.query) {
            expect(plan, label).toMatch(/Bitmap Index Scan on listing_search_vector_idx/)
            expect(plan, label).not.toMatch(/Scan on listing_(city_prefix|zip_prefix|search_location)_idx/)
          }
          // Without words, a walk reads the sort's own index in order: no sort step.
          if (name === 'walk page' && !each.q) expect(plan, label).not.toMatch(/Sort Key/)
        }
      }
    }
  })
})
