// A listing's year built, kept by the listings area's write functions, the landlord's form pages and
// the database's own check, and read back by the JSON API: saved, changed, cleared, and refused when it
// is not a year (refusals change nothing).
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action as editAction, loader as editLoader } from '#app/routes/property-edit.tsx'
import { action as newAction } from '#app/routes/property-new.tsx'
import { listingPath } from '#common/listings/listing-url.ts'
import { listing, profile } from '#server/db/schema.ts'
import { createListing, findListingById, updateListing } from '#server/listings/index.server.ts'
import { callApi } from '#tests/support/json-api.ts'
import { listingInput } from '#tests/support/listings.ts'
import { settle } from '#tests/support/route-answers.ts'
import { TEST_ORIGIN, createTestServices, type TestServices } from '#tests/support/test-services.ts'
import { signUpVerifiedUser, type TestUser } from '#tests/support/users.ts'

type Answer = { ok: false; values: Record<string, unknown>; fieldErrors: Record<string, string[] | undefined> }
type Args = { request: Request; context: unknown; params: Record<string, string> }

const message = `Year built is a year like 1962, no later than ${new Date().getUTCFullYear() + 1}.`

/** A complete listing as the form posts it, with the year built given. */
function formBody(yearBuilt: string): string {
  return new URLSearchParams([
    ['title', 'Brick rowhouse by the green'],
    ['type', 'house'],
    ['description', 'A porch, a yard and the green at the end of the street.'],
    ['offersLease', 'on'],
    ['monthlyRent', '1800'],
    ['minTermMonths', '12'],
    ['deposit', '1800'],
    ['street', '12 The Green'],
    ['zip', '19901'],
    ['bedrooms', '3'],
    ['bathrooms', '1.5'],
    ['interiorSqft', '1450'],
    ['yearBuilt', yearBuilt],
    ['availableFrom', '2026-03-01'],
    ['intent', 'save'],
  ]).toString()
}

