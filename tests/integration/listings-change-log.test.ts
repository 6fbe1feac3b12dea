// The search change log under concurrent writes (decision 027): a transaction takes its number as it
// commits, so numbers follow commit order with no gap, a transaction still open after its writes holds
// up no other listing write, and a reader catching up while many transactions commit at once misses no
// change — not even one whose transaction began first and committed last.
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listingChange, listingChangePending } from '#server/db/schema.ts'
import { LiveSearchIndex } from '#server/listings/search/engine/live-index.server.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { testDatabaseKind } from '#tests/support/test-database.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

const isPostgres = testDatabaseKind() === 'postgres'

describe(`the search change log under concurrent writes on ${testDatabaseKind()}`, () => {
  let t: TestServices
  const db = () => t.services.database.db
  let template = 0

  /** `n` new published listings, copies of the first, titled "Plain home", by one statement. */
  async function newListings(n: number): Promise<number[]> {
    const { rows } = await db().execute<{ id: number }>(sql`
      insert into listing (owner_id, title, description, type, status, monthly_rent_cents, min_term_months, deposit_cents,
        all_in_monthly_cents, street, city, state, zip, latitude, longitude, bedrooms, bathroom_halves, interior_sqft, available_from)
      select owner_id, 'Plain home', description, type, status, monthly_rent_cents, min_term_months, deposit_cents,
        all_in_monthly_cents, street, city, state, zip, latitude, longitude, bedrooms, bathroom_halves, interior_sqft, available_from
      from listing, generate_series(1, ${n}) where id = ${template} returning id::float8 as id`)
    return rows.map((row) => Number(row.id))
  }

  const log = async () =>
    (
      await db().execute<{ n: number; ids: number[] }>(
        sql`select ${listingChange.n}::float8 as n, ${listingChange.ids}::float8[] as ids from ${listingChange} order by ${listingChange.n}`,
      )
    ).rows.map((row) => ({ n: Number(row.n), ids: row.ids.map(Number) }))
  const head = async () => Number((await db().execute<{ n: number }>(sql`select n::float8 as n from listing_change_head`)).rows[0]!.n)

  /** The title the index's card shows for a listing, or null when the index does not hold it. */
  const titleIn = (index: Awaited<ReturnType<LiveSearchIndex['current']>>, id: number) => {
    const slot = index.slotOf(id)
    return slot === undefined ? null : index.cards.get(slot).title
  }

  const priceIn = (index: Awaited<ReturnType<LiveSearchIndex['current']>>, id: number) => {
    const slot = index.slotOf(id)
    return slot === undefined ? null : index.price[slot]
  }

  beforeAll(async () => {
    t = await createTestServices()
    template = (await listingFactory(db()).create({ title: 'Plain home' })).id
  })
  afterAll(async () => {
    await t.close()
  })

  it('logs one row per transaction, numbered without a gap, and nothing for a transaction rolled back', async () => {
    const [a, b, c] = await newListings(3)
    const before = await head()
    await db().transaction(async (tx) => {
      await tx.execute(sql`update listing set title = 'Amber house' where id = ${a!}`)
      await tx.execute(sql`update listing set title = 'Birch house' where id = ${b!}`)
      await tx.execute(sql`update listing set view_count = view_count + 1 where id = ${c!}`)
    })
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`update listing set title = 'Cedar house' where id = ${c!}`)
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    // Numbered as the statement ends, as before, when a transaction asks for its deferred triggers at once.
    await db().transaction(async (tx) => {
      await tx.execute(sql`set constraints all immediate`)
      await tx.execute(sql`update listing set title = 'Cedar house' where id = ${c!}`)
    })
    const rows = (await log()).filter((row) => row.n > before)
    expect(rows).toEqual([
      { n: before + 1, ids: [a, b] },
      { n: before + 2, ids: [c] },
    ])
    expect(await head()).toBe(before + 2)
    expect(await db().select().from(listingChangePending)).toEqual([])
  })

  // Two connections at once: PostgreSQL only (PGlite is one connection, whose writes take turns).
  if (isPostgres)
    it('lets other listing writes go on while a transaction stays open after its writes, and numbers it after them as it commits', async () => {
      const [slow, quick] = await newListings(2)
      const url = (t.services.database.connection as { url: string }).url
      const open = new pg.Client({ connectionString: url })
      const other = new pg.Client({ connectionString: url })
      await Promise.all([open.connect(), other.connect()])
      const reader = new LiveSearchIndex(db())
      await reader.load()
      try {
        await open.query('begin')
        // A change of price, not of words: writes that change the same words' counts
        // (listing_search_term) wait for each other whatever the log does.
        await open.query(`update listing set all_in_monthly_cents = 111100 where id = $1`, [slow])
        // With the number taken as the statement ended, this write would wait for the open transaction.
        await other.query(`set lock_timeout = '3s'`)
        await other.query(`update listing set all_in_monthly_cents = 222200 where id = $1`, [quick])
        const afterQuick = await reader.current()
        expect(priceIn(afterQuick, quick!)).toBe(222_200)
        expect(priceIn(afterQuick, slow!)).not.toBe(111_100)
        // The reader has applied the quick write's number; the open transaction, which wrote first,
        // commits now and must not be skipped.
        await open.query('commit')
        const afterSlow = await reader.current()
        expect(priceIn(afterSlow, slow!)).toBe(111_100)
        const numbers = new Map((await log()).flatMap((row) => row.ids.map((id) => [id, row.n] as const)))
        expect(numbers.get(slow!)).toBeGreaterThan(numbers.get(quick!)!)
      } finally {
        await Promise.all([open.end(), other.end()])
      }
    })

  it('misses no change while many transactions commit at once and a reader catches up among them', async () => {
    const WRITERS = 3
    const TRANSACTIONS = 12
    const ids = await newListings(WRITERS * TRANSACTIONS * 2)
    const reader = new LiveSearchIndex(db())
    await reader.load()
    /** What each committed transaction wrote: listing ids and the title each now has. */
    const committed: { ids: number[]; title: string }[] = []
    const rolledBack: number[] = []
    let isWriting = true

    const write = async (writer: number) => {
      for (let k = 0; k < TRANSACTIONS; k += 1) {
        const at = (writer * TRANSACTIONS + k) * 2
        const mine = [ids[at]!, ids[at + 1]!]
        const title = `Home w${writer} t${k}`
        const isRolledBack = k % 5 === 4
        const written = db().transaction(async (tx) => {
          await tx.execute(sql`update listing set title = ${title} where id = ${mine[0]!}`)
          // Some transactions stay open a moment between their statements, so commits interleave.
          if (k % 3 === 0) await new Promise((resolve) => setTimeout(resolve, 5 + ((writer * 7 + k) % 4) * 5))
          await tx.execute(sql`update listing set title = ${title} where id = ${mine[1]!}`)
          if (isRolledBack) throw new Error('rolled back')
        })
        if (isRolledBack) {
          await written.catch(() => {})
          rolledBack.push(...mine)
        } else {
          await written
          committed.push({ ids: mine, title })
        }
      }
    }
    const read = async () => {
      let checks = 0
      while (isWriting || checks === 0) {
        // Every transaction committed before the reader asks must be in what it answers from.
        const due = [...committed]
        const index = await reader.current()
        for (const { ids: written, title } of due) for (const id of written) expect(titleIn(index, id), `listing ${id}`).toBe(title)
        checks += 1
      }
      return checks
    }
    const reading = read()
    await Promise.all(Array.from({ length: WRITERS }, (_, writer) => write(writer)))
    isWriting = false
    expect(await reading).toBeGreaterThan(0)

    const index = await reader.current()
    expect(committed).toHaveLength(WRITERS * (TRANSACTIONS - Math.floor(TRANSACTIONS / 5)))
    for (const { ids: written, title } of committed) for (const id of written) expect(titleIn(index, id)).toBe(title)
    for (const id of rolledBack) expect(titleIn(index, id)).toBe('Plain home')
    // The log's numbers have no gap: each a committed transaction's, in the order they committed.
    const numbers = (await log()).map((row) => row.n)
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => numbers[0]! + i))
    expect(numbers.at(-1)).toBe(await head())
  })
})
