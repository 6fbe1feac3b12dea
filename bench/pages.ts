// Page budget benchmark: starts the production server on a fresh embedded database, measures the
// first-load JavaScript (gzip) of /, /properties and /cooper, then load-tests server rendering of each
// page with concurrent clients: /, /properties, /properties through the search benchmark's mix of
// filters, /properties through 2,000 searches drawn at random over every filter (bench/random-searches.ts,
// from --seed; the ten slowest are printed), /cooper, and /cooper/:market for markets drawn at random
// among those /cooper lists, and the random searches again through GET /api/properties (what the pages
// cost beyond their searches). Prints one JSON line. With DATABASE_URL set, the server uses that
// PostgreSQL database (seed it first, e.g. `npm run seed -- --listings 1000000`); media still go to a
// fresh folder. WEB_CONCURRENCY=2 passes through to the server (two processes on one port). Each load
// says the server's CPU per page (its processes' user + system time over the pages served). `--only`
// runs only the loads named (comma-separated, e.g. `--only '/properties?(random)'`).
//   npm run build && npx node bench/pages.ts [--seconds 10] [--clients 20] [--seed 1] [--only name,…]
import { gzipSync } from 'node:zlib'
import { seededRandom } from '#tests/support/synthetic-rents.ts'
import { createHttpClient } from './http-client.ts'
import { startProductionServer } from './production-server.ts'
import { randomSearch } from './random-searches.ts'
import { SEARCH_MIX } from './search-mix.ts'

const args = process.argv.slice(2)
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`)
  return index >= 0 ? Number(args[index + 1]) : fallback
}
const seconds = option('seconds', 10)
const clients = option('clients', 20)
const port = option('port', 3399)
const seed = option('seed', 1)
const only = args.includes('--only') ? new Set(args[args.indexOf('--only') + 1]!.split(',')) : null
const processes = Number(process.env.WEB_CONCURRENCY ?? 1)
const origin = `http://127.0.0.1:${port}`
const server = await startProductionServer(port)

try {
  const ready = (await (await fetch(`${origin}/readyz`)).json()) as { database?: string; listings?: number }
  const pages = ['/', '/properties', '/cooper']
  const firstLoadJsGzipKb: Record<string, number> = {}
  for (const page of pages) firstLoadJsGzipKb[page] = await firstLoadJs(page)
  const load: Record<string, unknown> = {}
  const runs = (name: string) => !only || only.has(name)
  for (const page of pages) if (runs(page)) load[page] = await loadTest([page])
  if (runs('/properties?(search mix)'))
    load['/properties?(search mix)'] = await loadTest(SEARCH_MIX.map((params) => `/properties?${new URLSearchParams(params)}`))
  const draw = seededRandom(seed)
  const randomPages = Array.from({ length: 2_000 }, () => randomSearch(draw).replace(/^\/api\/properties/, '/properties'))
  if (runs('/properties?(random)')) load['/properties?(random)'] = await loadTest(randomPages, { slowest: true })
  // The same searches as JSON: what the pages cost beyond their searches.
  if (runs('/api/properties?(random)')) load['/api/properties?(random)'] = await loadTest(randomPages.map((page) => `/api${page}`))
  const markets = await cooperMarkets()
  if (runs('/cooper/:market(random)'))
    load['/cooper/:market(random)'] = markets.length > 0 ? await loadTest(randomDraws(markets, 1_000)) : null
  console.log(
    JSON.stringify({
      benchmark: 'pages',
      database: ready.database ?? null,
      listings: ready.listings ?? null,
      processes,
      clients,
      seconds,
      seed,
      cooperMarkets: markets.length,
      firstLoadJsGzipKb,
      ssr: load,
    }),
  )
} finally {
  await server.stop()
}

/** Every market page /cooper links to (none before the index is first computed). */
async function cooperMarkets(): Promise<string[]> {
  const html = await (await fetch(`${origin}/cooper`)).text()
  return [...new Set([...html.matchAll(/href="(\/cooper\/[a-z0-9-]+)"/g)].map((match) => match[1]!))].sort()
}

/** `count` paths drawn at random from `paths` with mulberry32, so a seed gives the same draws every run. */
function randomDraws(paths: string[], count: number): string[] {
  const next = seededRandom(seed)
  return Array.from({ length: count }, () => paths[Math.floor(next() * paths.length)]!)
}

/** Sum of the gzip sizes of every script the page loads on first visit. */
async function firstLoadJs(page: string): Promise<number> {
  const html = await (await fetch(origin + page)).text()
  const urls = new Set<string>()
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(match[1]!)
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(match[1]!)
  for (const match of html.matchAll(/import \* as \w+ from "([^"]+)"/g)) urls.add(match[1]!)
  let bytes = gzipSync(Buffer.from(html.match(/<script[^>]*>([\s\S]*?)<\/script>/g)?.join('') ?? '')).length
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, origin))).arrayBuffer())
    bytes += gzipSync(body).length
  }
  return Math.round((bytes / 1024) * 10) / 10
}

async function loadTest(paths: string[], { slowest = false } = {}) {
  const latencies: number[] = []
  const slowestByPath = new Map<string, number>()
  let errors = 0
  const cpuBefore = server.cpuSeconds()
  const end = Date.now() + seconds * 1000
  const client = createHttpClient(clients)
  await Promise.all(
    Array.from({ length: clients }, async (_, index) => {
      for (let i = index; Date.now() < end; i += 1) {
        const started = performance.now()
        try {
          const reply = await client.get(origin + paths[i % paths.length])
          if (reply.status !== 200) errors++
        } catch {
          errors++
        }
        const ms = performance.now() - started
        latencies.push(ms)
        const path = paths[i % paths.length]!
        if (slowest) slowestByPath.set(path, Math.max(ms, slowestByPath.get(path) ?? 0))
      }
    }),
  )
  client.close()
  const cpuMs = (server.cpuSeconds() - cpuBefore) * 1000
  latencies.sort((a, b) => a - b)
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10) / 10
  return {
    requests: latencies.length,
    requestsPerSecond: Math.round(latencies.length / seconds),
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    p99Ms: at(0.99),
    errors,
    serverCpuMsPerPage: Math.round((cpuMs / Math.max(1, latencies.length)) * 100) / 100,
    ...(slowest && {
      distinct: new Set(paths).size,
      slowest: [...slowestByPath]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 10)
        .map(([page, ms]) => ({ page, ms: Math.round(ms * 10) / 10 })),
    }),
  }
}
