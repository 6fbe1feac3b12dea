// Demo listings: about 300 believable homes across the seed cities (Delaware first), owned by the
// demo landlords, with fees, amenities, pet policies and years of price history. Deterministic: the
// same PRNG seed makes the same homes; only their dates follow the clock (listed in the weeks before
// seeding, confirmed recently), so they show in search and read as homes on the market now.
import { count, eq, inArray } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { list, listing, listingFee, listingPriceHistory, profile, savedListing, setting, user } from '#server/db/schema.ts'
import { listingColumns } from '#server/listings/index.server.ts'
import { listingInputSchema, type ListingInput } from '#common/listings/schemas.ts'
import type { Amenity, ListingStatus, ListingType, Utility } from '#common/listings/vocabulary.ts'
import { SEED_CITIES, type SeedCity } from './cities.ts'

export const DEMO_LANDLORD_IDS = ['demo-landlord-1', 'demo-landlord-2'] as const
export const DEMO_LISTING_COUNT = 300
/** The demo renter, moving to Wilmington (as the Community room hears), has saved a few homes there. */
const DEMO_RENTER_EMAIL = 'alex.morgan@cooperhome.example'
const DEMO_SAVED_HOMES = 3
const DEMO_SAVED_CITY = 'Wilmington'

/** mulberry32: a tiny seeded PRNG, so the demo site is the same on every machine. */
export function createRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  }
}
type Random = ReturnType<typeof createRandom>

const BEDROOM_WORDS = ['Studio', 'One-bedroom', 'Two-bedroom', 'Three-bedroom', 'Four-bedroom', 'Five-bedroom']
const ADJECTIVES = ['Sunny', 'Bright', 'Quiet', 'Renovated', 'Spacious', 'Charming', 'Modern', 'Cozy', 'Light-filled', 'Classic']
const TYPE_WORDS: Record<ListingType, string> = {
  apartment: 'apartment',
  house: 'house',
  condo: 'condo',
  townhouse: 'townhouse',
  studio: 'studio',
  room: 'room',
}
const FEATURES = [
  'Hardwood floors throughout and tall windows facing the street.',
  'A renovated kitchen with stone counters and a gas range.',
  'Closets in every bedroom and a linen closet in the hall.',
  'Quiet building with a responsive, local landlord.',
  'Steps from cafés, a grocery store and the bus line.',
  'A shared garden out back with space for tomatoes.',
  'Central heating and cooling, new in the last five years.',
  'Freshly painted, with new light fixtures and blinds.',
  'A bay window that fills the living room with afternoon light.',
  'Basement storage included, with a bike rack by the door.',
]
const PET_NOTES = ['Up to two pets under 40 lb.', 'One cat welcome.', 'Dogs under 50 lb; breed restrictions apply.', 'Two pets maximum.']

function pickType(random: Random): ListingType {
  const roll = random.next()
  if (roll < 0.42) return 'apartment'
  if (roll < 0.56) return 'condo'
  if (roll < 0.7) return 'house'
  if (roll < 0.82) return 'townhouse'
  if (roll < 0.93) return 'studio'
  return 'room'
}

function bedroomsFor(type: ListingType, random: Random): number {
  switch (type) {
    case 'studio':
      return 0
    case 'room':
      return 1
    case 'apartment':
      return random.int(1, 3)
    case 'condo':
      return random.int(1, 3)
    case 'townhouse':
      return random.int(2, 4)
    case 'house':
      return random.int(2, 5)
  }
}

/** Whole dollars a month for this home in this city, rounded to $25 as landlords price. */
function rentFor(city: SeedCity, type: ListingType, bedrooms: number, random: Random): number {
  const typeFactor = { apartment: 1, condo: 1.12, townhouse: 1.2, house: 1.3, studio: 0.82, room: 0.5 }[type]
  const bedroomFactor = type === 'room' || type === 'studio' ? 1 : 1 + 0.32 * (bedrooms - 1)
  const dollars = city.oneBedroomRent * typeFactor * bedroomFactor * (0.85 + random.next() * 0.3)
  return Math.round(dollars / 25) * 25
}

