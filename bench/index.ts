// Cooper Index recompute benchmark: makes a database of its own (a new PostgreSQL database, dropped at the end, or
// a fresh PGlite data folder, removed at the end), fills it with N lease asking rents, then times one full
// recompute (server/cooper-index/compute.server.ts) in a fresh process, so its peak memory is the recompute's
// own, and prints one JSON line.
//
// The rents are made by the database (INSERT … SELECT over generate_series) from a hash of the seed, so a seed
// gives the same rows on either database: homes in the seed cities and in made-up towns across the states,
// each let 1–3 times (a new listing at the same address, sometimes written differently) with 1–5 asking rents
// a listing (the first ask of one letting and its changes), over ten years of city trends, with a few type, bedroom and size changes, same-month corrections,
// mistyped rents and drafts, so every rule of the pairing meets its case. The generation time is reported
// apart and not counted. The listing table's search indexes are dropped first: the recompute does not use
// them and they would only slow the loading.
//
//   npx node bench/index.ts [--observations 1000000] [--database postgres|pglite] [--seed 1] [--cpu-prof]
//
// PostgreSQL: the database is created on the server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
// `--cpu-prof` writes a CPU profile of the recompute process to the current folder; `--keep` keeps the database.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { recomputeCooperIndex } from '#server/cooper-index/index.server.ts'
import { openDatabase, type Database } from '#server/db/client.server.ts'
import { createLogger } from '#server/logger.server.ts'
import { SEED_CITIES } from '#server/seed/cities.ts'

const args = process.argv.slice(2)
const option = (name: string): string | undefined => {
  const index = args.indexOf(`--${name}`)
  return index >= 0 ? args[index + 1] : undefined
}
const wholeNumber = (name: string, fallback: number) => {
  const value = Number(option(name) ?? fallback)
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} needs a whole number`)
    process.exit(1)
  }
  return value
}
const observationCount = wholeNumber('observations', 1_000_000)
const seed = wholeNumber('seed', 1)
const kind = option('database') ?? 'postgres'
if (kind !== 'postgres' && kind !== 'pglite') {
  console.error('--database is postgres or pglite')
  process.exit(1)
}
/** The recompute's "now": fixed, so a seed gives the same results every run. */
const NOW = new Date('2026-11-20T12:00:00Z')

// The second process: open the database the first one filled, recompute, print the figures as JSON.
if (option('phase') === 'recompute') {
  const target = option('target')!
  const database = await openDatabase(kind === 'postgres' ? { kind, url: target } : { kind, dataDir: target })
  const rssBeforeMb = Math.round(process.memoryUsage().rss / 1e6)
  const summary = await recomputeCooperIndex({ db: database.db, logger: createLogger('silent') }, { now: NOW })
  const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1e3)
  const digest = await pointDigest(database, summary.runId)
  await database.close()
  console.log(JSON.stringify({ summary, rssBeforeMb, peakRssMb, digest }))
  process.exit(0)
}

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const benchName = `cooper_bench_index_${process.pid}`
let target: string
let dropTarget: () => Promise<void>
if (kind === 'postgres') {
  await adminQuery(`create database ${benchName}`)
  const url = new URL(adminUrl)
  url.pathname = `/${benchName}`
  target = url.toString()
  dropTarget = () => adminQuery(`drop database if exists ${benchName} with (force)`)
} else {
  target = fs.mkdtempSync(path.join(os.tmpdir(), 'cooper-bench-index-'))
  dropTarget = async () => fs.rmSync(target, { recursive: true, force: true })
}

try {
  const database = await openDatabase(kind === 'postgres' ? { kind, url: target, poolSize: 1 } : { kind, dataDir: target })
  const generateStarted = performance.now()
  const generated = await generate(database)
  const generateMs = Math.round(performance.now() - generateStarted)
  await database.close()

  const child = spawnSync(
    process.execPath,
    [
      ...process.execArgv,
      ...(args.includes('--cpu-prof') ? ['--cpu-prof'] : []),
      fileURLToPath(import.meta.url),
      ...['--phase', 'recompute', '--database', kind, '--target', target],
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1e8 },
  )
  if (child.status !== 0) throw new Error(`the recompute process failed (${child.status ?? child.signal})`)
  const { summary, rssBeforeMb, peakRssMb, digest } = JSON.parse(child.stdout.trim().split('\n').at(-1)!)
  console.log(
    JSON.stringify({
      benchmark: 'cooper-index',
      database: kind,
      seed,
      asks: summary.asks,
      observations: summary.observations,
      listings: generated.listings,
      pairs: summary.pairs,
      dropped: summary.dropped,
      markets: summary.markets,
      series: summary.series,
      recomputeMs: summary.ms,
      stagesMs: summary.stages,
      slowestSeries: summary.slowest,
      generateMs,
      rssBeforeMb,
      peakRssMb,
      pointDigest: digest,
    }),
  )
} finally {
  // --keep leaves the database for a closer look (EXPLAIN, profiles); its name or folder goes to stderr.
  if (args.includes('--keep')) console.error(`kept: ${target}`)
  else await dropTarget()
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

/** An md5 of the run's point and market rows, in a fixed order: the same seed must give the same digest. */
async function pointDigest(database: Database, runId: number): Promise<string> {
  const { rows } = await database.db.execute<{ points: string; markets: string }>(sql`
    select
      (select md5(string_agg(concat_ws(',', market_key, bedrooms, month, index, low, high, ma3, mom, yoy, level_cents, pairs, units, enough_data),
                             ';' order by market_key, bedrooms, month))
       from cooper_index_point where run_id = ${runId}) as points,
      (select md5(string_agg(concat_ws(',', market_key, kind, name, state_code, bedrooms, latest_month, median_rent_cents, active_listings,
                                       median_days_on_market, price_cut_share), ';' order by market_key, bedrooms))
       from cooper_index_market where run_id = ${runId}) as markets`)
  return `${rows[0]!.points}/${rows[0]!.markets}`
}

function literal(value: string) {
  return `'${value.replaceAll("'", "''")}'`
}

