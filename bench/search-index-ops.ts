// The search index's operations on a seeded database (`npm run seed -- --listings 1000000`), in this
// process, printing one JSON line:
//   --mode stall  an idle process whose unread change-log rows were pruned: it loads the index, a
//                 listing changes, the log rows go as the hourly prune takes them, then two searches
//                 (the second 50 ms after the first): how long each took, and whether they saw the change
//   --mode cold   searches drawn at random over every parameter (bench/random-searches.ts, from --seed),
//                 sent one after another, 250 ms apart, while the index loads at start: their times, the
//                 slowest ten, and the load's
//   --mode database  --searches N searches drawn the same way, answered by PostgreSQL alone (as while
//                 the index loads), without a load beside them: percentiles and the slowest ten
//   --mode memory the index's size (its own count of bytes, and the process's heap and array buffers
//                 before and after the load), per listing
//   --mode describe  gives every published listing a description of about 150 words (drawn from a few
//                 hundred words of listing prose, stop words included, as real ones are), for --mode memory
// Usage: DATABASE_URL=postgres://… npx node --expose-gc bench/search-index-ops.ts --mode stall
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { openDatabase } from '#server/db/client.server.ts'
import { searchIndexOf } from '#server/listings/search/engine/live-index.server.ts'
import { findListings } from '#server/listings/search/find-listings.server.ts'
import { seededRandom } from '#tests/support/synthetic-rents.ts'
import { randomSearch } from './random-searches.ts'

const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'stall' },
    seed: { type: 'string', default: '1' },
    searches: { type: 'string', default: '300' },
  },
})
const seed = Number(values.seed)
const searchCount = Number(values.searches)
if (!Number.isInteger(seed)) throw new Error('--seed must be a whole number')
if (!(Number.isInteger(searchCount) && searchCount > 0)) throw new Error('--searches must be a positive whole number')
const url = process.env.DATABASE_URL
if (!url) throw new Error('Set DATABASE_URL to a seeded PostgreSQL database')
const database = await openDatabase({ kind: 'postgres', url, poolSize: 10 })
const { db } = database
const ms = (since: number) => Math.round((performance.now() - since) * 10) / 10
const gc = () => (globalThis as { gc?: () => void }).gc?.()

/** The next search drawn at random over every parameter of GET /api/properties, as the API reads its query. */
const drawSearch = (() => {
  const random = seededRandom(seed)
  return (): { search: Record<string, string | string[]>; label: string } => {
    const path = randomSearch(random)
    const params = new URLSearchParams(path.split('?')[1] ?? '')
    const search: Record<string, string | string[]> = {}
    for (const key of new Set(params.keys())) {
      const all = params.getAll(key)
      search[key] = all.length === 1 ? all[0]! : all
    }
    return { search, label: params.toString() || '(no parameters)' }
  }
})()

/** Percentiles and the ten slowest of timed searches. */
function summary(timed: { ms: number; label: string }[]) {
  const sorted = [...timed].sort((a, b) => a.ms - b.ms)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]?.ms ?? null
  return {
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: sorted.at(-1)?.ms ?? null,
    min: sorted[0]?.ms ?? null,
    slowest: sorted.slice(-10).reverse(),
  }
}

async function timedSearch(search: Record<string, unknown>, since = performance.now()) {
  const page = await findListings(db, { search })
  return { ms: ms(since), page }
}

