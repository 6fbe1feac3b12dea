// The search index's operations, as a renter's search meets them: searches sent while the index loads
// are answered (by PostgreSQL) rather than held; a process that missed pruned change-log rows answers
// its next search at once, with the change, while a fresh index loads beside the old one, which then
// takes over; the index follows the log in the background (news of a change, the slow poll); and a
// search that keeps meeting new changes answers after a bounded number of catch-ups.
import type { PGlite } from '@electric-sql/pglite'
import { eq, sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Db } from '#server/db/client.server.ts'
import * as schema from '#server/db/schema.ts'
import { listing, listingChange } from '#server/db/schema.ts'
import { readHead, searchIndexOf } from '#server/listings/search/engine/live-index.server.ts'
import { findListings, MOST_SEARCH_TRIES } from '#server/listings/search/find-listings.server.ts'
import { findMapClusters } from '#server/listings/search/map-clusters.server.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { testDatabaseKind } from '#tests/support/test-database.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

describe(`the search index's operations on ${testDatabaseKind()}`, () => {
  let t: TestServices
  const db = () => t.services.database.db
  const ids: number[] = []
  /** The titles a search finds, and whether the index answered it (it reports its work; PostgreSQL does not). */
  const search = async (database: Db, q: string, options: { afterIndexSearched?: () => Promise<void> } = {}) => {
    let isFromIndex = false
    const page = await findListings(database, { search: { q, limit: 50 }, onWork: () => (isFromIndex = true), ...options })
    return { titles: page.items.map((item) => item.title).sort(), isFromIndex, page }
  }
  /** Another handle on the same database, with a search index of its own not loaded yet: a process starting. */
  const startingProcess = (): Db => {
    const client = (db() as unknown as { $client: PGlite | pg.Pool }).$client
    return testDatabaseKind() === 'pglite'
      ? drizzlePglite(client as PGlite, { schema })
      : (drizzlePg(client as pg.Pool, { schema }) as unknown as Db)
  }

  beforeAll(async () => {
    t = await createTestServices()
    const listings = listingFactory(db())
    for (const title of ['Quince cottage', 'Quince loft', 'Sorrel house']) ids.push((await listings.create({ title })).id)
    await searchIndexOf(db()).load()
  })
  afterAll(async () => {
    await t.close()
  })

  it('answers searches sent while the index loads, the same as the index then answers them', async () => {
    const starting = startingProcess()
    const live = searchIndexOf(starting)
    const loading = live.load()
    const during = await search(starting, 'quince')
    expect(during).toMatchObject({ titles: ['Quince cottage', 'Quince loft'], isFromIndex: false })
    await loading
    const after = await search(starting, 'quince')
    expect(after.isFromIndex).toBe(true)
    expect(after.page).toEqual(during.page)
  })

  it('answers at once, with the change, when the change-log rows it had not read were pruned, and a fresh index then takes over', async () => {
    const live = searchIndexOf(db())
    expect((await search(db(), 'sorrel')).isFromIndex).toBe(true)
    await db().update(listing).set({ title: 'Sorrel barn' }).where(eq(listing.id, ids[2]!))
    // As the hourly prune leaves an instance that read nothing for an hour.
    await db().delete(listingChange)
    const reloadsBefore = live.stats()!.reloads
    const pruned = await search(db(), 'sorrel')
    // Answered by PostgreSQL, not held until the fresh index has loaded beside the old one.
    expect(pruned).toMatchObject({ titles: ['Sorrel barn'], isFromIndex: false })
    await live.reloaded()
    expect(live.stats()).toMatchObject({ isReloading: false, reloads: reloadsBefore + 1 })
    expect(await search(db(), 'sorrel')).toMatchObject({ titles: ['Sorrel barn'], isFromIndex: true })
  })

  it('applies changes in the background, on news of a change and on its poll, before any search asks', async () => {
    const live = searchIndexOf(db())
    await db().update(listing).set({ title: 'Quince cottage, painted' }).where(eq(listing.id, ids[0]!))
    const head = await readHead(db())
    expect(live.applied).toBeLessThan(head)
    // News from another instance (the realtime bus) brings it up to date at once.
    await t.services.realtime.publish({ kind: 'listings-changed', instanceId: 'another instance' })
    await vi.waitFor(() => expect(live.applied).toBe(head))
    // A change nobody announces (SQL) is applied by the poll.
    await db().update(listing).set({ title: 'Quince cottage' }).where(eq(listing.id, ids[0]!))
    const stop = live.follow({ everyMs: 20, onError: (error) => expect.fail(String(error)) })
    try {
      const next = await readHead(db())
      await vi.waitFor(() => expect(live.applied).toBe(next))
    } finally {
      stop()
    }
  })

  it(`answers from PostgreSQL, with every change, after ${MOST_SEARCH_TRIES} tries met changes committed meanwhile`, async () => {
    let tries = 0
    // Another instance commits a change while each try runs.
    const changing = async () => {
      tries += 1
      await db()
        .update(listing)
        .set({ title: sql`'Quince loft ' || ${tries}` })
        .where(eq(listing.id, ids[1]!))
    }
    const found = await search(db(), 'quince', { afterIndexSearched: changing })
    expect(tries).toBe(MOST_SEARCH_TRIES)
    expect(found).toMatchObject({ titles: ['Quince cottage', `Quince loft ${MOST_SEARCH_TRIES}`], isFromIndex: false })
    expect(await search(db(), 'quince')).toMatchObject({
      titles: ['Quince cottage', `Quince loft ${MOST_SEARCH_TRIES}`],
      isFromIndex: true,
    })
  })

  it('draws the map from the old index while a fresh one loads after pruned rows, instead of waiting for the load', async () => {
    const live = searchIndexOf(db())
    await live.current()
    const homesBefore = (await findMapClusters(db(), { query: { zoom: 4 } })).total
    // A load of a million listings takes some twenty seconds: this one waits until the test lets it go.
    let letLoad = () => {}
    const held = new Promise<void>((resolve) => (letLoad = resolve))
    const reloadable = live as unknown as { build: () => Promise<unknown> }
    const build = reloadable.build.bind(live)
    const slowBuild = vi.spyOn(reloadable, 'build').mockImplementation(async () => {
      await held
      return build()
    })
    try {
      await db().update(listing).set({ title: 'Sorrel barn, painted' }).where(eq(listing.id, ids[2]!))
      await db().delete(listingChange)
      expect((await search(db(), 'sorrel')).isFromIndex).toBe(false)
      expect(live.stats()!.isReloading).toBe(true)
      // The map answers while the fresh index is still held back.
      const map = await findMapClusters(db(), { query: { zoom: 4 } })
      expect(map.total).toBe(homesBefore)
      expect(live.stats()!.isReloading).toBe(true)
    } finally {
      letLoad()
      await live.reloaded()
      slowBuild.mockRestore()
    }
    expect(await search(db(), 'sorrel')).toMatchObject({ titles: ['Sorrel barn, painted'], isFromIndex: true })
  })
})
