import fs from 'node:fs'
import path from 'node:path'
import { count, eq, inArray } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listing, listingPhoto } from '#server/db/schema.ts'
import { findListingById } from '#server/listings/index.server.ts'
import { seedDemoData } from '#server/seed/demo.server.ts'
import { seedDemoPhotos } from '#server/seed/listing-photos.server.ts'
import { DEMO_LANDLORD_IDS } from '#server/seed/listings.server.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

describe('demo listing photos', () => {
  let t: TestServices
  const db = () => t.services.database.db

  beforeAll(async () => {
    t = await createTestServices()
    await seedDemoData({ database: t.services.database, auth: t.services.auth, logger: t.services.logger })
    await seedDemoPhotos({ db: db(), dataDir: t.dataDir, logger: t.services.logger })
  }, 120_000)
  afterAll(async () => {
    await t.close()
  })

  it('gives every demo listing 3 to 6 ready, described photos whose files exist', async () => {
    const demo = await db()
      .select({ id: listing.id })
      .from(listing)
      .where(inArray(listing.ownerId, [...DEMO_LANDLORD_IDS]))
    expect(demo.length).toBeGreaterThanOrEqual(300)
    const counts = await db()
      .select({ listingId: listingPhoto.listingId, n: count() })
      .from(listingPhoto)
      .where(eq(listingPhoto.status, 'ready'))
      .groupBy(listingPhoto.listingId)
    expect(counts).toHaveLength(demo.length)
    for (const { n } of counts) expect(n).toBeGreaterThanOrEqual(3)
    for (const { n } of counts) expect(n).toBeLessThanOrEqual(6)

    const keys = await db().selectDistinct({ key: listingPhoto.storageKey }).from(listingPhoto)
    expect(keys.length).toBeGreaterThanOrEqual(24)

    const [published] = await db().select({ id: listing.id }).from(listing).where(eq(listing.status, 'published')).limit(1)
    const shown = (await findListingById(db(), { viewerId: null, listingId: published!.id }))!
    expect(shown.photos[0]!.alt).toMatch(/^Drawing of the home's front/)
    for (const photo of shown.photos) {
      expect(photo.alt.length).toBeGreaterThan(20)
      for (const entry of photo.srcSet.split(', ')) {
        const url = entry.split(' ')[0]!
        const file = path.join(t.dataDir, url)
        expect(fs.existsSync(file)).toBe(true)
        expect((await sharp(file).metadata()).format).toBe('webp')
      }
    }
  })

  it('runs once, and draws missing files again on a later start', async () => {
    const [before] = await db().select({ n: count() }).from(listingPhoto)
    const [photo] = await db().select().from(listingPhoto).limit(1)
    const dir = path.join(t.dataDir, 'media', 'listings', photo!.storageKey)
    fs.rmSync(dir, { recursive: true })
    expect(await seedDemoPhotos({ db: db(), dataDir: t.dataDir, logger: t.services.logger })).toBe(0)
    const [after] = await db().select({ n: count() }).from(listingPhoto)
    expect(after!.n).toBe(before!.n)
    expect(fs.existsSync(path.join(dir, '1200.webp'))).toBe(true)
  })
})
