// Tenancy photos: kept re-encoded without their metadata, shown through a link only to the reader it
// was minted for, refused in words when they are not photos, and never opened by a document's link.
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tenancyPhoto } from '#server/db/schema.ts'
import { documentLink, storeTenancyPhoto, tenancyPhotoLinks } from '#server/documents/index.server.ts'
import { EXPIRED_PHOTO_MESSAGE } from '#server/http/documents-route.server.ts'
import { decompressionBombPng, jpegWithGps, solidImage } from '#tests/support/images.ts'
import { TEST_ORIGIN, createTestServices, type TestServices } from '#tests/support/test-services.ts'
import { signUpVerifiedUser, type TestUser } from '#tests/support/users.ts'

describe('tenancy photos', () => {
  let t: TestServices
  let tenant: TestUser
  let stranger: TestUser
  const photosDir = () => path.join(t.dataDir, 'private', 'photos')
  const filesOnDisk = () => (fs.existsSync(photosDir()) ? fs.readdirSync(photosDir()) : [])

  beforeAll(async () => {
    t = await createTestServices()
    tenant = await signUpVerifiedUser(t, { name: 'Tess Tenant' })
    stranger = await signUpVerifiedUser(t, { name: 'Stan Stranger' })
  })
  afterAll(async () => {
    await t.close()
  })

  const get = (link: string, user: TestUser | null) =>
    t.app.request(`${TEST_ORIGIN}${link}`, { headers: user ? { Cookie: user.cookie } : {} })

  it('keeps a photo upright, at most 1600 pixels, as WebP without its GPS, and shows it only to the reader of the link', async () => {
    const original = await jpegWithGps(2400, 1200)
    expect((await sharp(original).metadata()).exif).toBeDefined()
    const stored = await storeTenancyPhoto(t.services, { leaseId: 7, uploaderId: tenant.id, bytes: new Uint8Array(original) })
    expect(stored).toMatchObject({ width: 1600, height: 800 })

    const link = tenancyPhotoLinks({ photoIds: [stored.id], readerId: tenant.id }).get(stored.id)!
    expect(link).toMatch(/^\/photos\//)
    const res = await get(link, tenant)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const served = Buffer.from(await res.arrayBuffer())
    const metadata = await sharp(served).metadata()
    expect(metadata).toMatchObject({ format: 'webp', width: 1600, height: 800 })
    expect(metadata.exif).toBeUndefined()

    // Another account, nobody signed in, an altered token: the ordinary not-found page.
    expect((await get(link, stranger)).status).toBe(404)
    expect((await get(link, null)).status).toBe(404)
    expect((await get(`${link.slice(0, -2)}AA`, tenant)).status).toBe(404)
    // A document's link with the same number opens no photo, and a photo's link no document.
    expect(
      (await get(documentLink({ documentId: stored.id, readerId: tenant.id }).replace('/documents/', '/photos/'), tenant)).status,
    ).toBe(404)
    expect((await get(link.replace('/photos/', '/documents/'), tenant)).status).toBe(404)
  })

  it("answers the reader's own old link with 410 and what to do", async () => {
    const stored = await storeTenancyPhoto(t.services, {
      leaseId: 7,
      uploaderId: tenant.id,
      bytes: new Uint8Array(await solidImage(40, 30).png().toBuffer()),
    })
    const stale = tenancyPhotoLinks({ photoIds: [stored.id], readerId: tenant.id, now: new Date(Date.now() - 301_000) }).get(stored.id)!
    const res = await get(stale, tenant)
    expect(res.status).toBe(410)
    expect(await res.text()).toBe(EXPIRED_PHOTO_MESSAGE)
  })

  it('refuses what is not a usable photo in words, keeping no row and no file', async () => {
    const rowsBefore = await t.services.database.db.$count(tenancyPhoto)
    const filesBefore = filesOnDisk().length
    const attempts = [
      { bytes: new TextEncoder().encode('%PDF-1.7 not a photo'), message: /JPEG, PNG or WebP/i },
      { bytes: new Uint8Array(decompressionBombPng(20_000, 20_000)), message: /too many pixels/i },
      { bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), message: /./ },
    ]
    for (const attempt of attempts) {
      const error = await storeTenancyPhoto(t.services, { leaseId: 7, uploaderId: tenant.id, bytes: attempt.bytes }).catch(
        (e: unknown) => e,
      )
      expect(error).toMatchObject({ code: 'invalid' })
      expect((error as Error).message).toMatch(attempt.message)
    }
    expect(await t.services.database.db.$count(tenancyPhoto)).toBe(rowsBefore)
    expect(filesOnDisk()).toHaveLength(filesBefore)
  })
})