try {
  if (values.mode === 'stall') {
    const live = searchIndexOf(db)
    const loadStarted = performance.now()
    await live.load()
    const loadMs = ms(loadStarted)
    // A listing renamed, then every change-log row gone, as the prune leaves an instance idle for an hour.
    const word = `stallword${Date.now().toString(36)}`
    const [row] = (
      await db.execute<{ id: number }>(
        sql`update listing set title = title || ' ' || ${word} where id = (select min(id) from listing where status = 'published' and last_confirmed_at > now() - interval '20 days') returning id`,
      )
    ).rows
    await db.execute(sql`delete from listing_change`)
    const started = performance.now()
    const first = timedSearch({ q: word }, started)
    await new Promise((resolve) => setTimeout(resolve, 50))
    const second = timedSearch({ q: word, sort: 'price-asc' })
    const [a, b] = await Promise.all([first, second])
    const reloaded = (live as { reloaded?: () => Promise<void> }).reloaded
    if (reloaded) await reloaded.call(live)
    const swappedAfterMs = ms(started)
    const after = await timedSearch({ q: word })
    console.log(
      JSON.stringify({
        benchmark: 'search-index-stall',
        listings: live.stats()?.listings,
        loadMs,
        firstSearchMs: a.ms,
        secondSearchMs: b.ms,
        bothSawTheChange: a.page.items[0]?.id === Number(row!.id) && b.page.items[0]?.id === Number(row!.id),
        freshIndexInPlaceAfterMs: swappedAfterMs,
        nextSearchMs: after.ms,
        stats: live.stats(),
      }),
    )
  } else if (values.mode === 'cold') {
    const live = searchIndexOf(db)
    const started = performance.now()
    let loadedAt: number | null = null
    // As the services do: the load starts at once, searches arrive meanwhile.
    const loading = live.load().then(() => {
      loadedAt = ms(started)
    })
    const during: { ms: number; label: string }[] = []
    // Each search sent while the index is still loading, one after another, 250 ms apart.
    while (loadedAt === null) {
      const { search, label } = drawSearch()
      const { ms: took } = await timedSearch(search)
      during.push({ ms: took, label })
      await Promise.race([loading, new Promise((resolve) => setTimeout(resolve, 250))])
    }
    const after = await timedSearch(drawSearch().search)
    console.log(
      JSON.stringify({
        benchmark: 'search-index-cold-start',
        seed,
        listings: live.stats()?.listings,
        loadMs: loadedAt,
        searchesDuringLoad: during.length,
        msDuringLoad: summary(during),
        firstSearchAfterLoadMs: after.ms,
      }),
    )
  } else if (values.mode === 'database') {
    const timed: { ms: number; label: string }[] = []
    const started = performance.now()
    for (let n = 0; n < searchCount; n += 1) {
      const { search, label } = drawSearch()
      const since = performance.now()
      await findListings(db, { search, plan: 'database' })
      timed.push({ ms: ms(since), label })
    }
    const seconds = Math.round((performance.now() - started) / 100) / 10
    console.log(JSON.stringify({ benchmark: 'search-in-database', seed, searches: searchCount, seconds, ms: summary(timed) }))
  } else if (values.mode === 'memory') {
    gc()
    const before = process.memoryUsage()
    const live = searchIndexOf(db)
    await live.load()
    // The load's rows are garbage only once its last batch has been let go of: collect twice, a moment apart.
    gc()
    await new Promise((resolve) => setTimeout(resolve, 500))
    gc()
    const loaded = process.memoryUsage()
    const stats = live.stats()!
    const mb = (bytes: number) => Math.round(bytes / 1e5) / 10
    const { rows } = await db.execute<{ words: number; chars: number }>(
      sql`select avg(array_length(regexp_split_to_array(description, '\\s+'), 1))::float8 as words, avg(length(description))::float8 as chars
          from listing where status = 'published'`,
    )
    const heap = loaded.heapUsed - before.heapUsed + (loaded.arrayBuffers - before.arrayBuffers)
    console.log(
      JSON.stringify({
        benchmark: 'search-index-memory',
        listings: stats.listings,
        descriptionWords: Math.round(Number(rows[0]!.words)),
        descriptionChars: Math.round(Number(rows[0]!.chars)),
        loadMs: stats.loadMs,
        indexMb: mb(stats.bytes),
        bytesPerListing: Math.round(stats.bytes / stats.listings),
        heapAndBuffersMb: mb(heap),
        heapAndBuffersPerListing: Math.round(heap / stats.listings),
        rssMb: mb(loaded.rss),
      }),
    )
  } else if (values.mode === 'describe') {
    const started = performance.now()
    // Stop words about as often as in English prose, and a few hundred words a listing may use.
    const prose = `the a and of to in with is for on this that it from by at an as are be our your you its has have
      bright sunny spacious quiet renovated modern updated charming cozy large open airy private shared new original
      kitchen living dining bedroom bathroom closet storage laundry washer dryer dishwasher range oven fridge island
      hardwood floors tile carpet windows light views skyline park garden yard patio balcony deck terrace porch roof
      building elevator doorman lobby gym pool parking garage bike room mail package concierge super landlord
      neighborhood street block corner avenue transit subway bus train station shops cafes restaurants groceries
      school schools library hospital downtown walk minutes close near steps away easy commute highway
      ceilings exposed brick fireplace radiator heat hot water included utilities gas electric internet cable
      lease month deposit pets cats dogs allowed welcome small furnished unfurnished available immediately
      tenant tenants applicants credit income references viewing tour appointment contact today call email
      family friendly professional students couple roommates perfect ideal great wonderful lovely beautiful
      stainless steel appliances granite quartz counters cabinets pantry breakfast nook office den study
      walk-in master primary suite guest half full bath shower tub vanity mirrors lighting fixtures fans
      central air conditioning heating system thermostat smart lock security camera intercom buzzer keyless
      trees flowers lawn fence gate driveway sidewalk quiet cul-de-sac lake river beach hills mountains trail`
      .split(/\s+/)
      .filter(Boolean)
    await db.execute(sql`alter table listing disable trigger user`)
    try {
      await db.execute(sql`
        update listing l set description = d.text
        from (select id, (select string_agg(w[1 + floor(random() * array_length(w, 1))::int + 0 * g], ' ')
                          from generate_series(1, 150 + 0 * listing.id) as g) as text
              from listing, (select ${`{${prose.join(',')}}`}::text[] as w) words where status = 'published') d
        where l.id = d.id`)
    } finally {
      await db.execute(sql`alter table listing enable trigger user`)
    }
    // The per-term counts the search's reading of text uses, recounted as migration 0013 does.
    await db.execute(sql`truncate listing_search_term`)
    await db.execute(sql`insert into listing_search_term (term, listings)
      select t.lexeme, count(*) from listing as l, unnest(l.search_vector) as t where l.status = 'published' group by t.lexeme`)
    await db.execute(sql`vacuum analyze listing`)
    console.log(JSON.stringify({ benchmark: 'search-index-describe', seconds: Math.round(ms(started) / 100) / 10 }))
  } else throw new Error('--mode must be stall, cold, database, memory or describe')
} finally {
  await database.close()
}
