// Search text read as a renter means it: a city with or without its state, a state, a neighborhood,
// a ZIP, a place misspelt, rooms ("2br"), and what is sought "in" a place. Each search is answered by
// every plan, with the same homes, count and reading.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findListings } from '#server/listings/search/find-listings.server.ts'
import type { ListingSearchInput } from '#common/listings/schemas.ts'
import type { ListingDetail, PlaceSuggestion, SearchReading } from '#common/listings/types.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { SEARCH_PLAN_NAMES, SEARCH_PLANS } from '#tests/support/search-plans.ts'
import { testDatabaseKind } from '#tests/support/test-database.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

const days = (n: number) => new Date(Date.now() - n * 86_400_000)

const HOMES = {
  austinLoft: { title: 'Loft on South Congress', city: 'Austin', state: 'TX', zip: '78704', neighborhood: 'South Congress', bedrooms: 1 },
  austinHouse: { title: 'Bungalow with a porch', city: 'Austin', state: 'TX', zip: '78702', neighborhood: 'East Austin', bedrooms: 3 },
  austinCondo: {
    title: 'Condo by the lake',
    type: 'condo',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    neighborhood: 'Downtown',
    bedrooms: 2,
  },
  parkSlope: { title: 'Brownstone floor', city: 'Brooklyn', state: 'NY', zip: '11215', neighborhood: 'Park Slope', bedrooms: 2 },
  williamsburg: { title: 'Loft by the river', city: 'Brooklyn', state: 'NY', zip: '11211', neighborhood: 'Williamsburg', bedrooms: 1 },
  astoria: { title: 'Quiet one-bedroom', city: 'Queens', state: 'NY', zip: '11102', neighborhood: 'Astoria', bedrooms: 1 },
  capitol: {
    title: 'Row house near the Capitol',
    city: 'Washington',
    state: 'DC',
    zip: '20003',
    neighborhood: 'Capitol Hill',
    bedrooms: 4,
  },
  wilmington: { title: 'Flat by the park', city: 'Wilmington', state: 'DE', zip: '19806', neighborhood: 'Trolley Square', bedrooms: 0 },
  // A place whose name starts with a stop word: "the" is spelt much like it.
  theLoop: { title: 'High-rise with a doorman', city: 'Chicago', state: 'IL', zip: '60601', neighborhood: 'The Loop', bedrooms: 1 },
} as const
type Home = keyof typeof HOMES