/** The seed cities, then made-up towns spread over the states: about one town per 20,000 rents, at most 600. */
function citiesSql(): string {
  const states =
    'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
      ' ',
    )
  const heads = 'Ash Brook Cedar Clear Elm Fair Glen Green Hill Lake Maple Mill Oak Pine River Rock Spring Stone West Wood'.split(' ')
  const tails = 'ford field dale ton ville view wood port haven burg mont bridge land side crest'.split(' ')
  const towns = Math.min(600, Math.max(0, Math.round(observationCount / 20_000) - SEED_CITIES.length))
  const rows = SEED_CITIES.map(
    (city) => [city.city, city.state, city.oneBedroomRent, city.latitude, city.longitude, city.zips[0]!] as const,
  )
  for (let t = 0; t < towns; t++) {
    const name = `${heads[t % heads.length]}${tails[Math.floor(t / heads.length) % tails.length]}${t >= heads.length * tails.length ? ` ${Math.floor(t / (heads.length * tails.length)) + 1}` : ''}`
    const zip = String(10_000 + ((t * 7919) % 89_000)).padStart(5, '0')
    rows.push([name, states[(t * 7) % states.length]!, 900 + ((t * 37) % 1400), 30 + ((t * 13) % 17), -120 + ((t * 29) % 45), zip])
  }
  return rows
    .map(([name, state, rent, lat, lon, zip], i) => `(${i}, ${literal(name)}, ${literal(state)}, ${rent}, ${lat}, ${lon}, ${literal(zip)})`)
    .join(',\n')
}

