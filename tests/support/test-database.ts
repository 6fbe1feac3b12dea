// A throwaway database for one test file: in-memory PGlite, or a fresh database on the PostgreSQL
// server (TEST_DATABASE_URL), both migrated. `TEST_DB` picks the kind (set by the vitest project).
import pg from 'pg'
import { openDatabase, type Database } from '#server/db/client.server.ts'

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

export type TestDatabase = Database & { drop(): Promise<void> }

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite'
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind() === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: null })
    return { ...database, drop: () => database.close() }
  }
  const adminUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_URL
  const name = `cooper_test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 })
  return {
    ...database,
    async drop() {
      // Dropped even if the test closed its connections already.
      await database.close().catch(() => {})
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}
