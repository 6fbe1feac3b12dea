// Prints the query plans of the benchmark's search mix (first page with its count, and the next
// page through the cursor) on the configured database, and flags any sequential scan of listings.
// Usage: DATABASE_URL=postgres://… npx node bench/explain.ts   (or DATA_DIR=… for PGlite)
import { openDatabase } from '#server/db/client.server.ts'
import { buildListingSearch, examineSearchText } from '#server/listings/search/plan.server.ts'
import { findListings } from '#server/listings/search/find-listings.server.ts'
import { listingSearchSchema } from '#common/listings/schemas.ts'
import { SEARCH_MIX } from './search-mix.ts'

const url = process.env.DATABASE_URL
const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: process.env.DATA_DIR ?? './data' })
const client = database.db.$client as unknown as { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> }
const verbose = process.argv.includes('--verbose')

async function explain(label: string, query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL()
  const result = await client.query(`explain (analyze, costs off, timing on, summary on) ${sql}`, params)
  const plan = result.rows.map((row) => String(Object.values(row)[0])).join('\n')
  const seqScan = /Seq Scan on listing\b/.test(plan)
  const ms = plan.match(/Execution Time: ([\d.]+) ms/)?.[1]
  console.log(`${seqScan ? 'SEQ SCAN ' : 'index    '} ${ms?.padStart(9)} ms  ${label}`)
  if (verbose || seqScan) console.log(plan.replace(/^/gm, '    '))
  return seqScan
}

let seqScans = 0
for (const params of SEARCH_MIX) {
  const label = new URLSearchParams(params).toString() || '(no filters)'
  const facts = await examineSearchText(database.db, listingSearchSchema.parse(params))
  const how = facts.isCity ? 'city' : `page by ${facts.strategy.page}, count by ${facts.strategy.count}`
  const built = buildListingSearch(database.db, params, facts)
  if (await explain(`page  ${label} (${how})`, built.page)) seqScans += 1
  if (built.total && (await explain(`count ${label}`, built.total))) seqScans += 1
  const first = await findListings(database.db, { search: params })
  if (first.nextCursor) {
    const next = buildListingSearch(database.db, { ...params, cursor: first.nextCursor }, facts)
    if (await explain(`next  ${label}`, next.page)) seqScans += 1
  }
}
console.log(`${database.kind}: ${seqScans} sequential scan(s) of listing in the mix`)
await database.close()