/** Inserts homes until there are `observationCount` asking rents of listings that are not drafts. */
async function generate(database: Database): Promise<{ listings: number }> {
  const { db } = database
  // The search indexes only slow the loading; the price history's index is built once at the end.
  const { rows: indexes } = await db.execute<{ name: string }>(sql`
    select indexname as name from pg_indexes
    where tablename in ('listing', 'listing_price_history') and indexname not like '%_pkey'`)
  for (const { name } of indexes) await db.execute(sql.raw(`drop index "${name}"`))
  await db.execute(sql.raw('alter table listing_price_history drop constraint listing_price_history_listing_id_listing_id_fk'))
  if (database.kind === 'postgres') await db.execute(sql.raw('set synchronous_commit = off'))
  await db.execute(sql`insert into "user" (id, name, email) values ('bench-owner', 'Bench Owner', 'bench.owner@example.com')`)

  const cities = citiesSql()
  const cityCount = cities.split('\n').length
  // A uniform number in [0, 1) from the seed, a salt and a key.
  const h = (key: string, salt: number) =>
    `((hashint8extended((${key})::bigint, ${seed * 1000 + salt}) & 2147483647)::float8 / 2147483648.0)`
  const unitsPerBatch = 50_000
  let observations = 0
  let listings = 0
  for (let from = 0; observations < observationCount; from += unitsPerBatch) {
    const to = from + unitsPerBatch - 1
    const { rows } = await db.execute<{ prices: number; listings: number; observations: number }>(
      sql.raw(`
with city(ci, name, state, rent, lat, lon, zip) as (values ${cities}),
units as (
  select u, c.*, ${h('u', 1)} as r_type, ${h('u', 2)} as r_beds, 1 + floor(${h('u', 3)} * 3)::int as lets,
         ${h('u', 4)} as r_start, ${h('u', 5)} as r_rent, ${h('u', 6)} as r_size, 0.01 + 0.05 * ${h('c.ci', 7)} as trend
  from generate_series(${from}, ${to}) as u
  join city c on c.ci = floor(${cityCount} * power(${h('u', 0)}, 1.6))::int
),
typed as (
  select *, case when r_type < 0.42 then 'apartment' when r_type < 0.56 then 'condo' when r_type < 0.70 then 'house'
                 when r_type < 0.82 then 'townhouse' when r_type < 0.93 then 'studio' else 'room' end as type
  from units
),
homes as (
  select *,
    case type when 'studio' then 0 when 'room' then 1 when 'townhouse' then 2 + floor(r_beds * 3)::int
              when 'house' then 2 + floor(r_beds * 4)::int else 1 + floor(r_beds * 3)::int end as beds
  from typed
),
lets as (
  select homes.*, j, u * 3 + j + 1 as listing_id, 1 + floor(${h('u * 3 + j', 10)} * 5)::int as prices,
    ${h('u * 3 + j', 11)} as r_change, ${h('u * 3 + j', 12)} as r_status, ${h('u * 3 + j', 13)} as r_noise,
    floor(r_start * 80)::int + j * (12 + floor(${h('u * 3 + j', 14)} * 8)::int) as first_month
  from homes cross join generate_series(0, lets - 1) as j
),
offered as (
  select *,
    case when j > 0 and r_change < 0.02 then (case when type = 'apartment' then 'condo' else 'apartment' end) else type end as let_type,
    case when j > 0 and r_change >= 0.02 and r_change < 0.035 then least(beds + 1, 20) else beds end as let_beds,
    (case type when 'room' then 140 + floor(r_size * 120) when 'studio' then 360 + floor(r_size * 240)
               else 450 + beds * 320 + floor(r_size * 350) end
      * case when j > 0 and r_change >= 0.035 and r_change < 0.05 then 1.3 when r_change > 0.9 then 1.02 else 1 end)::int as let_sqft,
    case when r_status < 0.02 then 'draft' when j = lets - 1 and r_status < 0.62 then 'published' when r_status < 0.9 then 'leased' else 'archived' end as status,
    rent * 100 * (case type when 'condo' then 1.12 when 'townhouse' then 1.2 when 'house' then 1.3 when 'studio' then 0.82
                             when 'room' then 0.5 else 1 end)
      * (case when type in ('studio', 'room') then 1 else 1 + 0.32 * (beds - 1) end) * (0.8 + 0.4 * r_rent) as base_cents
  from lets
),
asked as (
  select o.*, k, p, month,
    (case when ${h('p', 22)} < 0.0005 then 0
          when ${h('p', 23)} < 0.003 then 10 else 1 end
     * round(base_cents * exp(trend * month / 12.0 + 0.02 * sin(month * pi() / 6) + 0.04 * (r_noise - 0.5) + 0.01 * (${h('p', 24)} - 0.5))
             * (1 - 0.03 * least(k, 2)) / 500) * 500)::int as amount,
    timestamptz '2016-01-01 00:00:00+00' + make_interval(months => month) + (${h('p', 25)} * 27 + 0.1) * interval '1 day' as changed_at
  from offered o
  cross join generate_series(0, o.prices - 1) as k
  cross join lateral (select listing_id * 8 + k as p) as pk
  cross join lateral (select first_month + 2 * k - case when k > 0 and ${h('p', 21)} < 0.015 then 2 else 0 end as month) as m
),
numbered as (
  select *, ${observations} + count(*) filter (where status <> 'draft') over (order by listing_id, k rows unbounded preceding) as n,
         last_value(amount) over (partition by listing_id order by k rows between unbounded preceding and unbounded following) as last_amount
  from asked
),
kept as (select * from numbered where n <= ${observationCount}),
new_listings as (
  insert into listing (id, owner_id, title, description, type, status, monthly_rent_cents, min_term_months, deposit_cents,
    all_in_monthly_cents, street, unit, city, state, zip, latitude, longitude, bedrooms, bathroom_halves, interior_sqft,
    available_from, created_at)
  select listing_id, 'bench-owner', initcap(let_type) || ' in ' || name, 'Home ' || u, let_type, status, last_amount, 12, last_amount,
    last_amount,
    (1 + u % 9000) || ' ' || (array['Oak','Maple','Cedar','Pine','Elm','Walnut','Chestnut','Spruce','Willow','Birch',
                                    'Market','Church','Mill','Park','Lake','Hill','Ridge','Spring','Union','Front'])[1 + (u / 9000) % 20]
      || case when j > 0 and r_noise < 0.3 then ' St.' else ' Street' end,
    case when u / 180000 = 0 then '' when r_noise > 0.7 then 'Apt. ' || (u / 180000) else '#' || (u / 180000) end,
    name, state, zip, lat + (r_rent - 0.5) * 0.1, lon + (r_size - 0.5) * 0.1, let_beds, 2, let_sqft,
    date '2016-01-01' + first_month * 30, changed_at
  from kept where k = 0
  returning 1
),
new_prices as (
  insert into listing_price_history (listing_id, kind, amount_cents, changed_at, market_phase)
  select listing_id, 'lease', amount, changed_at, case when k = 0 then 'listed' else 'asking' end from kept
  returning 1
)
select (select count(*) from new_prices)::int as prices, (select count(*) from new_listings)::int as listings,
       (select count(*) from kept where status <> 'draft')::int as observations`),
    )
    if (rows[0]!.prices === 0) break
    observations += rows[0]!.observations
    listings += rows[0]!.listings
  }
  await db.execute(sql.raw('create index listing_price_history_listing_idx on listing_price_history (listing_id, changed_at)'))
  await db.execute(sql.raw(`select setval(pg_get_serial_sequence('listing', 'id'), (select max(id) from listing))`))
  await db.execute(sql.raw('vacuum analyze listing'))
  await db.execute(sql.raw('vacuum analyze listing_price_history'))
  return { listings }
}
