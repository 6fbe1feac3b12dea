// The search index in memory, kept current from the listing table's change log: whatever writes a
// listing (the site, a script, another instance) and however it does it, the next search sees it;
// writes search does not read log nothing; an instance that missed pruned log rows loads afresh; many
// changes at once, and a fresh index built when too many slots are stale, answer the same.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listing, listingChange, listingPhoto } from '#server/db/schema.ts'
import { summaryColumns } from '#server/listings/mapping.server.ts'
import { summariesWithPhotos } from '#server/listings/read.server.ts'
import { LiveSearchIndex } from '#server/listings/search/engine/live-index.server.ts'
import { searchIndex, type IndexSearch } from '#server/listings/search/engine/query.ts'
import { parseTsQuery } from '#server/listings/search/engine/tsquery.ts'
import { findListings } from '#server/listings/search/find-listings.server.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { testDatabaseKind } from '#tests/support/test-database.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

/** The ids of the listings an index finds for one word (a lexeme: as PostgreSQL's english stemmer leaves it). */
async function idsWith(live: LiveSearchIndex, lexeme: string): Promise<number[]> {
  const index = await live.current()
  const search: IndexSearch = {
    sort: 'newest',
    limit: 50,
    cursor: null,
    confirmedAfter: 0,
    types: [],
    pets: [],
    amenities: [],
    text: { query: parseTsQuery(`'${lexeme}'`), cityPrefix: null },
  }
  return searchIndex(index, search, { withTotal: false })
    .slots.map((slot) => index.ids[slot]!)
    .sort((a, b) => a - b)
}

