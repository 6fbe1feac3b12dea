// The Cooper Index recompute: observations from the database → pairs per unit → one index per market and
// bedrooms group → a run's rows, made visible at once by moving the current-run pointer. See "The pipeline"
// in docs/cooper-index-method.md.
import { desc, eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { cooperIndexMarket, cooperIndexPoint, cooperIndexRun } from '#server/db/schema.ts'
import type { Logger } from '#server/logger.server.ts'
import { dateOfMonth, readObservations, type ObservationColumns } from './observations.server.ts'
import { buildPairs, type PairDrops, type RentObservation } from './pairs.server.ts'
import { dollarAnchor, estimateRepeatRentIndex, inDollars, withEnoughData, type IndexMonth } from './repeat-rent.server.ts'

export type BedroomsGroup = 'all' | '0-1' | '2' | '3+'
export type MarketKind = 'nation' | 'state' | 'city'

/** Runs kept: the newest ones, the current one among them; older ones go after a successful run. */
export const RUNS_KEPT = 3
/** The dollar anchor's reference window: the anchor month and the months before it, this many in all. */
export const REFERENCE_MONTHS = 3
/** A run still 'running' after this long was interrupted (the process died); the next run marks it failed. */
const INTERRUPTED_AFTER_MS = 6 * 3_600_000
const ROWS_PER_INSERT = 1_000

export type RecomputeSummary = {
  runId: number
  observations: number
  pairs: number
  dropped: PairDrops
  markets: number
  series: number
  ms: number
}

export type RecomputeOptions = {
  now?: Date
  /** For tests of atomicity: throw once this many point rows have been written. */
  failAfterPointRows?: number
}

/** The bedrooms group of a bedroom count: studios and one-bedroom homes together, then 2, then 3 and more. */
export function bedroomsGroupOf(bedrooms: number): Exclude<BedroomsGroup, 'all'> {
  return bedrooms <= 1 ? '0-1' : bedrooms === 2 ? '2' : '3+'
}

/** A URL-safe market key: `us`, a state's code (`de`), or state and city (`de-wilmington`). */
export function marketKeyOf(stateCode?: string, city?: string): string {
  if (stateCode === undefined) return 'us'
  const state = stateCode.toLowerCase()
  if (city === undefined) return state
  const slug = city
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  return `${state}-${slug}`
}

/**
 * Recomputes every market's index and makes the new run current. On failure the run is marked failed, the
 * error logged and rethrown, and the current run stays as it was.
 */
export async function recomputeCooperIndex(
  { db, logger }: { db: Db; logger: Logger },
  { now = new Date(), failAfterPointRows }: RecomputeOptions = {},
): Promise<RecomputeSummary> {
  const started = performance.now()
  await db
    .update(cooperIndexRun)
    .set({ status: 'failed', error: 'interrupted', finishedAt: now })
    .where(sql`${cooperIndexRun.status} = 'running' and ${cooperIndexRun.startedAt} < ${new Date(now.getTime() - INTERRUPTED_AFTER_MS)}`)
  const [run] = await db.insert(cooperIndexRun).values({ startedAt: now }).returning({ id: cooperIndexRun.id })
  const runId = run!.id
  try {
    const observations = await readObservations(db)
    const pairs = pairsOf(observations)
    const companions = await readCompanions(db, now)
    const byCity = cityMonthIndexOf(observations)
    let pointRows = 0
    let series = 0
    const marketKeys = new Set<string>()
    const points: (typeof cooperIndexPoint.$inferInsert)[] = []
    const flushPoints = async () => {
      for (let i = 0; i < points.length; i += ROWS_PER_INSERT) {
        await db.insert(cooperIndexPoint).values(points.slice(i, i + ROWS_PER_INSERT))
        pointRows += Math.min(ROWS_PER_INSERT, points.length - i)
        if (failAfterPointRows !== undefined && pointRows >= failAfterPointRows) throw new Error('failure injected by the test')
      }
      points.length = 0
    }
    const marketRows: (typeof cooperIndexMarket.$inferInsert)[] = []

    for (const market of marketsOf(observations, pairs)) {
      for (const group of ['all', '0-1', '2', '3+'] as const) {
        const selected = market.pairs[group]
        if (selected.length === 0) continue
        const months = estimateMarket(pairs, selected)
        if (!months) continue
        const anchorMonth = months.findLast((month) => month.index !== null)?.month
        const anchorCents =
          anchorMonth === undefined ? null : dollarAnchor(rentsInWindow(observations, byCity, market.cities, group, anchorMonth))
        const levels = anchorMonth === undefined || anchorCents === null ? null : inDollars(months, anchorCents, anchorMonth)
        months.forEach((month, i) => {
          const level = levels?.[i] ?? null
          points.push({
            runId,
            marketKey: market.key,
            bedrooms: group,
            month: dateOfMonth(month.month),
            index: month.index,
            low: month.low,
            high: month.high,
            ma3: month.movingAverage3,
            mom: month.monthOverMonth,
            yoy: month.yearOverYear,
            // inDollars gives dollars; the column keeps cents.
            levelCents: level === null ? null : Math.round(level * 100),
            pairs: month.pairs,
            units: month.units,
            enoughData: month.index !== null,
          })
        })
        const companion = companions.get(`${market.companionKey}|${group}`)
        marketRows.push({
          runId,
          marketKey: market.key,
          kind: market.kind,
          name: market.name,
          stateCode: market.stateCode,
          bedrooms: group,
          latestMonth: dateOfMonth(months.at(-1)!.month),
          medianRentCents: companion?.medianRentCents ?? null,
          activeListings: companion?.activeListings ?? 0,
          medianDaysOnMarket: companion?.medianDaysOnMarket ?? null,
          priceCutShare: companion?.priceCutShare ?? null,
        })
        marketKeys.add(market.key)
        series++
        if (points.length >= ROWS_PER_INSERT) await flushPoints()
      }
    }
    await flushPoints()
    for (let i = 0; i < marketRows.length; i += ROWS_PER_INSERT) {
      await db.insert(cooperIndexMarket).values(marketRows.slice(i, i + ROWS_PER_INSERT))
    }

    const finishedAt = new Date()
    await db.transaction(async (tx) => {
      await tx
        .update(cooperIndexRun)
        .set({
          status: 'done',
          finishedAt,
          observations: observations.count,
          pairs: pairs.count,
          dropped: pairs.dropped,
          markets: marketKeys.size,
        })
        .where(eq(cooperIndexRun.id, runId))
      // The one statement that makes the run visible.
      await tx.execute(
        sql`insert into cooper_index_current (id, run_id) values (1, ${runId}) on conflict (id) do update set run_id = excluded.run_id`,
      )
    })
    await pruneRuns(db)
    const summary: RecomputeSummary = {
      runId,
      observations: observations.count,
      pairs: pairs.count,
      dropped: pairs.dropped,
      markets: marketKeys.size,
      series,
      ms: Math.round(performance.now() - started),
    }
    return summary
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    logger.error({ err: error, runId }, 'the Cooper Index recompute failed; the previous results stay current')
    await db
      .update(cooperIndexRun)
      .set({ status: 'failed', error: message, finishedAt: new Date() })
      .where(eq(cooperIndexRun.id, runId))
      .catch(() => {})
    throw error
  }
}

/** Deletes all but the newest RUNS_KEPT runs, never the current one or one still running; their rows go with them. */
async function pruneRuns(db: Db) {
  const kept = await db.select({ id: cooperIndexRun.id }).from(cooperIndexRun).orderBy(desc(cooperIndexRun.id)).limit(RUNS_KEPT)
  const oldestKept = kept.at(-1)?.id
  if (oldestKept === undefined) return
  // A run still writing (one asked for while the nightly one ran) is left to finish or fail on its own.
  await db.execute(
    sql`delete from cooper_index_run where id < ${oldestKept} and status <> 'running' and id not in (select run_id from cooper_index_current)`,
  )
}

/** Every pair of the run as columns, with the city and bedrooms group of its unit. */
type PairTable = {
  count: number
  from: Int32Array
  to: Int32Array
  logChange: Float64Array
  unit: Int32Array
  city: Int32Array
  bedrooms: Int8Array
  dropped: PairDrops
}

/**
 * Pairs unit by unit: observations are ordered by unit and time, and each unit's few go through buildPairs,
 * so only one unit's observations are ever objects.
 */
function pairsOf(observations: ObservationColumns): PairTable {
  const n = observations.count
  const order = new Int32Array(n)
  for (let i = 0; i < n; i++) order[i] = i
  order.sort((a, b) => observations.unit[a]! - observations.unit[b]! || observations.time[a]! - observations.time[b]! || a - b)
  const table = {
    from: [] as number[],
    to: [] as number[],
    logChange: [] as number[],
    unit: [] as number[],
    city: [] as number[],
    bedrooms: [] as number[],
  }
  const dropped: PairDrops = { invalid: 0, sameMonth: 0, typeChanged: 0, bedroomsChanged: 0, sizeChanged: 0, outlier: 0 }
  for (let start = 0; start < n;) {
    const unit = observations.unit[order[start]!]!
    let end = start + 1
    while (end < n && observations.unit[order[end]!] === unit) end++
    if (end - start >= 2) {
      const list: RentObservation[] = []
      for (let k = start; k < end; k++) {
        const i = order[k]!
        list.push({
          unitKey: observations.units[unit]!,
          month: observations.month[i]!,
          rentCents: observations.rentCents[i]!,
          type: observations.types[observations.type[i]!]!,
          bedrooms: observations.bedrooms[i]!,
          sizeSqft: observations.sizeSqft[i]! > 0 ? observations.sizeSqft[i]! : null,
        })
      }
      const result = buildPairs(list)
      for (const key of Object.keys(dropped) as (keyof PairDrops)[]) dropped[key] += result.dropped[key]
      const city = observations.city[order[start]!]!
      for (const pair of result.pairs) {
        // Pairs never cross a change of bedrooms, so the observation at `to` gives the pair's bedrooms.
        const bedrooms = list.findLast((observation) => observation.month === pair.to)!.bedrooms
        table.from.push(pair.from)
        table.to.push(pair.to)
        table.logChange.push(pair.logChange)
        table.unit.push(unit)
        table.city.push(city)
        table.bedrooms.push(bedrooms)
      }
    }
    start = end
  }
  return {
    count: table.from.length,
    from: Int32Array.from(table.from),
    to: Int32Array.from(table.to),
    logChange: Float64Array.from(table.logChange),
    unit: Int32Array.from(table.unit),
    city: Int32Array.from(table.city),
    bedrooms: Int8Array.from(table.bedrooms),
    dropped,
  }
}

type Market = {
  key: string
  kind: MarketKind
  name: string
  stateCode: string | null
  /** The key of its companion figures (see readCompanions). */
  companionKey: string
  cities: Set<number>
  /** Indexes into the pair table, by bedrooms group, in unit order. */
  pairs: Record<BedroomsGroup, number[]>
}

/** The nation, each state and each city with any pair, with the pairs of each bedrooms group. */
function marketsOf(observations: ObservationColumns, pairs: PairTable): Market[] {
  const emptyPairs = (): Market['pairs'] => ({ all: [], '0-1': [], '2': [], '3+': [] })
  const nation: Market = {
    key: marketKeyOf(),
    kind: 'nation',
    name: 'United States',
    stateCode: null,
    companionKey: '',
    cities: new Set(),
    pairs: emptyPairs(),
  }
  const states = new Map<number, Market>()
  const cities = new Map<number, Market>()
  for (let p = 0; p < pairs.count; p++) {
    const cityId = pairs.city[p]!
    let city = cities.get(cityId)
    if (!city) {
      const { name, state: stateId } = observations.cities[cityId]!
      const stateCode = observations.states[stateId]!
      let state = states.get(stateId)
      if (!state) {
        state = {
          key: marketKeyOf(stateCode),
          kind: 'state',
          name: stateCode,
          stateCode,
          companionKey: stateCode,
          cities: new Set(),
          pairs: emptyPairs(),
        }
        states.set(stateId, state)
      }
      city = {
        key: marketKeyOf(stateCode, name),
        kind: 'city',
        name,
        stateCode,
        companionKey: `${stateCode}|${name.toLowerCase()}`,
        cities: new Set([cityId]),
        pairs: emptyPairs(),
      }
      cities.set(cityId, city)
      state.cities.add(cityId)
      nation.cities.add(cityId)
    }
    const state = states.get(observations.cities[cityId]!.state)!
    const group = bedroomsGroupOf(pairs.bedrooms[p]!)
    for (const market of [nation, state, city]) {
      market.pairs.all.push(p)
      market.pairs[group].push(p)
    }
  }
  return [nation, ...states.values(), ...cities.values()]
}

/** The market's index with "not enough data" applied, or null when no month could be estimated at all. */
function estimateMarket(pairs: PairTable, selected: readonly number[]): IndexMonth[] | null {
  const n = selected.length
  const columns = { from: new Int32Array(n), to: new Int32Array(n), logChange: new Float64Array(n), unit: new Int32Array(n) }
  let first = Infinity
  let last = -Infinity
  for (let k = 0; k < n; k++) {
    const p = selected[k]!
    columns.from[k] = pairs.from[p]!
    columns.to[k] = pairs.to[p]!
    columns.logChange[k] = pairs.logChange[p]!
    columns.unit[k] = pairs.unit[p]!
    first = Math.min(first, pairs.from[p]!)
    last = Math.max(last, pairs.to[p]!)
  }
  const estimate = estimateRepeatRentIndex(columns, { first, last })
  if (!estimate.months.some((month) => month.status === 'ok')) return null
  return withEnoughData(estimate.months)
}

/** Observations ordered by city, then month, with where each city's run starts: a window is then a short scan. */
type CityMonthIndex = { order: Int32Array; start: Int32Array }

function cityMonthIndexOf(observations: ObservationColumns): CityMonthIndex {
  const order = new Int32Array(observations.count)
  for (let i = 0; i < order.length; i++) order[i] = i
  order.sort((a, b) => observations.city[a]! - observations.city[b]! || observations.month[a]! - observations.month[b]!)
  const start = new Int32Array(observations.cities.length + 1)
  for (let i = 0; i < order.length; i++) start[observations.city[i]! + 1] = start[observations.city[i]! + 1]! + 1
  for (let c = 0; c < observations.cities.length; c++) start[c + 1] = start[c + 1]! + start[c]!
  return { order, start }
}

/** The asking rents observed in the market and group in the reference window ending at `anchorMonth`. */
function rentsInWindow(
  observations: ObservationColumns,
  byCity: CityMonthIndex,
  cities: Set<number>,
  group: BedroomsGroup,
  anchorMonth: number,
): number[] {
  const rents: number[] = []
  const firstMonth = anchorMonth - REFERENCE_MONTHS + 1
  for (const city of cities) {
    // The first observation of the city at or after the window's first month, by binary search.
    let low = byCity.start[city]!
    let high = byCity.start[city + 1]!
    const end = high
    while (low < high) {
      const middle = (low + high) >>> 1
      if (observations.month[byCity.order[middle]!]! < firstMonth) low = middle + 1
      else high = middle
    }
    for (let k = low; k < end; k++) {
      const i = byCity.order[k]!
      if (observations.month[i]! > anchorMonth) break
      if (group !== 'all' && bedroomsGroupOf(observations.bedrooms[i]!) !== group) continue
      if (observations.rentCents[i]! > 0) rents.push(observations.rentCents[i]!)
    }
  }
  return rents
}

type Companion = { medianRentCents: number | null; activeListings: number; medianDaysOnMarket: number | null; priceCutShare: number | null }

/**
 * The companion figures of every market and group, from the listings published with a lease offer at `now`:
 * median asking rent, their number, median days since created, and the share whose rent is below an earlier
 * asking rent of theirs. Keyed `state|city|group` (`|group` for the nation, `state|group` for a state).
 */
async function readCompanions(db: Db, now: Date): Promise<Map<string, Companion>> {
  type Row = {
    state: string | null
    city: string | null
    grp: string | null
    listings: number | string
    median_rent: number | string | null
    median_days: number | string | null
    cut_share: number | string | null
  }
  const result = await db.execute<Row>(sql`
    with active as (
      select l.state, lower(trim(l.city)) as city,
             case when l.bedrooms <= 1 then '0-1' when l.bedrooms = 2 then '2' else '3+' end as grp,
             l.monthly_rent_cents as rent,
             extract(epoch from (${now}::timestamptz - l.created_at)) / 86400 as days,
             exists (select 1 from listing_price_history h
                     where h.listing_id = l.id and h.kind = 'lease' and h.amount_cents > l.monthly_rent_cents) as cut
      from listing l
      where l.status = 'published' and l.monthly_rent_cents is not null
    )
    select state, city, grp, count(*) as listings,
           percentile_cont(0.5) within group (order by rent) as median_rent,
           percentile_cont(0.5) within group (order by days) as median_days,
           avg(case when cut then 1.0 else 0.0 end) as cut_share
    from active
    group by grouping sets ((), (state), (state, city), (grp), (state, grp), (state, city, grp))`)
  const companions = new Map<string, Companion>()
  const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value))
  for (const row of result.rows) {
    const place = row.state === null ? '' : row.city === null ? row.state : `${row.state}|${row.city}`
    const medianRent = numberOrNull(row.median_rent)
    companions.set(`${place}|${row.grp ?? 'all'}`, {
      medianRentCents: medianRent === null ? null : Math.round(medianRent),
      activeListings: Number(row.listings),
      medianDaysOnMarket: numberOrNull(row.median_days),
      priceCutShare: numberOrNull(row.cut_share),
    })
  }
  return companions
}

export const COOPER_INDEX_RECOMPUTE_JOB = 'cooper-index-recompute'
/** Nightly at 03:15 UTC, when the site is quiet. */
export const COOPER_INDEX_RECOMPUTE_CRON = '15 3 * * *'

/** Queues one recompute now (an administrator's request); it runs on a worker like the nightly one. */
export async function requestCooperIndexRecompute({
  jobs,
}: {
  jobs: { send(name: string, data?: Record<string, unknown>): Promise<void> }
}) {
  await jobs.send(COOPER_INDEX_RECOMPUTE_JOB, {})
}
