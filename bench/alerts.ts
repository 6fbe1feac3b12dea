// Matching saved searches benchmark: against the PostgreSQL database of DATABASE_URL (seeded, e.g.
// `DATABASE_URL=… npm run seed -- --listings 1000000`), it first makes sure --saved saved searches of
// --users renters exist (made once from --seed, drawn over every parameter by bench/random-searches.ts
// and kept when they say where: a text or a map area; their renters written as bare users), loads the listings' and the saved searches' indexes, then:
//   --mode one    --listings N random published listings withdrawn (one statement, not timed), then
//                 published again one at a time, `matchListing` timed after each: its p50/p95/p99/max,
//                 the candidates tested per listing and the slowest listings.
//   --mode burst  --burst N random published listings withdrawn (not timed), then published again in one
//                 statement, as a bulk import; every change it logged is matched (its instant matches counted
//                 where their e-mail jobs would be queued), --concurrency at
//                 a time as the alert jobs' workers would, in --matchers instances (this process and worker
//                 threads, each with its own pool and indexes, taking the next change as pg-boss hands the
//                 next job to whichever instance is free); seconds in all, the five slowest (and the CPU seconds of
//                 the whole process: matchers and visitors). Meanwhile one visitor searches (random searches one after another, in this
//                 process): their times during the burst beside the same kind alone, before it.
//   --mode delivery  --burst N homes published in one statement, then the alerts' real pipeline after
//                 matching: queued by the floor's claim, worked by pg-boss's workers into alerts, hits
//                 and instant e-mail jobs (bench/alert-delivery.ts); seconds until all are queued.
//   --mode digest  a day's news drawn from --seed for every bench renter (written in SQL: homes for their
//                 daily searches, price drops of homes they saved), all made due now, then every digest
//                 built (not sent): seconds, and the renters with the most news.
// Prints one JSON line. The search cache is not involved: matching reads the indexes directly.
// With node --expose-gc the heap loading leaves is collected before anything is timed (`gcAfterLoad`).
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/alerts_bench npx node --expose-gc bench/alerts.ts --seed 1 --mode one
import { once } from 'node:events'
import { parseArgs } from 'node:util'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { count, like, sql } from 'drizzle-orm'
import { openDatabase, type Db } from '#server/db/client.server.ts'
import { savedSearch, user } from '#server/db/schema.ts'
import { matchListing, savedSearchIndexOf } from '#server/alerts/index.server.ts'
import type { MatchWork } from '#server/alerts/matching/match.server.ts'
import { findListings, searchIndexOf } from '#server/listings/index.server.ts'
import { savedQueryOf } from '#common/alerts/saved-query.ts'
import { ALERT_FREQUENCIES } from '#common/alerts/vocabulary.ts'
import { seededRandom } from '#tests/support/synthetic-rents.ts'
import { randomSearch } from './random-searches.ts'
import { deliveryBurst, digestForAll } from './alert-delivery.ts'
import { matchShare, type Share } from './alert-burst.ts'

const MODES = ['one', 'burst', 'delivery', 'digest'] as const
const { values: options } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    mode: { type: 'string', default: 'one' },
    listings: { type: 'string', default: '1000' },
    burst: { type: 'string', default: '10000' },
    saved: { type: 'string', default: '200000' },
    users: { type: 'string', default: '100000' },
    concurrency: { type: 'string', default: '8' },
    matchers: { type: 'string', default: '1' },
  },
})
const seed = Number(options.seed)
const mode = options.mode as (typeof MODES)[number]
const [listingCount, burstSize, savedCount, userCount] = [options.listings, options.burst, options.saved, options.users].map(Number)
if (!Number.isInteger(seed)) throw new Error('--seed must be a whole number')
if (!MODES.includes(mode)) throw new Error(`--mode must be one of: ${MODES.join(', ')}`)
for (const [name, n] of Object.entries({ listingCount, burstSize, savedCount, userCount })) {
  if (!(Number.isInteger(n) && n! > 0)) throw new Error(`${name} must be a positive whole number`)
}
const concurrency = Number(options.concurrency)
if (!(Number.isInteger(concurrency) && concurrency > 0)) throw new Error('--concurrency must be a positive whole number')
const matchers = Number(options.matchers)
if (!(Number.isInteger(matchers) && matchers > 0)) throw new Error('--matchers must be a positive whole number')
const url = process.env.DATABASE_URL
if (!url?.startsWith('postgres')) throw new Error('Set DATABASE_URL to a seeded PostgreSQL database')

