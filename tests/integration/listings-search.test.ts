import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { listing } from '#server/db/schema.ts'
import { findListings } from '#server/listings/search/find-listings.server.ts'
import { SEARCH_PLAN_NAMES, SEARCH_PLANS } from '#tests/support/search-plans.ts'
import type { ListingDetail } from '#common/listings/types.ts'
import type { ListingSearchInput } from '#common/listings/schemas.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

const days = (n: number) => new Date(Date.now() - n * 86_400_000)

/** A page link's cursor as a client could forge it: [sort, key, id] as base64url JSON. */
const cursorOf = (parts: [string, string | number, number]) => Buffer.from(JSON.stringify(parts)).toString('base64url')

describe('listing search', () => {
  let t: TestServices
  // A small known set: each filter and sort below names exactly the listings it must return.
  const L: Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F', ListingDetail> = {} as never
  const hidden: ListingDetail[] = []

  beforeAll(async () => {
    t = await createTestServices()
    const listings = listingFactory(t.services.database.db)
    L.A = await listings.create({
      title: 'Bright one-bedroom by Trolley Square',
      type: 'apartment',
      city: 'Wilmington',
      zip: '19806',
      neighborhood: 'Trolley Square',
      latitude: 39.7555,
      longitude: -75.5643,
      lease: { monthlyRentCents: 150_000, minTermMonths: 12, depositCents: 150_000 },
      fees: [{ name: 'Parking', monthlyCents: 7_500 }],
      bedrooms: 1,
      bathrooms: 1,
      interiorSqft: 700,
      allowsCats: true,
      amenities: ['parking', 'dishwasher'],
      availableFrom: '2026-01-01',
      createdAt: days(8),
    })
    L.B = await listings.create({
      title: 'Family house with a big garden',
      type: 'house',
      city: 'Newark',
      zip: '19711',
      neighborhood: 'Old Newark',
      latitude: 39.6837,
      longitude: -75.7497,
      lease: { monthlyRentCents: 240_000, minTermMonths: 12, depositCents: 240_000 },
      fees: [{ name: 'Pet rent', monthlyCents: 3_500 }],
      bedrooms: 3,
      bathrooms: 2.5,
      interiorSqft: 1_800,
      allowsCats: true,
      allowsDogs: true,
      amenities: ['parking', 'outdoor-space', 'in-unit-laundry'],
      availableFrom: '2026-03-01',
      createdAt: days(7),
    })
    L.C = await listings.create({
      title: 'Beach condo steps from the canal',
      type: 'condo',
      city: 'Lewes',
      zip: '19958',
      neighborhood: 'Canalfront',
      latitude: 38.7746,
      longitude: -75.1393,
      lease: null,
      shortTerm: { nightlyCents: 20_000, minNights: 2 },
      bedrooms: 2,
      bathrooms: 2,
      interiorSqft: 1_100,
      isFurnished: true,
      amenities: ['pool'],
      availableFrom: '2025-12-01',
      createdAt: days(6),
    })
    L.D = await listings.create({
      title: 'Furnished studio downtown',
      type: 'studio',
      city: 'Wilmington',
      zip: '19801',
      neighborhood: 'Downtown',
      latitude: 39.7459,
      longitude: -75.5466,
      lease: { monthlyRentCents: 110_000, minTermMonths: 6, depositCents: 110_000 },
      shortTerm: { nightlyCents: 9_000, minNights: 3 },
      bedrooms: 0,
      bathrooms: 1,
      interiorSqft: 450,
      isFurnished: true,
      amenities: ['elevator', 'gym'],
      availableFrom: '2026-02-01',
      createdAt: days(5),
    })
    L.E = await listings.create({
      title: 'End-unit townhouse near the green',
      type: 'townhouse',
      city: 'Dover',
      zip: '19901',
      neighborhood: 'The Green',
      latitude: 39.1582,
      longitude: -75.5244,
      lease: { monthlyRentCents: 190_000, minTermMonths: 12, depositCents: 190_000 },
      fees: [{ name: 'Trash', monthlyCents: 1_500 }],
      bedrooms: 3,
      bathrooms: 1.5,
      interiorSqft: 1_500,
      allowsDogs: true,
      amenities: ['parking', 'in-unit-laundry'],
      availableFrom: '2026-01-15',
      createdAt: days(4),
    })
    L.F = await listings.create({
      title: 'Room in a shared house',
      type: 'room',
      city: 'Newark',
      zip: '19711',
      neighborhood: 'Main Street',
      latitude: 39.683,
      longitude: -75.752,
      lease: { monthlyRentCents: 75_000, minTermMonths: 6, depositCents: 50_000 },
      bedrooms: 1,
      bathrooms: 1,
      interiorSqft: 200,
      availableFrom: '2025-11-01',
      createdAt: days(3),
    })
    // Listings no search may show: a draft, an archived and a leased one, and one left unconfirmed.
    for (const status of ['draft', 'archived', 'leased'] as const) {
      hidden.push(await listings.create({ title: `Hidden ${status} flat in Wilmington`, status, createdAt: days(1) }))
    }
    hidden.push(await listings.create({ title: 'Stale flat in Wilmington', lastConfirmedAt: days(31), createdAt: days(1) }))
  })
  afterAll(async () => {
    await t.close()
  })

  const search = async (input: ListingSearchInput) => {
    const page = await findListings(t.services.database.db, { search: input })
    return page.items.map((item) => item.title)
  }
  const titles = (...keys: (keyof typeof L)[]) => keys.map((k) => L[k].title)

  it('shows only published, recently confirmed listings, newest first, with a total', async () => {
    const page = await findListings(t.services.database.db, { search: {} })
    expect(page.items.map((i) => i.title)).toEqual(titles('F', 'E', 'D', 'C', 'B', 'A'))
    expect(page.total).toBe(6)
    expect(page.nextCursor).toBeNull()
  })

  it('gives every item its all-in monthly cost', async () => {
    const page = await findListings(t.services.database.db, { search: { sort: 'price-asc' } })
    expect(page.items.map((i) => [i.title, i.allInMonthlyCents])).toEqual([
      [L.F.title, 75_000],
      [L.D.title, 110_000],
      [L.A.title, 157_500],
      [L.E.title, 191_500],
      [L.B.title, 243_500],
      [L.C.title, 600_000], // short stays only: 30 nights
    ])
  })

  it.each([
    ['price-asc', ['F', 'D', 'A', 'E', 'B', 'C']],
    ['price-desc', ['C', 'B', 'E', 'A', 'D', 'F']],
    ['largest', ['B', 'E', 'C', 'A', 'D', 'F']],
    ['newest', ['F', 'E', 'D', 'C', 'B', 'A']],
  ] as const)('sorts by %s', async (sort, order) => {
    expect(await search({ sort })).toEqual(titles(...order))
  })

  it.each([
    ['a word of the title', { q: 'canal' }, ['C']],
    ['a city', { q: 'Newark' }, ['F', 'B']],
    ['a neighborhood', { q: 'trolley' }, ['A']],
    ['a ZIP prefix', { q: '1971' }, ['F', 'B']],
    ['a city prefix', { q: 'Wilm' }, ['D', 'A']],
    ['web-search syntax', { q: 'house -shared' }, ['B']],
    ['a price range', { minPrice: 1500, maxPrice: 2000 }, ['E', 'A']],
    ['a minimum price', { minPrice: 2435 }, ['C', 'B']],
    ['minimum bedrooms', { beds: 3 }, ['E', 'B']],
    ['minimum bathrooms', { baths: 1.5 }, ['E', 'C', 'B']],
    ['types', { type: ['house', 'condo'] }, ['C', 'B']],
    ['a lease', { offer: 'lease' }, ['F', 'E', 'D', 'B', 'A']],
    ['short stays', { offer: 'short-term' }, ['D', 'C']],
    ['cats', { pets: ['cats'] }, ['B', 'A']],
    ['dogs', { pets: ['dogs'] }, ['E', 'B']],
    ['cats and dogs', { pets: ['cats', 'dogs'] }, ['B']],
    ['furnished', { furnished: true }, ['D', 'C']],
    ['unfurnished', { furnished: false }, ['F', 'E', 'B', 'A']],
    ['all of several amenities', { amenities: ['parking', 'in-unit-laundry'] }, ['E', 'B']],
    ['availability by a date', { availableBy: '2026-01-15' }, ['F', 'E', 'C', 'A']],
    ['map bounds', { south: 39.73, west: -75.58, north: 39.78, east: -75.52 }, ['D', 'A']],
    ['several filters at once', { q: 'Newark', beds: 2, pets: ['dogs'] }, ['B']],
  ] as const)('filters by %s', async (_name, filters, expected) => {
    expect(await search(filters as ListingSearchInput)).toEqual(titles(...expected))
    // Every plan gives the same homes, in order, and the same count.
    for (const strategy of SEARCH_PLAN_NAMES) {
      const page = await findListings(t.services.database.db, { search: filters as ListingSearchInput, ...SEARCH_PLANS[strategy] })
      expect(
        page.items.map((item) => item.title),
        strategy,
      ).toEqual(titles(...expected))
      expect(page.total, strategy).toBe(expected.length)
    }
  })

  it.each([
    ['a city, whatever its case', { q: 'newark' }, ['F', 'B']],
    ['a city with other filters and a sort', { q: 'Newark', offer: 'lease', sort: 'price-asc' }, ['F', 'B']],
    ['a city prefix sorted by price', { q: 'wil', sort: 'price-desc' }, ['A', 'D']],
    ['text with a price sort and a minimum', { q: 'house', sort: 'price-asc', beds: 1 }, ['F', 'B']],
  ] as const)('finds %s', async (_name, filters, expected) => {
    for (const strategy of SEARCH_PLAN_NAMES) {
      const page = await findListings(t.services.database.db, { search: filters as ListingSearchInput, ...SEARCH_PLANS[strategy] })
      expect(
        page.items.map((item) => item.title),
        strategy,
      ).toEqual(titles(...expected))
    }
  })

  it('returns an empty page when nothing matches', async () => {
    const page = await findListings(t.services.database.db, { search: { q: 'lighthouse', beds: 5 } })
    expect(page).toEqual({ items: [], nextCursor: null, total: 0, isTotalCapped: false, reading: null })
  })

  it('counts a home once when both its words and its city match the text', async () => {
    // "new" is a word of this title and the start of "Newark": the home is found both ways.
    const G = await listingFactory(t.services.database.db).create({
      title: 'New kitchen, quiet street',
      city: 'Newark',
      zip: '19711',
      createdAt: days(9),
    })
    try {
      for (const strategy of SEARCH_PLAN_NAMES) {
        const page = await findListings(t.services.database.db, { search: { q: 'new' }, ...SEARCH_PLANS[strategy] })
        expect(
          page.items.map((item) => item.title),
          strategy,
        ).toEqual([...titles('F', 'B'), G.title])
        expect(page.total, strategy).toBe(3)
      }
    } finally {
      await t.services.database.db.delete(listing).where(eq(listing.id, G.id))
    }
  })

  it('pages through results with a cursor, neither repeating nor skipping', async () => {
    const first = await findListings(t.services.database.db, { search: { sort: 'largest', limit: 4 } })
    expect(first.items.map((i) => i.title)).toEqual(titles('B', 'E', 'C', 'A'))
    expect(first.total).toBe(6)
    const second = await findListings(t.services.database.db, {
      search: { sort: 'largest', limit: 4, cursor: first.nextCursor! },
    })
    expect(second.items.map((i) => i.title)).toEqual(titles('D', 'F'))
    expect(second.nextCursor).toBeNull()
  })

  describe('GET /api/properties', () => {
    it('answers the same filters from the query string', async () => {
      const res = await t.app.request('/api/properties?beds=3&type=house,townhouse&sort=price-asc')
      expect(res.status).toBe(200)
      const body = (await res.json()) as { items: { title: string }[]; total: number; nextCursor: null }
      expect(body.items.map((i) => i.title)).toEqual(titles('E', 'B'))
      expect(body.total).toBe(2)
      const repeated = await t.app.request('/api/properties?amenities=parking&amenities=in-unit-laundry&pets=dogs')
      expect(((await repeated.json()) as typeof body).items.map((i) => i.title)).toEqual(titles('E', 'B'))
    })

    it('refuses a repeated single-value parameter instead of picking one of its values', async () => {
      for (const [query, field] of [
        ['q=canal&q=loft', 'q'],
        ['beds=1&beds=4', 'beds'],
        ['sort=newest&sort=price-asc', 'sort'],
        ['limit=5&limit=50', 'limit'],
      ]) {
        const res = await t.app.request(`/api/properties?${query}`)
        expect(res.status, query).toBe(400)
        expect(Object.keys(((await res.json()) as { errors: Record<string, string[]> }).errors)).toEqual([field])
      }
    })

    it('follows nextCursor to the next page', async () => {
      const first = (await (await t.app.request('/api/properties?sort=price-desc&limit=5')).json()) as {
        items: { title: string }[]
        nextCursor: string
      }
      expect(first.items.map((i) => i.title)).toEqual(titles('C', 'B', 'E', 'A', 'D'))
      const next = await t.app.request(`/api/properties?sort=price-desc&limit=5&cursor=${first.nextCursor}`)
      const body = (await next.json()) as { items: { title: string }[]; total: number | null }
      expect(body.items.map((i) => i.title)).toEqual(titles('F'))
      expect(body.total).toBeNull()
    })

    it.each([
      ['minPrice=-5', 'minPrice'],
      ['beds=abc', 'beds'],
      ['beds=500', 'beds'],
      ['baths=1.3', 'baths'],
      ['sort=random', 'sort'],
      ['cursor=garbage', 'cursor'],
      ['cursor=WyJuZXdlc3QiLCJ4IiwxXQ', 'cursor'],
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
      ['type=castle', 'type.0'],
      ['amenities=sauna', 'amenities.0'],
      ['offer=forever', 'offer'],
      ['furnished=maybe', 'furnished'],
      ['availableBy=tomorrow', 'availableBy'],
      ['south=39', 'bounds'],
      ['minPrice=3000&maxPrice=1000', 'maxPrice'],
      [`q=${'x'.repeat(201)}`, 'q'],
      // Values PostgreSQL itself would refuse, failing the query.
      ['q=%00', 'q'],
      ['q=canal%00front', 'q'],
      ['availableBy=0000-01-01', 'availableBy'],
      ['availableBy=2500-01-01', 'availableBy'],
      [`cursor=${cursorOf(['newest', '2024-99-99T00:00:00Z', 1])}`, 'cursor'],
      [`cursor=${cursorOf(['newest', '2024-02-30T00:00:00Z', 1])}`, 'cursor'],
      [`cursor=${cursorOf(['newest', '0000-01-01T00:00:00Z', 1])}`, 'cursor'],
      [`sort=price-asc&cursor=${cursorOf(['price-asc', 1e12, 1])}`, 'cursor'],
      [`sort=price-desc&cursor=${cursorOf(['price-desc', 2 ** 31, 1])}`, 'cursor'],
      [`sort=largest&cursor=${cursorOf(['largest', 1e12, 1])}`, 'cursor'],
    ])('refuses %s with a 400 problem naming the field', async (query, field) => {
      const res = await t.app.request(`/api/properties?${query}`)
      expect(res.status).toBe(400)
      const body = (await res.json()) as { type: string; title: string; status: number; detail: string; errors: Record<string, string[]> }
      expect(body).toMatchObject({ type: 'about:blank', title: 'Bad Request', status: 400 })
      expect(body.detail).toBeTruthy()
      expect(body.errors[field]?.[0]).toEqual(expect.any(String))
    })

    it('answers a database data exception that validation missed with a 400 problem, not a 500', async () => {
      const { services } = t
      const searchListings = services.searchListings
      // A query the database refuses (NUL in text, an integer out of range) as if validation had let it through.
      const failures = [
        ['22021', sql`select ${'canal\u0000front'}::text`],
        ['22003', sql`select ${3_000_000_000}::integer`],
        ['22008', sql`select ${'2024-99-99'}::date`],
      ] as const
      // The request's own logger, to see the refusal logged as a warning rather than an error.
      const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() }
      const child = vi.spyOn(services.logger, 'child').mockReturnValue(log as never)
      try {
        for (const [code, failure] of failures) {
          services.searchListings = async () => {
            await services.database.db.execute(failure)
            throw new Error('The query should have failed.')
          }
          const res = await t.app.request('/api/properties?q=canal')
          expect(res.status).toBe(400)
          expect(await res.json()).toEqual({
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            detail: 'Some of the input is not valid.',
          })
          expect(log.warn).toHaveBeenLastCalledWith({ dataException: expect.objectContaining({ code }) }, 'input refused by the database')
        }
        expect(log.error).not.toHaveBeenCalled()
      } finally {
        services.searchListings = searchListings
        child.mockRestore()
      }
      expect((await t.app.request('/api/properties?q=canal')).status).toBe(200)
    })

    it('refuses a cursor made for another sort', async () => {
      const first = (await (await t.app.request('/api/properties?sort=price-asc&limit=2')).json()) as { nextCursor: string }
      const res = await t.app.request(`/api/properties?sort=newest&cursor=${first.nextCursor}`)
      expect(res.status).toBe(400)
      expect(((await res.json()) as { errors: Record<string, string[]> }).errors.cursor).toBeDefined()
    })

    it('treats SQL and odd characters in the search text as plain text', async () => {
      for (const q of ["'; drop table listing; --", '%', '_', '\\', '!!!', '<script>', '(canal']) {
        const res = await t.app.request(`/api/properties?q=${encodeURIComponent(q)}`)
        expect(res.status).toBe(200)
      }
      expect(await search({})).toHaveLength(6)
    })

    it('returns a public listing with its fee breakdown and price history', async () => {
      const res = await t.app.request(`/api/properties/${L.A.id}`)
      expect(res.status).toBe(200)
      const body = (await res.json()) as { title: string; allInMonthlyCents: number; fees: unknown; priceHistory: unknown[] }
      expect(body).toMatchObject({
        title: L.A.title,
        allInMonthlyCents: 157_500,
        fees: [{ name: 'Parking', monthlyCents: 7_500 }],
        priceHistory: [{ kind: 'lease', amountCents: 150_000 }],
      })
    })

    it('answers 404 problems for a missing, malformed or private listing', async () => {
      const draft = hidden.find((h) => h.status === 'draft')!
      for (const path of ['/api/properties/999999', '/api/properties/abc', '/api/properties/0', `/api/properties/${draft.id}`]) {
        const res = await t.app.request(path)
        expect(res.status).toBe(404)
        expect(await res.json()).toMatchObject({ status: 404, title: 'Not Found' })
      }
    })
  })
})
