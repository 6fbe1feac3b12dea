// A named statement run straight on the database driver, for the few queries every search runs: a
// PostgreSQL connection parses and plans it once and reuses the plan, and neither Drizzle's query
// building nor a second round trip is paid on each request. Rows come as the driver reads them
// (as `db.execute` gives them).
import type { PGlite } from '@electric-sql/pglite'
import type pg from 'pg'
import type { Db } from './client.server.ts'

export type PreparedStatement = { name: string; text: string }

export async function runPrepared<Row>(db: Db, statement: PreparedStatement, values: unknown[]): Promise<Row[]> {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client
  if ('waitReady' in client) return (await client.query<Row>(statement.text, values)).rows
  return (await (client as pg.Pool).query<Row & pg.QueryResultRow>({ name: statement.name, text: statement.text, values })).rows
}
