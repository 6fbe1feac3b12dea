// Listing search benchmark: starts nothing itself. Against a running server it sends searches drawn
// at random over every parameter of GET /api/properties (bench/random-searches.ts) from a seed, and
// for 30 % of them the next page through the cursor, then prints one JSON line with the ten slowest
// searches of the run.
//   --mode one     one client, --searches N searches one after another
//   --mode closed  CLIENTS clients, each sending its next search as soon as the last one answered, for DURATION s
//   --mode open    RATE searches/s for DURATION s whatever the answers; latency counted from when each was due
//   --target map   the search map instead (GET /api/properties/map, bench/random-searches.ts randomMapView): random
//                  searches at random zooms and areas, no next pages
// Usage: BASE_URL=http://127.0.0.1:3000 CLIENTS=50 DURATION=30 npx node bench/search.ts --seed 1 --mode closed
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { seededRandom } from '#tests/support/synthetic-rents.ts'
import { createHttpClient } from './http-client.ts'
import { followsNextPage, randomMapView, randomSearch } from './random-searches.ts'

const MODES = ['one', 'closed', 'open'] as const
type Mode = (typeof MODES)[number]

const { values: options } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    mode: { type: 'string', default: 'closed' },
    searches: { type: 'string', default: '1000' },
    target: { type: 'string', default: 'search' },
  },
})
const TARGETS = ['search', 'map'] as const
const target = options.target as (typeof TARGETS)[number]
if (!TARGETS.includes(target)) throw new Error(`--target must be one of: ${TARGETS.join(', ')}`)
const seed = Number(options.seed)
const mode = options.mode as Mode
const searchCount = Number(options.searches)
if (!Number.isInteger(seed)) throw new Error('--seed must be a whole number')
if (!MODES.includes(mode)) throw new Error(`--mode must be one of: ${MODES.join(', ')}`)
if (!(Number.isInteger(searchCount) && searchCount > 0)) throw new Error('--searches must be a positive whole number')

const baseUrl = (process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '')
const clients = Number(process.env.CLIENTS ?? 50)
const durationSeconds = Number(process.env.DURATION ?? 30)
const rate = Number(process.env.RATE ?? 100)

const ready = (await (await fetch(`${baseUrl}/readyz`)).json()) as { database?: string; listings?: number }

const random = seededRandom(seed)
const today = new Date()
const latencies: number[] = []
/** The slowest time of each search (its query; a next page marked as such). */
const slowestBySearch = new Map<string, number>()
const distinctSearches = new Set<string>()
let errors = 0

const http = createHttpClient(mode === 'one' ? 1 : mode === 'closed' ? clients : Math.max(clients, rate))

/** GETs `path`; the latency is counted from `since` (when the request was due). */
async function timedGet(path: string, label: string, since = performance.now()): Promise<{ nextCursor?: string | null } | null> {
  try {
    const reply = await http.get(`${baseUrl}${path}`)
    const ms = performance.now() - since
    latencies.push(ms)
    slowestBySearch.set(label, Math.max(ms, slowestBySearch.get(label) ?? 0))
    if (reply.status !== 200) {
      errors += 1
      return null
    }
    return JSON.parse(reply.body.toString('utf8')) as { nextCursor?: string | null }
  } catch {
    errors += 1
    return null
  }
}

/** Draws one search and sends it, and its next page when drawn so. */
async function search(due?: number, deadline = Infinity) {
  const path = target === 'map' ? randomMapView(random, today) : randomSearch(random, today)
  const nextPage = target === 'search' && followsNextPage(random)
  distinctSearches.add(path)
  const label = decodeURIComponent(path.replace(/^\/api\/properties(\/map)?\??/, '').replaceAll('+', ' ')) || '(no parameters)'
  const first = await timedGet(path, label, due)
  if (nextPage && first?.nextCursor && performance.now() < deadline) {
    const cursor = `cursor=${encodeURIComponent(first.nextCursor)}`
    await timedGet(path.includes('?') ? `${path}&${cursor}` : `${path}?${cursor}`, `${label} (next page)`)
  }
}

const started = performance.now()
const deadline = started + durationSeconds * 1000
if (mode === 'one') {
  for (let i = 0; i < searchCount; i += 1) await search()
} else if (mode === 'closed') {
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) await search(undefined, deadline)
    }),
  )
} else {
  const inFlight: Promise<void>[] = []
  for (let i = 0; ; i += 1) {
    const due = started + (i * 1000) / rate
    if (due >= deadline) break
    const wait = due - performance.now()
    if (wait > 0) await sleep(wait)
    inFlight.push(search(due))
  }
  await Promise.all(inFlight)
}
const seconds = (performance.now() - started) / 1000
http.close()

latencies.sort((a, b) => a - b)
const round = (ms: number) => Math.round(ms * 10) / 10
const percentile = (p: number) => {
  if (latencies.length === 0) return null
  return round(latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]!)
}
const slowest = [...slowestBySearch]
  .sort((a, b) => b[1] - a[1])
  .slice(0, 10)
  .map(([query, ms]) => ({ search: query, ms: round(ms) }))
console.log(
  JSON.stringify({
    benchmark: target,
    mode,
    seed,
    ...(mode === 'one' ? { searches: searchCount } : mode === 'closed' ? { clients } : { rate }),
    requests: latencies.length,
    distinctSearches: distinctSearches.size,
    requestsPerSecond: round(latencies.length / seconds),
    p50: percentile(50),
    p90: percentile(90),
    p95: percentile(95),
    p99: percentile(99),
    max: latencies.length === 0 ? null : round(latencies.at(-1)!),
    errors,
    seconds: round(seconds),
    listings: ready.listings ?? null,
    database: ready.database ?? null,
    slowest,
  }),
)
