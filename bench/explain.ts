// Prints, for each search of the benchmark mix (or, with --searches N, N searches drawn at random from
// --seed as bench/search.ts draws them), the plan its terms' exact counts choose and the time and plan
// of every query its plans may run (the lookup's page; the walk's page and count; the lookup's count),
// and flags any sequential scan of listings in the plan chosen.
// Usage: DATABASE_URL=postgres://… npx node bench/explain.ts [--searches 200 --seed 1] [--verbose]
//        (or DATA_DIR=… for PGlite, with the server stopped)
import { parseArgs } from 'node:util'
import { openDatabase } from '#server/db/client.server.ts'
import { planOf, searchQueries } from '#server/listings/search/find-listings.server.ts'
import { examineSearch } from '#server/listings/search/terms.server.ts'
import { listingSearchSchema } from '#common/listings/schemas.ts'
import { seededRandom } from '#tests/support/synthetic-rents.ts'
import { randomSearch } from './random-searches.ts'
import { SEARCH_MIX } from './search-mix.ts'

const { values: options } = parseArgs({
  options: { searches: { type: 'string' }, seed: { type: 'string', default: '1' }, verbose: { type: 'boolean', default: false } },
})
const url = process.env.DATABASE_URL
const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: process.env.DATA_DIR ?? './data' })
const client = database.db.$client as unknown as { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> }

const random = seededRandom(Number(options.seed))
const searches = options.searches
  ? Array.from({ length: Number(options.searches) }, () => Object.fromEntries(new URL(randomSearch(random), 'http://x').searchParams))
  : process.env.ONLY
    ? [Object.fromEntries(new URLSearchParams(process.env.ONLY))]
    : SEARCH_MIX

/** The plan and time of `query`, run with `settings` in a transaction of its own. */
async function explain(query: { toSQL(): { sql: string; params: unknown[] } }, settings: string[]) {
  const { sql, params } = query.toSQL()
  await client.query('begin', [])
  for (const setting of settings) await client.query(setting, [])
  const result = await client.query(`explain (analyze, costs off, timing on, summary on) ${sql}`, params)
  await client.query('commit', [])
  const plan = result.rows.map((row) => String(Object.values(row)[0])).join('\n')
  return { plan, ms: Number(plan.match(/Execution Time: ([\d.]+) ms/)?.[1]), seqScan: /Seq Scan on listing\b/.test(plan) }
}

let seqScans = 0
for (const params of searches) {
  const label = new URLSearchParams(params).toString() || '(no filters)'
  const search = listingSearchSchema.parse(params)
  const terms = await examineSearch(database.db, search)
  const plan = planOf(terms)
  console.log(`${label}\n  plan: ${plan} (at most ${terms.bound} of ${terms.published} published listings)`)
  if (plan === 'none') continue
  for (const [name, { query, settings }] of Object.entries(searchQueries(database.db, terms))) {
    const { plan: queryPlan, ms, seqScan } = await explain(query, settings)
    // A walk's count that does not settle gives way to a lookup's, through the terms or the area.
    const chosen = name.startsWith(plan) || (plan === 'walk' && (name === 'lookup count' || name === 'area count'))
    if (chosen && seqScan) seqScans += 1
    console.log(`  ${seqScan ? 'SEQ SCAN' : 'index   '} ${ms.toFixed(1).padStart(9)} ms  ${name}`)
    if (options.verbose || (chosen && seqScan)) console.log(queryPlan.replace(/^/gm, '      '))
  }
}
console.log(`${database.kind}: ${seqScans} sequential scan(s) of listing in the plans chosen`)
await database.close()