function pickCity(random: Random): SeedCity {
  const total = SEED_CITIES.reduce((sum, c) => sum + c.weight, 0)
  let roll = random.next() * total
  for (const city of SEED_CITIES) {
    roll -= city.weight
    if (roll < 0) return city
  }
  return SEED_CITIES[0]!
}

const DAY = 86_400_000
const HISTORY_START = Date.parse('2021-03-01T12:00:00Z')
const HISTORY_END = Date.parse('2025-10-01T12:00:00Z')

export type SeedListing = {
  ownerId: string
  input: ListingInput
  status: ListingStatus
  /** When the current offer was listed: days before seeding, like a real site's homes on the market. */
  createdAt: Date
  confirmedDaysAgo: number
  /**
   * The home's asking rents, oldest first, in cents, with where each stood in its marketing: one a year for its
   * earlier lettings, each listed afresh, then the current offer's first asking rent, and for some a price cut
   * since. Empty for a home let only by the night.
   */
  leaseRents: [number, Date, 'listed' | 'asking'][]
}

/**
 * The demo listings, in order. Pure: the same seed and `now` give the same homes; their offers were listed in the
 * weeks before `now`, and their earlier rents lie in the years before that.
 */
export function generateDemoListings(total = DEMO_LISTING_COUNT, seed = 20250115, now = HISTORY_END): SeedListing[] {
  const random = createRandom(seed)
  const listings: SeedListing[] = []
  for (let i = 0; i < total; i += 1) {
    const city = i < SEED_CITIES.length ? SEED_CITIES[i]! : pickCity(random)
    const type = pickType(random)
    const bedrooms = bedroomsFor(type, random)
    const rent = rentFor(city, type, bedrooms, random)
    const neighborhood = random.pick(city.neighborhoods)
    const isShortTerm = random.chance(city.shortTermShare)
    const isLeased = !isShortTerm || random.chance(0.6)
    const amenities = new Set<Amenity>()
    if (random.chance(type === 'house' || type === 'townhouse' ? 0.8 : 0.35)) amenities.add('parking')
    if (random.chance(0.45)) amenities.add('in-unit-laundry')
    if (random.chance(0.7)) amenities.add('air-conditioning')
    if (random.chance(0.6)) amenities.add('dishwasher')
    if ((type === 'apartment' || type === 'condo') && random.chance(0.35)) amenities.add('elevator')
    if ((type === 'apartment' || type === 'condo') && random.chance(0.2)) amenities.add('gym')
    if (random.chance(city.shortTermShare > 0.3 ? 0.35 : 0.08)) amenities.add('pool')
    if ((city.city === 'Brooklyn' || city.city === 'Queens' || city.city === 'Chicago') && random.chance(0.2)) amenities.add('doorman')
    if (random.chance(0.1)) amenities.add('ev-charging')
    if (random.chance(type === 'house' || type === 'townhouse' ? 0.85 : 0.3)) amenities.add('outdoor-space')
    if (random.chance(0.15)) amenities.add('wheelchair-access')
    if (random.chance(0.3)) amenities.add('storage')
    const allowsCats = type !== 'room' && random.chance(0.55)
    const allowsDogs = type !== 'room' && random.chance(0.4)
    const fees: { name: string; monthlyCents: number }[] = []
    if (amenities.has('parking') && (type === 'apartment' || type === 'condo') && random.chance(0.6)) {
      fees.push({ name: 'Parking', monthlyCents: 7_500 })
    }
    if ((allowsCats || allowsDogs) && random.chance(0.5)) fees.push({ name: 'Pet rent', monthlyCents: 3_500 })
    if ((type === 'house' || type === 'townhouse') && random.chance(0.5)) fees.push({ name: 'Trash', monthlyCents: 1_500 })
    if ((amenities.has('gym') || amenities.has('pool')) && random.chance(0.5)) fees.push({ name: 'Amenity fee', monthlyCents: 5_000 })
    const utilities: Utility[] = (['water', 'sewer', 'trash', 'gas', 'electricity', 'heat', 'internet'] as const).filter((_, k) =>
      random.chance([0.6, 0.55, 0.5, 0.2, 0.1, 0.25, 0.15][k]!),
    )
    const bathroomHalves = bedrooms <= 1 ? 2 : 2 + random.int(0, bedrooms * 2 - 2)
    const sqft =
      type === 'room'
        ? random.int(140, 260)
        : type === 'studio'
          ? random.int(360, 600)
          : Math.round((450 + bedrooms * 320 + random.int(0, 350)) / 10) * 10
    const firstLet = HISTORY_START + Math.floor(random.next() * (HISTORY_END - HISTORY_START))
    // Earlier lettings with a yearly rent review, back from a year before the current offer.
    const pastRents: [number, number][] = []
    let past = rent
    for (let at = HISTORY_END - 365 * DAY; at > firstLet; at -= 365 * DAY) {
      past = Math.round(past / (1.02 + random.next() * 0.05) / 25) * 25
      pastRents.unshift([past, at - random.int(0, 40) * DAY])
    }
    // The current offer's timeline from a generator of its own, so the homes stay the same whatever it draws.
    const timeline = createRandom(seed + 7_919 * (i + 1))
    const daysListed = timeline.chance(0.7) ? timeline.int(1, 30) : timeline.int(31, 120)
    const listedAt = now - daysListed * DAY
    const shift = listedAt - HISTORY_END
    const leaseRents: SeedListing['leaseRents'] = []
    if (pastRents.length > 0) leaseRents.push([pastRents[0]![0] * 100, new Date(firstLet + shift), 'listed'])
    for (const [dollars, at] of pastRents.slice(1)) leaseRents.push([dollars * 100, new Date(at + shift), 'listed'])
    // One offer in five has come down since it was listed.
    if (daysListed >= 7 && timeline.chance(0.2)) {
      const asked = Math.round((rent * (1.03 + timeline.next() * 0.05)) / 25) * 25
      leaseRents.push(
        [asked * 100, new Date(listedAt), 'listed'],
        [rent * 100, new Date(listedAt + timeline.int(3, daysListed - 2) * DAY), 'asking'],
      )
    } else {
      leaseRents.push([rent * 100, new Date(listedAt), 'listed'])
    }
    const statusRoll = random.next()
    const status: ListingStatus = statusRoll < 0.86 ? 'published' : statusRoll < 0.91 ? 'draft' : statusRoll < 0.96 ? 'leased' : 'archived'
    const furnished = isShortTerm || random.chance(0.1)
    const word = type === 'studio' ? 'Studio' : type === 'room' ? 'Private room' : `${BEDROOM_WORDS[bedrooms]!} ${TYPE_WORDS[type]}`
    const title = `${random.pick(ADJECTIVES)} ${word.toLowerCase()} in ${neighborhood}`
    const features = [...FEATURES].sort(() => random.next() - 0.5).slice(0, 3)
    listings.push({
      ownerId: DEMO_LANDLORD_IDS[i % DEMO_LANDLORD_IDS.length]!,
      status,
      createdAt: new Date(listedAt),
      confirmedDaysAgo: random.chance(0.05) ? random.int(31, 90) : random.int(0, 27),
      leaseRents: isLeased ? leaseRents : [],
      input: {
        title: title.charAt(0).toUpperCase() + title.slice(1),
        description: `${features.join(' ')} ${city.city}'s ${neighborhood} is a short walk away.`,
        type,
        lease: isLeased
          ? { monthlyRentCents: rent * 100, minTermMonths: random.pick([6, 12, 12, 12, 18, 24]), depositCents: rent * 100 }
          : null,
        shortTerm: isShortTerm
          ? { nightlyCents: Math.round(((rent / 30) * (1.6 + random.next() * 0.8)) / 5) * 500, minNights: random.pick([1, 2, 2, 3, 7]) }
          : null,
        fees,
        includedUtilities: utilities,
        street: `${random.int(2, 2999)} ${random.pick(city.streets)}`,
        unit:
          type === 'apartment' || type === 'condo' || type === 'studio' ? `${random.int(1, 12)}${random.pick(['A', 'B', 'C', 'D'])}` : '',
        city: city.city,
        state: city.state,
        zip: random.pick(city.zips),
        neighborhood,
        latitude: Math.round((city.latitude + (random.next() - 0.5) * 0.08) * 1e6) / 1e6,
        longitude: Math.round((city.longitude + (random.next() - 0.5) * 0.1) * 1e6) / 1e6,
        bedrooms,
        bathrooms: bathroomHalves / 2,
        interiorSqft: sqft,
        yearBuilt: random.int(1890, 2024),
        amenities: [...amenities],
        allowsCats,
        allowsDogs,
        petPolicy: allowsCats || allowsDogs ? random.pick(PET_NOTES) : 'No pets.',
        isFurnished: furnished,
        availableFrom: new Date(Date.parse('2025-09-01') + random.int(0, 240) * DAY).toISOString().slice(0, 10),
      },
    })
  }
  return listings
}

