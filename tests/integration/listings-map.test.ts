// The search map: every home a search matches, grouped by the zoom's grid with counts that add up to
// the search's total (the list's, for the same search and area); lone homes as themselves; stale and
// unpublished listings nowhere; changes seen at once; bad input refused.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listing } from '#server/db/schema.ts'
import { findMapClusters } from '#server/listings/index.server.ts'
import { findListings } from '#server/listings/search/find-listings.server.ts'
import { cellOf, gridLevelOf } from '#common/listings/map-grid.ts'
import type { MapAnswer } from '#common/listings/types.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { testDatabaseKind } from '#tests/support/test-database.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

const days = (n: number) => new Date(Date.now() - n * 86_400_000)

// Three places far apart, a few homes each, a little apart within the place.
const PLACES = {
  wilmington: { city: 'Wilmington', state: 'DE', zip: '19806', latitude: 39.7555, longitude: -75.5643 },
  austin: { city: 'Austin', state: 'TX', zip: '78704', latitude: 30.25, longitude: -97.75 },
  denver: { city: 'Denver', state: 'CO', zip: '80202', latitude: 39.7392, longitude: -104.9903 },
} as const

/** Every home of an answer, as counts: the clusters' and the lone homes'. */
const homesOn = (answer: MapAnswer) => answer.clusters.reduce((sum, cluster) => sum + cluster.homes, 0) + answer.homes.length

