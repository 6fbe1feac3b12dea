import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listing } from '#server/db/schema.ts'
import { confirmAvailable, findListingById } from '#server/listings/index.server.ts'
import { findListings } from '#server/listings/search/find-listings.server.ts'
import type { ListingSort } from '#common/listings/vocabulary.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { SEARCH_PLAN_NAMES, SEARCH_PLANS } from '#tests/support/search-plans.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

const days = (n: number) => new Date(Date.now() - n * 86_400_000)

describe('paging and expiry', () => {
  let t: TestServices
  let listings: ReturnType<typeof listingFactory>
  const db = () => t.services.database.db

  beforeAll(async () => {
    t = await createTestServices()
    listings = listingFactory(db())
  })
  afterAll(async () => {
    await t.close()
  })

  // Free text is found either through the text index or by walking the sort's index (chosen by
  // how many listings carry the words); every plan must page the same way.
  it.each(
    (['newest', 'price-asc', 'price-desc', 'largest'] as ListingSort[]).flatMap((sort) =>
      SEARCH_PLAN_NAMES.map((strategy) => [sort, strategy] as const),
    ),
  )('pages by %s (text by %s) over a set that grows between pages, showing each listing once', async (sort, strategy) => {
    const word = `paging${sort.replace('-', '')}${strategy.replace(' ', '')}`
    const prices = [120_000, 150_000, 150_000, 150_000, 90_000, 200_000, 175_000, 150_000, 60_000, 110_000]
    const original = new Set<number>()
    for (const [i, rent] of prices.entries()) {
      const created = await listings.create({
        title: `Home ${i} ${word}`,
        lease: { monthlyRentCents: rent, minTermMonths: 12, depositCents: rent },
        interiorSqft: [800, 800, 950, 600, 800][i % 5]!,
      })
      original.add(created.id)
    }
    const seen: number[] = []
    let cursor: string | undefined
    let pages = 0
    do {
      const page = await findListings(db(), { search: { q: word, sort, limit: 3, cursor }, ...SEARCH_PLANS[strategy] })
      seen.push(...page.items.map((i) => i.id))
      cursor = page.nextCursor ?? undefined
      pages += 1
      // Others keep listing homes while this renter reads, at prices and sizes all over the range.
      await listings.create({
        title: `Newcomer ${pages} ${word}`,
        lease: { monthlyRentCents: 100_000 + pages * 25_000, minTermMonths: 12, depositCents: 0 },
        interiorSqft: 700 + pages * 50,
      })
    } while (cursor && pages < 20)
    expect(new Set(seen).size).toBe(seen.length)
    for (const id of original) expect(seen).toContain(id)
  })

  it('hides a published listing not confirmed for 30 days until its owner confirms it', async () => {
    const owner = await listings.landlord()
    const stale = await listings.create({ ownerId: owner.id, title: 'Lighthouse cottage', lastConfirmedAt: days(31) })
    const fresh = await listings.create({ ownerId: owner.id, title: 'Lighthouse loft', lastConfirmedAt: days(29) })
    const titles = async () => (await findListings(db(), { search: { q: 'lighthouse' } })).items.map((i) => i.title)

    expect(await titles()).toEqual(['Lighthouse loft'])
    // Still reachable by its address, so a shared link does not break.
    expect(await findListingById(db(), { viewerId: null, listingId: stale.id })).toBeDefined()

    const confirmed = await confirmAvailable(db(), { viewerId: owner.id, listingId: stale.id })
    expect(Date.now() - Date.parse(confirmed.lastConfirmedAt)).toBeLessThan(60_000)
    expect((await titles()).sort()).toEqual(['Lighthouse cottage', 'Lighthouse loft'])

    await db()
      .update(listing)
      .set({ lastConfirmedAt: days(30.01) })
      .where(eq(listing.id, fresh.id))
    expect(await titles()).toEqual(['Lighthouse cottage'])
  })
})
