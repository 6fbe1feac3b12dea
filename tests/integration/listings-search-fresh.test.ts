// Search sees every change committed before it began, as the site runs (its production settings:
// nothing is cached): a change made by plain SQL, behind the app's back, shows in the very next search,
// as docs/api.md promises; so does one made through the app, and a new cover as soon as its photo is
// processed, reordered or deleted; bad input is refused every time.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listing } from '#server/db/schema.ts'
import { archiveListing } from '#server/listings/index.server.ts'
import { PROCESS_PHOTO_JOB, addListingPhotos, deleteListingPhoto, updateListingPhotos } from '#server/media/index.server.ts'
import { solidImage } from '#tests/support/images.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { testDatabaseKind } from '#tests/support/test-database.ts'
import { createTestServices, TEST_ORIGIN, type TestServices } from '#tests/support/test-services.ts'

type Page = { items: { id: number; title: string; photo: { id: number; alt: string; src: string } | null }[]; total: number }

describe(`search sees every change on ${testDatabaseKind()}`, () => {
  let t: TestServices
  let listings: ReturnType<typeof listingFactory>
  const db = () => t.services.database.db
  const search = async (query: string) => {
    const response = await t.app.request(`${TEST_ORIGIN}/api/properties?${query}`)
    return { status: response.status, body: (await response.json()) as Page }
  }

  beforeAll(async () => {
    t = await createTestServices({ NODE_ENV: 'production' })
    listings = listingFactory(db())
  })
  afterAll(async () => {
    await t.close()
  })

  it('shows a change made by plain SQL in the very next search, repeated or not', async () => {
    const first = await listings.create({
      title: 'Freshword loft',
      lease: { monthlyRentCents: 150_000, minTermMonths: 12, depositCents: 0 },
    })
    expect((await search('q=freshword')).body.items.map((i) => i.id)).toEqual([first.id])
    expect((await search('q=freshword')).body.items.map((i) => i.title)).toEqual(['Freshword loft'])

    // Changed behind the app's back (as a script or another instance would): the next search has it.
    await db().update(listing).set({ title: 'Freshword loft, renamed by SQL' }).where(eq(listing.id, first.id))
    expect((await search('q=freshword')).body.items.map((i) => i.title)).toEqual(['Freshword loft, renamed by SQL'])
    // The same search written differently is the same search.
    expect((await search('sort=newest&q=freshword')).body.items.map((i) => i.title)).toEqual(['Freshword loft, renamed by SQL'])
    await db().update(listing).set({ status: 'archived' }).where(eq(listing.id, first.id))
    expect((await search('q=freshword')).body.items).toEqual([])

    // A change through the domain functions too.
    const second = await listings.create({ title: 'Freshword studio' })
    expect((await search('q=freshword')).body.items.map((i) => i.id)).toEqual([second.id])
    await archiveListing(db(), { viewerId: second.ownerId, listingId: second.id })
    expect((await search('q=freshword')).body.items).toEqual([])
  })

  it('shows a new cover as soon as its photo is processed, reordered or deleted', async () => {
    const home = await listings.create({ title: 'Coverword cottage', withoutPhoto: true })
    const covers = async () => (await search('q=coverword')).body.items.map((item) => item.photo?.alt ?? null)
    expect(await covers()).toEqual([null])

    const context = { db: db(), dataDir: t.dataDir }
    const add = async (altText: string) => {
      const bytes = await solidImage(500, 300).jpeg().toBuffer()
      const [photo] = await addListingPhotos(context, {
        viewerId: home.ownerId,
        listingId: home.id,
        uploads: [{ name: `${altText}.jpg`, bytes, altText }],
      })
      await t.services.jobs.send(PROCESS_PHOTO_JOB, { photoId: photo!.id })
      return photo!.id
    }
    const porch = await add('The porch')
    // Pending photos are not shown.
    expect(await covers()).toEqual([null])
    expect(await t.services.jobs.runUntilIdle()).toBe(1)
    expect(await covers()).toEqual(['The porch'])

    const kitchen = await add('The kitchen')
    await t.services.jobs.runUntilIdle()
    await updateListingPhotos(db(), { viewerId: home.ownerId, listingId: home.id, input: { photos: [{ id: kitchen }, { id: porch }] } })
    expect(await covers()).toEqual(['The kitchen'])
    await deleteListingPhoto(context, { viewerId: home.ownerId, listingId: home.id, photoId: kitchen })
    expect(await covers()).toEqual(['The porch'])
  })

  it('refuses bad input every time', async () => {
    const bad = await search('beds=lots')
    expect(bad.status).toBe(400)
    expect((await search('beds=lots')).status).toBe(400)
  })
})
