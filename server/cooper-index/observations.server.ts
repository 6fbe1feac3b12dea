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

/** Listings read per batch, with their history rows in a second query, so no query's result grows with the table. */
const LISTINGS_PER_BATCH = 20_000

type ListingRow = {
  id: string | number
  street: string
  unit: string
  city: string
  state: string
  zip: string
  type: string
  bedrooms: number
  interior_sqft: number
}

type PriceRow = { listing_id: string | number; amount_cents: number; changed_ms: string | number; month: number }

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
 * listings, into growing typed columns. buildPairs judges each rent.
 */
export async function readObservations(db: Db): Promise<ObservationColumns> {
  const columns = new ColumnBuilder()
  let afterId = 0
  for (;;) {
    const { rows: listings } = await db.execute<ListingRow>(sql`
      select id, street, unit, city, state, zip, type, bedrooms, interior_sqft
      from listing where id > ${afterId} and status <> 'draft' order by id limit ${LISTINGS_PER_BATCH}`)
    if (listings.length === 0) break
    const firstId = Number(listings[0]!.id)
    const lastId = Number(listings.at(-1)!.id)
    // The listing's attributes once per listing; its prices (often several) as narrow rows.
    const byId = new Map(listings.map((row) => [Number(row.id), row]))
    const { rows: prices } = await db.execute<PriceRow>(sql`
      select listing_id, amount_cents,
             (extract(epoch from changed_at) * 1000)::float8 as changed_ms,
             ((extract(year from changed_at at time zone 'UTC')::int - 2000) * 12
               + extract(month from changed_at at time zone 'UTC')::int - 1) as month
      from listing_price_history
      where kind = 'lease' and listing_id between ${firstId} and ${lastId}
      order by listing_id, changed_at, id`)
    let currentId = -1
    let current: ListingRow | undefined
    let unitIndex = -1
    for (const price of prices) {
      const id = Number(price.listing_id)
      if (id !== currentId) {
        currentId = id
        // Drafts in the id range are not in the map, and their prices are skipped.
        current = byId.get(id)
        if (current) unitIndex = columns.intern('unit', unitKeyOf(current))
      }
      if (current) columns.push(current, price, unitIndex)
    }
    afterId = lastId
    if (listings.length < LISTINGS_PER_BATCH) break
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

  push(row: ListingRow, price: PriceRow, unit: number) {
    if (this.count === this.capacity) this.grow()
    const i = this.count++
    const state = this.intern('state', row.state)
    const cityKey = `${row.state}\u0000${row.city.trim().toLowerCase()}`
    const cityCount = this.ids.city.size
    const city = this.intern('city', cityKey)
    if (city === cityCount) this.cities.push({ name: row.city.trim(), state })
    this.unit[i] = unit
    this.month[i] = Number(price.month)
    this.time[i] = Number(price.changed_ms)
    this.rentCents[i] = price.amount_cents
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
