// The search cache: repeated searches are answered from memory for SEARCH_CACHE_SECONDS, but never
// after a listing changed through this process, and bad input is refused cached or not.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listing } from '#server/db/schema.ts'
import { archiveListing } from '#server/listings/listings.server.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { createTestServices, TEST_ORIGIN, type TestServices } from '#tests/support/test-services.ts'

type Page = { items: { id: number; title: string }[]; total: number }

describe('search cache', () => {
  let t: TestServices
  let listings: ReturnType<typeof listingFactory>
  const db = () => t.services.database.db
  const search = async (query: string) => {
    const response = await t.app.request(`${TEST_ORIGIN}/api/properties?${query}`)
    return { status: response.status, body: (await response.json()) as Page }
  }

  beforeAll(async () => {
    t = await createTestServices({ SEARCH_CACHE_SECONDS: '600' })
    listings = listingFactory(db())
  })
  afterAll(async () => {
    await t.close()
  })

  it('answers a repeated search from memory until a listing changes through the app', async () => {
    const first = await listings.create({ title: 'Cachedword loft', lease: { monthlyRentCents: 150_000, minTermMonths: 12, depositCents: 0 } })
    expect((await search('q=cachedword')).body.items.map((i) => i.id)).toEqual([first.id])

    // Changed behind the app's back (as another instance would): this process still has its page.
    await db().update(listing).set({ title: 'Renamed behind the back' }).where(eq(listing.id, first.id))
    expect((await search('q=cachedword')).body.items.map((i) => i.title)).toEqual(['Cachedword loft'])
    // The same search written differently is the same search.
    expect((await search('sort=newest&q=cachedword')).body.items.map((i) => i.title)).toEqual(['Cachedword loft'])

    // A change through the domain functions empties the cache at once.
    const second = await listings.create({ title: 'Cachedword studio' })
    expect((await search('q=cachedword')).body.items.map((i) => i.id)).toEqual([second.id])
    await archiveListing(db(), { viewerId: second.ownerId, listingId: second.id })
    expect((await search('q=cachedword')).body.items).toEqual([])
  })

  it('refuses bad input whether or not the search was cached', async () => {
    const bad = await search('beds=lots')
    expect(bad.status).toBe(400)
    expect((await search('beds=lots')).status).toBe(400)
  })
})