const database = await openDatabase({ kind: 'postgres', url, poolSize: 10 })
const db = database.db
const BENCH_USER = 'bench-alerts-'

/** The bench's renters and their saved searches, made once (the same --seed draws the same ones). */
async function ensureSavedSearches(db: Db): Promise<{ madeMs: number }> {
  const started = performance.now()
  const [users] = await db
    .select({ n: count() })
    .from(user)
    .where(like(user.id, `${BENCH_USER}%`))
  if (users!.n < userCount!) {
    await db.execute(sql`
      insert into "user" (id, name, email, email_verified)
      select ${BENCH_USER} || g, 'Bench renter ' || g, ${BENCH_USER} || g || '@example.com', true
      from generate_series(1, ${userCount}) as g on conflict do nothing`)
  }
  const [saved] = await db
    .select({ n: count() })
    .from(savedSearch)
    .where(like(savedSearch.userId, `${BENCH_USER}%`))
  const draw = seededRandom(seed * 7919)
  const today = new Date()
  for (let made = saved!.n; made < savedCount!;) {
    const batch = Array.from({ length: Math.min(5_000, savedCount! - made) }, (_, i) => {
      const query = savedWhere(draw, today)
      return {
        userId: `${BENCH_USER}${1 + Math.floor(draw() * userCount!)}`,
        name: `Saved search ${made + i + 1}`,
        query,
        frequency: ALERT_FREQUENCIES[Math.floor(draw() * ALERT_FREQUENCIES.length)]!,
        belowIndexPercent: draw() < 0.05 ? 10 : null,
      }
    })
    await db.insert(savedSearch).values(batch)
    made += batch.length
    process.stderr.write(`\r  ${made.toLocaleString('en-US')} saved searches`)
  }
  return { madeMs: Math.round(performance.now() - started) }
}

/**
 * A saved search: a search drawn by bench/random-searches.ts, kept when it says where (a text, which
 * may be words alone, or a map area), as a search saved for alerts does; one saying neither (the
 * whole country, for any home at all) is drawn again.
 */
function savedWhere(draw: () => number, today: Date): string {
  for (;;) {
    const params = new URL(randomSearch(draw, today), 'http://localhost').searchParams
    if (params.has('q') || params.has('south')) return savedQueryOf(params)
  }
}

/** `n` random published listings (PostgreSQL's setseed from --seed), withdrawn in one statement so that publishing them again is news. */
async function withdrawRandom(n: number): Promise<{ id: number; city: string }[]> {
  await db.execute(sql`select setseed(${(seed % 1000) / 1000})`)
  const { rows } = await db.execute<{ id: string; city: string }>(sql`
    update listing set status = 'draft' where id in (
      select id from listing where status = 'published' and last_confirmed_at > now() - interval '20 days' order by random() limit ${n})
    returning id, city`)
  return rows.map((row) => ({ id: Number(row.id), city: row.city }))
}

/** Searches timed alone, before the burst. */
const SEARCHES_ALONE = 200
const searchDraw = seededRandom(seed * 104_729)
const searches: number[] = []

/**
 * Random searches (bench/random-searches.ts, every parameter) run one after another while `goOn()`,
 * through the search itself (its cache is not involved: `findListings` reads the index): their count,
 * p50, p95, p99 and max in ms, and the slowest.
 */
