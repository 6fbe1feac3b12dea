// The Cooper Index's observations read from the database: one lease rent per letting (lettings.server.ts) from
// the prices each listing has had on the market (listing_price_history), the agreed rent where a lease was signed
// on the site (lease), with the home's identity, in compact columns.
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { endsLetting, isStillOnMarket, leaseOfLetting } from './lettings.server.ts'
import { unitKeyOf } from './pairs.server.ts'

/** Observations as parallel columns; strings (units, cities, states, types) are interned as small integers. */
export type ObservationColumns = {
  /** Lettings (observations), and the asks read to find them. */
  count: number
  asks: number
  unit: Int32Array
  /** Months since January 2000. */
  month: Int32Array
  /** Microseconds since 1970, to order a unit's observations across its listings. */
  time: Float64Array
  rentCents: Int32Array
  type: Uint8Array
  bedrooms: Int8Array
  /** Interior size in square feet; 0 when unknown. */
  sizeSqft: Int32Array
  city: Int32Array
  units: string[]
  types: string[]
  /** City names as listed, and the state index of each. */
  cities: { name: string; state: number }[]
  states: string[]
}

/**
 * Listing ids read per query: each query returns one row per listing with all its lease rents in one string, so
 * no query's result grows with the table, and the next window is read while this one is taken apart.
 */
const IDS_PER_WINDOW = 50_000
const WINDOWS_AHEAD = 2
/** Observations room made before reading: 40 million (about 1.3 GB of columns). */
const MAX_INITIAL_CAPACITY = 40_000_000

type ListingRow = {
  id: string | number
  status: string
  street: string
  unit: string
  city: string
  state: string
  zip: string
  type: string
  bedrooms: number
  interior_sqft: number
}

/**
 * "time rent listed time rent listed …" of one listing's asks in time order: microseconds since 1970, cents, and
 * 1 where the ask put the listing on the market (0 otherwise), as decimal numbers.
 */
type PricesRow = { id: string | number; prices: string }

/**
 * "time rent time rent …" of one listing's fully signed leases in the order they were completed: the time of the
 * last signature in microseconds since 1970 and the agreed monthly rent in cents.
 */
type LeasesRow = { id: string | number; leases: string }

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

/** Months since January 2000 of a time given in microseconds since 1970, in UTC (days to civil date, proleptic). */
export function monthOfMicros(micros: number): number {
  const z = Math.floor(micros / 86_400_000_000) + 719_468
  const era = Math.floor(z / 146_097)
  const dayOfEra = z - era * 146_097
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1_460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  )
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const shifted = Math.floor((5 * dayOfYear + 2) / 153)
  const month = shifted < 10 ? shifted + 2 : shifted - 10
  const year = yearOfEra + era * 400 + (month <= 1 ? 1 : 0)
  return (year - 2000) * 12 + month
}

/** Days since 1970 from 1900 to 2100 and their month: one lookup per observation instead of a calendar sum. */
const FIRST_TABLE_DAY = -25_567
const MONTH_BY_DAY = Int32Array.from({ length: 73_415 }, (_, k) => monthOfMicros((FIRST_TABLE_DAY + k) * 86_400_000_000))

function monthOfMicrosByTable(micros: number): number {
  const k = Math.floor(micros / 86_400_000_000) - FIRST_TABLE_DAY
  return k >= 0 && k < MONTH_BY_DAY.length ? MONTH_BY_DAY[k]! : monthOfMicros(micros)
}

/**
 * Reads the lettings of every listing that is not a draft (a draft was never offered) nor held or removed by
 * moderation (a reported or fake listing's rent is no market's: held_reason, issue 38), a window of listing ids
 * at a time, into growing typed columns: one rent per letting, the agreed rent of the lease signed in it or else
 * the last asked; a letting still on the market at `now` without a signed lease is left for a later run
 * (isStillOnMarket). buildPairs' rules judge each later.
 */