describe(`the search map on ${testDatabaseKind()}`, () => {
  let t: TestServices
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    t = await createTestServices()
    const listings = listingFactory(t.services.database.db)
    for (const [name, place] of Object.entries(PLACES)) {
      for (let i = 0; i < 4; i++) {
        const created = await listings.create({
          ...place,
          title: `Home ${i + 1} in ${place.city}`,
          latitude: place.latitude + i * 0.004,
          longitude: place.longitude + i * 0.004,
          bedrooms: i,
          allowsDogs: i % 2 === 0,
        })
        ids[`${name}${i}`] = created.id
      }
    }
    // Neither a draft nor a listing unconfirmed for 40 days is on the map, marked by the stale job or not yet.
    await listings.create({ ...PLACES.denver, title: 'A draft', status: 'draft' })
    await listings.create({ ...PLACES.denver, title: 'Unconfirmed, not yet marked', lastConfirmedAt: days(40) })
    const marked = await listings.create({ ...PLACES.denver, title: 'Unconfirmed and marked', lastConfirmedAt: days(40) })
    await t.services.database.db.update(listing).set({ staleNoticeSentAt: new Date() }).where(eq(listing.id, marked.id))
  })
  afterAll(async () => {
    await t.close()
  })

  const map = (query: Record<string, unknown>) => findMapClusters(t.services.database.db, { query })

  it('groups every home the search finds into clusters whose counts add up to its total', async () => {
    const answer = await map({ zoom: 4 })
    const { total } = await findListings(t.services.database.db, { search: {} })
    expect(answer.total).toBe(total)
    expect(answer.total).toBe(12)
    expect(homesOn(answer)).toBe(12)
    // At the zoom of a country the three cities are three clusters of four, biggest first.
    expect(answer.clusters.map((cluster) => cluster.homes)).toEqual([4, 4, 4])
    expect(answer.homes).toEqual([])
  })

  it('puts each cluster at the middle of its homes and bounds it by them, and the extent holds them all', async () => {
    const answer = await map({ zoom: 4 })
    const wilmington = answer.clusters.find((cluster) => Math.abs(cluster.longitude - -75.5583) < 0.001)!
    expect(wilmington.latitude).toBeCloseTo(39.7555 + 0.006, 6)
    expect(wilmington.bounds).toEqual({ south: 39.7555, west: -75.5643, north: 39.7555 + 0.012, east: -75.5643 + 0.012 })
    expect(answer.extent).toEqual({ south: 30.25, west: -104.9903, north: 39.7555 + 0.012, east: -75.5643 + 0.012 })
  })

  it('spreads a cluster into lone homes with their prices as the map zooms in', async () => {
    const area = { south: 39.74, west: -75.58, north: 39.78, east: -75.54 }
    const answer = await map({ zoom: 16, ...area })
    expect(answer.clusters).toEqual([])
    expect(answer.homes.map((home) => home.id)).toEqual([0, 1, 2, 3].map((i) => ids[`wilmington${i}`]))
    expect(answer.homes[0]).toMatchObject({ title: 'Home 1 in Wilmington', city: 'Wilmington', state: 'DE', allInMonthlyCents: 165_000 })
    const closer = await map({ zoom: 14, ...area })
    expect(homesOn(closer)).toBe(4)
  })

  it('counts only the area asked for, to its edges', async () => {
    const austin = { south: 30, west: -98, north: 30.5, east: -97.5 }
    const answer = await map({ zoom: 9, ...austin })
    expect(answer.total).toBe(4)
    expect(homesOn(answer)).toBe(4)
    // An area whose edge runs through the homes counts those inside it, as the list does.
    const half = { south: 30.251, west: -98, north: 30.5, east: -97.5 }
    expect((await map({ zoom: 9, ...half })).total).toBe(3)
    expect((await findListings(t.services.database.db, { search: half })).total).toBe(3)
  })

  it('follows the search: its filters, its words and its place', async () => {
    expect((await map({ zoom: 4, pets: 'dogs' })).total).toBe(6)
    expect((await map({ zoom: 4, beds: '2' })).total).toBe(6)
    expect((await map({ zoom: 4, q: 'Austin, TX' })).total).toBe(4)
    expect((await map({ zoom: 4, q: 'Austin, TX', beds: '3' })).total).toBe(1)
    expect((await map({ zoom: 4, maxPrice: '100' })).total).toBe(0)
    const none = await map({ zoom: 4, q: 'nowhere-at-all' })
    expect(none).toEqual({ zoom: 4, total: 0, clusters: [], homes: [], extent: null })
  })

  it('counts every search as the list counts it, at every zoom', async () => {
    const area = { south: 30, west: -106, north: 40, east: -75 }
    const searches = [
      { pets: 'dogs' },
      { beds: '2' },
      { type: 'house,apartment' },
      { q: 'Austin' },
      { q: 'Denver', ...area },
      { q: 'Delaware' },
      { furnished: 'false', ...area },
      { q: 'Austin, TX' },
      { q: 'Austin, CO' },
      { q: 'Texas', beds: '1' },
      { q: '19' },
      { q: '80202' },
      { pets: 'dogs', beds: '1' },
      { q: 'home -austin', maxPrice: '3000' },
    ]
    for (const search of searches) {
      const { total } = await findListings(t.services.database.db, { search })
      for (const zoom of [4, 9, 14]) {
        const answer = await map({ zoom, ...search })
        const label = `${JSON.stringify(search)} at zoom ${zoom}`
        expect(answer.total, label).toBe(total)
        expect(homesOn(answer), label).toBe(total)
      }
    }
    expect((await map({ zoom: 4, pets: 'dogs', beds: '1' })).total).toBe(3)
    // Denver's listings unconfirmed for 40 days, marked by the stale job or not yet, are left out.
    expect((await map({ zoom: 4, q: 'Denver' })).total).toBe(4)
  })

  it('shows listings as they are published, moved, unpublished and deleted', async () => {
    const db = t.services.database.db
    const listings = listingFactory(db)
    const added = await listings.create({ ...PLACES.austin, title: 'Just published' })
    expect((await map({ zoom: 4 })).total).toBe(13)
    // Moved from Austin to Wilmington: the Austin cluster loses it, Wilmington's gains it.
    await db.update(listing).set({ latitude: 39.7, longitude: -75.6 }).where(eq(listing.id, added.id))
    expect((await map({ zoom: 4 })).clusters.map((cluster) => cluster.homes)).toEqual([5, 4, 4])
    await db.update(listing).set({ status: 'archived' }).where(eq(listing.id, added.id))
    expect((await map({ zoom: 4 })).total).toBe(12)
    await db.update(listing).set({ status: 'published' }).where(eq(listing.id, added.id))
    expect((await map({ zoom: 4 })).total).toBe(13)
    await db.delete(listing).where(eq(listing.id, added.id))
    expect((await map({ zoom: 4 })).total).toBe(12)
  })

  it('holds at most so many markers whatever the zoom, merging cells until it fits, and still counts every home', async () => {
    const world = { zoom: 18, south: -85, west: -180, north: 85, east: 180 }
    const fine = await map(world)
    expect(fine.homes.length).toBe(12)
    const bounded = await findMapClusters(t.services.database.db, { query: world, mostMarkers: 5 })
    expect(bounded.clusters.length + bounded.homes.length).toBeLessThanOrEqual(5)
    expect(homesOn(bounded)).toBe(12)
    expect(bounded.total).toBe(12)
    // The three places far apart stay apart.
    expect(bounded.clusters.length + bounded.homes.length).toBeGreaterThanOrEqual(3)
  })

  it('places homes in the cells the browser computes', async () => {
    const answer = await map({ zoom: 16, south: 30.2, west: -97.8, north: 30.3, east: -97.7 })
    const level = gridLevelOf(16)
    const cells = new Set(answer.homes.map((home) => JSON.stringify(cellOf(home.latitude, home.longitude, level))))
    expect(cells.size).toBe(4)
  })

  it('refuses a zoom out of range or a partial area, saying why', async () => {
    await expect(map({ zoom: 40 })).rejects.toMatchObject({ code: 'invalid', fieldErrors: { zoom: ['Zoom can be at most 18.'] } })
    await expect(map({ zoom: 'near' })).rejects.toMatchObject({ code: 'invalid', fieldErrors: { zoom: ['Zoom must be a number.'] } })
    await expect(map({ zoom: 5, south: 3 })).rejects.toMatchObject({ code: 'invalid' })
  })
})
