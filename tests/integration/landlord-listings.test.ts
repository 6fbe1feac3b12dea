// The landlord's side of listings on the server: the listing form's page actions, the manage route,
// "My listings" on /userprofile and the ZIP endpoint, with real sessions on a real database.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action as editAction, loader as editLoader } from '#app/routes/property-edit.tsx'
import { action as manageAction } from '#app/routes/property-manage.tsx'
import { action as newAction, loader as newLoader } from '#app/routes/property-new.tsx'
import { action as profileAction, loader as profileLoader } from '#app/routes/userprofile.tsx'
import { listingPath } from '#common/listings/listing-url.ts'
import { list, listing, listingFee, profile, savedListing } from '#server/db/schema.ts'
import { readToast } from '#server/http/flash.server.ts'
import { findListingById } from '#server/listings/index.server.ts'
import { openConversation } from '#server/messages/index.server.ts'
import { addReadyPhoto, listingFactory } from '#tests/support/listings.ts'
import { TEST_ORIGIN, createTestServices, type TestServices } from '#tests/support/test-services.ts'
import { signUpVerifiedUser, type TestUser } from '#tests/support/users.ts'
import { settle } from '#tests/support/route-answers.ts'

type Answer = { ok: false; values: Record<string, unknown>; fieldErrors: Record<string, string[] | undefined>; formError?: string }
type Args = { request: Request; context: unknown; params: Record<string, string> }

/** The fields of a complete, valid listing as the form posts them. */
function formFields(overrides: Record<string, string> = {}): [string, string][] {
  const fields: Record<string, string> = {
    title: 'Bright two-bedroom by Rodney Square',
    type: 'apartment',
    description: 'Tall windows, a galley kitchen and the train five minutes away.',
    offersLease: 'on',
    monthlyRent: '1,850',
    minTermMonths: '12',
    deposit: '1850.50',
    nightlyPrice: '',
    minNights: '2',
    street: '1000 N King Street',
    unit: '4C',
    city: '',
    state: '',
    zip: '19801',
    neighborhood: 'Downtown',
    latitude: '',
    longitude: '',
    coordinatesZip: '',
    bedrooms: '2',
    bathrooms: '1.5',
    interiorSqft: '950',
    yearBuilt: '1931',
    petPolicy: 'One cat is welcome.',
    availableFrom: '2026-03-01',
    intent: 'save',
    ...overrides,
  }
  return [
    ...Object.entries(fields),
    ['feeName', 'Parking'],
    ['feeAmount', '75'],
    ['includedUtilities', 'water'],
    ['includedUtilities', 'trash'],
    ['amenities', 'dishwasher'],
    ['amenities', 'parking'],
    ['allowsCats', 'on'],
  ]
}

