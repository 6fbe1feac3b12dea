// Storing a Cooper Index run's rows: its series' points and its markets, many rows to a statement, the points
// written while the next markets are still being estimated.
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import type { BedroomsGroup, MarketKind } from './markets.server.ts'

const ROWS_PER_INSERT = 5_000

export type PointRow = {
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

export type MarketRow = {
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
  base_start: string
  base_end: string
  level_rents: number | null
  level_half_width: number | null
  /** The cities an aggregate (the nation, a state) is made of, with their weights; null for a city. */
  parts: { key: string; name: string; homes: number }[] | null
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
    'median_rent_cents integer, active_listings integer, median_days_on_market float8, price_cut_share float8, ' +
    'base_start date, base_end date, level_rents integer, level_half_width float8, parts jsonb',
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

/** The market rows of a run, ROWS_PER_INSERT to a statement. */
export async function insertMarketRows(db: Db, rows: readonly MarketRow[]) {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await insertRows(db, MARKET_TABLE, rows.slice(i, i + ROWS_PER_INSERT))
  }
}

/**
 * The point rows of a run, gathered until there are ROWS_PER_INSERT (`isFull`) and then sent in one insert. One
 * insert is in flight at a time: `settle()` waits for it, and throws its failure, before `send()` starts the next.
 * `failAfterPointRows` is for tests of atomicity: the insert that brings the rows written to that many fails.
 */
export function pointWriter(db: Db, { failAfterPointRows }: { failAfterPointRows?: number } = {}) {
  let gathered: PointRow[] = []
  let written = 0
  let writing: Promise<void> = Promise.resolve()
  return {
    add(rows: readonly PointRow[]) {
      for (const row of rows) gathered.push(row)
    },
    get isFull() {
      return gathered.length >= ROWS_PER_INSERT
    },
    settle: () => writing,
    send() {
      const batch = gathered
      gathered = []
      if (batch.length === 0) return
      writing = insertRows(db, POINT_TABLE, batch).then(() => {
        written += batch.length
        if (failAfterPointRows !== undefined && written >= failAfterPointRows) throw new Error('failure injected by the test')
      })
      // Its failure is thrown by the next settle(); until then it is not an unhandled rejection.
      writing.catch(() => {})
    },
  }
}
