import { and, count, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listing, listingPriceHistory } from '#server/db/schema.ts'
import { findListingById } from '#server/listings/index.server.ts'
import { findListings } from '#server/listings/search/find-listings.server.ts'
import { seedDemoData } from '#server/seed/demo.server.ts'
import { DEMO_LANDLORD_IDS, DEMO_LISTING_COUNT, generateDemoListings } from '#server/seed/listings.server.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

describe('demo listings', () => {
  let t: TestServices
  const db = () => t.services.database.db
  beforeAll(async () => {
    t = await createTestServices()
    await seedDemoData({ database: t.services.database, auth: t.services.auth, logger: t.services.logger })
    // The whole demo (listings, six years of lettings, the index, criteria) takes most of a minute on
    // a busy two-core machine.
  }, 120_000)
  afterAll(async () => {
    await t.close()
  })

  it('are the same on every run', () => {
    expect(generateDemoListings(20)).toEqual(generateDemoListings(20))
  })

  it('fill the site once with searchable homes owned by the demo landlords, Delaware first', async () => {
    await seedDemoData({ database: t.services.database, auth: t.services.auth, logger: t.services.logger })
    const [all] = await db()
      .select({ n: count() })
      .from(listing)
      .where(inArray(listing.ownerId, [...DEMO_LANDLORD_IDS]))
    expect(all!.n).toBe(DEMO_LISTING_COUNT)
    // Every listing search can show is one of theirs (the past lettings are never published).
    const owners = await db()
      .selectDistinct({ ownerId: listing.ownerId })
      .from(listing)
      .where(eq(listing.status, 'published'))
      .orderBy(listing.ownerId)
    expect(owners.map((o) => o.ownerId)).toEqual(['demo-landlord-1', 'demo-landlord-2'])
    const delaware = await findListings(db(), { search: { q: 'Wilmington' } })
    expect(delaware.total).toBeGreaterThan(10)
    expect(delaware.items.every((i) => i.state === 'DE')).toBe(true)
    const page = await findListings(db(), { search: { limit: 50 } })
    expect(page.total).toBeGreaterThan(200)
  })

  it('say when their homes were built, some before 1978 (the lead-paint disclosure) and some after', async () => {
    const [years] = (
      await db().execute<{ before: number; after: number; unknown: number; earliest: number; latest: number }>(
        sql`select count(*) filter (where year_built < 1978)::int as before, count(*) filter (where year_built >= 1978)::int as after,
                   count(*) filter (where year_built is null)::int as unknown, min(year_built)::int as earliest, max(year_built)::int as latest
            from ${listing} where ${inArray(listing.ownerId, [...DEMO_LANDLORD_IDS])}`,
      )
    ).rows
    expect(years).toMatchObject({ unknown: 0 })
    expect(years!.before).toBeGreaterThan(10)
    expect(years!.after).toBeGreaterThan(10)
    expect(years!.earliest).toBeGreaterThanOrEqual(1700)
    expect(years!.latest).toBeLessThanOrEqual(new Date().getUTCFullYear() + 1)
  })

  it('price homes sensibly for their city and keep years of price history', async () => {
    const rents = await db().execute<{ city: string; median: number }>(
      sql`select city, percentile_cont(0.5) within group (order by monthly_rent_cents)::int as median
          from listing where type = 'apartment' and bedrooms = 1 and monthly_rent_cents is not null and status = 'published' group by city`,
    )
    const median = Object.fromEntries(rents.rows.map((r) => [r.city, r.median]))
    expect(median.Brooklyn).toBeGreaterThan(median.Dover!)
    for (const cents of Object.values(median)) expect(cents).toBeGreaterThan(80_000)
    const [span] = (
      await db().execute<{ years: number }>(
        sql`select extract(year from max(${listingPriceHistory.changedAt})) - extract(year from min(${listingPriceHistory.changedAt})) as years from ${listingPriceHistory}`,
      )
    ).rows
    expect(Number(span!.years)).toBeGreaterThanOrEqual(3)
    const [withHistory] = await db()
      .select({ id: listingPriceHistory.listingId, n: count() })
      .from(listingPriceHistory)
      .innerJoin(listing, eq(listing.id, listingPriceHistory.listingId))
      .where(and(eq(listingPriceHistory.kind, 'lease'), eq(listing.ownerId, 'demo-landlord-1')))
      .groupBy(listingPriceHistory.listingId)
      .orderBy(sql`count(*) desc`)
      .limit(1)
    const detail = await findListingById(db(), { viewerId: 'demo-landlord-1', listingId: withHistory!.id })
    expect(detail?.priceHistory.length).toBeGreaterThanOrEqual(3)
    expect(detail?.priceHistory.at(-1)?.amountCents).toBe(detail?.lease?.monthlyRentCents)
  })

  it('are on the market now: listed in the last four months, some with a price cut since', async () => {
    const [offers] = (
      await db().execute<{ oldest_days: number; median_days: number; cut_share: number; confirmed_before_listed: number }>(sql`
        select max(extract(epoch from (now() - l.created_at)) / 86400)::float8 as oldest_days,
               percentile_cont(0.5) within group (order by extract(epoch from (now() - l.created_at)) / 86400)::float8 as median_days,
               avg(case when exists (select 1 from listing_price_history h where h.listing_id = l.id and h.kind = 'lease'
                                     and h.changed_at >= l.created_at and h.amount_cents > l.monthly_rent_cents)
                        then 1.0 else 0.0 end)::float8 as cut_share,
               count(*) filter (where l.last_confirmed_at < l.created_at)::int as confirmed_before_listed
        from listing l
        where l.owner_id in ('demo-landlord-1', 'demo-landlord-2') and l.status = 'published' and l.monthly_rent_cents is not null`)
    ).rows
    expect(offers!.oldest_days).toBeLessThanOrEqual(121)
    expect(offers!.median_days).toBeLessThan(45)
    expect(offers!.cut_share).toBeGreaterThan(0.05)
    expect(offers!.cut_share).toBeLessThan(0.35)
    expect(offers!.confirmed_before_listed).toBe(0)
  })
})