function post(pathname: string, cookie: string, fields: [string, string][]) {
  const body = new URLSearchParams(fields).toString()
  return new Request(`${TEST_ORIGIN}${pathname}`, {
    method: 'POST',
    body,
    headers: { Cookie: cookie, Origin: TEST_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
  })
}

describe('landlord listings', () => {
  let t: TestServices
  let landlord: TestUser
  let stranger: TestUser
  let renter: TestUser

  beforeAll(async () => {
    t = await createTestServices()
    ;[landlord, stranger, renter] = await Promise.all([
      signUpVerifiedUser(t, { name: 'Maria Landlord' }),
      signUpVerifiedUser(t, { name: 'Stan Stranger' }),
      signUpVerifiedUser(t, { name: 'Rene Renter' }),
    ])
    const db = t.services.database.db
    await db
      .update(profile)
      .set({ role: 'landlord' })
      .where(sql`${profile.userId} in (${landlord.id}, ${stranger.id})`)
    await db.update(profile).set({ role: 'renter' }).where(eq(profile.userId, renter.id))
  })
  afterAll(async () => {
    await t.close()
  })

  const db = () => t.services.database.db
  const run = <A>(fn: (args: A) => unknown, request: Request, params: Record<string, string> = {}) =>
    settle(async () => fn({ request, context: t.context(), params } as Args as A))
  const countListings = async () =>
    Number(
      (
        await db()
          .select({ n: sql<number>`count(*)` })
          .from(listing)
      )[0]!.n,
    )

  async function createDraft(user = landlord, overrides: Record<string, string> = {}) {
    const { status, response } = await run(newAction, post('/properties/new', user.cookie, formFields(overrides)))
    expect(status).toBe(302)
    const location = response!.headers.get('Location')!
    const id = Number(/-(\d+)\/edit\?step=photos$/.exec(location)![1])
    return { id, location, response: response! }
  }

  const toastOf = async (response: Response) =>
    (await readToast(new Request(TEST_ORIGIN, { headers: { Cookie: response.headers.get('Set-Cookie')!.split(';')[0]! } }))).toast

  it('lets a landlord save a draft, add a photo in its last step, then publish it through the page actions', async () => {
    const { status, body } = await run(newLoader, new Request(`${TEST_ORIGIN}/properties/new`, { headers: { Cookie: landlord.cookie } }))
    expect(status).toBe(200)
    expect((body as { values: { availableFrom: string } }).values.availableFrom).toBe(new Date().toISOString().slice(0, 10))

    const { id, location, response } = await createDraft()
    expect(await toastOf(response)).toEqual({ type: 'success', message: 'Your draft is saved. Add photos, then publish.' })
    const draft = await findListingById(db(), { viewerId: landlord.id, listingId: id })
    expect(draft).toMatchObject({
      status: 'draft',
      title: 'Bright two-bedroom by Rodney Square',
      city: 'Wilmington',
      state: 'DE',
      lease: { monthlyRentCents: 185_000, minTermMonths: 12, depositCents: 185_050 },
      shortTerm: null,
      fees: [{ name: 'Parking', monthlyCents: 7_500 }],
      allInMonthlyCents: 192_500,
      bathrooms: 1.5,
      amenities: ['dishwasher', 'parking'],
      includedUtilities: ['water', 'trash'],
      allowsCats: true,
      allowsDogs: false,
    })
    // No pin was placed: the ZIP's centroid stands in.
    expect(draft!.latitude).toBeCloseTo(39.74, 1)
    expect(draft!.longitude).toBeCloseTo(-75.55, 1)
    // Photos belong to the saved listing: its edit page opens on the form's photos step.
    expect(location).toBe(`${listingPath(draft!)}/edit?step=photos`)

    // The edit page shows it back in dollars, on the step asked for.
    const slug = listingPath(draft!).split('/').pop()!
    const loaded = await run(
      editLoader,
      new Request(`${TEST_ORIGIN}/properties/${slug}/edit?step=photos`, { headers: { Cookie: landlord.cookie } }),
      { slug },
    )
    expect(loaded.status).toBe(200)
    expect((loaded.body as { values: Record<string, unknown> }).values).toMatchObject({
      monthlyRent: '1850',
      deposit: '1850.50',
      bathrooms: '1.5',
    })
    // With the listing's photos (none yet) for the photos step.
    expect(loaded.body as { id: number; photos: unknown[]; step: string }).toMatchObject({ id, photos: [], step: 'photos' })

    // Publishing without a ready photo is refused with why, on the photos step; the changes are saved as the draft.
    const publish = () =>
      run(editAction, post(`/properties/${slug}/edit`, landlord.cookie, formFields({ intent: 'publish', monthlyRent: '1900' })), { slug })
    const refused = await publish()
    expect(refused.status).toBe(400)
    const message = 'Add at least one photo before publishing: renters skip listings without one.'
    expect(refused.body as Answer).toMatchObject({
      ok: false,
      formError: message,
      fieldErrors: { photos: [message] },
      values: { monthlyRent: '1900' },
    })
    expect(await findListingById(db(), { viewerId: null, listingId: id })).toBeUndefined()
    expect(await findListingById(db(), { viewerId: landlord.id, listingId: id })).toMatchObject({
      status: 'draft',
      lease: { monthlyRentCents: 190_000 },
    })

    // With a photo ready it is published, and the landlord is taken to "My listings".
    await addReadyPhoto(db(), id)
    const published = await publish()
    expect(published.status).toBe(302)
    expect(published.response!.headers.get('Location')).toBe('/my-listings')
    const after = await findListingById(db(), { viewerId: null, listingId: id })
    expect(after).toMatchObject({ status: 'published', lease: { monthlyRentCents: 190_000 } })
    // The draft's first rent was never asked: renters see the price it went on the market with.
    expect(after!.priceHistory.map((p) => p.amountCents)).toEqual([190_000])

    // Preview saves and opens the listing page.
    const preview = await run(editAction, post(`/properties/${slug}/edit`, landlord.cookie, formFields({ intent: 'preview' })), { slug })
    expect(preview.response!.headers.get('Location')).toBe(listingPath(draft!))
  })

  it('keeps a new listing published without a photo as a draft, and opens its photos step saying why', async () => {
    const before = await countListings()
    const { status, response } = await run(newAction, post('/properties/new', landlord.cookie, formFields({ intent: 'publish' })))
    expect(status).toBe(302)
    expect(await countListings()).toBe(before + 1)
    const id = Number(/-(\d+)\/edit\?step=photos$/.exec(response!.headers.get('Location')!)![1])
    expect(await findListingById(db(), { viewerId: landlord.id, listingId: id })).toMatchObject({
      status: 'draft',
      title: 'Bright two-bedroom by Rodney Square',
      fees: [{ name: 'Parking', monthlyCents: 7_500 }],
    })
    expect(await toastOf(response!)).toEqual({
      type: 'error',
      message: 'Your draft is saved but not published. Add at least one photo before publishing: renters skip listings without one.',
    })
  })

  it('adds and removes fee rows and looks up a ZIP without JavaScript, saving nothing', async () => {
    const before = await countListings()
    const added = await run(newAction, post('/properties/new', landlord.cookie, formFields({ intent: 'add-fee' })))
    expect(added.status).toBe(200)
    expect((added.body as Answer).values.fees).toEqual([
      { name: 'Parking', amount: '75' },
      { name: '', amount: '' },
    ])
    const removed = await run(newAction, post('/properties/new', landlord.cookie, formFields({ intent: 'remove-fee:0' })))
    expect((removed.body as Answer).values.fees).toEqual([])
    const looked = await run(newAction, post('/properties/new', landlord.cookie, formFields({ intent: 'lookup-zip', zip: '10001' })))
    expect((looked.body as Answer).values).toMatchObject({ city: 'New York', state: 'NY', coordinatesZip: '10001' })
    const unknown = await run(newAction, post('/properties/new', landlord.cookie, formFields({ intent: 'lookup-zip', zip: '00000' })))
    expect((unknown.body as Answer).fieldErrors.zip?.[0]).toMatch(/no US ZIP code 00000/)
    expect(await countListings()).toBe(before)
  })

  it('refuses bad input with field errors and a 4xx, and changes nothing', async () => {
    const before = await countListings()
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ monthlyRent: '-100' }, 'monthlyRent', /cannot be negative/],
      [{ monthlyRent: 'lots' }, 'monthlyRent', /amount in dollars/],
      [{ bedrooms: '500' }, 'bedrooms', /At most 20 bedrooms/],
      [{ bathrooms: '1.25' }, 'bathrooms', /halves/],
      [{ title: 'x'.repeat(1024 * 1024) }, 'title', /at most 120 characters/],
      [{ zip: '00000' }, 'zip', /no US ZIP code/],
      [{ zip: '1980' }, 'zip', /five digits/],
      [{ offersLease: '' }, 'offer', /lease, a short-term stay, or both/],
      [{ availableFrom: 'soon' }, 'availableFrom', /date/],
      // What PostgreSQL itself would refuse, failing the save.
      [{ availableFrom: '0000-01-01' }, 'availableFrom', /between 1900 and 2200/],
      [{ title: 'Bright\u0000 two-bedroom' }, 'title', /NUL character/],
      [{ description: 'Tall\u0000 windows' }, 'description', /NUL character/],
      [
        { offersLease: '', offersShortTerm: 'on', nightlyPrice: '1000000' },
        'nightlyPrice',
        /all-in monthly cost \(30 nights plus fees\) is too large/,
      ],
    ]
    for (const [overrides, field, message] of cases) {
      const fields = formFields(overrides).filter(([name, value]) => !(name === 'offersLease' && value === ''))
      const { status, body } = await run(newAction, post('/properties/new', landlord.cookie, fields))
      expect(status, field).toBe(400)
      expect((body as Answer).fieldErrors[field]?.join(' '), field).toMatch(message)
    }
    const amenity = await run(newAction, post('/properties/new', landlord.cookie, [...formFields(), ['amenities', 'helipad']]))
    expect(amenity.status).toBe(400)
    expect((amenity.body as Answer).fieldErrors.amenities?.[0]).toMatch(/Amenities must be among/)
    // The refused megabyte is not sent back whole.
    const long = await run(newAction, post('/properties/new', landlord.cookie, formFields({ title: 'y'.repeat(1024 * 1024) })))
    expect(((long.body as Answer).values.title as string).length).toBeLessThan(30_000)
    expect(await countListings()).toBe(before)
  })

  it('stores HTML and SQL in text fields as plain text', async () => {
    const title = `<script>alert(1)</script>'); drop table listing; --`
    const description = `<img src=x onerror=alert(1)> Robert'); DELETE FROM listing WHERE ('1'='1`
    const { id } = await createDraft(landlord, { title, description })
    const stored = await findListingById(db(), { viewerId: landlord.id, listingId: id })
    expect(stored).toMatchObject({ title, description })
    expect(await countListings()).toBeGreaterThan(0)
  })

  it('refuses a user who is not a landlord, and saves nothing', async () => {
    const before = await countListings()
    const page = await run(newLoader, new Request(`${TEST_ORIGIN}/properties/new`, { headers: { Cookie: renter.cookie } }))
    expect(page.status).toBe(403)
    expect(page.body).toEqual({ mayList: false })
    const posted = await run(newAction, post('/properties/new', renter.cookie, formFields()))
    expect(posted.status).toBe(403)
    expect((posted.body as Answer).formError).toMatch(/Only landlords can list homes/)
    expect(await countListings()).toBe(before)

    const anonymous = await run(newLoader, new Request(`${TEST_ORIGIN}/properties/new`))
    expect(anonymous.status).toBe(302)
    expect(anonymous.response!.headers.get('Location')).toMatch(/^\/login\?redirectTo=/)
  })

  it('lets a renter, or someone with no role yet, choose to let homes from /properties/new and list one there and then', async () => {
    const cases = [
      { name: 'Rita Renting', role: 'renter', becomes: 'both', says: /You rent and let homes now/ },
      { name: 'Nora Noroll', role: '', becomes: 'landlord', says: /You are a landlord now/ },
    ]
    for (const { name, role, becomes, says } of cases) {
      const person = await signUpVerifiedUser(t, { name })
      await db().update(profile).set({ role }).where(eq(profile.userId, person.id))
      const chosen = await run(profileAction, post('/userprofile', person.cookie, [['intent', 'let-homes']]))
      expect(chosen.status).toBe(302)
      expect(chosen.response!.headers.get('Location')).toBe('/properties/new')
      expect(await toastOf(chosen.response!)).toMatchObject({ type: 'success', message: expect.stringMatching(says) })
      const [stored] = await db().select({ role: profile.role }).from(profile).where(eq(profile.userId, person.id))
      expect(stored!.role).toBe(becomes)
      const page = await run(newLoader, new Request(`${TEST_ORIGIN}/properties/new`, { headers: { Cookie: person.cookie } }))
      expect(page.status).toBe(200)
      await createDraft(person)
    }
    // A landlord who asks again stays a landlord.
    await run(profileAction, post('/userprofile', landlord.cookie, [['intent', 'let-homes']]))
    const [kept] = await db().select({ role: profile.role }).from(profile).where(eq(profile.userId, landlord.id))
    expect(kept!.role).toBe('landlord')
  })

  it("keeps strangers from editing, publishing, archiving, deleting or confirming another's listing", async () => {
    const { id: draftId } = await createDraft()
    const factory = listingFactory(db())
    const published = await factory.create({ ownerId: landlord.id, title: 'Published row house in Trolley Square' })
    const snapshot = async () =>
      db()
        .select()
        .from(listing)
        .where(sql`${listing.id} in (${draftId}, ${published.id})`)
        .orderBy(listing.id)
    const before = await snapshot()

    const draftSlug = `some-draft-${draftId}`
    const publicSlug = listingPath(published).split('/').pop()!

    // Edit: a draft they cannot see is 404; a public listing that is not theirs is 403.
    for (const [slug, expected] of [
      [draftSlug, 404],
      [publicSlug, 403],
    ] as const) {
      const page = await run(editLoader, new Request(`${TEST_ORIGIN}/properties/${slug}/edit`, { headers: { Cookie: stranger.cookie } }), {
        slug,
      })
      expect(page.status, `edit page ${slug}`).toBe(expected)
      const posted = await run(editAction, post(`/properties/${slug}/edit`, stranger.cookie, formFields({ intent: 'publish' })), { slug })
      expect(posted.status, `edit post ${slug}`).toBe(expected)
      for (const intent of ['publish', 'leased', 'archive', 'delete', 'confirm']) {
        const fields: [string, string][] = [
          ['intent', intent],
          ['confirmed', 'yes'],
        ]
        const managed = await run(manageAction, post(`/properties/${slug}/manage`, stranger.cookie, fields), { slug })
        expect(managed.status, `${intent} ${slug}`).toBe(expected)
      }
    }
    expect(await snapshot()).toEqual(before)
  })

  it('lets the owner manage a listing through the manage route', async () => {
    const { id } = await createDraft()
    const slug = `x-${id}`
    const manage = (fields: [string, string][]) => run(manageAction, post(`/properties/${slug}/manage`, landlord.cookie, fields), { slug })
    const status = async () => (await findListingById(db(), { viewerId: landlord.id, listingId: id }))?.status

    // Not without a ready photo: the form's photos step opens, with why.
    const refused = await manage([['intent', 'publish']])
    expect(refused.status).toBe(302)
    expect(refused.response!.headers.get('Location')).toBe(`/properties/${slug}/edit?step=photos`)
    expect(await toastOf(refused.response!)).toEqual({
      type: 'error',
      message: 'Add at least one photo before publishing: renters skip listings without one.',
    })
    expect(await status()).toBe('draft')

    await addReadyPhoto(db(), id)
    const published = await manage([['intent', 'publish']])
    expect(published.status).toBe(302)
    expect(published.response!.headers.get('Location')).toBe('/userprofile#my-listings')
    expect(await status()).toBe('published')

    expect(
      (
        await manage([
          ['intent', 'leased'],
          ['redirectTo', 'https://evil.example/'],
        ])
      ).response!.headers.get('Location'),
    ).toBe('/userprofile#my-listings')
    expect(await status()).toBe('leased')
    await manage([['intent', 'archive']])
    expect(await status()).toBe('archived')

    expect((await manage([['intent', 'explode']])).status).toBe(400)
    // Deleting needs its confirmation step.
    expect((await manage([['intent', 'delete']])).status).toBe(400)
    expect(await status()).toBe('archived')
    expect(
      (
        await manage([
          ['intent', 'delete'],
          ['confirmed', 'yes'],
        ])
      ).status,
    ).toBe(302)
    expect(await status()).toBeUndefined()
  })

  it('shows "My listings" with views, saves, conversations and the stale notice, and confirming clears it', async () => {
    const owner = await signUpVerifiedUser(t, { name: 'Olive Owner' })
    await db().update(profile).set({ role: 'landlord' }).where(eq(profile.userId, owner.id))
    const factory = listingFactory(db())
    const fresh = await factory.create({ ownerId: owner.id, title: 'Fresh loft on Market Street' })
    const stale = await factory.create({
      ownerId: owner.id,
      title: 'Stale cottage near Brandywine Park',
      lastConfirmedAt: new Date(Date.now() - 40 * 24 * 60 * 60 * 1000),
    })
    await db().update(listing).set({ viewCount: 17 }).where(eq(listing.id, fresh.id))
    await db()
      .insert(list)
      .values([{ email: renter.email }, { email: stranger.email }])
      .onConflictDoNothing()
    await db()
      .insert(savedListing)
      .values([
        { email: renter.email, listingId: fresh.id },
        { email: stranger.email, listingId: fresh.id },
      ])

    // Two renters write about the fresh loft; one about nothing in particular, which counts for no listing.
    await openConversation(db(), { userId: renter.id, otherUserId: owner.id, listingId: fresh.id })
    await openConversation(db(), { userId: stranger.id, otherUserId: owner.id, listingId: fresh.id })
    await openConversation(db(), { userId: renter.id, otherUserId: owner.id })
    // A conversation between two others does not count, though it names the same listing.
    await openConversation(db(), { userId: renter.id, otherUserId: stranger.id, listingId: fresh.id })

    const load = async () => {
      const { body } = await run(profileLoader, new Request(`${TEST_ORIGIN}/userprofile`, { headers: { Cookie: owner.cookie } }))
      return (body as { myListings: { id: number; views: number; saves: number; conversations: number; hiddenSince: string | null }[] })
        .myListings
    }
    const mine = await load()
    expect(mine.map((item) => item.id).sort()).toEqual([fresh.id, stale.id].sort())
    expect(mine.find((item) => item.id === fresh.id)).toMatchObject({ views: 17, saves: 2, conversations: 2, hiddenSince: null })
    expect(mine.find((item) => item.id === stale.id)).toMatchObject({ views: 0, saves: 0, conversations: 0 })
    const hidden = mine.find((item) => item.id === stale.id)!
    expect(hidden.hiddenSince).not.toBeNull()
    expect(new Date(hidden.hiddenSince!).getTime()).toBeLessThan(Date.now())

    const slug = listingPath(stale).split('/').pop()!
    await run(manageAction, post(`/properties/${slug}/manage`, owner.cookie, [['intent', 'confirm']]), { slug })
    expect((await load()).find((item) => item.id === stale.id)!.hiddenSince).toBeNull()

    // Someone else's profile lists none of these.
    const other = await run(profileLoader, new Request(`${TEST_ORIGIN}/userprofile`, { headers: { Cookie: renter.cookie } }))
    expect((other.body as { myListings: unknown[] }).myListings).toEqual([])
  })

  it('answers ZIP look-ups on GET /api/zip/:zip', async () => {
    const found = await t.app.request(`${TEST_ORIGIN}/api/zip/19801`)
    expect(found.status).toBe(200)
    expect(await found.json()).toMatchObject({
      zip: '19801',
      city: 'Wilmington',
      state: 'DE',
      latitude: expect.any(Number),
      longitude: expect.any(Number),
    })

    const unknown = await t.app.request(`${TEST_ORIGIN}/api/zip/00000`)
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ status: 404, detail: expect.stringMatching(/00000/) })

    for (const bad of ['1980', 'abcde', '198011', '%3Cscript%3E']) {
      const response = await t.app.request(`${TEST_ORIGIN}/api/zip/${bad}`)
      expect(response.status, bad).toBe(400)
      expect((await response.json()) as { title: string }).toMatchObject({ title: 'Bad Request' })
    }
  })

  it('keeps fees in step when a form saves without any', async () => {
    const { id } = await createDraft()
    const slug = `x-${id}`
    const fields = formFields({ intent: 'save' }).filter(([name]) => name !== 'feeName' && name !== 'feeAmount')
    expect((await run(editAction, post(`/properties/${slug}/edit`, landlord.cookie, fields), { slug })).status).toBe(302)
    expect(await db().select().from(listingFee).where(eq(listingFee.listingId, id))).toEqual([])
  })
})
