// The PostgreSQL server the tests use (TEST_DATABASE_URL), and statements on its maintenance database.
import pg from 'pg'

const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

/** The server's URL, or that of one database on it. */
export function testDatabaseUrl(name?: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL)
  if (name) url.pathname = `/${name}`
  return url.toString()
}

/**
 * A new database's name: `<prefix>_<what>_<time>_<random>`, the prefix `cooper` unless
 * TEST_DATABASE_PREFIX names another (two checkouts sharing one server tell their databases apart).
 */
export function newTestDatabaseName(what: string): string {
  const prefix = process.env.TEST_DATABASE_PREFIX ?? 'cooper'
  return `${prefix}_${what}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`
}

/** Runs one statement on the server's maintenance database (creating or dropping databases). */
export async function onTestServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: testDatabaseUrl(), connectionTimeoutMillis: 5000 })
  await admin.connect()
  try {
    await admin.query(statement)
  } finally {
    await admin.end()
  }
}
