// The demo site's past lettings: years of homes let, re-let and re-priced in every seed city, so the
// Cooper Index has repeat rents to measure on a fresh site. Each home is let again and again, mostly by
// putting its listing up again and sometimes as a new listing (all now 'leased' or 'archived', never
// in search), with its asking rents: the first ask, sometimes a cut or two while on the market, and a
// yearly rent review while let. The rents follow a city trend (its own growth, a 2020 dip, the 2021–22
// surge, a cooling in some places), summer seasonality, each home's own premium and some noise.
// Deterministic for a given seeding time: the same homes and rents, ending in the month of seeding.
import { eq, inArray, sql } from 'drizzle-orm'
import { siteConfig } from '#common/site-config.ts'
import type { ListingType } from '#common/listings/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { profile, setting, user } from '#server/db/schema.ts'
import { SEED_CITIES, type SeedCity } from './cities.ts'
import { createRandom, DEMO_LANDLORD_IDS } from './listings.server.ts'

/** The property managers who let the past homes: accounts without any way to sign in. */
export const HISTORY_OWNERS = [
  { id: 'demo-history-1', name: 'Brandywine Property Management', email: 'lettings@brandywine.cooperhome.example' },
  { id: 'demo-history-2', name: 'Keystone Residential', email: 'lettings@keystone.cooperhome.example' },
  { id: 'demo-history-3', name: 'Harbor Point Rentals', email: 'lettings@harborpoint.cooperhome.example' },
] as const

/** The history covers these months up to the month of seeding, plus up to PRE_MONTHS of lead-in. */
export const HISTORY_MONTHS = 60
const PRE_MONTHS = 12

/** Units per city: enough for the city's index every month, and for its bedroom groups in the larger ones. */
const UNITS_LARGE = 2_200
const UNITS_SMALL = 1_000
/** The share of re-lettings made as a new listing rather than by putting the last one up again. */
const NEW_LISTING_SHARE = 0.2
/** Cities whose bedroom groups each get an index of their own. */
export const HISTORY_LARGE_CITIES = ['Wilmington', 'Philadelphia', 'Washington', 'Brooklyn', 'Austin', 'Chicago']

const URBAN = new Set(['Philadelphia', 'Baltimore', 'Washington', 'Brooklyn', 'Queens', 'Chicago'])
const BEACH = new Set(['Lewes', 'Rehoboth Beach'])

/** Months since January 2000, as the index counts them. */
const monthNumber = (year: number, month: number) => (year - 2000) * 12 + month - 1

/** The yearly growth of a city's rents in a month: its own trend plus what the whole market went through. */
function growthIn(city: SeedCity, month: number): number {
  let rate = city.rentGrowth
  const name = city.city
  if (month >= monthNumber(2020, 4) && month <= monthNumber(2021, 2)) {
    // The 2020 dip: city centres emptied, beach towns filled.
    rate += URBAN.has(name) ? -0.12 : BEACH.has(name) ? 0.04 : -0.04
  } else if (month >= monthNumber(2021, 3) && month <= monthNumber(2022, 8)) {
    // The surge as everyone moved at once.
    rate += name === 'Austin' ? 0.12 : URBAN.has(name) ? 0.09 : 0.06
  } else if (month >= monthNumber(2022, 9) && month <= monthNumber(2024, 12)) {
    // Cooling: new supply in Austin and Washington, flat elsewhere for a while.
    rate += name === 'Austin' ? -0.09 : name === 'Washington' ? -0.035 : -0.01
  }
  return rate
}

/** Asking rents run a little higher in summer, when most people move. */
const seasonal = (month: number) => 1 + 0.015 * Math.cos((2 * Math.PI * ((((month % 12) + 12) % 12) - 6)) / 12)

/** A city's rent level by month, 1 in `lastMonth`: a product of monthly growth over the span. */
function levelsOf(city: SeedCity, firstMonth: number, lastMonth: number): (month: number) => number {
  const logs = new Float64Array(lastMonth - firstMonth + 1)
  for (let m = lastMonth - 1; m >= firstMonth; m--) logs[m - firstMonth] = logs[m - firstMonth + 1]! - growthIn(city, m + 1) / 12
  return (month) => Math.exp(logs[Math.min(Math.max(month, firstMonth), lastMonth) - firstMonth]!)
}

