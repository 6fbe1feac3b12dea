import { count, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listing, listingPriceHistory } from '#server/db/schema.ts'
import { TOTAL_CAP } from '#common/listings/types.ts'
import { buildListingSearch } from '#server/listings/search/plan.server.ts'
import { findListings } from '#server/listings/search/find-listings.server.ts'
import { seedBulkListings } from '#server/seed/bulk-listings.server.ts'
import { SEARCH_MIX } from '../../bench/search-mix.ts'
import { listingFactory } from '#tests/support/listings.ts'
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

  // On a few thousand rows a sequential scan is often the cheaper plan, so sequential scans are
  // switched off here: what this checks is that an index exists that can answer each query shape.
  // bench/explain.ts shows the plans the planner really picks on a large table.
  it(`has an index for every page of the benchmark mix on ${testDatabaseKind()}`, async () => {
    await db().execute(sql`analyze listing`)
    for (const params of SEARCH_MIX) {
      const first = await findListings(db(), { search: params })
      const pages = [buildListingSearch(db(), params).page]
      if (first.nextCursor) pages.push(buildListingSearch(db(), { ...params, cursor: first.nextCursor }).page)
      for (const page of pages) {
        const plan = await db().transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`)
          const result = await tx.execute<Record<string, string>>(sql`explain ${page.getSQL()}`)
          return result.rows.map((r) => Object.values(r)[0]).join('\n')
        })
        expect(plan, `${new URLSearchParams(params)}\n${plan}`).not.toMatch(/Seq Scan on listing\b/)
        expect(plan).toMatch(/Index|Bitmap/)
        // Without text or map bounds, the sort's own index gives the order: no sort step.
        if (!params.q && !params.south) expect(plan, `${new URLSearchParams(params)}\n${plan}`).not.toMatch(/Sort Key/)
      }
    }
  })
})