export async function readObservations(db: Db, now = new Date()): Promise<ObservationColumns> {
  const nowMicros = now.getTime() * 1000
  const { rows: range } = await db.execute<{ low: string | number | null; high: string | number | null; estimate: number | null }>(
    sql`select min(id) as low, max(id) as high,
               (select reltuples from pg_class where oid = 'listing_price_history'::regclass)::float8 as estimate
        from listing`,
  )
  const low = Number(range[0]?.low ?? 0)
  const high = Number(range[0]?.high ?? -1)
  // The estimate counts every price row (short-term ones too): enough room, seldom far too much; past the cap the
  // columns grow as they fill.
  const columns = new ColumnBuilder(Math.min(Number(range[0]?.estimate ?? 0), MAX_INITIAL_CAPACITY))
  // A window: its listings' columns, their asked lease rents and their signed leases' agreed rents grouped per
  // listing, as three queries in id order (a join would make the database hash and sort what the indexes already
  // give in order).
  const windowOf = async (from: number) => {
    const to = from + IDS_PER_WINDOW
    const [listings, prices, leases] = await Promise.all([
      db.execute<ListingRow>(sql`
        select id, status, street, unit, city, state, zip, type, bedrooms, interior_sqft
        from listing where id >= ${from} and id < ${to} and status <> 'draft' and held_reason is null order by id`),
      // date_part's epoch is the double nearest the exact seconds; times a million, it rounds back to the exact
      // microsecond for any time between 1833 and 2106 (the error stays below half a microsecond).
      db.execute<PricesRow>(sql`
        select listing_id as id,
               string_agg((date_part('epoch', changed_at) * 1000000)::int8 || ' ' || amount_cents || ' ' ||
                          (market_phase = 'listed')::int, ' ' order by changed_at, id) as prices
        from listing_price_history
        where listing_id >= ${from} and listing_id < ${to} and kind = 'lease' and market_phase <> 'off-market'
        group by listing_id order by listing_id`),
      // Only a lease fully signed gives a rent; an amendment changes a lease already counted. Its terms were
      // checked when saved (common/leases/terms.ts); a rent that is not a positive whole number is passed over.
      db.execute<LeasesRow>(sql`
        select listing_id as id,
               string_agg((date_part('epoch', completed_at) * 1000000)::int8 || ' ' || rent_cents::int8,
                          ' ' order by completed_at, id) as leases
        from (select id, listing_id, completed_at,
                     case when jsonb_typeof(terms -> 'rentCents') = 'number' then (terms ->> 'rentCents')::numeric end
                       as rent_cents
              from lease
              where listing_id >= ${from} and listing_id < ${to} and kind = 'lease' and state = 'fully_signed'
                and completed_at is not null) as signed
        where rent_cents between 1 and 2147483647 and rent_cents = trunc(rent_cents)
        group by listing_id order by listing_id`),
    ])
    return { listings: listings.rows, prices: prices.rows, leases: leases.rows }
  }
  // Two windows are read ahead while one is taken apart (on PostgreSQL, on connections of their own).
  const ahead: ReturnType<typeof windowOf>[] = []
  let nextFrom = low
  const readAhead = () => {
    while (ahead.length < WINDOWS_AHEAD && nextFrom <= high) {
      const read = windowOf(nextFrom)
      read.catch(() => {})
      ahead.push(read)
      nextFrom += IDS_PER_WINDOW
    }
  }
  readAhead()
  while (ahead.length > 0) {
    const { listings, prices, leases } = await ahead.shift()!
    readAhead()
    // All in id order: a listing without lease asks has no observation, the prices and leases of a draft are not read.
    let p = 0
    let l = 0
    for (const listing of listings) {
      const id = Number(listing.id)
      while (p < prices.length && Number(prices[p]!.id) < id) p++
      if (p === prices.length || Number(prices[p]!.id) !== id) continue
      while (l < leases.length && Number(leases[l]!.id) < id) l++
      const signed = l < leases.length && Number(leases[l]!.id) === id ? leases[l]!.leases : ''
      columns.pushListing(listing, prices[p]!.prices, signed, nowMicros)
    }
  }
  return columns.finish()
}

class ColumnBuilder {
  count = 0
  asks = 0
  private capacity: number
  unit: Int32Array
  month: Int32Array
  time: Float64Array
  rentCents: Int32Array
  type: Uint8Array
  bedrooms: Int8Array
  sizeSqft: Int32Array
  city: Int32Array

  /** `expected`: the planner's estimate of the rows, so the columns rarely have to grow. */
  constructor(expected: number) {
    const capacity = (this.capacity = Math.max(1024, Math.ceil(expected)))
    this.unit = new Int32Array(capacity)
    this.month = new Int32Array(capacity)
    this.time = new Float64Array(capacity)
    this.rentCents = new Int32Array(capacity)
    this.type = new Uint8Array(capacity)
    this.bedrooms = new Int8Array(capacity)
    this.sizeSqft = new Int32Array(capacity)
    this.city = new Int32Array(capacity)
  }

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

  /** City ids by state, then by the city as spelled in the listing (most listings repeat a known spelling). */
  private readonly citySpellings = new Map<string, Map<string, number>>()
  private at = 0

