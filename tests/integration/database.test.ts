import { is, sql } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as schema from '#server/db/schema.ts'
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '#tests/support/test-database.ts'

// Every table the Drizzle schema declares, keyed by the Postgres schema it lives in.
function declaredTables(): string[] {
  return (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => {
      const config = getTableConfig(table)
      return `${config.schema ?? 'public'}.${config.name}`
    })
    .sort()
}

describe(`migrations on ${testDatabaseKind()}`, () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase({ fresh: true })
  })
  afterAll(async () => {
    await database.drop()
  })

  it('apply to an empty database and create exactly the tables the schema declares', async () => {
    const result = await database.db.execute<{ table_schema: string; table_name: string }>(
      sql`select table_schema, table_name from information_schema.tables
          where table_schema not in ('pg_catalog', 'information_schema')
          order by table_schema, table_name`,
    )
    const tables = result.rows.map((row) => `${row.table_schema}.${row.table_name}`).sort()
    // Drizzle's own ledger of applied migrations is the one table outside the schema.
    expect(tables).toEqual([...declaredTables(), 'drizzle.__drizzle_migrations'].sort())
    expect(declaredTables()).toHaveLength(98)
    expect(database.kind).toBe(testDatabaseKind())
  })

  it('answers a ping', async () => {
    await expect(database.ping()).resolves.toBeUndefined()
  })
})
