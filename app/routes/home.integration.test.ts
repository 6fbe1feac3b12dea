// The home page's price drops and homes near a renter: which lowered prices count as drops (the headline
// price, lowered on the market, still asked, lately), in what order, and where the page looks for homes.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listing, listingPriceHistory } from '#server/db/schema.ts'
import { archiveListing, findPriceDrops, priceDropsOf, publishListing, saveListing, updateListing } from '#server/listings/index.server.ts'
import { listingFactory, type Person } from '#tests/support/listings.ts'
import { createPageApp, type PageApp } from '#tests/support/page-app.ts'
import { createTestServices, TEST_ORIGIN, type TestServices } from '#tests/support/test-services.ts'
import { signUpVerifiedUser } from '#tests/support/users.ts'
import { loadHomePage, NEWEST_HOMES } from './home.server.ts'

const DAY = 86_400_000
const lease = (dollars: number) => ({ monthlyRentCents: dollars * 100, minTermMonths: 12, depositCents: dollars * 100 })

describe('the home page', () => {
  let t: TestServices
  let pages: PageApp
  let listings: ReturnType<typeof listingFactory>
  let owner: Person
  const db = () => t.services.database.db

  beforeAll(async () => {
    t = await createTestServices()
    listings = listingFactory(db())
    owner = await listings.landlord()
    pages = await createPageApp(t)
  }, 120_000)

  afterAll(async () => {
    await pages?.close()
    await t?.close()
  })

  const change = (listingId: number, changes: Record<string, unknown>) => updateListing(db(), { viewerId: owner.id, listingId, changes })
  /** Moves a listing's prices so far back in time, as if set `days` earlier. */
  async function changedDaysAgo(listingId: number, days: number) {
    await db()
      .update(listingPriceHistory)
      .set({ changedAt: sql`${listingPriceHistory.changedAt} - make_interval(days => ${days})` })
      .where(eq(listingPriceHistory.listingId, listingId))
  }
  const home = (title: string, overrides: Parameters<typeof listings.create>[0] = {}) =>
    listings.create({ ownerId: owner.id, title, city: 'Dropton', state: 'DE', lease: lease(2_000), ...overrides })

  it('count as price drops only the headline price lowered on the market and still asked lately, the latest first', async () => {
    const cut = await home('Cut a week ago')
    await change(cut.id, { lease: lease(1_850) })
    await changedDaysAgo(cut.id, 7)
    const nightly = await home('Nightly stay cut', { lease: null, shortTerm: { nightlyCents: 12_000, minNights: 2 } })
    await change(nightly.id, { shortTerm: { nightlyCents: 10_500, minNights: 2 } })
    await changedDaysAgo(nightly.id, 2)
    const cutTwice = await home('Cut twice')
    await change(cutTwice.id, { lease: lease(1_950) })
    await changedDaysAgo(cutTwice.id, 5)
    await change(cutTwice.id, { lease: lease(1_900) })
    await changedDaysAgo(cutTwice.id, 3)

    // Not drops: a rise; a cut taken back; a cut to a draft's price; a cut on a home since archived; the
    // nightly price of a home whose headline is its rent; a cut too long ago; a home not confirmed lately;
    // a home put on the market again at a lower rent (a new letting, not a drop).
    await change((await home('Raised')).id, { lease: lease(2_100) })
    const takenBack = await home('Cut then raised')
    await change(takenBack.id, { lease: lease(1_800) })
    await change(takenBack.id, { lease: lease(1_900) })
    await change((await home('Draft cut', { status: 'draft' })).id, { lease: lease(1_700) })
    const archived = await home('Cut then archived')
    await change(archived.id, { lease: lease(1_800) })
    await archiveListing(db(), { viewerId: owner.id, listingId: archived.id })
    const both = await home('Rent and nights', { shortTerm: { nightlyCents: 15_000, minNights: 1 } })
    await change(both.id, { shortTerm: { nightlyCents: 13_000, minNights: 1 } })
    const old = await home('Cut long ago')
    await change(old.id, { lease: lease(1_800) })
    await changedDaysAgo(old.id, 45)
    const unconfirmed = await home('Cut but unconfirmed')
    await change(unconfirmed.id, { lease: lease(1_800) })
    await db()
      .update(listing)
      .set({ lastConfirmedAt: new Date(Date.now() - 40 * DAY) })
      .where(eq(listing.id, unconfirmed.id))
    const relisted = await home('Relisted lower')
    await archiveListing(db(), { viewerId: owner.id, listingId: relisted.id })
    await change(relisted.id, { lease: lease(1_700) })
    await publishListing(db(), { viewerId: owner.id, listingId: relisted.id })

    const drops = await findPriceDrops(db(), { limit: 10 })
    expect(drops.map(({ listing: { title } }) => title)).toEqual(['Nightly stay cut', 'Cut twice', 'Cut a week ago'])
    expect(drops.map(({ drop }) => [drop.kind, drop.fromCents, drop.toCents])).toEqual([
      ['short-term', 12_000, 10_500],
      ['lease', 195_000, 190_000],
      ['lease', 200_000, 185_000],
    ])
    expect(Date.parse(drops[2]!.drop.changedAt)).toBeCloseTo(Date.now() - 7 * DAY, -5)
    expect(drops[0]!.listing.photo).not.toBeNull()
    expect((await findPriceDrops(db(), { limit: 1 })).map(({ listing: { id } }) => id)).toEqual([nightly.id])

    // The same rule for the cards of given homes.
    const byId = await priceDropsOf(db(), [cut.id, takenBack.id, both.id, relisted.id, archived.id])
    expect([...byId.keys()]).toEqual([cut.id])
    expect(byId.get(cut.id)).toEqual(drops[2]!.drop)

    const { html } = await pages.get('/')
    expect(html).toMatch(/<h2 id="drops-title"[^>]*>Price drops<\/h2>/)
    expect(html).toContain('Rent $150 less since')
    expect(html).toContain('<s>$2,000/mo</s>')
  })

  it('show a price lowered a moment ago on the next visit, though the drops are read once between changes', async () => {
    const visit = () => loadHomePage(t.services, new Request(`${TEST_ORIGIN}/`))
    const fresh = await home('Cut a moment ago')
    const before = await visit()
    expect(before.homes.find((card) => card.listing.id === fresh.id)?.drop).toBeNull()
    expect(before.priceDrops.map((card) => card.listing.id)).not.toContain(fresh.id)
    // Read again with no change between: the same drops.
    expect((await visit()).priceDrops).toEqual(before.priceDrops)

    await change(fresh.id, { lease: lease(1_900) })
    const after = await visit()
    expect(after.priceDrops[0]!.listing.id).toBe(fresh.id)
    expect(after.priceDrops[0]!.drop).toMatchObject({ kind: 'lease', fromCents: 200_000, toCents: 190_000 })
    expect(after.homes.find((card) => card.listing.id === fresh.id)?.drop).toMatchObject({ fromCents: 200_000, toCents: 190_000 })

    // Taken back: no longer a drop, on the very next visit.
    await change(fresh.id, { lease: lease(2_000) })
    const takenBack = await visit()
    expect(takenBack.priceDrops.map((card) => card.listing.id)).not.toContain(fresh.id)
    expect(takenBack.homes.find((card) => card.listing.id === fresh.id)?.drop).toBeNull()
  })

  it('show a signed-in renter the newest homes where their saved homes are, and anyone else the newest anywhere', async () => {
    const inTown = []
    for (const title of ['Savedham cottage', 'Savedham loft', 'Savedham flat', 'Savedham house']) {
      inTown.push(await listings.create({ ownerId: owner.id, title, city: 'Savedham', state: 'PA', zip: '19103' }))
    }
    const lonely = await listings.create({ ownerId: owner.id, title: 'Lonelyville cabin', city: 'Lonelyville', state: 'PA' })
    const renter = await signUpVerifiedUser(t, { name: 'Near Renter' })
    await saveListing(db(), { user: renter, listingId: inTown[0]!.id })
    const asRenter = (cookie?: string) => new Request(`${TEST_ORIGIN}/`, { headers: cookie ? { cookie } : {} })

    const near = await loadHomePage(t.services, asRenter(renter.cookie))
    expect(near.nearPlace).toBe('Savedham, PA')
    expect(near.homes.map((card) => card.listing.title).sort()).toEqual(inTown.map((h) => h.title).sort())
    expect(near.homesHref).toBe('/properties?q=Savedham%2C+PA&sort=newest')
    expect(near.savedIds).toEqual([inTown[0]!.id])
    const { html } = await pages.get('/', renter.cookie)
    expect(html).toMatch(/<h2 id="homes-title"[^>]*>Homes in Savedham, PA<\/h2>/)

    // A visitor, and a renter whose saved homes' city has too few homes, see the newest anywhere.
    const newest = await t.services.searchListings({ sort: 'newest', limit: String(NEWEST_HOMES) })
    const visitor = await loadHomePage(t.services, asRenter())
    expect(visitor.nearPlace).toBeNull()
    expect(visitor.homes.map((card) => card.listing.id)).toEqual(newest.items.map((item) => item.id))
    const other = await signUpVerifiedUser(t, { name: 'Lonely Renter' })
    await saveListing(db(), { user: other, listingId: lonely.id })
    const elsewhere = await loadHomePage(t.services, asRenter(other.cookie))
    expect(elsewhere.nearPlace).toBeNull()
    expect(elsewhere.homes.map((card) => card.listing.id)).toEqual(newest.items.map((item) => item.id))
  })
})