  /** One listing's asks, parsed from the string; grown as a listing with more asks comes. */
  private askTime = new Float64Array(64)
  private askRent = new Int32Array(64)
  private askListed = new Uint8Array(64)
  /** One listing's signed leases (few, and on few listings): when each was completed and its agreed rent. */
  private readonly leaseTime: number[] = []
  private readonly leaseRent: number[] = []

  /**
   * One listing's lettings: its attributes are interned once, then its asks and signed leases parsed and each
   * letting's rent kept (its lease's agreed rent, else its last ask), but for a last letting still on the market at
   * `nowMicros` without a signed lease.
   */
  pushListing(row: ListingRow, prices: string, signedLeases: string, nowMicros: number) {
    const unit = this.intern('unit', unitKeyOf(row))
    let spellings = this.citySpellings.get(row.state)
    if (!spellings) this.citySpellings.set(row.state, (spellings = new Map()))
    let city = spellings.get(row.city)
    if (city === undefined) {
      const state = this.intern('state', row.state)
      const cityKey = `${row.state}\u0000${row.city.trim().toLowerCase()}`
      const cityCount = this.ids.city.size
      city = this.intern('city', cityKey)
      if (city === cityCount) this.cities.push({ name: row.city.trim(), state })
      spellings.set(row.city, city)
    }
    const type = this.intern('type', row.type)
    const { bedrooms, interior_sqft: sizeSqft } = row
    this.at = 0
    let asks = 0
    while (this.at < prices.length) {
      this.asks++
      if (asks === this.askTime.length) this.growAsks()
      this.askTime[asks] = this.numberAt(prices)
      this.askRent[asks] = this.numberAt(prices)
      this.askListed[asks] = this.numberAt(prices)
      asks++
    }
    this.at = 0
    this.leaseTime.length = this.leaseRent.length = 0
    while (this.at < signedLeases.length) {
      this.leaseTime.push(this.numberAt(signedLeases))
      this.leaseRent.push(this.numberAt(signedLeases))
    }
    const leases = this.leaseTime.length
    // Each letting: the agreed rent of its lease or the rent of its last ask, dated by its first ask (lettingRents
    // in lettings.server.ts).
    const stillOnMarket = asks > 0 && isStillOnMarket(row.status, this.askTime[asks - 1]!, nowMicros)
    let start = 0
    for (let k = 0; k < asks; k++) {
      if (!endsLetting(this.askTime, this.askListed, k, asks)) continue
      const lease = leases === 0 ? -1 : leaseOfLetting(this.askTime, start, k, asks, this.leaseTime, leases)
      if (stillOnMarket && k === asks - 1 && lease < 0) break
      const micros = this.askTime[start]!
      start = k + 1
      if (this.count === this.capacity) this.grow()
      const i = this.count++
      this.unit[i] = unit
      this.month[i] = monthOfMicrosByTable(micros)
      this.time[i] = micros
      this.rentCents[i] = lease < 0 ? this.askRent[k]! : this.leaseRent[lease]!
      this.type[i] = type
      this.bedrooms[i] = bedrooms
      this.sizeSqft[i] = sizeSqft
      this.city[i] = city
    }
  }

  /** The whole number at `this.at` in `text`, moving past it and the space after it. */
  private numberAt(text: string): number {
    let at = this.at
    let sign = 1
    if (text.charCodeAt(at) === 45) {
      sign = -1
      at++
    }
    let value = 0
    for (; at < text.length; at++) {
      const digit = text.charCodeAt(at) - 48
      if (digit < 0 || digit > 9) break
      value = value * 10 + digit
    }
    this.at = at + 1
    return sign * value
  }

  private growAsks() {
    const length = this.askTime.length * 2
    const time = new Float64Array(length)
    const rent = new Int32Array(length)
    const listed = new Uint8Array(length)
    time.set(this.askTime)
    rent.set(this.askRent)
    listed.set(this.askListed)
    this.askTime = time
    this.askRent = rent
    this.askListed = listed
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
  }

  finish(): ObservationColumns {
    const n = this.count
    return {
      count: n,
      asks: this.asks,
      unit: this.unit.subarray(0, n),
      month: this.month.subarray(0, n),
      time: this.time.subarray(0, n),
      rentCents: this.rentCents.subarray(0, n),
      type: this.type.subarray(0, n),
      bedrooms: this.bedrooms.subarray(0, n),
      sizeSqft: this.sizeSqft.subarray(0, n),
      city: this.city.subarray(0, n),
      units: [...this.ids.unit.keys()],
      types: [...this.ids.type.keys()],
      cities: this.cities,
      states: [...this.ids.state.keys()],
    }
  }
}
