// How long a bulk update holds the search change log's lock, and how long a single-listing write made
// meanwhile waits. Against the database of DATABASE_URL (PostgreSQL; seeded, e.g. with
// `npm run seed -- --listings 200000`), for each run: one transaction updates ROWS published listings
// in one statement and commits (--change price: their price and confirmation, as an import would;
// --change words: a word added to their titles, as a mass edit would, which recounts search terms),
// while a second connection confirms one other listing again and again (each write on its own) and a
// third watches the head row of the change log (`listing_change_head`): its xmax is the bulk
// transaction's id from the moment that transaction locks it to its commit. Prints one JSON line.
// The listings are drawn at random from --seed (PostgreSQL's setseed), so a seed picks the same ones on the same data.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/cooper_bench_log npx node bench/change-log-lock.ts [--rows 5000] [--runs 3] [--change price|words] [--seed 1]
import { parseArgs } from 'node:util'
import pg from 'pg'

const { values: options } = parseArgs({
  options: {
    rows: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '3' },
    change: { type: 'string', default: 'price' },
    seed: { type: 'string', default: '1' },
  },
})
const CHANGES = {
  price: 'all_in_monthly_cents = all_in_monthly_cents + 100, last_confirmed_at = now()',
  words: `title = title || ' renovated', last_confirmed_at = now()`,
} as const
const change = options.change as keyof typeof CHANGES
if (!(change in CHANGES)) throw new Error(`--change must be one of: ${Object.keys(CHANGES).join(', ')}`)
const rows = Number(options.rows)
const runs = Number(options.runs)
if (!(Number.isInteger(rows) && rows > 0)) throw new Error('--rows must be a positive whole number')
if (!(Number.isInteger(runs) && runs > 0)) throw new Error('--runs must be a positive whole number')
const url = process.env.DATABASE_URL
if (!url) throw new Error('Set DATABASE_URL to a seeded PostgreSQL database')

const connect = async () => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  return client
}
const bulk = await connect()
const seed = Number(options.seed)
if (!Number.isInteger(seed)) throw new Error('--seed must be a whole number')
// setseed takes a number in [-1, 1]: any whole seed maps to one.
await bulk.query('select setseed($1)', [((Math.abs(seed) % 2_000_001) - 1_000_000) / 1_000_000])
const writer = await connect()
const probe = await connect()

const round = (ms: number) => Math.round(ms * 10) / 10
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}
const median = (values: number[]) => percentile(values, 50)

/** The mean time of a single-listing write with nothing else running, in ms. */
async function aloneWriteMs(id: number): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < 20; i += 1) {
    const started = performance.now()
    await writer.query('update listing set last_confirmed_at = now() where id = $1', [id])
    times.push(performance.now() - started)
  }
  return median(times)
}

type Run = { statementMs: number; commitMs: number; holdMs: number | null; writes: number; writeMaxMs: number; writeP50Ms: number }

async function measure(): Promise<{ run: Run; alone: number }> {
  const { rows: picked } = await bulk.query<{ id: string }>(
    `select id from listing where status = 'published' order by random() limit ${rows + 1}`,
  )
  const [single, ...ids] = picked.map((row) => Number(row.id))
  const alone = await aloneWriteMs(single!)

  await bulk.query('begin')
  const { rows: xact } = await bulk.query<{ xid: string }>('select pg_current_xact_id()::text as xid')
  const xid = xact[0]!.xid
  let isDone = false
  let lockedAt: number | null = null
  const watching = (async () => {
    while (!isDone) {
      const { rows: head } = await probe.query<{ xmax: string }>('select xmax::text as xmax from listing_change_head')
      if (lockedAt === null && head[0]?.xmax === xid) lockedAt = performance.now()
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
  })()
  const waits: number[] = []
  const writing = (async () => {
    while (!isDone) {
      const started = performance.now()
      await writer.query('update listing set last_confirmed_at = now() where id = $1', [single])
      waits.push(performance.now() - started)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  })()
  const started = performance.now()
  await bulk.query(`update listing set ${CHANGES[change]} where id = any($1::bigint[])`, [ids])
  const updated = performance.now()
  await bulk.query('commit')
  const committed = performance.now()
  // Writes that started before the commit have finished once one more has.
  await new Promise((resolve) => setTimeout(resolve, 50))
  isDone = true
  await Promise.all([watching, writing])
  return {
    alone,
    run: {
      statementMs: round(updated - started),
      commitMs: round(committed - updated),
      holdMs: lockedAt === null ? null : round(committed - lockedAt),
      writes: waits.length,
      writeMaxMs: round(Math.max(...waits)),
      writeP50Ms: round(median(waits)),
    },
  }
}

try {
  const { rows: size } = await bulk.query<{ listings: string; published: string }>(
    `select count(*) as listings, count(*) filter (where status = 'published') as published from listing`,
  )
  const results: Run[] = []
  const alone: number[] = []
  for (let i = 0; i < runs; i += 1) {
    const measured = await measure()
    results.push(measured.run)
    alone.push(measured.alone)
  }
  const holds = results.map((run) => run.holdMs).filter((ms): ms is number => ms !== null)
  console.log(
    JSON.stringify({
      benchmark: 'change-log-lock',
      seed,
      listings: Number(size[0]!.listings),
      published: Number(size[0]!.published),
      rows,
      change,
      runs: results,
      median: {
        statementMs: median(results.map((run) => run.statementMs)),
        holdMs: holds.length > 0 ? median(holds) : null,
        writeMaxMs: median(results.map((run) => run.writeMaxMs)),
        writeAloneMs: round(median(alone)),
      },
    }),
  )
} finally {
  await Promise.all([bulk.end(), writer.end(), probe.end()])
}