async function searching(goOn: () => boolean) {
  searches.length = 0
  const slowest: { ms: number; search: string }[] = []
  while (goOn()) {
    const search = randomSearch(searchDraw, new Date())
    const started = performance.now()
    await findListings(db, { search: Object.fromEntries(new URL(search, 'http://localhost').searchParams) })
    const ms = performance.now() - started
    searches.push(ms)
    slowest.push({ ms: round(ms), search })
    slowest.sort((a, b) => b.ms - a.ms).splice(3)
  }
  const sorted = [...searches].sort((a, b) => a - b)
  return {
    searches: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
    slowest,
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
const round = (ms: number) => Math.round(ms * 100) / 100

if (!isMainThread && (workerData as { matcher?: boolean } | null)?.matcher) {
  // Another instance working alert jobs: its own indexes, loaded, then its share of the burst.
  await searchIndexOf(db).load()
  await savedSearchIndexOf(db).current()
  ;(globalThis as { gc?: () => void }).gc?.()
  parentPort!.postMessage('ready')
  const [shared] = (await once(parentPort!, 'message')) as [Int32Array]
  parentPort!.postMessage(await matchShare(db, shared, { concurrency, started: performance.now() }))
  await database.close()
  process.exit(0)
}

if (!isMainThread && (workerData as { searcher?: boolean } | null)?.searcher) {
  // The other process: its own listings index, searches alone first, then while the burst lasts.
  await searchIndexOf(db).load()
  parentPort!.postMessage(await searching(() => searches.length < SEARCHES_ALONE))
  await once(parentPort!, 'message')
  let isStopped = false
  parentPort!.once('message', () => (isStopped = true))
  parentPort!.postMessage(await searching(() => !isStopped))
  await database.close()
  process.exit(0)
}

const made = await ensureSavedSearches(db)
const loadStarted = performance.now()
await searchIndexOf(db).load()
const listingsLoadMs = Math.round(performance.now() - loadStarted)
const savedStarted = performance.now()
const saved = savedSearchIndexOf(db)
await saved.current()
const savedLoadMs = Math.round(performance.now() - savedStarted)
// Loading leaves a heap of garbage a server collects long before its next listing: collected now
// (with node --expose-gc), so the first matches timed do not pay for it.
const gc = (globalThis as { gc?: () => void }).gc
gc?.()
const [{ listings } = { listings: 0 }] = (
  await db.execute<{ listings: number }>(sql`select count(*)::int as listings from listing where status = 'published'`)
).rows
const base = {
  benchmark: 'alerts',
  mode,
  seed,
  listings,
  savedSearches: saved.size,
  ...saved.stats(),
  users: userCount,
  ...made,
  gcAfterLoad: gc !== undefined,
  listingsLoadMs,
  savedLoadMs,
}

if (mode === 'one') {
  const homes = await withdrawRandom(listingCount!)
  await searchIndexOf(db).current()
  const times: { ms: number; cpuMs: number; id: number; city: string; candidates: number; matches: number }[] = []
  for (const home of homes) {
    await db.execute(sql`update listing set status = 'published', last_confirmed_at = now() where id = ${home.id}`)
    let work: MatchWork = { candidates: 0, searched: false }
    const started = performance.now()
    const cpu = process.cpuUsage()
    const matches = await matchListing(db, { listingId: home.id, onWork: (w) => (work = w) })
    const used = process.cpuUsage(cpu)
    if (times.length % 50 === 0) process.stderr.write(`\r  ${times.length} of ${homes.length} matched`)
    times.push({
      ms: performance.now() - started,
      cpuMs: (used.user + used.system) / 1000,
      ...home,
      candidates: work.candidates,
      matches: matches.length,
    })
  }
  const sorted = times.map((t) => t.ms).sort((a, b) => a - b)
  // Once every place's saved searches have been compiled (the second half of the run), as a server that has run a while.
  const steady = times
    .slice(Math.floor(times.length / 2))
    .map((t) => t.ms)
    .sort((a, b) => a - b)
  const candidates = times.map((t) => t.candidates).sort((a, b) => a - b)
  const cpuSorted = times.map((t) => t.cpuMs).sort((a, b) => a - b)
  console.log(
    JSON.stringify({
      ...base,
      matched: times.length,
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.at(-1) ?? 0),
      steady: { p50: round(percentile(steady, 50)), p95: round(percentile(steady, 95)), p99: round(percentile(steady, 99)) },
      // This process's CPU time a match (user + system): on a machine others load too, what the wall time would be alone, roughly.
      cpu: { p50: round(percentile(cpuSorted, 50)), p95: round(percentile(cpuSorted, 95)), p99: round(percentile(cpuSorted, 99)) },
      candidatesP50: percentile(candidates, 50),
      candidatesP99: percentile(candidates, 99),
      matchesMean: round(times.reduce((sum, t) => sum + t.matches, 0) / Math.max(1, times.length)),
      slowest: [...times]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 5)
        .map((t) => ({ ...t, ms: round(t.ms), cpuMs: round(t.cpuMs) })),
    }),
  )
} else if (mode === 'delivery') {
  const homes = await withdrawRandom(burstSize!)
  await searchIndexOf(db).current()
  const ids = homes.map((h) => h.id).join(',')
  const figures = await deliveryBurst(database, {
    publish: async () => {
      await db.execute(sql`update listing set status = 'published', last_confirmed_at = now() where id in ${sql.raw(`(${ids})`)}`)
    },
  })
  console.log(JSON.stringify({ ...base, burst: homes.length, ...figures }))
} else if (mode === 'digest') {
  console.log(JSON.stringify({ ...base, ...(await digestForAll(database, { userPrefix: BENCH_USER, seed })) }))
} else {
  // The other matching instances load their indexes meanwhile (before the listings are withdrawn, as running instances would have).
  const others = Array.from(
    { length: matchers - 1 },
    () => new Worker(new URL(import.meta.url), { workerData: { matcher: true }, argv: process.argv.slice(2) }),
  )
  await Promise.all(others.map((other) => once(other, 'message')))
  const homes = await withdrawRandom(burstSize!)
  await searchIndexOf(db).current()
  // Search alone first, one client, the same draws as during the burst: what it costs without one.
  const alone = await searching(() => searches.length < SEARCHES_ALONE)
  const elsewhere = new Worker(new URL(import.meta.url), { workerData: { searcher: true }, argv: process.argv.slice(2) })
  const [elsewhereAlone] = (await once(elsewhere, 'message')) as [unknown]
  const [{ head } = { head: 0 }] = (await db.execute<{ head: string }>(sql`select coalesce(max(id), 0) as head from listing_alert_change`))
    .rows
  const started = performance.now()
  await db.execute(
    sql`update listing set status = 'published', last_confirmed_at = now() where id in ${sql.raw(`(${homes.map((h) => h.id).join(',')})`)}`,
  )
  const published = performance.now()
  const { rows } = await db.execute<{ listing_id: string }>(
    sql`select listing_id from listing_alert_change where id > ${head} and kind = 'published' order by id`,
  )
  // The changes' listings, and the next one to take, shared with the other matching instances.
  const ids = Int32Array.from(rows, (row) => Number(row.listing_id))
  const shared = new Int32Array(new SharedArrayBuffer(ids.length * 4 + 4))
  shared.set(ids, 1)
  let isDone = false
  // A visitor searching all along, one search after another: in this process (one instance serving
  // visitors and working jobs), and in another (an instance serving visitors only, JOBS_WORKERS=false).
  const during = searching(() => !isDone)
  elsewhere.postMessage('go')
  for (const other of others) other.postMessage(shared)
  const cpu = process.cpuUsage()
  const shares = await Promise.all([
    matchShare(db, shared, { concurrency, started }),
    ...others.map(async (other) => ((await once(other, 'message')) as [Share])[0]),
  ])
  const matches = shares.reduce((sum, share) => sum + share.matches, 0)
  const queued = shares.reduce((sum, share) => sum + share.instant, 0)
  const slowestMatches = shares
    .flatMap((share) => share.slowest)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 5)
  const seconds = (performance.now() - started) / 1000
  const used = process.cpuUsage(cpu)
  isDone = true
  const duringBurst = await during
  const [elsewhereDuring] = (await Promise.all([once(elsewhere, 'message'), elsewhere.postMessage('stop')])) as [unknown[], void]
  await elsewhere.terminate()
  await Promise.all(others.map((other) => other.terminate()))
  console.log(
    JSON.stringify({
      ...base,
      burst: rows.length,
      concurrency,
      matchers,
      matchedBy: shares.map((share) => share.matched),
      publishMs: Math.round(published - started),
      seconds: Math.round(seconds * 10) / 10,
      cpuSeconds: Math.round((used.user + used.system) / 100_000) / 10,
      matches,
      instantQueued: queued,
      slowest: slowestMatches,
      search: { alone, duringBurst, inAnotherProcess: { alone: elsewhereAlone, duringBurst: elsewhereDuring[0] } },
    }),
  )
}
await database.close()