const DAY = 86_400_000
const BEDROOM_WORDS = ['Studio', 'One-bedroom', 'Two-bedroom', 'Three-bedroom', 'Four-bedroom']

export type HistoryListing = {
  ownerId: string
  title: string
  type: ListingType
  status: 'leased' | 'archived'
  street: string
  unit: string
  city: SeedCity
  zip: string
  neighborhood: string
  latitude: number
  longitude: number
  bedrooms: number
  bathroomHalves: number
  interiorSqft: number
  yearBuilt: number
  /**
   * Its rents, oldest first (the first is the listing's creation), with where each stood in the home's
   * marketing: the first ask of a letting ('listed'), a cut while it waited ('asking'), a let home's rent
   * review ('off-market').
   */
  rents: { cents: number; at: Date; phase: 'listed' | 'asking' | 'off-market' }[]
}

/** Months since January 2000 of a time, in UTC. */
const monthOf = (time: number) => {
  const date = new Date(time)
  return (date.getUTCFullYear() - 2000) * 12 + date.getUTCMonth()
}
const startOfMonth = (month: number) => Date.UTC(2000 + Math.floor(month / 12), month % 12, 1)
const addMonths = (time: number, months: number) => {
  const date = new Date(time)
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, Math.min(date.getUTCDate(), 28), date.getUTCHours())
}

/**
 * The path a city's asking rents follow in the history generated at `now`: its level by month (months since
 * January 2000) times the season, before each home's premium and noise. What the Cooper Index should find.
 */
export function historyPathOf(city: SeedCity, now: Date): (month: number) => number {
  const lastMonth = monthOf(now.getTime())
  const level = levelsOf(city, lastMonth - HISTORY_MONTHS + 1 - PRE_MONTHS - 2, lastMonth)
  return (month) => level(month) * seasonal(month)
}