describe(`search text read as places and rooms on ${testDatabaseKind()}`, () => {
  let t: TestServices
  const L = {} as Record<Home, ListingDetail>

  beforeAll(async () => {
    t = await createTestServices()
    const listings = listingFactory(t.services.database.db)
    // Created in this order, one day apart: the newest first is the reverse.
    const names = Object.keys(HOMES) as Home[]
    for (const [i, name] of names.entries()) {
      const { type, ...home } = { type: 'apartment' as const, ...HOMES[name] }
      L[name] = await listings.create({ ...home, type: home.bedrooms === 0 ? 'studio' : type, createdAt: days(names.length - i) })
    }
  })
  afterAll(async () => {
    await t.close()
  })

  /** The homes of a search, newest first, checked to be the same, with the same total and reading, by every plan. */
  async function searchAllPlans(search: ListingSearchInput) {
    const pages = await Promise.all([
      findListings(t.services.database.db, { search }),
      ...SEARCH_PLAN_NAMES.map((plan) => findListings(t.services.database.db, { search, ...SEARCH_PLANS[plan] })),
    ])
    const [page] = pages
    for (const [i, other] of pages.entries()) {
      const label = `${JSON.stringify(search)} by ${['auto', ...SEARCH_PLAN_NAMES][i]}`
      expect(
        other.items.map((item) => item.id),
        label,
      ).toEqual(page!.items.map((item) => item.id))
      expect(other.total, label).toBe(page!.items.length)
      expect(other.reading, label).toEqual(page!.reading)
    }
    const byId = new Map(Object.entries(L).map(([name, home]) => [home.id, name]))
    return { homes: page!.items.map((item) => byId.get(item.id)), reading: page!.reading }
  }

  const place = (name: string, rest: Partial<SearchReading> = {}): SearchReading => ({
    place: name,
    correctedFrom: null,
    beds: null,
    baths: null,
    tooCommon: null,
    ...rest,
  })

  it.each([
    ['Austin, TX', 'Austin, TX'],
    ['austin tx', 'Austin, TX'],
    ['Austin Texas', 'Austin, TX'],
    ['AUSTIN', 'Austin, TX'],
    ['Austin', 'Austin, TX'],
  ])('finds the homes of a city with or without its state: "%s"', async (q, label) => {
    expect(await searchAllPlans({ q })).toEqual({ homes: ['austinCondo', 'austinHouse', 'austinLoft'], reading: place(label) })
  })

  it.each([
    ['Texas', 'Texas', ['austinCondo', 'austinHouse', 'austinLoft']],
    ['TX', 'Texas', ['austinCondo', 'austinHouse', 'austinLoft']],
    ['New York', 'New York', ['astoria', 'williamsburg', 'parkSlope']],
    ['Brooklyn, NY', 'Brooklyn, NY', ['williamsburg', 'parkSlope']],
    ['Wilmington DE', 'Wilmington, DE', ['wilmington']],
    ['Washington, D.C.', 'Washington, DC', ['capitol']],
    ['Washington', 'Washington, DC', ['capitol']],
    ['Park Slope', 'Park Slope', ['parkSlope']],
    ['park slope, ny', 'Park Slope, NY', ['parkSlope']],
  ])('finds the homes of a state, a city in its state or a neighborhood: "%s"', async (q, label, homes) => {
    expect(await searchAllPlans({ q })).toEqual({ homes, reading: place(label) })
  })

  it('finds nothing in a city of another state, and says where it looked', async () => {
    expect(await searchAllPlans({ q: 'Austin, CA' })).toEqual({ homes: [], reading: place('Austin, CA') })
  })

  it('finds the homes of a ZIP and of the start of one', async () => {
    expect(await searchAllPlans({ q: '78704' })).toEqual({ homes: ['austinLoft'], reading: null })
    expect(await searchAllPlans({ q: '787' })).toEqual({ homes: ['austinCondo', 'austinHouse', 'austinLoft'], reading: null })
  })

  it.each([
    ['Brookyln', 'Brooklyn, NY', ['williamsburg', 'parkSlope']],
    ['Austn', 'Austin, TX', ['austinCondo', 'austinHouse', 'austinLoft']],
    ['Wiliamsburg', 'Williamsburg', ['williamsburg']],
    ['Brookyln, NY', 'Brooklyn, NY', ['williamsburg', 'parkSlope']],
  ])('reads a misspelt place as the nearest spelling: "%s"', async (q, label, homes) => {
    expect(await searchAllPlans({ q })).toEqual({ homes, reading: place(label, { correctedFrom: q.replace(/, NY$/, '') }) })
  })

  it('does not read words some home has as a misspelt place', async () => {
    // "river" is a word of the Williamsburg loft, not a misspelling of Riverfront or anything else.
    expect(await searchAllPlans({ q: 'river' })).toEqual({ homes: ['williamsburg'], reading: null })
    expect(await searchAllPlans({ q: 'xyzzy' })).toEqual({ homes: [], reading: null })
  })

  it.each(['the', 'the the', 'The', 'of the'])('finds nothing for "%s", too common to search for, and says so', async (q) => {
    expect(await searchAllPlans({ q })).toEqual({
      homes: [],
      reading: { place: null, correctedFrom: null, beds: null, baths: null, tooCommon: q },
    })
    const res = await t.app.request(`/api/properties?q=${encodeURIComponent(q)}`)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ items: [], total: 0, reading: { place: null, correctedFrom: null, tooCommon: q } })
  })

  it('finds a place named with a stop word by its name, and says the words sought with it are too common', async () => {
    expect(await searchAllPlans({ q: 'The Loop' })).toEqual({ homes: ['theLoop'], reading: place('The Loop') })
    expect(await searchAllPlans({ q: 'the loop, IL' })).toEqual({ homes: ['theLoop'], reading: place('The Loop, IL') })
    expect(await searchAllPlans({ q: 'the in Brooklyn' })).toEqual({ homes: [], reading: place('Brooklyn', { tooCommon: 'the' }) })
  })

  it.each(['2 bedroom', '2br', 'two-bedroom', 'two bedroom', '2 beds'])('reads "%s" as at least two bedrooms', async (q) => {
    expect(await searchAllPlans({ q })).toEqual({
      homes: ['capitol', 'parkSlope', 'austinCondo', 'austinHouse'],
      reading: { place: null, correctedFrom: null, beds: 2, baths: null, tooCommon: null },
    })
  })

  it('reads rooms and a place together, and keeps the larger of two minimums', async () => {
    expect(await searchAllPlans({ q: '2br Austin, TX' })).toEqual({
      homes: ['austinCondo', 'austinHouse'],
      reading: place('Austin, TX', { beds: 2 }),
    })
    expect(await searchAllPlans({ q: '2 bedroom Austin', beds: 3 })).toEqual({
      homes: ['austinHouse'],
      reading: place('Austin, TX', { beds: 2 }),
    })
  })

  it('finds what is sought in a place', async () => {
    expect(await searchAllPlans({ q: 'loft in Brooklyn' })).toEqual({ homes: ['williamsburg'], reading: place('Brooklyn, NY') })
    expect(await searchAllPlans({ q: 'condo near Austin, TX' })).toEqual({ homes: ['austinCondo'], reading: place('Austin, TX') })
    expect(await searchAllPlans({ q: 'loft in Brookyln' })).toEqual({
      homes: ['williamsburg'],
      reading: place('Brooklyn, NY', { correctedFrom: 'Brookyln' }),
    })
  })

  it('keeps words that only look like a state as words', async () => {
    // "in" could be Indiana, "de" Delaware: in lower case, after a place with no homes in that state or
    // after words that are no place, they are not read as a state.
    expect(await searchAllPlans({ q: 'Austin in' })).toEqual({
      homes: ['austinCondo', 'austinHouse', 'austinLoft'],
      reading: place('Austin, TX'),
    })
    expect(await searchAllPlans({ q: 'loft de' })).toEqual({ homes: [], reading: null })
  })

  it('reads a misspelt place afresh once homes are listed there, asked once or again', async () => {
    const db = t.services.database.db
    const search = { q: 'Pittsbrugh' }
    for (let i = 0; i < 2; i += 1) expect((await findListings(db, { search })).reading, `read ${i + 1}`).toBeNull()
    // The first home in Pittsburgh (the last test here to list one: the counts above stay as they were).
    const home = await listingFactory(db).create({ city: 'Pittsburgh', state: 'PA', zip: '15222', neighborhood: 'Strip District' })
    const page = await findListings(db, { search })
    expect(page.items.map((item) => item.id)).toEqual([home.id])
    expect(page.reading).toEqual(place('Pittsburgh, PA', { correctedFrom: 'Pittsbrugh' }))
  })

  describe('GET /api/places', () => {
    const suggest = async (q: string) => {
      const res = await t.app.request(`/api/places?q=${encodeURIComponent(q)}`)
      expect(res.status, q).toBe(200)
      return ((await res.json()) as { places: PlaceSuggestion[] }).places
    }
    const city = (label: string, homes: number) => ({ kind: 'city', label, detail: 'City', value: label, homes })

    it('suggests the cities, then the neighborhoods, whose names start with what was typed, with their homes', async () => {
      expect(await suggest('aus')).toEqual([city('Austin, TX', 3)])
      expect(await suggest('Austin, T')).toEqual([city('Austin, TX', 3)])
      expect(await suggest('park')).toEqual([
        { kind: 'neighborhood', label: 'Park Slope', detail: 'Neighborhood', value: 'Park Slope', homes: 1 },
      ])
      expect(await suggest('w')).toEqual([
        city('Washington, DC', 1),
        city('Wilmington, DE', 1),
        { kind: 'neighborhood', label: 'Williamsburg', detail: 'Neighborhood', value: 'Williamsburg', homes: 1 },
      ])
    })

    it('suggests ZIP codes for digits, with their city', async () => {
      expect(await suggest('787')).toEqual(
        ['78701', '78702', '78704'].map((zip) => ({ kind: 'zip', label: zip, detail: 'Austin, TX', value: zip, homes: 1 })),
      )
    })

    it('suggests the nearest spelling when no name starts with what was typed', async () => {
      expect(await suggest('Brookyln')).toEqual([city('Brooklyn, NY', 2)])
      expect(await suggest('xyzzy')).toEqual([])
      expect(await suggest('   ')).toEqual([])
    })

    it('counts exactly the homes a search for each suggestion finds', async () => {
      for (const q of ['b', 'w', 'a', '1']) {
        for (const suggestion of await suggest(q)) {
          const page = await findListings(t.services.database.db, { search: { q: suggestion.value } })
          expect(page.total, `${q}: ${suggestion.value}`).toBe(suggestion.homes)
        }
      }
    })

    it('refuses text too long or given twice, with a clear message', async () => {
      for (const query of [`q=${'a'.repeat(101)}`, 'q=aus&q=bro']) {
        const res = await t.app.request(`/api/places?${query}`)
        expect(res.status, query).toBe(400)
        expect(Object.keys(((await res.json()) as { errors: Record<string, string[]> }).errors)).toEqual(['q'])
      }
    })
  })
})
