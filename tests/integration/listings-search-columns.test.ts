// Every column the search index reads is logged when it changes: the change-log triggers, written in
// SQL (migrations 0020, 0021), are read back from the database and their change conditions compared
// with the index's list of what it reads (engine/indexed-columns.ts). A column added to the index and
// not to a trigger would leave every process's index stale with no error; here it fails.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listing, listingPhoto } from '#server/db/schema.ts'
import { summaryColumns } from '#server/listings/mapping.server.ts'
import { summariesWithPhotos } from '#server/listings/read.server.ts'
import { LOGGED_LISTING_COLUMNS, LOGGED_PHOTO_COLUMNS } from '#server/listings/search/engine/indexed-columns.ts'
import { findListings } from '#server/listings/search/find-listings.server.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { testDatabaseKind } from '#tests/support/test-database.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

/**
 * The columns a trigger function compares, old row against new (`(n.a, n.b) IS DISTINCT FROM (o.a, o.b)`):
 * those named on both sides, in the same places; null when it has no such condition.
 */
function comparedColumns(definition: string): string[] | null {
  const condition = /\(([^()]*)\)\s*IS\s+DISTINCT\s+FROM\s*\(([^()]*)\)/i.exec(definition)
  if (!condition) return null
  const side = (list: string, alias: string) =>
    list.split(',').map((item) => {
      const name = new RegExp(`^${alias}\\.(\\w+)$`).exec(item.trim())
      return name ? name[1]! : `(not a column of ${alias}: ${item.trim()})`
    })
  const news = side(condition[1]!, 'n')
  const olds = side(condition[2]!, 'o')
  expect(olds, 'the old row is compared column for column with the new').toEqual(news)
  return news
}

describe(`the change log records every column search reads on ${testDatabaseKind()}`, () => {
  let t: TestServices
  const db = () => t.services.database.db

  /** The definition of each function the table's row triggers call, for insert, update and delete. */
  async function triggersOf(table: string) {
    const { rows } = await db().execute<{ events: string; definition: string; is_enabled: boolean }>(sql`
      select string_agg(case when t.tgtype & 4 <> 0 then 'insert' when t.tgtype & 8 <> 0 then 'delete' else 'update' end, ','
               order by t.tgname) as events,
             pg_get_functiondef(t.tgfoid) as definition, bool_and(t.tgenabled <> 'D') as is_enabled
      from pg_trigger t
      where t.tgrelid = ${table}::regclass and not t.tgisinternal and t.tgfoid::regproc::text like '%change_log'
      group by t.tgfoid`)
    return rows
  }

  beforeAll(async () => {
    t = await createTestServices()
  })
  afterAll(async () => {
    await t.close()
  })

  it('names columns the tables have', async () => {
    const columnsOf = async (table: string) =>
      (
        await db().execute<{ name: string }>(
          sql`select column_name as name from information_schema.columns where table_schema = 'public' and table_name = ${table}`,
        )
      ).rows.map((row) => row.name)
    expect(await columnsOf('listing')).toEqual(expect.arrayContaining([...LOGGED_LISTING_COLUMNS]))
    expect(await columnsOf('listing_photo')).toEqual(expect.arrayContaining([...LOGGED_PHOTO_COLUMNS]))
    expect(LOGGED_LISTING_COLUMNS).toEqual(expect.arrayContaining(['status', 'search_vector', 'title', 'amenities']))
  })

  it.each([
    ['listing', LOGGED_LISTING_COLUMNS],
    ['listing_photo', LOGGED_PHOTO_COLUMNS],
  ])('has %s logged on insert, update and delete, the update whenever a column the index reads changes', async (table, read) => {
    const triggers = await triggersOf(table)
    expect(triggers).toHaveLength(1)
    const [trigger] = triggers
    expect(trigger!.events.split(',').sort()).toEqual(['delete', 'insert', 'update'])
    expect(trigger!.is_enabled).toBe(true)
    const compared = comparedColumns(trigger!.definition)
    expect(compared, trigger!.definition).not.toBeNull()
    expect(
      read.filter((column) => !compared!.includes(column)),
      `columns the index reads that ${table}'s change-log trigger does not compare`,
    ).toEqual([])
  })

  it('would find a column missing from the condition', async () => {
    const [trigger] = await triggersOf('listing')
    const withoutTitle = trigger!.definition.replace(/\bn\.title,\s*/, '').replace(/\bo\.title,\s*/, '')
    expect(withoutTitle).not.toBe(trigger!.definition)
    expect(LOGGED_LISTING_COLUMNS.filter((column) => !comparedColumns(withoutTitle)!.includes(column))).toEqual(['title'])
  })

  it('reads a cover photo whose texts have commas, quotes and braces as its table has them', async () => {
    const home = await listingFactory(db()).create({ title: 'Quayside cottage', withoutPhoto: true })
    await db().update(listing).set({ status: 'published' }).where(eq(listing.id, home.id))
    await db()
      .insert(listingPhoto)
      .values({
        listingId: home.id,
        position: 0,
        storageKey: 'a1/b,2',
        status: 'ready',
        altText: 'The "front", {door} \\ NULL, and more',
        width: 1200,
        height: 800,
        placeholder: null,
        variantWidths: [400, 800],
      })
    const [fromTable] = await summariesWithPhotos(db(), await db().select(summaryColumns).from(listing).where(eq(listing.id, home.id)))
    const { items } = await findListings(db(), { search: { q: 'quayside' } })
    expect(items).toEqual([fromTable])
    expect(items[0]!.photo).toMatchObject({ alt: 'The "front", {door} \\ NULL, and more' })
  })
})
