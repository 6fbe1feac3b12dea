// The Cooper Index's observations read from the database: every asking lease rent a listing has had
// (listing_price_history, written on create and on each change), with the home's identity, in compact columns.
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { unitKeyOf } from './pairs.server.ts'

/** Observations as parallel columns; strings (units, cities, states, types) are interned as small integers. */
export type ObservationColumns = {
  count: number
  unit: Int32Array
  /** Months since January 2000. */
  month: Int32Array
  /** Epoch milliseconds, to order a unit's observations across its listings. */
  time: Float64Array
  rentCents: Int32Array
  type: Uint8Array
  bedrooms: Int8Array
  /** Interior size in square feet; 0 when unknown. */
  sizeSqft: Int32Array
  city: Int32Array
  state: Int32Array
  units: string[]
  types: string[]
  /** City names as listed, and the state index of each. */
  cities: { name: string; state: number }[]
  states: string[]
}

/** Listings read per query: their history rows arrive as one batch, so no query's result grows with the table. */
const LISTINGS_PER_BATCH = 5_000

type Row = {
  listing_id: string | number
  street: string
  unit: string
  city: string
  state: string
  zip: string
  type: string
  bedrooms: number
  interior_sqft: number
  amount_cents: number | null
  changed_ms: string | number
  month: number
}

/** Months since January 2000 of a time, in UTC. */
export function monthOf(time: Date): number {
  return (time.getUTCFullYear() - 2000) * 12 + time.getUTCMonth()
}

/** The first day of a month counted from January 2000, as an ISO date. */
export function dateOfMonth(month: number): string {
  const year = 2000 + Math.floor(month / 12)
  const monthOfYear = (((month % 12) + 12) % 12) + 1
  return `${String(year).padStart(4, '0')}-${String(monthOfYear).padStart(2, '0')}-01`
}

/**
 * Reads the lease asking rents of every listing that is not a draft (a draft was never offered), in batches of
 * listings, into growing typed columns. Rows with no rent are left out here; buildPairs judges the rest.
 */
export async function readObservations(db: Db): Promise<ObservationColumns> {
  const columns = new ColumnBuilder()
  let afterId = 0
  for (;;) {
    const result = await db.execute<Row>(sql`
      with batch as (
        select id from listing where id > ${afterId} and status <> 'draft' order by id limit ${LISTINGS_PER_BATCH}
      )
      select l.id as listing_id, l.street, l.unit, l.city, l.state, l.zip, l.type, l.bedrooms, l.interior_sqft,
             h.amount_cents,
             (extract(epoch from h.changed_at) * 1000)::float8 as changed_ms,
             ((extract(year from h.changed_at at time zone 'UTC')::int - 2000) * 12
               + extract(month from h.changed_at at time zone 'UTC')::int - 1) as month
      from batch
      join listing l on l.id = batch.id
      left join listing_price_history h on h.listing_id = l.id and h.kind = 'lease'
      order by l.id, h.changed_at, h.id`)
    if (result.rows.length === 0) break
    let lastKey = ''
    let unitIndex = -1
    for (const row of result.rows) {
      afterId = Math.max(afterId, Number(row.listing_id))
      if (row.amount_cents === null) continue
      const key = `${row.listing_id}`
      if (key !== lastKey) {
        lastKey = key
        unitIndex = columns.intern('unit', unitKeyOf(row))
      }
      columns.push(row, unitIndex)
    }
    if (new Set(result.rows.map((row) => Number(row.listing_id))).size < LISTINGS_PER_BATCH) break
  }
  return columns.finish()
}

class ColumnBuilder {
  count = 0
  private capacity = 1024
  unit = new Int32Array(this.capacity)
  month = new Int32Array(this.capacity)
  time = new Float64Array(this.capacity)
  rentCents = new Int32Array(this.capacity)
  type = new Uint8Array(this.capacity)
  bedrooms = new Int8Array(this.capacity)
  sizeSqft = new Int32Array(this.capacity)
  city = new Int32Array(this.capacity)
  state = new Int32Array(this.capacity)
  private readonly ids = {
    unit: new Map<string, number>(),
    type: new Map<string, number>(),
    city: new Map<string, number>(),
    state: new Map<string, number>(),
  }
  private readonly cities: { name: string; state: number }[] = []

  intern(kind: keyof ColumnBuilder['ids'], value: string): number {
    const ids = this.ids[kind]
    let id = ids.get(value)
    if (id === undefined) {
      id = ids.size
      ids.set(value, id)
    }
    return id
  }

  push(row: Row, unit: number) {
    if (this.count === this.capacity) this.grow()
    const i = this.count++
    const state = this.intern('state', row.state)
    const cityKey = `${row.state}\u0000${row.city.trim().toLowerCase()}`
    const cityCount = this.ids.city.size
    const city = this.intern('city', cityKey)
    if (city === cityCount) this.cities.push({ name: row.city.trim(), state })
    this.unit[i] = unit
    this.month[i] = Number(row.month)
    this.time[i] = Number(row.changed_ms)
    this.rentCents[i] = row.amount_cents ?? 0
    this.type[i] = this.intern('type', row.type)
    this.bedrooms[i] = row.bedrooms
    this.sizeSqft[i] = row.interior_sqft
    this.city[i] = city
    this.state[i] = state
  }

  private grow() {
    this.capacity *= 2
    const grown = <T extends Int32Array | Float64Array | Uint8Array | Int8Array>(array: T, make: (n: number) => T): T => {
      const next = make(this.capacity)
      next.set(array)
      return next
    }
    this.unit = grown(this.unit, (n) => new Int32Array(n))
    this.month = grown(this.month, (n) => new Int32Array(n))
    this.time = grown(this.time, (n) => new Float64Array(n))
    this.rentCents = grown(this.rentCents, (n) => new Int32Array(n))
    this.type = grown(this.type, (n) => new Uint8Array(n))
    this.bedrooms = grown(this.bedrooms, (n) => new Int8Array(n))
    this.sizeSqft = grown(this.sizeSqft, (n) => new Int32Array(n))
    this.city = grown(this.city, (n) => new Int32Array(n))
    this.state = grown(this.state, (n) => new Int32Array(n))
  }

  finish(): ObservationColumns {
    const n = this.count
    return {
      count: n,
      unit: this.unit.slice(0, n),
      month: this.month.slice(0, n),
      time: this.time.slice(0, n),
      rentCents: this.rentCents.slice(0, n),
      type: this.type.slice(0, n),
      bedrooms: this.bedrooms.slice(0, n),
      sizeSqft: this.sizeSqft.slice(0, n),
      city: this.city.slice(0, n),
      state: this.state.slice(0, n),
      units: [...this.ids.unit.keys()],
      types: [...this.ids.type.keys()],
      cities: this.cities,
      states: [...this.ids.state.keys()],
    }
  }
}