const SEED_MARKER = 'demo_listings_seeded'

/**
 * Writes the demo listings once, when the demo landlords exist and no listing does (a database that
 * predates listings gets them on its next start). Returns how many it wrote. Everything is computed
 * first; the inserts run in one short transaction that also claims the marker.
 */
export async function seedDemoListings(db: Db): Promise<number> {
  const [marker] = await db.select().from(setting).where(eq(setting.key, SEED_MARKER))
  if (marker) return 0
  const [existing] = await db.select({ n: count() }).from(listing)
  if ((existing?.n ?? 0) > 0) return 0
  const owners = await db
    .select({ id: user.id })
    .from(user)
    .where(inArray(user.id, [...DEMO_LANDLORD_IDS]))
  if (owners.length !== DEMO_LANDLORD_IDS.length) return 0

  const now = Date.now()
  const prepared = generateDemoListings(DEMO_LISTING_COUNT, undefined, now).map((seed) => {
    const valid = listingInputSchema.parse(seed.input)
    return { seed, valid, columns: listingColumns(valid) }
  })
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(setting)
      .values({ key: SEED_MARKER, value: new Date(now).toISOString() })
      .onConflictDoNothing()
      .returning()
    if (!claimed) return 0
    const ids = await tx
      .insert(listing)
      .values(
        prepared.map(({ seed, columns }) => ({
          ...columns,
          ownerId: seed.ownerId,
          status: seed.status,
          createdAt: seed.createdAt,
          updatedAt: seed.createdAt,
          lastConfirmedAt: new Date(Math.max(now - seed.confirmedDaysAgo * DAY, seed.createdAt.getTime())),
        })),
      )
      .returning({ id: listing.id })
    const fees = prepared.flatMap(({ valid }, k) => valid.fees.map((fee) => ({ listingId: ids[k]!.id, ...fee })))
    if (fees.length > 0) await tx.insert(listingFee).values(fees)
    const history = prepared.flatMap(({ seed, valid }, k) => {
      const listingId = ids[k]!.id
      const rows: (typeof listingPriceHistory.$inferInsert)[] = []
      if (valid.lease) {
        // A draft's prices were never offered.
        for (const [amountCents, changedAt, phase] of seed.leaseRents) {
          rows.push({ listingId, kind: 'lease', amountCents, changedAt, marketPhase: seed.status === 'draft' ? 'off-market' : phase })
        }
      }
      if (valid.shortTerm) {
        const marketPhase = seed.status === 'draft' ? 'off-market' : 'listed'
        rows.push({ listingId, kind: 'short-term', amountCents: valid.shortTerm.nightlyCents, changedAt: seed.createdAt, marketPhase })
      }
      return rows
    })
    if (history.length > 0) await tx.insert(listingPriceHistory).values(history)
    const [renter] = await tx.select({ email: profile.email }).from(profile).where(eq(profile.email, DEMO_RENTER_EMAIL))
    const saved = prepared
      .flatMap(({ seed, valid }, k) => (seed.status === 'published' && valid.lease && valid.city === DEMO_SAVED_CITY ? [ids[k]!.id] : []))
      .slice(0, DEMO_SAVED_HOMES)
    if (renter && saved.length > 0) {
      await tx.insert(list).values({ email: renter.email }).onConflictDoNothing()
      await tx
        .insert(savedListing)
        .values(saved.map((listingId, k) => ({ email: renter.email, listingId, createdAt: new Date(now - (k + 1) * DAY) })))
        .onConflictDoNothing()
      await tx.update(profile).set({ setList: true }).where(eq(profile.email, renter.email))
    }
    return ids.length
  })
}
