// Places near a search that found nothing: the cities around where it looked with homes matching the
// rest of it, nearest first, counted as a search would count them; nothing when it looked nowhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findNearbyPlaces } from '#server/listings/index.server.ts'
import { findListings } from '#server/listings/search/find-listings.server.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { testDatabaseKind } from '#tests/support/test-database.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

const WILMINGTON = {
  city: 'Wilmington',
  state: 'DE',
  zip: '19806',
  neighborhood: 'Trolley Square',
  latitude: 39.7555,
  longitude: -75.5643,
}
const NEWARK = { city: 'Newark', state: 'DE', zip: '19711', neighborhood: 'Old Newark', latitude: 39.6837, longitude: -75.7497 }
const AUSTIN = { city: 'Austin', state: 'TX', zip: '78704', neighborhood: 'South Congress', latitude: 30.25, longitude: -97.75 }

describe(`places near a search that found nothing on ${testDatabaseKind()}`, () => {
  let t: TestServices

  beforeAll(async () => {
    t = await createTestServices()
    const listings = listingFactory(t.services.database.db)
    for (let i = 0; i < 3; i++) await listings.create({ ...WILMINGTON, title: `Flat ${i + 1} by the park`, bedrooms: 1 })
    await listings.create({ ...NEWARK, title: 'Loft over Main Street', bedrooms: 5 })
    await listings.create({ ...NEWARK, title: 'House near the campus', type: 'house', bedrooms: 2 })
    await listings.create({ ...AUSTIN, title: 'Loft on South Congress', bedrooms: 5 })
  })
  afterAll(async () => {
    await t.close()
  })

  const nearby = (query: Record<string, unknown>) => findNearbyPlaces(t.services.database.db, { query })

  it('offers the cities with homes around a town that has none, nearest first, with their distances', async () => {
    expect((await findListings(t.services.database.db, { search: { q: 'Dover, DE' } })).total).toBe(0)
    const places = await nearby({ q: 'Dover, DE' })
    expect(places.map(({ city, state, homes }) => ({ city, state, homes }))).toEqual(
      expect.arrayContaining([
        { city: 'Wilmington', state: 'DE', homes: 3 },
        { city: 'Newark', state: 'DE', homes: 2 },
      ]),
    )
    // Austin is far from Dover.
    expect(places).toHaveLength(2)
    expect(places.map((place) => place.miles)).toEqual([...places.map((place) => place.miles)].sort((a, b) => a - b))
    for (const place of places) expect(place.miles).toBeGreaterThan(30)
    expect(places.every((place) => place.miles < 50)).toBe(true)
  })

  it('keeps the rest of the search: its filters, its rooms and its words', async () => {
    expect(await nearby({ q: 'Dover, DE', beds: '5' })).toMatchObject([{ city: 'Newark', homes: 1 }])
    expect(await nearby({ q: '2 bedroom Dover, DE' })).toMatchObject([{ city: 'Newark', homes: 2 }])
    expect(await nearby({ q: 'loft in Dover, DE' })).toMatchObject([{ city: 'Newark', homes: 1 }])
    expect(await nearby({ q: 'Dover, DE', type: 'condo' })).toEqual([])
  })

  it('leaves out the city searched, whose homes the filters left out', async () => {
    expect((await findListings(t.services.database.db, { search: { q: 'Wilmington, DE', beds: '5' } })).total).toBe(0)
    expect(await nearby({ q: 'Wilmington, DE', beds: '5' })).toMatchObject([{ city: 'Newark', state: 'DE', homes: 1 }])
    expect(await nearby({ q: 'Wilmington', beds: '5' })).toMatchObject([{ city: 'Newark', state: 'DE', homes: 1 }])
  })

  it('looks around a ZIP and a map area too, and nowhere for words alone', async () => {
    expect((await nearby({ q: '19901' })).map((place) => place.city).sort()).toEqual(['Newark', 'Wilmington'])
    const dover = { south: 39.1, west: -75.6, north: 39.2, east: -75.4 }
    expect((await nearby(dover)).map((place) => place.city).sort()).toEqual(['Newark', 'Wilmington'])
    expect(await nearby({ q: 'penthouse' })).toEqual([])
    expect(await nearby({})).toEqual([])
  })
})
