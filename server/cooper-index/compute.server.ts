// The Cooper Index recompute: observations from the database → pairs per unit → one index per market and
// bedrooms group → a run's rows, made visible at once by moving the current-run pointer. See "The pipeline"
// in docs/cooper-index-method.md.
import { desc, eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { cooperIndexRun } from '#server/db/schema.ts'
import type { Logger } from '#server/logger.server.ts'
import { dateOfMonth, readObservations, type ObservationColumns } from './observations.server.ts'
import { MAX_ABS_LOG_CHANGE, SIZE_TOLERANCE, type PairDrops } from './pairs.server.ts'
import { dollarAnchor, estimateRepeatRentIndex, inDollars, withEnoughData, type IndexMonth } from './repeat-rent.server.ts'

export type BedroomsGroup = 'all' | '0-1' | '2' | '3+'
export type MarketKind = 'nation' | 'state' | 'city'

/** Runs kept: the newest ones, the current one among them; older ones go after a successful run. */
export const RUNS_KEPT = 3
/** The dollar anchor's reference window: the anchor month and the months before it, this many in all. */
export const REFERENCE_MONTHS = 3
/** A run still 'running' after this long was interrupted (the process died); the next run marks it failed. */
export const INTERRUPTED_AFTER_MS = 6 * 3_600_000
const ROWS_PER_INSERT = 5_000

export type RecomputeSummary = {
  runId: number
  observations: number
  pairs: number
  dropped: PairDrops
  markets: number
  series: number
  ms: number
  /** Where the time went: reading observations and companion figures, pairing, estimating, writing rows. */
  stages: { readMs: number; pairsMs: number; estimateMs: number; writeMs: number }
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

/** Why a recompute did not start: another one is running (the nightly one, an administrator's, another instance's). */
export class CooperIndexRunInProgressError extends Error {
  readonly runId: number
  readonly startedAt: Date
  constructor(runId: number, startedAt: Date) {
    super(`a Cooper Index recompute is already running (run ${runId}, started ${startedAt.toISOString()})`)
    this.name = 'CooperIndexRunInProgressError'
    this.runId = runId
    this.startedAt = startedAt
  }
}

/**
 * The run still computing, if any. A run 'running' for longer than INTERRUPTED_AFTER_MS is not: its process
 * died, and the next recompute marks it failed and starts.
 */
export async function findRunningCooperIndexRun(db: Db, now = new Date()): Promise<{ runId: number; startedAt: Date } | null> {
  const [running] = await db
    .select({ runId: cooperIndexRun.id, startedAt: cooperIndexRun.startedAt })
    .from(cooperIndexRun)
    .where(sql`${cooperIndexRun.status} = 'running' and ${cooperIndexRun.startedAt} >= ${new Date(now.getTime() - INTERRUPTED_AFTER_MS)}`)
    .limit(1)
  return running ?? null
}

/**
 * Recomputes every market's index and makes the new run current. Runs never overlap: while another run is
 * computing this one does not start and throws CooperIndexRunInProgressError (one 'running' row at most, by a
 * unique index). On failure the run is marked failed, the error logged and rethrown, and the current run stays
 * as it was.
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
  // The unique index on the one 'running' row refuses a second run; a run started at the same moment waits for
  // this insert's commit and is refused then.
  const [run] = await db.insert(cooperIndexRun).values({ startedAt: now }).onConflictDoNothing().returning({ id: cooperIndexRun.id })
  if (!run) {
    const running = await findRunningCooperIndexRun(db, now)
    throw new CooperIndexRunInProgressError(running?.runId ?? 0, running?.startedAt ?? now)
  }
  const runId = run.id
  const stages = { readMs: 0, pairsMs: 0, estimateMs: 0, writeMs: 0 }
  let stageStarted = performance.now()
  const stage = (name: keyof typeof stages) => {
    const at = performance.now()
    stages[name] += at - stageStarted
    stageStarted = at
  }
  try {
    // On PostgreSQL the companion figures are computed on another connection while the observations are read.
    const companionsRead = readCompanions(db, now)
    companionsRead.catch(() => {})
    const observations = await readObservations(db)
    const companions = await companionsRead
    stage('readMs')
    const pairs = pairsOf(observations)
    const markets = marketsOf(observations, pairs)
    const byCity = cityMonthIndexOf(observations)
    stage('pairsMs')
    let pointRows = 0
    let series = 0
    const marketKeys = new Set<string>()
    let points: PointRow[] = []
    // One insert in flight while the next markets are estimated; its failure surfaces at the next await.
    let writing: Promise<void> = Promise.resolve()
    const flushPoints = async () => {
      await writing
      stage('writeMs')
      const batch = points
      points = []
      if (batch.length === 0) return
      writing = insertRows(db, POINT_TABLE, batch).then(() => {
        pointRows += batch.length
        if (failAfterPointRows !== undefined && pointRows >= failAfterPointRows) throw new Error('failure injected by the test')
      })
      writing.catch(() => {})
    }
    const marketRows: MarketRow[] = []

    for (const market of markets) {
      for (const group of GROUPS) {
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
            run_id: runId,
            market_key: market.key,
            bedrooms: group,
            month: dateOfMonth(month.month),
            index: month.index,
            low: month.low,
            high: month.high,
            ma3: month.movingAverage3,
            mom: month.monthOverMonth,
            yoy: month.yearOverYear,
            // inDollars gives dollars; the column keeps cents.
            level_cents: level === null ? null : Math.round(level * 100),
            pairs: month.pairs,
            units: month.units,
            enough_data: month.index !== null,
          })
        })
        const companion = companions.get(`${market.companionKey}|${group}`)
        marketRows.push({
          run_id: runId,
          market_key: market.key,
          kind: market.kind,
          name: market.name,
          state_code: market.stateCode,
          bedrooms: group,
          latest_month: dateOfMonth(months.at(-1)!.month),
          median_rent_cents: companion?.medianRentCents ?? null,
          active_listings: companion?.activeListings ?? 0,
          median_days_on_market: companion?.medianDaysOnMarket ?? null,
          price_cut_share: companion?.priceCutShare ?? null,
        })
        marketKeys.add(market.key)
        series++
        stage('estimateMs')
        if (points.length >= ROWS_PER_INSERT) await flushPoints()
      }
    }
    await flushPoints()
    await writing
    for (let i = 0; i < marketRows.length; i += ROWS_PER_INSERT) {
      await insertRows(db, MARKET_TABLE, marketRows.slice(i, i + ROWS_PER_INSERT))
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
    stage('writeMs')
    const summary: RecomputeSummary = {
      runId,
      observations: observations.count,
      pairs: pairs.count,
      dropped: pairs.dropped,
      markets: marketKeys.size,
      series,
      ms: Math.round(performance.now() - started),
      stages: {
        readMs: Math.round(stages.readMs),
        pairsMs: Math.round(stages.pairsMs),
        estimateMs: Math.round(stages.estimateMs),
        writeMs: Math.round(stages.writeMs),
      },
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

type PointRow = {
  run_id: number
  market_key: string
  bedrooms: BedroomsGroup
  month: string
  index: number | null
  low: number | null
  high: number | null
  ma3: number | null
  mom: number | null
  yoy: number | null
  level_cents: number | null
  pairs: number
  units: number
  enough_data: boolean
}

type MarketRow = {
  run_id: number
  market_key: string
  kind: MarketKind
  name: string
  state_code: string | null
  bedrooms: BedroomsGroup
  latest_month: string
  median_rent_cents: number | null
  active_listings: number
  median_days_on_market: number | null
  price_cut_share: number | null
}

/** A table and its columns' types, as json_to_recordset needs them (the keys of the rows are the column names). */
type RowTable = { name: string; columns: string }
const POINT_TABLE: RowTable = {
  name: 'cooper_index_point',
  columns:
    'run_id bigint, market_key text, bedrooms text, month date, index float8, low float8, high float8, ma3 float8, ' +
    'mom float8, yoy float8, level_cents integer, pairs integer, units integer, enough_data boolean',
}
const MARKET_TABLE: RowTable = {
  name: 'cooper_index_market',
  columns:
    'run_id bigint, market_key text, kind text, name text, state_code text, bedrooms text, latest_month date, ' +
    'median_rent_cents integer, active_listings integer, median_days_on_market float8, price_cut_share float8',
}

/**
 * Many rows in one statement with one parameter: a JSON array, expanded by the database. Numbers travel as
 * JavaScript prints them (the shortest text that reads back as the same double), as they do as parameters.
 */
async function insertRows(db: Db, table: RowTable, rows: readonly object[]) {
  if (rows.length === 0) return
  const columns = table.columns.split(',').map((column) => column.trim().split(/\s+/))
  const names = sql.raw(columns.map(([name]) => `"${name}"`).join(', '))
  const types = sql.raw(columns.map(([name, type]) => `"${name}" ${type}`).join(', '))
  await db.execute(
    sql`insert into ${sql.raw(table.name)} (${names}) select ${names} from json_to_recordset(${JSON.stringify(rows)}::json) as r(${types})`,
  )
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
export type PairTable = {
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
 * Pairs unit by unit, by the rules of buildPairs (pairs.server.ts) applied to the columns directly: observations
 * are put in unit and time order by a counting sort, and each unit's run is paired in place.
 */
export function pairsOf(observations: ObservationColumns): PairTable {
  const { count: n, unit: unitOf, time, month, rentCents, type, bedrooms, sizeSqft, city } = observations
  const unitCount = observations.units.length
  // Counting sort by unit keeps the read order within a unit; then each unit's few by time (stable).
  const start = new Int32Array(unitCount + 1)
  for (let i = 0; i < n; i++) start[unitOf[i]! + 1]!++
  for (let u = 0; u < unitCount; u++) start[u + 1]! += start[u]!
  const order = new Int32Array(n)
  const fill = start.slice(0, unitCount)
  for (let i = 0; i < n; i++) order[fill[unitOf[i]!]!++] = i
  for (let u = 0; u < unitCount; u++) {
    const from = start[u]!
    const to = start[u + 1]!
    if (to - from > 32) {
      order.subarray(from, to).sort((a, b) => time[a]! - time[b]! || a - b)
      continue
    }
    for (let k = from + 1; k < to; k++) {
      const i = order[k]!
      let j = k - 1
      while (j >= from && time[order[j]!]! > time[i]!) {
        order[j + 1] = order[j]!
        j--
      }
      order[j + 1] = i
    }
  }

  // At most one pair per observation.
  const table = {
    from: new Int32Array(n),
    to: new Int32Array(n),
    logChange: new Float64Array(n),
    unit: new Int32Array(n),
    city: new Int32Array(n),
    bedrooms: new Int8Array(n),
  }
  let count = 0
  const dropped: PairDrops = { invalid: 0, sameMonth: 0, typeChanged: 0, bedroomsChanged: 0, sizeChanged: 0, outlier: 0 }
  const valid = new Int32Array(Math.max(1, maxRunOf(start)))
  for (let u = 0; u < unitCount; u++) {
    const from = start[u]!
    const to = start[u + 1]!
    // buildPairs sees a unit's observations only when it has two or more.
    if (to - from < 2) continue
    const keyed = observations.units[u] !== ''
    let validCount = 0
    for (let k = from; k < to; k++) {
      const i = order[k]!
      if (keyed && rentCents[i]! > 0) valid[validCount++] = k
      else dropped.invalid++
    }
    let previous = -1
    for (let v = 0; v < validCount; v++) {
      const current = order[valid[v]!]!
      if (v + 1 < validCount && month[order[valid[v + 1]!]!] === month[current]) {
        dropped.sameMonth++
        continue
      }
      if (previous >= 0) {
        const sizeBefore = sizeSqft[previous]!
        const sizeAfter = sizeSqft[current]!
        if (type[previous] !== type[current]) dropped.typeChanged++
        else if (bedrooms[previous] !== bedrooms[current]) dropped.bedroomsChanged++
        else if (sizeBefore > 0 && sizeAfter > 0 && Math.abs(sizeAfter - sizeBefore) > SIZE_TOLERANCE * sizeBefore) dropped.sizeChanged++
        else {
          const logChange = Math.log(rentCents[current]! / rentCents[previous]!)
          if (Math.abs(logChange) > MAX_ABS_LOG_CHANGE) dropped.outlier++
          else {
            // The pair's bedrooms: those of the unit's last observation in the month the pair ends (valid or not).
            let last = valid[v]!
            while (last + 1 < to && month[order[last + 1]!] === month[current]) last++
            table.from[count] = month[previous]!
            table.to[count] = month[current]!
            table.logChange[count] = logChange
            table.unit[count] = u
            table.city[count] = city[order[from]!]!
            table.bedrooms[count] = bedrooms[order[last]!]!
            count++
          }
        }
      }
      previous = current
    }
  }
  return {
    count,
    from: table.from.subarray(0, count),
    to: table.to.subarray(0, count),
    logChange: table.logChange.subarray(0, count),
    unit: table.unit.subarray(0, count),
    city: table.city.subarray(0, count),
    bedrooms: table.bedrooms.subarray(0, count),
    dropped,
  }
}

function maxRunOf(start: Int32Array): number {
  let longest = 0
  for (let u = 0; u + 1 < start.length; u++) longest = Math.max(longest, start[u + 1]! - start[u]!)
  return longest
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
  pairs: Record<BedroomsGroup, Int32Array>
}

const GROUPS = ['all', '0-1', '2', '3+'] as const

/** The nation, each state and each city with any pair, with the pairs of each bedrooms group. */
function marketsOf(observations: ObservationColumns, pairs: PairTable): Market[] {
  type Draft = Omit<Market, 'pairs'> & { counts: Int32Array; lists: Int32Array[] }
  const draft = (market: Omit<Market, 'pairs'>): Draft => ({ ...market, counts: new Int32Array(4), lists: [] })
  const nation = draft({ key: marketKeyOf(), kind: 'nation', name: 'United States', stateCode: null, companionKey: '', cities: new Set() })
  const states = new Map<number, Draft>()
  const cities = new Map<number, Draft>()
  // Each pair goes to its city, its state and the nation, in 'all' and in its group: count, then fill.
  const groupOfPair = new Uint8Array(pairs.count)
  const cityOfPair: Draft[] = []
  for (let p = 0; p < pairs.count; p++) {
    const cityId = pairs.city[p]!
    let city = cities.get(cityId)
    if (!city) {
      const { name, state: stateId } = observations.cities[cityId]!
      const stateCode = observations.states[stateId]!
      let state = states.get(stateId)
      if (!state) {
        state = draft({
          key: marketKeyOf(stateCode),
          kind: 'state',
          name: stateCode,
          stateCode,
          companionKey: stateCode,
          cities: new Set(),
        })
        states.set(stateId, state)
      }
      city = draft({
        key: marketKeyOf(stateCode, name),
        kind: 'city',
        name,
        stateCode,
        companionKey: `${stateCode}|${name.toLowerCase()}`,
        cities: new Set([cityId]),
      })
      cities.set(cityId, city)
      state.cities.add(cityId)
      nation.cities.add(cityId)
    }
    const group = GROUPS.indexOf(bedroomsGroupOf(pairs.bedrooms[p]!))
    groupOfPair[p] = group
    cityOfPair[cityId] = city
    city.counts[0]!++
    city.counts[group]!++
  }
  const stateOf = (city: Draft) => states.get(observations.cities[[...city.cities][0]!]!.state)!
  for (const city of cities.values()) {
    const state = stateOf(city)
    for (let g = 0; g < 4; g++) {
      state.counts[g]! += city.counts[g]!
      nation.counts[g]! += city.counts[g]!
    }
  }
  const all = [nation, ...states.values(), ...cities.values()]
  for (const market of all) market.lists = Array.from(market.counts, (count) => new Int32Array(count))
  const filled = new Map(all.map((market) => [market, new Int32Array(4)]))
  const stateOfCity = new Map([...cities.values()].map((city) => [city, stateOf(city)]))
  const put = (market: Draft, group: number, p: number) => {
    const at = filled.get(market)!
    market.lists[0]![at[0]!++] = p
    market.lists[group]![at[group]!++] = p
  }
  for (let p = 0; p < pairs.count; p++) {
    const city = cityOfPair[pairs.city[p]!]!
    const group = groupOfPair[p]!
    put(nation, group, p)
    put(stateOfCity.get(city)!, group, p)
    put(city, group, p)
  }
  return all.map(({ counts: _counts, lists, ...market }) => ({
    ...market,
    pairs: { all: lists[0]!, '0-1': lists[1]!, '2': lists[2]!, '3+': lists[3]! },
  }))
}

/** The market's index with "not enough data" applied, or null when no month could be estimated at all. */
function estimateMarket(pairs: PairTable, selected: Int32Array): IndexMonth[] | null {
  const n = selected.length
  // Every pair (the nation, all homes): the table itself, in its order; otherwise the market's pairs gathered.
  const isEvery = n === pairs.count
  const columns = isEvery
    ? pairs
    : { from: new Int32Array(n), to: new Int32Array(n), logChange: new Float64Array(n), unit: new Int32Array(n) }
  let first = Infinity
  let last = -Infinity
  for (let k = 0; k < n; k++) {
    const p = isEvery ? k : selected[k]!
    const from = pairs.from[p]!
    const to = pairs.to[p]!
    if (!isEvery) {
      columns.from[k] = from
      columns.to[k] = to
      columns.logChange[k] = pairs.logChange[p]!
      columns.unit[k] = pairs.unit[p]!
    }
    if (from < first) first = from
    if (to > last) last = to
  }
  const estimate = estimateRepeatRentIndex(columns, { first, last })
  if (!estimate.months.some((month) => month.status === 'ok')) return null
  return withEnoughData(estimate.months)
}

/** Observations ordered by city, then month, with where each city's run starts: a window is then a short scan. */
type CityMonthIndex = { order: Int32Array; start: Int32Array }

function cityMonthIndexOf(observations: ObservationColumns): CityMonthIndex {
  const { count: n, city, month } = observations
  const cityCount = observations.cities.length
  let firstMonth = Infinity
  let lastMonth = -Infinity
  for (let i = 0; i < n; i++) {
    if (month[i]! < firstMonth) firstMonth = month[i]!
    if (month[i]! > lastMonth) lastMonth = month[i]!
  }
  const span = n === 0 ? 1 : lastMonth - firstMonth + 1
  const order = new Int32Array(n)
  if (cityCount * span <= 10_000_000) {
    // A counting sort on (city, month): a few passes, whatever the number of observations.
    const bucketStart = new Int32Array(cityCount * span + 1)
    for (let i = 0; i < n; i++) bucketStart[city[i]! * span + month[i]! - firstMonth + 1]!++
    for (let b = 0; b + 1 < bucketStart.length; b++) bucketStart[b + 1]! += bucketStart[b]!
    for (let i = 0; i < n; i++) order[bucketStart[city[i]! * span + month[i]! - firstMonth]!++] = i
  } else {
    for (let i = 0; i < n; i++) order[i] = i
    order.sort((a, b) => city[a]! - city[b]! || month[a]! - month[b]!)
  }
  const start = new Int32Array(cityCount + 1)
  for (let i = 0; i < n; i++) start[city[i]! + 1]!++
  for (let c = 0; c < cityCount; c++) start[c + 1]! += start[c]!
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
