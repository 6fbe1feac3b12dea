import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listing, listingFee, listingPhoto, listingPriceHistory, profile } from '#server/db/schema.ts'
import {
  archiveListing,
  confirmAvailable,
  createListing,
  deleteListing,
  findListingById,
  markLeased,
  publishListing,
  updateListing,
} from '#server/listings/index.server.ts'
import { LETTING_GAP_DAYS } from '#server/cooper-index/lettings.server.ts'
import { readObservations } from '#server/cooper-index/observations.server.ts'
import { unitKeyOf } from '#server/cooper-index/pairs.server.ts'
import { findListings } from '#server/listings/search/find-listings.server.ts'
import { PHOTO_NEEDED_TO_PUBLISH } from '#server/listings/write.server.ts'
import { addReadyPhoto, listingFactory, listingInput, type Person } from '#tests/support/listings.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'
import { signUpVerifiedUser } from '#tests/support/users.ts'

describe('changing listings', () => {
  let t: TestServices
  let listings: ReturnType<typeof listingFactory>
  let owner: Person
  let stranger: Person
  let admin: Person
  let renter: Person
  const db = () => t.services.database.db

  beforeAll(async () => {
    t = await createTestServices()
    listings = listingFactory(db())
    owner = await listings.landlord()
    stranger = await listings.landlord()
    admin = await listings.admin()
    renter = await listings.renter()
  })
  afterAll(async () => {
    await t.close()
  })

  /** Every row a listing write can touch, to show that a refused write changed nothing. */
  async function snapshot() {
    const [listings] = await db().select({ n: count() }).from(listing)
    const [fees] = await db().select({ n: count() }).from(listingFee)
    const [prices] = await db().select({ n: count() }).from(listingPriceHistory)
    const rows = await db().select().from(listing).orderBy(listing.id)
    return { listings: listings!.n, fees: fees!.n, prices: prices!.n, rows }
  }

  it('lets a landlord create a draft that only the owner and an administrator can see', async () => {
    const draft = await createListing(db(), { viewerId: owner.id, input: listingInput({ title: 'Quiet draft on Rodney Street' }) })
    expect(draft).toMatchObject({ status: 'draft', ownerId: owner.id, allInMonthlyCents: 165_000, bathrooms: 1 })
    expect(await findListingById(db(), { viewerId: owner.id, listingId: draft.id })).toBeDefined()
    expect(await findListingById(db(), { viewerId: admin.id, listingId: draft.id })).toBeDefined()
    expect(await findListingById(db(), { viewerId: stranger.id, listingId: draft.id })).toBeUndefined()
    expect(await findListingById(db(), { viewerId: null, listingId: draft.id })).toBeUndefined()
    const found = await findListings(db(), { search: { q: 'Rodney' } })
    expect(found.items).toEqual([])
  })

  it('refuses a renter who tries to list a home, and stores nothing', async () => {
    const before = await snapshot()
    await expect(createListing(db(), { viewerId: renter.id, input: listingInput() })).rejects.toMatchObject({ code: 'forbidden' })
    await expect(createListing(db(), { viewerId: 'no-such-user', input: listingInput() })).rejects.toMatchObject({ code: 'forbidden' })
    expect(await snapshot()).toEqual(before)
  })

  it('lets an administrator list a home too', async () => {
    const created = await createListing(db(), { viewerId: admin.id, input: listingInput() })
    expect(created.ownerId).toBe(admin.id)
  })

  it('publishes only a listing with a ready photo; none, one being processed or one that failed is refused, changing nothing', async () => {
    const draft = await listings.create({ ownerId: owner.id, status: 'draft', title: 'Loft waiting for its photos' })
    const publish = (viewerId: string) => publishListing(db(), { viewerId, listingId: draft.id })
    const refusal = { code: 'invalid', status: 400, message: PHOTO_NEEDED_TO_PUBLISH, fieldErrors: { photos: [PHOTO_NEEDED_TO_PUBLISH] } }
    const before = await snapshot()
    await expect(publish(owner.id)).rejects.toMatchObject(refusal)

    // Renters would see neither of these.
    await db()
      .insert(listingPhoto)
      .values([
        { listingId: draft.id, position: 0, storageKey: 'still-processing', status: 'pending' },
        { listingId: draft.id, position: 1, storageKey: 'broken', status: 'failed', error: 'This photo could not be processed.' },
      ])
    await expect(publish(owner.id)).rejects.toMatchObject(refusal)
    await expect(publish(admin.id)).rejects.toMatchObject(refusal)
    expect(await snapshot()).toEqual(before)
    expect(await findListingById(db(), { viewerId: null, listingId: draft.id })).toBeUndefined()

    await addReadyPhoto(db(), draft.id, 'The loft from its gallery')
    const published = await publish(owner.id)
    expect(published.status).toBe('published')
    expect(published.photos.map((photo) => photo.alt)).toEqual(['The loft from its gallery'])
    expect(await findListingById(db(), { viewerId: null, listingId: draft.id })).toMatchObject({ status: 'published' })
  })

  it('refuses every change by a stranger: not found for a draft, forbidden for a public listing', async () => {
    const draft = await listings.create({ ownerId: owner.id, status: 'draft' })
    const published = await listings.create({ ownerId: owner.id })
    const before = await snapshot()
    const attempts = [
      (listingId: number) => updateListing(db(), { viewerId: stranger.id, listingId, changes: { title: 'Taken over by a stranger' } }),
      (listingId: number) => publishListing(db(), { viewerId: stranger.id, listingId }),
      (listingId: number) => markLeased(db(), { viewerId: stranger.id, listingId }),
      (listingId: number) => archiveListing(db(), { viewerId: stranger.id, listingId }),
      (listingId: number) => confirmAvailable(db(), { viewerId: stranger.id, listingId }),
      (listingId: number) => deleteListing(db(), { viewerId: stranger.id, listingId }),
    ]
    for (const attempt of attempts) {
      await expect(attempt(draft.id)).rejects.toMatchObject({ code: 'not-found', status: 404 })
      await expect(attempt(published.id)).rejects.toMatchObject({ code: 'forbidden', status: 403 })
      await expect(attempt(987_654_321)).rejects.toMatchObject({ code: 'not-found' })
    }
    // A renter fares no better.
    await expect(publishListing(db(), { viewerId: renter.id, listingId: draft.id })).rejects.toMatchObject({ code: 'not-found' })
    expect(await snapshot()).toEqual(before)
  })

  it('lets the owner and an administrator publish, lease, archive, confirm and delete', async () => {
    const mine = await listings.create({ ownerId: owner.id, status: 'draft' })
    await addReadyPhoto(db(), mine.id)
    expect((await publishListing(db(), { viewerId: owner.id, listingId: mine.id })).status).toBe('published')
    expect((await markLeased(db(), { viewerId: owner.id, listingId: mine.id })).status).toBe('leased')
    expect((await archiveListing(db(), { viewerId: admin.id, listingId: mine.id })).status).toBe('archived')
    expect((await publishListing(db(), { viewerId: admin.id, listingId: mine.id })).status).toBe('published')
    const renamed = await updateListing(db(), { viewerId: admin.id, listingId: mine.id, changes: { title: 'Renamed by moderation' } })
    expect(renamed.title).toBe('Renamed by moderation')
    await confirmAvailable(db(), { viewerId: owner.id, listingId: mine.id })
    await deleteListing(db(), { viewerId: admin.id, listingId: mine.id })
    expect(await findListingById(db(), { viewerId: admin.id, listingId: mine.id })).toBeUndefined()
    const other = await listings.create({ ownerId: owner.id })
    await deleteListing(db(), { viewerId: owner.id, listingId: other.id })
    expect(await findListingById(db(), { viewerId: owner.id, listingId: other.id })).toBeUndefined()
  })

  it.each([
    ['a negative price', { lease: { monthlyRentCents: -100, minTermMonths: 12, depositCents: 0 } }, 'lease.monthlyRentCents'],
    ['a fractional cent', { lease: { monthlyRentCents: 1500.5, minTermMonths: 12, depositCents: 0 } }, 'lease.monthlyRentCents'],
    ['500 bedrooms', { bedrooms: 500 }, 'bedrooms'],
    ['a third of a bathroom', { bathrooms: 1.3 }, 'bathrooms'],
    ['an unknown amenity', { amenities: ['sauna'] }, 'amenities.0'],
    ['an unknown utility', { includedUtilities: ['cable'] }, 'includedUtilities.0'],
    ['a 1 MB title', { title: 'x'.repeat(1024 * 1024) }, 'title'],
    ['an empty title', { title: '   ' }, 'title'],
    ['an unknown type', { type: 'castle' }, 'type'],
    ['a three-letter state', { state: 'DEL' }, 'state'],
    ['a short ZIP', { zip: '1980' }, 'zip'],
    ['a latitude off the globe', { latitude: 123 }, 'latitude'],
    ['nothing offered', { lease: null, shortTerm: null }, 'lease'],
    ['a negative fee', { fees: [{ name: 'Parking', monthlyCents: -1 }] }, 'fees.0.monthlyCents'],
    ['a date that is not a date', { availableFrom: '2026-02-31' }, 'availableFrom'],
    // What PostgreSQL itself would refuse, failing the whole statement.
    ['year 0000 as the available date', { availableFrom: '0000-01-01' }, 'availableFrom'],
    ['a NUL character in the title', { title: 'Sunny\u0000 two-bedroom' }, 'title'],
    ['a NUL character in the description', { description: 'Bright\u0000 rooms' }, 'description'],
    ['a NUL character in a fee name', { fees: [{ name: 'Park\u0000ing', monthlyCents: 100 }] }, 'fees.0.name'],
    ['a NUL character in the street', { street: '12\u0000 Market Street' }, 'street'],
    ['a NUL character in the unit', { unit: '3\u0000B' }, 'unit'],
    ['a NUL character in the city', { city: 'Wilming\u0000ton' }, 'city'],
    ['a NUL character in the neighborhood', { neighborhood: '\u0000' }, 'neighborhood'],
    ['a NUL character in the pet policy', { petPolicy: 'Cats\u0000 only' }, 'petPolicy'],
    [
      'a nightly price whose 30 nights overflow the all-in monthly cost',
      { lease: null, shortTerm: { nightlyCents: 100_000_000, minNights: 1 } },
      'shortTerm.nightlyCents',
    ],
    [
      'short stays and fees that together overflow the all-in monthly cost',
      { lease: null, shortTerm: { nightlyCents: 70_000_000, minNights: 1 }, fees: [{ name: 'Cleaning', monthlyCents: 100_000_000 }] },
      'shortTerm.nightlyCents',
    ],
  ])('refuses %s with a field error and changes nothing', async (_name, change, field) => {
    const existing = await listings.create({ ownerId: owner.id, fees: [{ name: 'Trash', monthlyCents: 1_500 }] })
    const before = await snapshot()
    const input = { ...listingInput(), ...change }
    const created = createListing(db(), { viewerId: owner.id, input })
    await expect(created).rejects.toMatchObject({ code: 'invalid', status: 400 })
    const error = (await created.catch((e: unknown) => e)) as { fieldErrors: Record<string, string[]> }
    expect(error.fieldErrors[field]?.[0]).toEqual(expect.any(String))
    const updated = updateListing(db(), { viewerId: owner.id, listingId: existing.id, changes: change })
    await expect(updated).rejects.toMatchObject({ code: 'invalid' })
    expect(await snapshot()).toEqual(before)
  })

  it('spells the neighborhood the American way in the API, and still reads the earlier spelling', async () => {
    const old = { ...listingInput({ title: 'Loft sent with the old spelling' }), neighbourhood: 'Trolley Square' }
    delete (old as { neighborhood?: string }).neighborhood
    const created = await createListing(db(), { viewerId: owner.id, input: old })
    expect(created.neighborhood).toBe('Trolley Square')
    const updated = await updateListing(db(), { viewerId: owner.id, listingId: created.id, changes: { neighbourhood: 'Little Italy' } })
    expect(updated.neighborhood).toBe('Little Italy')
    // Both sent: the American spelling wins.
    const both = await updateListing(db(), {
      viewerId: owner.id,
      listingId: created.id,
      changes: { neighborhood: 'Forty Acres', neighbourhood: 'Little Italy' },
    })
    expect(both.neighborhood).toBe('Forty Acres')
    // What the API answers for the listing: the one spelling only.
    const text = JSON.stringify(await findListingById(db(), { viewerId: owner.id, listingId: created.id }))
    expect(text).toContain('"neighborhood":"Forty Acres"')
    expect(text).not.toContain('neighbourhood')
  })

  it('stores SQL and HTML in text fields verbatim and harmlessly', async () => {
    const title = `Robert'); DROP TABLE listing;-- <script>alert("x")</script>`
    const description = `<img src=x onerror=alert(1)> & "quotes" ' ; select * from "user"; \\ %_`
    const created = await listings.create({ ownerId: owner.id, title, description, neighborhood: '<b>Bold</b>' })
    const read = await findListingById(db(), { viewerId: null, listingId: created.id })
    expect(read).toMatchObject({ title, description, neighborhood: '<b>Bold</b>' })
    const res = await t.app.request(`/api/properties/${created.id}`)
    expect(await res.json()).toMatchObject({ title, description })
    const [tables] = (await db().execute<{ n: number }>(sql`select count(*)::int as n from listing`)).rows
    expect(tables!.n).toBeGreaterThan(0)
  })

  it('counts one rent per letting for the Cooper Index: cuts belong to their letting, a let home’s rent review is no ask', async () => {
    const home = await listings.create({ ownerId: owner.id, title: 'Letting watch flat', street: '41 Letting Row', unit: '' })
    const lease = (monthlyRentCents: number) => ({ lease: { monthlyRentCents, minTermMonths: 12, depositCents: monthlyRentCents } })
    const change = (cents: number) => updateListing(db(), { viewerId: owner.id, listingId: home.id, changes: lease(cents) })
    await change(160_000) // a cut while it waits
    await markLeased(db(), { viewerId: owner.id, listingId: home.id })
    await change(168_000) // the sitting tenant's rent review
    const relisted = await publishListing(db(), { viewerId: owner.id, listingId: home.id })
    await change(172_000) // a rise within the second letting

    const phases = await db()
      .select({ amountCents: listingPriceHistory.amountCents, phase: listingPriceHistory.marketPhase })
      .from(listingPriceHistory)
      .where(eq(listingPriceHistory.listingId, home.id))
      .orderBy(listingPriceHistory.id)
    expect(phases).toEqual([
      { amountCents: 165_000, phase: 'off-market' },
      { amountCents: 165_000, phase: 'listed' },
      { amountCents: 160_000, phase: 'asking' },
      { amountCents: 168_000, phase: 'off-market' },
      { amountCents: 168_000, phase: 'listed' },
      { amountCents: 172_000, phase: 'asking' },
    ])
    // Renters see the prices asked, not the draft's nor the review.
    expect(relisted.priceHistory.map((p) => p.amountCents)).toEqual([165_000, 160_000, 168_000])

    const rentsOn = async (now: Date) => {
      const observations = await readObservations(db(), now)
      const unit = observations.units.indexOf(
        unitKeyOf({ street: '41 Letting Row', unit: '', city: home.city, state: home.state, zip: home.zip }),
      )
      return Array.from({ length: observations.count }, (_, i) => i)
        .filter((i) => observations.unit[i] === unit)
        .map((i) => observations.rentCents[i])
    }
    // The letting on the market now has no settled rent; once it has gone quiet for the letting gap, it counts.
    expect(await rentsOn(new Date())).toEqual([160_000])
    expect(await rentsOn(new Date(Date.now() + (LETTING_GAP_DAYS + 1) * 86_400_000))).toEqual([160_000, 172_000])
  })

  it('appends every change of asking price to the price history and keeps the all-in cost in step', async () => {
    const created = await listings.create({
      ownerId: owner.id,
      title: 'Price watch flat',
      fees: [{ name: 'Parking', monthlyCents: 7_500 }],
    })
    expect(created.priceHistory.map((p) => [p.kind, p.amountCents])).toEqual([['lease', 165_000]])
    expect(created.allInMonthlyCents).toBe(172_500)

    const raised = await updateListing(db(), {
      viewerId: owner.id,
      listingId: created.id,
      changes: { lease: { monthlyRentCents: 170_000, minTermMonths: 12, depositCents: 170_000 } },
    })
    expect(raised.allInMonthlyCents).toBe(177_500)
    const retitled = await updateListing(db(), {
      viewerId: owner.id,
      listingId: created.id,
      changes: { title: 'Price watch flat, renovated' },
    })
    expect(retitled.priceHistory).toHaveLength(2)
    const withStays = await updateListing(db(), {
      viewerId: owner.id,
      listingId: created.id,
      changes: {
        shortTerm: { nightlyCents: 12_000, minNights: 2 },
        fees: [
          { name: 'Parking', monthlyCents: 10_000 },
          { name: 'Pet rent', monthlyCents: 3_500 },
        ],
      },
    })
    expect(withStays.priceHistory.map((p) => [p.kind, p.amountCents])).toEqual([
      ['lease', 165_000],
      ['lease', 170_000],
      ['short-term', 12_000],
    ])
    expect(withStays.fees).toEqual([
      { name: 'Parking', monthlyCents: 10_000 },
      { name: 'Pet rent', monthlyCents: 3_500 },
    ])
    expect(withStays.allInMonthlyCents).toBe(183_500)
    const byPrice = await findListings(db(), { search: { q: 'price watch', minPrice: 1835, maxPrice: 1835 } })
    expect(byPrice.items.map((i) => i.id)).toEqual([created.id])
  })

  it('hides a listing from the API unless the viewer is its owner or an administrator', async () => {
    const person = await signUpVerifiedUser(t)
    await db().update(profile).set({ role: 'landlord' }).where(eq(profile.userId, person.id))
    const other = await signUpVerifiedUser(t)
    const draft = await createListing(db(), { viewerId: person.id, input: listingInput({ title: 'Draft seen through the API' }) })
    const asOwner = await t.app.request(`/api/properties/${draft.id}`, { headers: { Cookie: person.cookie } })
    expect(asOwner.status).toBe(200)
    expect(asOwner.headers.get('cache-control')).toContain('no-store')
    expect(await asOwner.json()).toMatchObject({ title: 'Draft seen through the API', status: 'draft' })
    const asStranger = await t.app.request(`/api/properties/${draft.id}`, { headers: { Cookie: other.cookie } })
    expect(asStranger.status).toBe(404)
    expect((await t.app.request(`/api/properties/${draft.id}`)).status).toBe(404)
  })
})