/** Every past letting, in order. Pure: the same `now` and seed give the same homes. */
export function generateHistory(now: Date, seed = 20_201_231): HistoryListing[] {
  const random = createRandom(seed)
  const gauss = () => Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next())
  const nowMs = now.getTime()
  const lastMonth = monthOf(nowMs)
  const monthStart = startOfMonth(lastMonth)
  // The current month's last observations have no later one to pair with, so it also takes the next
  // fortnight's: times from its start to `horizon` are squeezed into its days so far.
  const horizon = startOfMonth(lastMonth + 1) + 14 * DAY
  const squeeze = (time: number) =>
    time < monthStart ? time : monthStart + ((time - monthStart) * (nowMs - monthStart)) / (horizon - monthStart)
  const windowStart = startOfMonth(lastMonth - HISTORY_MONTHS + 1)
  const listings: HistoryListing[] = []
  const takenAddresses = new Set<string>()

  for (const [cityIndex, city] of SEED_CITIES.entries()) {
    const path = historyPathOf(city, now)
    const units = HISTORY_LARGE_CITIES.includes(city.city) ? UNITS_LARGE : UNITS_SMALL
    for (let u = 0; u < units; u++) {
      // A home: its size and kind, and how it rents against the city's typical home (its premium).
      const roll = random.next()
      const bedrooms = roll < 0.11 ? 0 : roll < 0.33 ? 1 : roll < 0.66 ? 2 : roll < 0.92 ? 3 : 4
      const type: ListingType =
        bedrooms === 0
          ? 'studio'
          : bedrooms >= 3
            ? random.pick(['house', 'townhouse', 'apartment'] as const)
            : random.pick(['apartment', 'apartment', 'condo'] as const)
      const typeFactor = { apartment: 1, condo: 1.12, townhouse: 1.2, house: 1.3, studio: 0.82, room: 0.5 }[type]
      const bedroomFactor = bedrooms === 0 ? 1 : 1 + 0.32 * (bedrooms - 1)
      const premium = Math.exp(0.12 * gauss())
      const base = city.oneBedroomRent * typeFactor * bedroomFactor * premium
      const isFlat = type === 'apartment' || type === 'condo' || type === 'studio'
      let street: string
      let unit: string
      do {
        street = `${random.int(3001, 9899)} ${random.pick(city.streets)}`
        unit = isFlat ? `${random.int(1, 9)}${random.pick(['A', 'B', 'C', 'D', 'E', 'F'])}` : ''
      } while (takenAddresses.has(`${street}|${unit}`))
      takenAddresses.add(`${street}|${unit}`)
      const zip = random.pick(city.zips)
      const neighborhood = random.pick(city.neighborhoods)
      const latitude = Math.round((city.latitude + (random.next() - 0.5) * 0.08) * 1e6) / 1e6
      const longitude = Math.round((city.longitude + (random.next() - 0.5) * 0.1) * 1e6) / 1e6
      const interiorSqft = bedrooms === 0 ? random.int(360, 600) : Math.round((450 + bedrooms * 320 + random.int(0, 350)) / 10) * 10
      const bathroomHalves = bedrooms <= 1 ? 2 : 2 + random.int(0, bedrooms * 2 - 2)
      const yearBuilt = random.int(1890, 2018)
      const word = type === 'studio' ? 'Studio' : `${BEDROOM_WORDS[bedrooms]!} ${type}`
      const title = `${word} on ${street.replace(/^\d+ /, '')}`
      // The asking rent at a time: the city's level that month, the season, the home, and noise.
      const rentAt = (time: number, noise = 0.025) => {
        const month = monthOf(time)
        const dollars = base * path(month) * Math.exp(noise * gauss())
        return Math.max(25, Math.round(dollars / 25) * 25)
      }

      // Lettings one after another, from a start before the window (so its first months have history).
      // Most landlords put the same listing up again; some make a new one, so a unit has one or more.
      let listed = windowStart - Math.floor(random.next() * PRE_MONTHS * 30 * DAY) + random.int(8, 20) * 3_600_000
      let current: HistoryListing | undefined
      let letting = 0
      while (listed < horizon) {
        const times: number[] = [listed]
        const rents: number[] = [Math.round((rentAt(listed) * (1 + random.next() * 0.04)) / 25) * 25]
        // Price cuts while it waits for a tenant.
        let leased = listed + random.int(7, 40) * DAY
        if (random.chance(0.45)) {
          const cutAt = listed + random.int(14, 45) * DAY
          times.push(cutAt)
          rents.push(Math.round((rents[0]! * (0.94 + random.next() * 0.04)) / 25) * 25)
          leased = cutAt + random.int(5, 30) * DAY
          if (random.chance(0.25)) {
            const again = cutAt + random.int(14, 30) * DAY
            times.push(again)
            rents.push(Math.round((rents.at(-1)! * (0.95 + random.next() * 0.03)) / 25) * 25)
            leased = again + random.int(5, 20) * DAY
          }
        }
        // The tenancy, with a rent review on each anniversary.
        const tenancy = random.pick([12, 12, 12, 24, 24, 24, 36, 48])
        for (let year = 12; year < tenancy; year += 12) {
          const reviewAt = addMonths(leased, year)
          times.push(reviewAt)
          rents.push(rentAt(reviewAt, 0.02))
        }
        const ended = addMonths(leased, tenancy)
        const kept = times.flatMap((time, k) => {
          const phase = k === 0 ? 'listed' : time < leased ? 'asking' : 'off-market'
          return time < horizon ? [{ cents: rents[k]! * 100, at: new Date(Math.floor(squeeze(time))), phase } as const] : []
        })
        if (!current || random.chance(NEW_LISTING_SHARE)) {
          if (current) current.status = random.chance(0.7) ? 'archived' : 'leased'
          current = {
            ownerId: HISTORY_OWNERS[(cityIndex + letting) % HISTORY_OWNERS.length]!.id,
            title,
            type,
            status: 'leased',
            street,
            unit,
            city,
            zip,
            neighborhood,
            latitude,
            longitude,
            bedrooms,
            bathroomHalves,
            interiorSqft,
            yearBuilt,
            rents: [],
          }
          listings.push(current)
        }
        current.rents.push(...kept)
        letting++
        listed = ended + random.int(0, 45) * DAY
      }
      // A home whose last tenancy is over and not let again yet was taken off the site.
      if (current && listed - 45 * DAY > nowMs && random.chance(0.1)) current.status = 'archived'
    }
  }
  return listings
}

