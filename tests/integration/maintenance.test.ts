// Keeping the database healthy: PostgreSQL has autovacuum; embedded PGlite has none, so a scheduled
// job vacuums and analyses the tables that change, which lets index-only scans read no rows.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAINTENANCE_CRON, MAINTENANCE_JOB } from '#server/jobs/definitions.server.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { testDatabaseKind } from '#tests/support/test-database.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

describe(`database maintenance on ${testDatabaseKind()}`, () => {
  let t: TestServices
  const db = () => t.services.database.db

  beforeAll(async () => {
    t = await createTestServices()
  })
  afterAll(async () => {
    await t.close()
  })

  const schedules = async () =>
    (await db().execute<{ cron: string }>(sql`select cron from pgboss.schedule where name = ${MAINTENANCE_JOB}`)).rows.map(
      (row) => row.cron,
    )

  if (testDatabaseKind() === 'pglite') {
    it('vacuums the embedded database on a schedule, so an index-only scan reads no rows', async () => {
      expect(await schedules()).toEqual([MAINTENANCE_CRON])
      const listings = listingFactory(db())
      for (let i = 0; i < 5; i += 1) await listings.create({ title: `Maintained home ${i}` })
      const allVisible = async () =>
        Number(
          (await db().execute<{ pages: number }>(sql`select relallvisible as pages from pg_class where relname = 'listing'`)).rows[0]!
            .pages,
        )
      expect(await allVisible()).toBe(0)

      await t.services.jobs.send(MAINTENANCE_JOB)
      await t.services.jobs.runUntilIdle()
      expect(await allVisible()).toBeGreaterThan(0)
      const plan = await db().transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`)
        await tx.execute(sql`set local enable_bitmapscan = off`)
        const result = await tx.execute<Record<string, string>>(
          sql`explain (analyze, costs off) select id from listing where status = 'published' order by all_in_monthly_cents, id limit 3`,
        )
        return result.rows.map((row) => Object.values(row)[0]).join('\n')
      })
      expect(plan).toMatch(/Index Only Scan using listing_published_price_idx/)
      expect(plan).toMatch(/Heap Fetches: 0/)
    })
  } else {
    it('leaves PostgreSQL to its own autovacuum', async () => {
      expect(await schedules()).toEqual([])
    })
  }
})
