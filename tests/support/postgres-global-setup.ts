// The PostgreSQL integration project needs a server. With CI=true a missing server fails the run.
import pg from 'pg'

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

export default async function setup() {
  const url = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
  try {
    await client.connect()
    await client.query('select 1')
  } catch (error) {
    throw new Error(
      `PostgreSQL is required for the integration tests and did not answer at ${url} ` +
        `(set TEST_DATABASE_URL): ${(error as Error).message}`,
    )
  } finally {
    await client.end().catch(() => {})
  }
}
