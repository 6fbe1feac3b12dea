// A throwaway database for one test file: in-memory PGlite, or a fresh database on the PostgreSQL
// server (TEST_DATABASE_URL), both migrated. `TEST_DB` picks the kind (set by the vitest project).
// Migrating costs about two seconds a file, so the projects' global setup (migrated-database-setup.ts)
// migrates once and each file starts from a copy: PGlite's dump of that database, or PostgreSQL's
// template. `fresh` migrates an empty database instead, for the test of the migrations themselves.
import fs from 'node:fs'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { inject } from 'vitest'
import { openDatabase, type Database, type Db } from '#server/db/client.server.ts'
import * as schema from '#server/db/schema.ts'
import { newTestDatabaseName, onTestServer, testDatabaseUrl } from './test-postgres.ts'

export type TestDatabase = Database & { drop(): Promise<void> }

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding the dump of a migrated PGlite database (pglite project). */
    pgliteSnapshot?: string
    /** The name of a migrated database to copy (postgres project). */
    postgresTemplate?: string
  }
}

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite'
}

export async function createTestDatabase({ fresh = false } = {}): Promise<TestDatabase> {
  if (testDatabaseKind() === 'pglite') {
    const snapshotFile = fresh ? undefined : inject('pgliteSnapshot')
    const snapshot = snapshotFile ? new Blob([fs.readFileSync(snapshotFile)]) : undefined
    const database = await openDatabase({ kind: 'pglite', dataDir: null, snapshot })
    return { ...database, drop: () => database.close() }
  }
  const name = newTestDatabaseName('test')
  const template = fresh ? undefined : inject('postgresTemplate')
  await onTestServer(template ? `create database ${name} template ${template}` : `create database ${name}`)
  const database = await openDatabase({ kind: 'postgres', url: testDatabaseUrl(name), poolSize: 5 })
  return {
    ...database,
    async drop() {
      // Dropped even if the test closed its connections already.
      await database.close().catch(() => {})
      await onTestServer(`drop database if exists ${name} with (force)`)
    },
  }
}

/**
 * Another handle on the same database, as a second server process has: its own pool of connections
 * on PostgreSQL, its own session over the one embedded database on PGlite. What a process keeps in
 * memory per handle (a slot's gate, a cache) is not shared with it; only the database is.
 */
export async function anotherHandle(database: Database): Promise<{ db: Db; close(): Promise<void> }> {
  if (database.connection.kind === 'pglite') {
    return { db: drizzlePglite(database.connection.client, { schema }), close: async () => {} }
  }
  const other = await openDatabase({ kind: 'postgres', url: database.connection.url, poolSize: 5 })
  return { db: other.db, close: () => other.close() }
}
