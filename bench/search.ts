// Listing search benchmark: starts nothing itself. Against a running server it sends the fixed
// search mix (text, filters, sorts, map bounds, and the next page through each cursor) to
// GET /api/properties from many concurrent clients, then prints one JSON line.
// Usage: BASE_URL=http://127.0.0.1:3000 CLIENTS=50 DURATION=30 npx node bench/search.ts
import { createHttpClient } from './http-client.ts'
import { SEARCH_MIX } from './search-mix.ts'

const baseUrl = (process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '')
const clients = Number(process.env.CLIENTS ?? 50)
const durationSeconds = Number(process.env.DURATION ?? 30)

const ready = (await (await fetch(`${baseUrl}/readyz`)).json()) as { database?: string; listings?: number }

const latencies: number[] = []
let errors = 0
const deadline = performance.now() + durationSeconds * 1000

const http = createHttpClient(clients)

async function timedGet(path: string): Promise<{ nextCursor?: string | null } | null> {
  const started = performance.now()
  try {
    const reply = await http.get(`${baseUrl}${path}`)
    latencies.push(performance.now() - started)
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

async function client(id: number) {
  // Each client starts at a different point of the mix so the load is spread from the start.
  for (let i = id; performance.now() < deadline; i += 1) {
    const params = new URLSearchParams(SEARCH_MIX[i % SEARCH_MIX.length])
    const first = await timedGet(`/api/properties?${params}`)
    if (first?.nextCursor && performance.now() < deadline) {
      params.set('cursor', first.nextCursor)
      await timedGet(`/api/properties?${params}`)
    }
  }
}

const started = performance.now()
await Promise.all(Array.from({ length: clients }, (_, id) => client(id)))
const seconds = (performance.now() - started) / 1000
http.close()

latencies.sort((a, b) => a - b)
const percentile = (p: number) => {
  if (latencies.length === 0) return null
  return Math.round(latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]! * 10) / 10
}
console.log(
  JSON.stringify({
    benchmark: 'search',
    requestsPerSecond: Math.round((latencies.length / seconds) * 10) / 10,
    p50: percentile(50),
    p95: percentile(95),
    p99: percentile(99),
    errors,
    requests: latencies.length,
    clients,
    seconds: Math.round(seconds * 10) / 10,
    listings: ready.listings ?? null,
    database: ready.database ?? null,
  }),
)
