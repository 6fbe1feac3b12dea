// Years of asking rents for the Cooper Index's tests (pipeline, runs, HTTP and pages): listings inserted directly
// with their lease price histories (the listing writes stamp each price with the time of the write), from the
// synthetic markets.
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { listing, listingPriceHistory } from '#server/db/schema.ts'
import { forEachSyntheticObservation } from './synthetic-rents.ts'

/** Months since January 2000 of the first synthetic month: January 2023. */
export const FIRST_MONTH = 276
export const MONTHS = 36
/** A time after the synthetic months (the run's "now"). */
export const NOW = new Date('2026-01-20T12:00:00Z')
/** A later "now", in November after the synthetic months. */
export const LATER_NOW = new Date('2026-11-20T12:00:00Z')

export type HistoryHome = {
  street: string
  unit?: string
  city: string
  state: string
  zip: string
  type?: string
  bedrooms?: number
  sizeSqft?: number
  status?: 'draft' | 'published' | 'leased' | 'archived'
}

/** One asking price of a listing, as its price history stores it. */
export type HistoryAsk = { at: Date; amountCents: number; phase: 'listed' | 'asking' | 'off-market' }

/** The middle of a month counted from January 2000. */
const midMonth = (month: number) => new Date(Date.UTC(2000 + Math.floor(month / 12), month % 12, 15, 12))

/** Inserts listings, each with its lettings' rents (month, rent in cents), oldest first; returns their ids. */
export async function insertListingsWithHistory(
  db: Db,
  ownerId: string,
  homes: { home: HistoryHome; prices: [number, number][] }[],
): Promise<number[]> {
  // Each rent is a letting of its own: the listing put on the market again at that rent.
  return insertListingsWithAsks(
    db,
    ownerId,
    homes.map(({ home, prices }) => ({
      home,
      asks: prices.map(([month, amountCents]): HistoryAsk => ({ at: midMonth(month), amountCents, phase: 'listed' })),
    })),
  )
}

/** Inserts listings, each with its asking prices, oldest first; returns their ids. */
export async function insertListingsWithAsks(
  db: Db,
  ownerId: string,
  homes: { home: HistoryHome; asks: HistoryAsk[] }[],
): Promise<number[]> {
  const all: number[] = []
  for (let i = 0; i < homes.length; i += 500) {
    const batch = homes.slice(i, i + 500)
    // One parameter a batch for the homes and one for their prices: bound one by one, the thousands of
    // values cost PGlite more than the inserts themselves.
    const homesOfBatch = batch.map(({ home, asks }, n) => {
      const rent = asks.findLast((ask) => ask.phase !== 'off-market')?.amountCents ?? asks.at(-1)!.amountCents
      return {
        street: home.street,
        unit: home.unit ?? '',
        city: home.city,
        state: home.state,
        zip: home.zip,
        type: home.type ?? 'apartment',
        status: home.status ?? 'leased',
        rent,
        bedrooms: home.bedrooms ?? 2,
        interior_sqft: home.sizeSqft ?? 850,
        created_at: asks[0]!.at.toISOString(),
        n,
      }
    })
    // Inserted in the batch's order, so the ids (drawn in that order) sorted are the homes' in turn.
    const inserted = await db.execute<{ id: string | number }>(sql`
      insert into ${listing} (owner_id, title, description, type, status, monthly_rent_cents, min_term_months, deposit_cents,
        all_in_monthly_cents, street, unit, city, state, zip, latitude, longitude, bedrooms, bathroom_halves, interior_sqft,
        available_from, created_at)
      select ${ownerId}, 'Home on ' || street, 'A home with years of asking rents.', type, status, rent, 12, rent,
        rent, street, unit, city, state, zip, 39.75, -75.55, bedrooms, 2, interior_sqft,
        '2026-01-01', created_at
      from json_to_recordset(${JSON.stringify(homesOfBatch)}::json) as home(street text, unit text, city text,
        state text, zip text, type text, status text, rent integer, bedrooms smallint, interior_sqft integer, created_at timestamptz, n integer)
      order by n
      returning id`)
    const ids = inserted.rows.map((row) => ({ id: Number(row.id) })).sort((a, b) => a.id - b.id)
    const prices = batch.flatMap(({ asks }, k) =>
      asks.map(({ at, amountCents, phase }) => ({
        listing_id: ids[k]!.id,
        amount_cents: amountCents,
        changed_at: at.toISOString(),
        market_phase: phase,
      })),
    )
    await db.execute(sql`
      insert into ${listingPriceHistory} (listing_id, kind, amount_cents, changed_at, market_phase)
      select listing_id, 'lease', amount_cents, changed_at, market_phase
      from json_to_recordset(${JSON.stringify(prices)}::json) as price(listing_id bigint, amount_cents integer, changed_at timestamptz, market_phase text)`)
    all.push(...ids.map((row) => row.id))
  }
  return all
}

/** How a synthetic market's units become homes: the street's name, and each unit's bedrooms and status. */
type SyntheticHomesOptions = {
  /** The street every home is on (numbered from 100); Market Street unless told. */
  street?: string
  /** Two unless told. */
  bedroomsOf?: (unit: number) => number
  /** Leased unless told. */
  statusOf?: (unit: number) => 'published' | 'leased' | undefined
}

/** A synthetic market as listings: each unit one listing with all its observed rents, and the true log path. */
export function syntheticMarket(
  seed: number,
  place: { city: string; state: string; zip: string },
  units: number,
  { street = 'Market Street', bedroomsOf, statusOf }: SyntheticHomesOptions = {},
) {
  const prices = new Map<number, [number, number][]>()
  const truth = forEachSyntheticObservation({ seed, months: MONTHS, units }, (unit, offset, logRent) => {
    const list = prices.get(unit) ?? []
    list.push([FIRST_MONTH + offset, Math.round(Math.exp(logRent))])
    prices.set(unit, list)
  })
  const homes = [...prices].map(([unit, list]) => {
    const status = statusOf?.(unit)
    const home: HistoryHome = { street: `${100 + unit} ${street}`, ...place }
    if (bedroomsOf) home.bedrooms = bedroomsOf(unit)
    if (status) home.status = status
    return { home, prices: list }
  })
  return { homes, truth }
}

/** A synthetic market of homes (two-bedroom unless told) as listings: each unit one listing with all its observed rents. */
export function syntheticHomes(
  seed: number,
  place: { city: string; state: string; zip: string },
  units: number,
  options?: SyntheticHomesOptions,
) {
  return syntheticMarket(seed, place, units, options).homes
}

/** A thin town: a few homes each let three times a year apart, too few pairs for any month to have enough data. */
export function thinHomes(place: { city: string; state: string; zip: string }, count = 4) {
  return Array.from({ length: count }, (_, u) => ({
    home: { street: `${u + 1} Church Lane`, ...place, status: 'published' as const },
    prices: [0, 12, 24].map((offset): [number, number] => [FIRST_MONTH + offset, 150_000 + 5_000 * u + 3_000 * offset]),
  }))
}