describe(`the search index kept current on ${testDatabaseKind()}`, () => {
  let t: TestServices
  const db = () => t.services.database.db
  const ids: number[] = []
  const titlesFound = async (q: string) => (await findListings(db(), { search: { q, limit: 50 } })).items.map((item) => item.title).sort()

  beforeAll(async () => {
    t = await createTestServices()
    const listings = listingFactory(db())
    for (const title of ['Orchard cottage', 'Harbour loft', 'Meadow house', 'Orchard flat']) ids.push((await listings.create({ title })).id)
  })
  afterAll(async () => {
    await t.close()
  })

  it('finds a listing written straight to the table at once, its changes, and loses it unpublished or deleted', async () => {
    expect(await titlesFound('orchard')).toEqual(['Orchard cottage', 'Orchard flat'])
    // A copy inserted by SQL, as a script or another instance would.
    const [copy] = (
      await db().execute<{ id: number }>(sql`
        insert into listing (owner_id, title, description, type, status, monthly_rent_cents, min_term_months, deposit_cents,
          all_in_monthly_cents, street, city, state, zip, latitude, longitude, bedrooms, bathroom_halves, interior_sqft, available_from)
        select owner_id, 'Orchard barn', description, type, status, monthly_rent_cents, min_term_months, deposit_cents,
          all_in_monthly_cents, street, city, state, zip, latitude, longitude, bedrooms, bathroom_halves, interior_sqft, available_from
        from listing where id = ${ids[0]!} returning id`)
    ).rows
    expect(await titlesFound('orchard')).toEqual(['Orchard barn', 'Orchard cottage', 'Orchard flat'])
    await db()
      .update(listing)
      .set({ title: 'Vineyard barn' })
      .where(eq(listing.id, Number(copy!.id)))
    expect(await titlesFound('orchard')).toEqual(['Orchard cottage', 'Orchard flat'])
    expect(await titlesFound('vineyard')).toEqual(['Vineyard barn'])
    await db()
      .update(listing)
      .set({ status: 'archived' })
      .where(eq(listing.id, Number(copy!.id)))
    expect(await titlesFound('vineyard')).toEqual([])
    await db()
      .update(listing)
      .set({ status: 'published' })
      .where(eq(listing.id, Number(copy!.id)))
    expect(await titlesFound('vineyard')).toEqual(['Vineyard barn'])
    await db()
      .delete(listing)
      .where(eq(listing.id, Number(copy!.id)))
    expect(await titlesFound('vineyard')).toEqual([])
  })

  it('answers each result card as the listing reads from its table, through changes only a card shows', async () => {
    const [id] = ids
    const found = async () => {
      const { items } = await findListings(db(), { search: { q: 'orchard', limit: 50 } })
      return items.find((item) => item.id === id)
    }
    const fromTable = async () => {
      const rows = await db().select(summaryColumns).from(listing).where(eq(listing.id, id!))
      return (await summariesWithPhotos(db(), rows))[0]
    }
    const photo = (position: number, key: string, status = 'ready') =>
      db()
        .insert(listingPhoto)
        .values({
          listingId: id!,
          position,
          storageKey: key,
          status,
          altText: `Photo ${key}`,
          width: 1200,
          height: 800,
          placeholder: null,
          variantWidths: [320, 640],
        })
        .returning({ id: listingPhoto.id })
    const changes: (() => Promise<unknown>)[] = [
      () =>
        db().update(listing).set({ title: 'Orchard Cottage, newly painted', neighborhood: 'Trolley Square' }).where(eq(listing.id, id!)),
      () => db().update(listing).set({ minTermMonths: 6, depositCents: 99_900 }).where(eq(listing.id, id!)),
      () =>
        db()
          .update(listing)
          .set({ amenities: ['pool', 'parking'] })
          .where(eq(listing.id, id!)),
      () =>
        db()
          .update(listing)
          .set({ amenities: ['parking', 'pool'] })
          .where(eq(listing.id, id!)),
      () => db().update(listing).set({ nightlyCents: 12_000, minNights: 3 }).where(eq(listing.id, id!)),
      () => db().update(listing).set({ minNights: 5 }).where(eq(listing.id, id!)),
      () => photo(2, 'second/one'),
      () => photo(1, 'first/one', 'pending'),
      () => db().update(listingPhoto).set({ status: 'ready' }).where(eq(listingPhoto.storageKey, 'first/one')),
      () => db().update(listingPhoto).set({ altText: 'The kitchen' }).where(eq(listingPhoto.storageKey, 'first/one')),
      () => db().update(listingPhoto).set({ position: 3 }).where(eq(listingPhoto.storageKey, 'first/one')),
      () => db().delete(listingPhoto).where(eq(listingPhoto.storageKey, 'second/one')),
      () => db().delete(listingPhoto).where(eq(listingPhoto.listingId, id!)),
    ]
    expect(await found()).toEqual(await fromTable())
    for (const change of changes) {
      await change()
      expect(await found()).toEqual(await fromTable())
    }
    expect(await found()).toMatchObject({
      title: 'Orchard Cottage, newly painted',
      neighborhood: 'Trolley Square',
      amenities: ['parking', 'pool'],
      photo: null,
    })
  })

  it('reads a city new to the index as that city, not as a spelling corrected, while other searches catch up', async () => {
    const listings = listingFactory(db())
    for (const city of ['Ashbury', 'Brockwell', 'Carrowmore', 'Dunmere', 'Elderton', 'Fallowfield', 'Glenarvon', 'Hollinsby']) {
      await listings.create({ title: 'Cottage by the green', city, state: 'DE' })
      // Several searches at once: whichever reads the change log first brings the index up to date
      // while the others look the text up as a place or a spelling.
      const pages = await Promise.all(Array.from({ length: 6 }, () => findListings(db(), { search: { q: city } })))
      for (const page of pages) {
        expect(page.items.map((item) => item.city)).toEqual([city])
        expect(page.reading).toEqual({ place: `${city}, DE`, correctedFrom: null, beds: null, baths: null, tooCommon: null })
      }
    }
  })

  it('logs no change for a write search does not read, and one for each it does', async () => {
    const logged = async () => Number((await db().execute<{ n: number }>(sql`select count(*)::int as n from ${listingChange}`)).rows[0]!.n)
    const before = await logged()
    await db()
      .update(listing)
      .set({ viewCount: sql`${listing.viewCount} + 1` })
      .where(eq(listing.id, ids[1]!))
    await db().update(listing).set({ staleNoticeSentAt: new Date() }).where(eq(listing.id, ids[1]!))
    await db().update(listing).set({ description: 'Freshly painted.' }).where(eq(listing.id, ids[1]!))
    expect(await logged()).toBe(before + 1)
    // A stop word added to the title leaves its words as they were, but the card shows the title.
    await db()
      .update(listing)
      .set({ title: sql`${listing.title} || ' again'` })
      .where(eq(listing.id, ids[1]!))
    expect(await logged()).toBe(before + 2)
    await db().update(listing).set({ lastConfirmedAt: new Date() }).where(eq(listing.id, ids[1]!))
    expect(await logged()).toBe(before + 3)
    await db().insert(listingPhoto).values({ listingId: ids[1]!, position: 0, storageKey: 'logged/photo' })
    expect(await logged()).toBe(before + 4)
  })

  it('loads afresh when the change log rows it needs were pruned before it read them', async () => {
    const other = new LiveSearchIndex(db())
    await other.load()
    await db().update(listing).set({ title: 'Orchard mews' }).where(eq(listing.id, ids[2]!))
    await db().delete(listingChange)
    await db().update(listing).set({ title: 'Harbour studio' }).where(eq(listing.id, ids[1]!))
    expect(await idsWith(other, 'orchard')).toEqual([ids[0], ids[2], ids[3]])
    expect(await idsWith(other, 'harbour')).toEqual([ids[1]])
    expect(await idsWith(other, 'meadow')).toEqual([])
  })

  it('takes in many changes at once, and a fresh index built when too many slots are stale answers the same', async () => {
    const other = new LiveSearchIndex(db(), { bulkChanges: 2, rebuildAfterStale: 3 })
    await other.load()
    await db()
      .update(listing)
      .set({ title: sql`'Meadow ' || ${listing.id}` })
      .where(sql`${listing.id} in (${ids[0]!}, ${ids[1]!}, ${ids[2]!})`)
    expect(await idsWith(other, 'meadow')).toEqual(ids.slice(0, 3))
    expect(other.stats()).toMatchObject({ staleSlots: 3, rebuilds: 0 })
    await db().update(listing).set({ title: 'Orchard flat remodelled' }).where(eq(listing.id, ids[3]!))
    expect(await idsWith(other, 'orchard')).toEqual([ids[3]])
    await other.rebuilt()
    expect(other.stats()).toMatchObject({ staleSlots: 0, rebuilds: 1 })
    expect(await idsWith(other, 'meadow')).toEqual(ids.slice(0, 3))
    expect(await idsWith(other, 'orchard')).toEqual([ids[3]])
  })
})
