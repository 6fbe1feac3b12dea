import fs from 'node:fs'
import path from 'node:path'
import { eq, inArray, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listingPhoto, profile } from '#server/db/schema.ts'
import { readToast } from '#server/http/flash.server.ts'
import { archiveListing, findListingById } from '#server/listings/index.server.ts'
import { addListingPhotos, LAST_PHOTO_OF_PUBLISHED, type OwnerPhoto } from '#server/media/listing-photos.server.ts'
import { PROCESS_PHOTO_JOB, SWEEP_PHOTOS_CRON, SWEEP_PHOTOS_JOB, processListingPhoto } from '#server/media/photo-jobs.server.ts'
import { decompressionBombPng, jpegWithGps, solidImage } from '#tests/support/images.ts'
import { addReadyPhoto, listingFactory } from '#tests/support/listings.ts'
import { TEST_ORIGIN, createTestServices, jsonRequest, type TestServices } from '#tests/support/test-services.ts'
import { signUpVerifiedUser, type TestUser } from '#tests/support/users.ts'

type Problem = { status: number; detail: string; errors?: Record<string, string[]> }

describe('listing photos', () => {
  let t: TestServices
  let owner: TestUser
  let stranger: TestUser
  let admin: TestUser
  let listingId: number
  const db = () => t.services.database.db

  beforeAll(async () => {
    t = await createTestServices()
    owner = await signUpVerifiedUser(t, { name: 'Olive Owner' })
    stranger = await signUpVerifiedUser(t, { name: 'Sam Stranger' })
    admin = await signUpVerifiedUser(t, { name: 'Ada Admin' })
    await db().update(profile).set({ role: 'landlord' }).where(eq(profile.userId, owner.id))
    await db().update(profile).set({ isAdministrator: true }).where(eq(profile.userId, admin.id))
    listingId = (await listingFactory(db()).create({ ownerId: owner.id, withoutPhoto: true })).id
  })
  afterAll(async () => {
    await t.close()
  })

  function upload(user: TestUser | null, files: { bytes: Uint8Array; name: string; altText?: string }[], id = listingId) {
    const form = new FormData()
    for (const file of files) {
      form.append('photo', new File([new Uint8Array(file.bytes)], file.name, { type: 'image/jpeg' }))
      form.append('altText', file.altText ?? '')
    }
    const headers: Record<string, string> = { Origin: TEST_ORIGIN }
    if (user) headers.Cookie = user.cookie
    return t.app.request(new Request(`${TEST_ORIGIN}/api/properties/${id}/photos`, { method: 'POST', body: form, headers }))
  }

  async function photosOf(user: TestUser, id = listingId) {
    const res = await t.app.request(`${TEST_ORIGIN}/api/properties/${id}/photos`, { headers: { Cookie: user.cookie } })
    expect(res.status).toBe(200)
    return ((await res.json()) as { photos: OwnerPhoto[] }).photos
  }

  function patch(user: TestUser, body: unknown) {
    return t.app.request(jsonRequest(`/api/properties/${listingId}/photos`, body, { method: 'PATCH', headers: { Cookie: user.cookie } }))
  }

  function mediaFile(url: string) {
    return path.join(t.dataDir, url)
  }

  it('stores an upload as pending, and the job writes upright WebP widths without EXIF or GPS', async () => {
    const jpeg = await jpegWithGps(1300, 900)
    expect((await sharp(jpeg).metadata()).exif?.toString('latin1')).toContain('Cooper Camera')
    const res = await upload(owner, [{ bytes: jpeg, name: 'porch.jpg', altText: 'The front porch in spring' }])
    expect(res.status).toBe(201)
    const { photos } = (await res.json()) as { photos: OwnerPhoto[] }
    expect(photos).toEqual([{ id: expect.any(Number), altText: 'The front porch in spring', status: 'pending', error: null, view: null }])
    // Not on the public listing until processed.
    expect((await findListingById(db(), { viewerId: null, listingId }))!.photos).toEqual([])

    expect(await t.services.jobs.runUntilIdle()).toBe(1)
    const [ready] = await photosOf(owner)
    expect(ready).toMatchObject({ id: photos[0]!.id, status: 'ready', error: null })
    const [row] = await db().select().from(listingPhoto).where(eq(listingPhoto.id, photos[0]!.id))
    expect(row).toMatchObject({ width: 1300, height: 900, variantWidths: [400, 800, 1200, 1300] })
    expect(row!.placeholder).toMatch(/^[A-Za-z0-9+/]+=*$/)

    const listed = (await findListingById(db(), { viewerId: null, listingId }))!.photos
    expect(listed).toHaveLength(1)
    expect(listed[0]).toMatchObject({ alt: 'The front porch in spring', width: 1300, height: 900 })
    for (const width of [400, 800, 1200, 1300]) {
      const url = `/media/listings/${row!.storageKey}/${width}.webp`
      expect(listed[0]!.srcSet).toContain(`${url} ${width}w`)
      const file = fs.readFileSync(mediaFile(url))
      const meta = await sharp(file).metadata()
      expect(meta).toMatchObject({ format: 'webp', width })
      expect(meta.exif).toBeUndefined()
      expect(meta.xmp).toBeUndefined()
      expect(file.toString('latin1')).not.toContain('Cooper Camera')
    }
    // The original is kept outside the served media.
    const served = await t.app.request(`${TEST_ORIGIN}/media/../originals/listings/${row!.storageKey}`)
    expect(served.status).toBe(404)
  })

  it('serves the variants with a long, immutable cache header', async () => {
    const [photo] = await photosOf(owner)
    const res = await t.app.request(`${TEST_ORIGIN}${photo!.view!.src}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('content-type')).toBe('image/webp')
  })

  it('never enlarges a small photo', async () => {
    const res = await upload(owner, [{ bytes: await solidImage(500, 300).png().toBuffer(), name: 'small.png' }])
    expect(res.status).toBe(201)
    await t.services.jobs.runUntilIdle()
    const photos = await photosOf(owner)
    const [row] = await db()
      .select()
      .from(listingPhoto)
      .where(eq(listingPhoto.id, photos.at(-1)!.id))
    expect(row).toMatchObject({ status: 'ready', width: 500, variantWidths: [400, 500] })
  })

  it('accepts a PNG named .jpg as a PNG and several files at once', async () => {
    const png = await solidImage(900, 600, { r: 200, g: 40, b: 40 }).png().toBuffer()
    const before = (await photosOf(owner)).length
    const res = await upload(owner, [
      { bytes: png, name: 'kitchen.jpg', altText: 'Kitchen' },
      { bytes: await solidImage(800, 800).webp().toBuffer(), name: 'garden.webp', altText: 'Garden' },
    ])
    expect(res.status).toBe(201)
    await t.services.jobs.runUntilIdle()
    const photos = await photosOf(owner)
    expect(photos).toHaveLength(before + 2)
    expect(photos.slice(-2).map((p) => [p.altText, p.status])).toEqual([
      ['Kitchen', 'ready'],
      ['Garden', 'ready'],
    ])
  })

  it('refuses a text file named .jpg, a 20 MB file and a decompression bomb, and stores nothing', async () => {
    const before = await db().select().from(listingPhoto).where(eq(listingPhoto.listingId, listingId))
    const cases: [Uint8Array, string, RegExp][] = [
      [
        new TextEncoder().encode('Hello, this is not a photo at all.\n'),
        'notes.jpg',
        /notes\.jpg: This file is not a JPEG, PNG or WebP image\./,
      ],
      [
        Buffer.concat([await jpegWithGps(100, 100), Buffer.alloc(20 * 1024 * 1024)]),
        'huge.jpg',
        /huge\.jpg: The photo must be 15 MB or smaller\./,
      ],
      [decompressionBombPng(30_000, 30_000), 'bomb.jpg', /bomb\.jpg: This image has too many pixels to process/],
    ]
    for (const [bytes, name, message] of cases) {
      const res = await upload(owner, [
        { bytes: await solidImage(300, 300).jpeg().toBuffer(), name: 'fine.jpg' },
        { bytes, name },
      ])
      expect(res.status).toBe(400)
      const body = (await res.json()) as Problem
      expect(body.detail).toMatch(message)
      expect(body.errors?.['photos.1']?.[0]).toMatch(message)
    }
    expect(await db().select().from(listingPhoto).where(eq(listingPhoto.listingId, listingId))).toEqual(before)
    expect(await t.services.jobs.runUntilIdle()).toBe(0)
  })

  it('refuses the 31st photo of a listing', async () => {
    const id = (await listingFactory(db()).create({ ownerId: owner.id, withoutPhoto: true })).id
    const small = await solidImage(40, 40).jpeg().toBuffer()
    const files = Array.from({ length: 15 }, (_, i) => ({ bytes: small, name: `p${i}.jpg` }))
    expect((await upload(owner, files, id)).status).toBe(201)
    expect((await upload(owner, files, id)).status).toBe(201)
    const res = await upload(owner, [{ bytes: small, name: 'one-too-many.jpg' }], id)
    expect(res.status).toBe(400)
    expect(((await res.json()) as Problem).detail).toBe('A listing can have at most 30 photos; this one has room for 0 more.')
    expect(await photosOf(owner, id)).toHaveLength(30)
    await t.services.jobs.runUntilIdle()
  })

  it('refuses alt text with a NUL character, on upload and on change, and changes nothing', async () => {
    const before = await db().select().from(listingPhoto).where(eq(listingPhoto.listingId, listingId))
    expect(before.length).toBeGreaterThan(0)
    const small = await solidImage(40, 40).jpeg().toBuffer()
    const uploaded = await upload(owner, [{ bytes: small, name: 'porch.jpg', altText: 'The porch\u0000' }])
    expect(uploaded.status).toBe(400)
    expect(((await uploaded.json()) as Problem).errors?.['photos.0.altText']).toEqual(['Alt text cannot contain the NUL character.'])
    const changed = await patch(owner, { photos: [{ id: before[0]!.id, altText: 'The garden\u0000' }] })
    expect(changed.status).toBe(400)
    expect(((await changed.json()) as Problem).errors?.['photos.0.altText']).toEqual(['Alt text cannot contain the NUL character.'])
    expect(await db().select().from(listingPhoto).where(eq(listingPhoto.listingId, listingId))).toEqual(before)
    expect(await t.services.jobs.runUntilIdle()).toBe(0)
  })

  it('reorders photos and sets alt texts', async () => {
    const before = await photosOf(owner)
    const reversed = [...before].reverse()
    const res = await patch(owner, {
      photos: reversed.map((p, i) => (i === 0 ? { id: p.id, altText: 'The garden at dusk' } : { id: p.id })),
    })
    expect(res.status).toBe(200)
    const after = await photosOf(owner)
    expect(after.map((p) => p.id)).toEqual(reversed.map((p) => p.id))
    expect(after[0]!.altText).toBe('The garden at dusk')
    const listed = (await findListingById(db(), { viewerId: null, listingId }))!
    expect(listed.photos[0]).toMatchObject({ id: reversed[0]!.id, alt: 'The garden at dusk' })
    expect(listed.photo?.id).toBe(reversed[0]!.id)

    const bad = await patch(owner, { photos: [{ id: before[0]!.id, altText: 'x'.repeat(301) }] })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as Problem).errors?.['photos.0.altText']).toEqual(['Alt text can be at most 300 characters.'])
    const foreign = await patch(owner, { photos: [{ id: 999_999_999 }] })
    expect(foreign.status).toBe(400)
    expect(await photosOf(owner)).toEqual(after)
  })

  it('lets no stranger or visitor see, upload, reorder or delete photos; an administrator may', async () => {
    const before = await photosOf(owner)
    const jpeg = await solidImage(300, 200).jpeg().toBuffer()
    expect((await upload(null, [{ bytes: jpeg, name: 'a.jpg' }])).status).toBe(401)
    const refused = await upload(stranger, [{ bytes: jpeg, name: 'a.jpg' }])
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as Problem).detail).toBe('Only the owner or an administrator can change the photos of this listing.')
    expect(
      (await t.app.request(`${TEST_ORIGIN}/api/properties/${listingId}/photos`, { headers: { Cookie: stranger.cookie } })).status,
    ).toBe(403)
    expect((await patch(stranger, { photos: [{ id: before[1]!.id, altText: 'Mine now' }] })).status).toBe(403)
    const del = await t.app.request(
      new Request(`${TEST_ORIGIN}/api/properties/${listingId}/photos/${before[0]!.id}`, {
        method: 'DELETE',
        headers: { Origin: TEST_ORIGIN, Cookie: stranger.cookie },
      }),
    )
    expect(del.status).toBe(403)
    // A draft of someone else is not even admitted to exist.
    const draft = (await listingFactory(db()).create({ ownerId: owner.id, status: 'draft' })).id
    expect((await upload(stranger, [{ bytes: jpeg, name: 'a.jpg' }], draft)).status).toBe(404)
    expect(await photosOf(owner)).toEqual(before)

    // A request from another site is refused before anything else.
    const crossSite = new FormData()
    crossSite.append('photo', new File([jpeg], 'a.jpg'))
    const fromElsewhere = await t.app.request(
      new Request(`${TEST_ORIGIN}/api/properties/${listingId}/photos`, {
        method: 'POST',
        body: crossSite,
        headers: { Origin: 'https://evil.example', Cookie: owner.cookie },
      }),
    )
    expect(fromElsewhere.status).toBe(403)

    expect((await patch(admin, { photos: [{ id: before[1]!.id, altText: 'Checked by moderation' }] })).status).toBe(200)
    expect((await photosOf(owner))[0]!.altText).toBe('Checked by moderation')
  })

  it('deletes a photo and its files', async () => {
    const [first] = await photosOf(owner)
    const [row] = await db().select().from(listingPhoto).where(eq(listingPhoto.id, first!.id))
    const dir = path.join(t.dataDir, 'media', 'listings', row!.storageKey)
    expect(fs.existsSync(dir)).toBe(true)
    const res = await t.app.request(
      new Request(`${TEST_ORIGIN}/api/properties/${listingId}/photos/${first!.id}`, {
        method: 'DELETE',
        headers: { Origin: TEST_ORIGIN, Cookie: owner.cookie },
      }),
    )
    expect(res.status).toBe(204)
    expect((await photosOf(owner)).map((p) => p.id)).not.toContain(first!.id)
    expect(fs.existsSync(dir)).toBe(false)
    const again = await t.app.request(
      new Request(`${TEST_ORIGIN}/api/properties/${listingId}/photos/${first!.id}`, {
        method: 'DELETE',
        headers: { Origin: TEST_ORIGIN, Cookie: owner.cookie },
      }),
    )
    expect(again.status).toBe(404)
  })

  it("keeps a published listing's last ready photo until another is ready or the listing is unpublished", async () => {
    const published = await listingFactory(db()).create({ ownerId: owner.id })
    const [only] = await photosOf(owner, published.id)
    const remove = (photoId: number) =>
      t.app.request(
        new Request(`${TEST_ORIGIN}/api/properties/${published.id}/photos/${photoId}`, {
          method: 'DELETE',
          headers: { Origin: TEST_ORIGIN, Cookie: owner.cookie },
        }),
      )
    const refused = await remove(only!.id)
    expect(refused.status).toBe(409)
    expect(((await refused.json()) as Problem).detail).toBe(LAST_PHOTO_OF_PUBLISHED)
    expect((await photosOf(owner, published.id)).map((p) => p.id)).toEqual([only!.id])

    // Without JavaScript the same refusal comes back as a toast on the page.
    const back = `/properties/x-${published.id}/edit`
    const fromForm = await t.app.request(
      new Request(`${TEST_ORIGIN}/api/properties/${published.id}/photos/${only!.id}`, {
        method: 'POST',
        body: new URLSearchParams({ intent: 'delete', redirectTo: back }),
        headers: { Origin: TEST_ORIGIN, Cookie: owner.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
    )
    expect(fromForm.status).toBe(302)
    const cookie = fromForm.headers.get('set-cookie')!.split(';')[0]!
    expect((await readToast(new Request(TEST_ORIGIN, { headers: { Cookie: cookie } }))).toast).toEqual({
      type: 'error',
      message: LAST_PHOTO_OF_PUBLISHED,
    })
    expect((await photosOf(owner, published.id)).map((p) => p.id)).toEqual([only!.id])

    // A photo still processing does not count: the listing would show none.
    const pending = await addReadyPhoto(db(), published.id, 'The kitchen')
    await db().update(listingPhoto).set({ status: 'pending' }).where(eq(listingPhoto.id, pending))
    expect((await remove(only!.id)).status).toBe(409)
    await db().update(listingPhoto).set({ status: 'ready' }).where(eq(listingPhoto.id, pending))
    expect((await remove(only!.id)).status).toBe(204)
    expect((await photosOf(owner, published.id)).map((p) => p.id)).toEqual([pending])

    // Archived, the listing may be left without photos.
    await archiveListing(db(), { viewerId: owner.id, listingId: published.id })
    expect((await remove(pending)).status).toBe(204)
    expect(await photosOf(owner, published.id)).toEqual([])
  })

  it('works from plain forms without JavaScript: back to the page with a toast', async () => {
    const form = (user: TestUser, action: string, fields: Record<string, string>) =>
      t.app.request(
        new Request(`${TEST_ORIGIN}${action}`, {
          method: 'POST',
          body: new URLSearchParams(fields),
          headers: { Origin: TEST_ORIGIN, Cookie: user.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
        }),
      )
    const before = await photosOf(owner)
    const back = `/properties/x-${listingId}/edit`
    const moved = await form(owner, `/api/properties/${listingId}/photos/${before[0]!.id}`, { intent: 'later', redirectTo: back })
    expect(moved.status).toBe(302)
    expect(moved.headers.get('location')).toBe(back)
    expect(moved.headers.get('set-cookie')).toContain('cooper_flash=')
    expect((await photosOf(owner)).slice(0, 2).map((p) => p.id)).toEqual([before[1]!.id, before[0]!.id])

    const described = await form(owner, `/api/properties/${listingId}/photos/${before[0]!.id}`, {
      intent: 'describe',
      altText: 'Porch, west side',
      redirectTo: back,
    })
    expect(described.status).toBe(302)
    const after = await photosOf(owner)
    expect(after.find((p) => p.id === before[0]!.id)!.altText).toBe('Porch, west side')
    expect(after.slice(0, 2).map((p) => p.id)).toEqual([before[1]!.id, before[0]!.id])

    const refused = await form(stranger, `/api/properties/${listingId}/photos/${before[0]!.id}`, { intent: 'delete', redirectTo: back })
    expect(refused.status).toBe(302)
    expect(await photosOf(owner)).toEqual(after)

    const upload = new FormData()
    upload.append('photo', new File([new TextEncoder().encode('not an image')], 'notes.jpg'))
    upload.append('redirectTo', back)
    const bad = await t.app.request(
      new Request(`${TEST_ORIGIN}/api/properties/${listingId}/photos`, {
        method: 'POST',
        body: upload,
        headers: { Origin: TEST_ORIGIN, Cookie: owner.cookie },
      }),
    )
    expect(bad.status).toBe(302)
    expect(bad.headers.get('location')).toBe(back)
    expect(await photosOf(owner)).toEqual(after)
  })

  it('marks a photo failed with a reason when its original cannot be processed', async () => {
    const res = await upload(owner, [{ bytes: await solidImage(300, 200).jpeg().toBuffer(), name: 'lost.jpg' }])
    const { photos } = (await res.json()) as { photos: OwnerPhoto[] }
    const [row] = await db().select().from(listingPhoto).where(eq(listingPhoto.id, photos[0]!.id))
    fs.writeFileSync(path.join(t.dataDir, 'originals', 'listings', row!.storageKey), 'damaged')
    await t.services.jobs.runUntilIdle()
    const failed = (await photosOf(owner)).find((p) => p.id === photos[0]!.id)
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'This photo could not be processed. It may be damaged; try another photo.',
      view: null,
    })
  })

  it('processes the same photo twice, even at the same time, and keeps it ready with its files', async () => {
    const id = (await listingFactory(db()).create({ ownerId: owner.id, withoutPhoto: true })).id
    const res = await upload(owner, [{ bytes: await solidImage(900, 600).jpeg().toBuffer(), name: 'twice.jpg', altText: 'The hall' }], id)
    const { photos } = (await res.json()) as { photos: OwnerPhoto[] }
    const photoId = photos[0]!.id
    // A retry or the sweep may queue a second job while the first one runs.
    await t.services.jobs.send(PROCESS_PHOTO_JOB, { photoId })
    const context = { db: db(), dataDir: t.dataDir, logger: t.services.logger }
    await Promise.all([processListingPhoto(context, photoId), processListingPhoto(context, photoId)])
    expect(await t.services.jobs.runUntilIdle()).toBe(2)

    const [ready] = await photosOf(owner, id)
    expect(ready).toMatchObject({ id: photoId, status: 'ready', error: null })
    const listed = (await findListingById(db(), { viewerId: null, listingId: id }))!.photos
    expect(listed.map((p) => p.alt)).toEqual(['The hall'])
    for (const entry of listed[0]!.srcSet.split(', ')) {
      const served = await t.app.request(`${TEST_ORIGIN}${entry.split(' ')[0]}`)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/webp')
    }
  })

  it('sweeps photos left pending by a lost job: processes them, or fails them when the original is gone', async () => {
    const id = (await listingFactory(db()).create({ ownerId: owner.id, withoutPhoto: true })).id
    const image = await solidImage(600, 400).jpeg().toBuffer()
    // Committed, but the process stopped before the jobs were queued.
    const added = await addListingPhotos(
      { db: db(), dataDir: t.dataDir },
      {
        viewerId: owner.id,
        listingId: id,
        uploads: [
          { name: 'kept.jpg', bytes: image, altText: 'Kept original' },
          { name: 'lost.jpg', bytes: image, altText: 'Lost original' },
          { name: 'fresh.jpg', bytes: image, altText: 'Just uploaded' },
        ],
      },
    )
    const [kept, lost, fresh] = added.map((photo) => photo.id) as [number, number, number]
    const [lostRow] = await db().select().from(listingPhoto).where(eq(listingPhoto.id, lost))
    fs.rmSync(path.join(t.dataDir, 'originals', 'listings', lostRow!.storageKey))
    await db()
      .update(listingPhoto)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(inArray(listingPhoto.id, [kept, lost]))
    expect((await photosOf(owner, id)).map((p) => p.status)).toEqual(['pending', 'pending', 'pending'])

    // The sweep runs on a schedule on the workers; here it is queued by hand and run to the end.
    await t.services.jobs.send(SWEEP_PHOTOS_JOB)
    expect(await t.services.jobs.runUntilIdle()).toBe(2)
    const byId = new Map((await photosOf(owner, id)).map((p) => [p.id, p]))
    expect(byId.get(kept)).toMatchObject({ status: 'ready', error: null, altText: 'Kept original' })
    expect(byId.get(lost)).toMatchObject({
      status: 'failed',
      error: 'The uploaded file was lost before it could be processed. Upload the photo again.',
      view: null,
    })
    // Younger than a few minutes: its job may still be on its way.
    expect(byId.get(fresh)).toMatchObject({ status: 'pending' })
    expect((await findListingById(db(), { viewerId: null, listingId: id }))!.photos.map((p) => p.alt)).toEqual(['Kept original'])

    // A second sweep finds nothing left to do.
    await t.services.jobs.send(SWEEP_PHOTOS_JOB)
    expect(await t.services.jobs.runUntilIdle()).toBe(1)
    expect((await photosOf(owner, id)).map((p) => p.status)).toEqual(['ready', 'failed', 'pending'])

    const schedules = await db().execute<{ cron: string }>(sql`select cron from pgboss.schedule where name = ${SWEEP_PHOTOS_JOB}`)
    expect(schedules.rows.map((row) => row.cron)).toEqual([SWEEP_PHOTOS_CRON])
  })
})
