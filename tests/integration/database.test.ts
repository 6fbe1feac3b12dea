import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '#tests/support/test-database.ts'

describe(`migrations on ${testDatabaseKind()}`, () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database.drop()
  })

  it('apply to an empty database and create every table', async () => {
    const result = await database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    )
    const tables = result.rows.map((row) => row.table_name)
    expect(tables).toEqual(
      expect.arrayContaining(['user', 'session', 'account', 'verification', 'rate_limit', 'profile', 'list', 'message', 'article']),
    )
    expect(database.kind).toBe(testDatabaseKind())
  })

  it('answers a ping', async () => {
    await expect(database.ping()).resolves.toBeUndefined()
  })
})