const HISTORY_MARKER = 'demo_history_seeded'
const seededAt = new Date('2025-01-15T15:00:00Z')

/**
 * Writes the past lettings once, on a site with the demo landlords (a site seeded before they existed
 * gets them on its next start). Returns how many listings it wrote.
 */
export async function seedDemoHistory(db: Db, now = new Date()): Promise<number> {
  const [marker] = await db.select().from(setting).where(eq(setting.key, HISTORY_MARKER))
  if (marker) return 0
  const landlords = await db
    .select({ id: user.id })
    .from(user)
    .where(inArray(user.id, [...DEMO_LANDLORD_IDS]))
  if (landlords.length !== DEMO_LANDLORD_IDS.length) return 0

  const history = generateHistory(now)
  const listingsJson = JSON.stringify(
    history.map((h, i) => ({
      i,
      owner: h.ownerId,
      title: h.title,
      type: h.type,
      status: h.status,
      rent: h.rents.at(-1)!.cents,
      street: h.street,
      unit: h.unit,
      city: h.city.city,
      state: h.city.state,
      zip: h.zip,
      hood: h.neighborhood,
      lat: h.latitude,
      lon: h.longitude,
      beds: h.bedrooms,
      baths: h.bathroomHalves,
      sqft: h.interiorSqft,
      built: h.yearBuilt,
      created: h.rents[0]!.at.toISOString(),
      updated: h.rents.at(-1)!.at.toISOString(),
    })),
  )
  return db.transaction(async (tx) => {
    const [claimed] = await tx.insert(setting).values({ key: HISTORY_MARKER, value: now.toISOString() }).onConflictDoNothing().returning()
    if (!claimed) return 0
    for (const owner of HISTORY_OWNERS) {
      await tx
        .insert(user)
        .values({ ...owner, emailVerified: true, termsVersion: siteConfig.termsVersion, createdAt: seededAt, updatedAt: seededAt })
        .onConflictDoNothing()
      await tx.insert(profile).values({ email: owner.email, userId: owner.id, role: 'landlord' }).onConflictDoNothing()
    }
    // One statement per table: the listings from a JSON array, then their rents keyed by the returned ids.
    const { rows } = await tx.execute<{ id: number | string; i: number }>(sql`
      with src as (
        select * from jsonb_to_recordset(${listingsJson}::jsonb) as s(
          i int, owner text, title text, type text, status text, rent int, street text, unit text, city text, state text,
          zip text, hood text, lat float8, lon float8, beds int, baths int, sqft int, built int, created timestamptz, updated timestamptz)
      ),
      inserted as (
        insert into listing (owner_id, title, description, type, status, monthly_rent_cents, min_term_months, deposit_cents,
          all_in_monthly_cents, street, unit, city, state, zip, neighborhood, latitude, longitude, bedrooms, bathroom_halves,
          interior_sqft, year_built, available_from, created_at, updated_at, last_confirmed_at)
        select owner, title, 'Let through ' || city || '''s lettings office.', type, status, rent, 12, rent, rent, street, unit,
               city, state, zip, hood, lat, lon, beds, baths, sqft, built, (created at time zone 'UTC')::date, created, updated, updated
        from src order by i
        returning id, street, unit, zip, created_at
      )
      select inserted.id, src.i from inserted
      join src on src.street = inserted.street and src.unit = inserted.unit and src.zip = inserted.zip and src.created = inserted.created_at`)
    const ids = new Array<number>(history.length)
    for (const row of rows) ids[row.i] = Number(row.id)
    const rentsJson = JSON.stringify(
      history.flatMap((h, i) => h.rents.map((rent) => ({ l: ids[i], c: rent.cents, t: rent.at.toISOString(), p: rent.phase }))),
    )
    await tx.execute(sql`
      insert into listing_price_history (listing_id, kind, amount_cents, changed_at, market_phase)
      select l, 'lease', c, t, p from jsonb_to_recordset(${rentsJson}::jsonb) as r(l bigint, c int, t timestamptz, p text)`)
    return history.length
  })
}