describe('year built', () => {
  let t: TestServices
  let landlord: TestUser
  const db = () => t.services.database.db

  beforeAll(async () => {
    t = await createTestServices()
    landlord = await signUpVerifiedUser(t, { name: 'Maria Landlord' })
    await db().update(profile).set({ role: 'landlord' }).where(eq(profile.userId, landlord.id))
  })
  afterAll(async () => {
    await t.close()
  })

  const yearOf = async (id: number) => (await findListingById(db(), { viewerId: landlord.id, listingId: id }))!.yearBuilt
  /** The listing rows as stored, to show that a refusal changed nothing. */
  const snapshot = async () => ({
    rows: await db().select().from(listing).orderBy(listing.id),
    n: (await db().select({ n: count() }).from(listing))[0]!.n,
  })

  const submit = (fn: unknown, pathname: string, yearBuilt: string, params: Record<string, string> = {}) => {
    const request = new Request(`${TEST_ORIGIN}${pathname}`, {
      method: 'POST',
      body: formBody(yearBuilt),
      headers: { Cookie: landlord.cookie, Origin: TEST_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    return settle(async () => (fn as (args: Args) => unknown)({ request, context: t.context(), params }))
  }

  it('is saved, changed and cleared through the write functions, and read by the API', async () => {
    const created = await createListing(db(), { viewerId: landlord.id, input: listingInput({ yearBuilt: 1962 }) })
    expect(created.yearBuilt).toBe(1962)
    const changed = await updateListing(db(), { viewerId: landlord.id, listingId: created.id, changes: { yearBuilt: 1990 } })
    expect(changed.yearBuilt).toBe(1990)
    // A change of something else keeps the year.
    await updateListing(db(), { viewerId: landlord.id, listingId: created.id, changes: { bedrooms: 3 } })
    expect(await yearOf(created.id)).toBe(1990)
    const api = await callApi(t, 'GET', `/properties/${created.id}`, { cookie: landlord.cookie })
    expect(api.status).toBe(200)
    expect(api.json.yearBuilt).toBe(1990)

    const cleared = await updateListing(db(), { viewerId: landlord.id, listingId: created.id, changes: { yearBuilt: null } })
    expect(cleared.yearBuilt).toBeNull()
    expect((await callApi(t, 'GET', `/properties/${created.id}`, { cookie: landlord.cookie })).json).toMatchObject({ yearBuilt: null })
    // Not given at all: not known.
    const { yearBuilt: _left, ...withoutYear } = listingInput()
    expect((await createListing(db(), { viewerId: landlord.id, input: withoutYear })).yearBuilt).toBeNull()
  })

  it('refuses a year that is not one, with a field error, and changes nothing', async () => {
    const home = await createListing(db(), { viewerId: landlord.id, input: listingInput({ yearBuilt: 1931 }) })
    const before = await snapshot()
    const nextYear = new Date().getUTCFullYear() + 1
    for (const bad of [1699, 0, -1, nextYear + 1, 32767, 1962.5, '1962', 'old', true]) {
      const refusal = { code: 'invalid', fieldErrors: { yearBuilt: [message] } }
      await expect(
        createListing(db(), { viewerId: landlord.id, input: listingInput({ yearBuilt: bad as number }) }),
        String(bad),
      ).rejects.toMatchObject(refusal)
      await expect(
        updateListing(db(), { viewerId: landlord.id, listingId: home.id, changes: { yearBuilt: bad } }),
        String(bad),
      ).rejects.toMatchObject(refusal)
    }
    expect(await snapshot()).toEqual(before)
  })

  it('is checked by the database too, whoever writes the row', async () => {
    const home = await createListing(db(), { viewerId: landlord.id, input: listingInput({ yearBuilt: 1931 }) })
    for (const year of [1599, 2101]) {
      await expect(db().update(listing).set({ yearBuilt: year }).where(eq(listing.id, home.id)), String(year)).rejects.toMatchObject({
        cause: expect.objectContaining({ message: expect.stringContaining('listing_year_built_check') }),
      })
    }
    await db().update(listing).set({ yearBuilt: null }).where(eq(listing.id, home.id))
    expect(await yearOf(home.id)).toBeNull()
  })

  it('is entered, changed and cleared on the landlord’s form, and a bad entry is refused with the field’s message', async () => {
    const created = await submit(newAction, '/properties/new', '1931')
    expect(created.status).toBe(302)
    const id = Number(/-(\d+)\/edit\?step=photos$/.exec(created.response!.headers.get('Location')!)![1])
    expect(await yearOf(id)).toBe(1931)
    const slug = listingPath((await findListingById(db(), { viewerId: landlord.id, listingId: id }))!)
      .split('/')
      .pop()!
    const path = `/properties/${slug}/edit`

    const loaded = await settle(async () =>
      editLoader({
        request: new Request(`${TEST_ORIGIN}${path}`, { headers: { Cookie: landlord.cookie } }),
        context: t.context(),
        params: { slug },
      } as Args as Parameters<typeof editLoader>[0]),
    )
    expect((loaded.body as Answer).values.yearBuilt).toBe('1931')

    expect((await submit(editAction, path, ' 1962 ', { slug })).status).toBe(302)
    expect(await yearOf(id)).toBe(1962)

    const before = await snapshot()
    for (const bad of ['nineteen', '1962.5', '1,962', '1066', '3000']) {
      const refused = await submit(editAction, path, bad, { slug })
      expect(refused.status, bad).toBe(400)
      expect((refused.body as Answer).fieldErrors.yearBuilt, bad).toEqual([message])
      expect((refused.body as Answer).values.yearBuilt, bad).toBe(bad)
    }
    expect((await submit(newAction, '/properties/new', '1492')).status).toBe(400)
    expect(await snapshot()).toEqual(before)

    expect((await submit(editAction, path, '', { slug })).status).toBe(302)
    expect(await yearOf(id)).toBeNull()
  })
})
