// Listing searches drawn at random over every parameter of GET /api/properties, as renters would
// ask for them: city names alone and with their state, states, city and ZIP prefixes, neighborhoods,
// ZIPs, misspelt places, rooms ("2br"), everyday words alone, with a place and "in" a place, rare and
// absent words, price bands, beds, baths, types, offer, pets, furnished,
// amenities, move-in dates, map boxes from a block to a region, every sort and page size. Each
// parameter is present with its own probability, so the combinations vary; a run draws from far
// more than 10,000 distinct searches. The same random source on the same day gives the same searches.
import { AMENITY_VALUES, LISTING_SORTS, LISTING_TYPES } from '#common/listings/vocabulary.ts'
import { SEED_CITIES, type SeedCity } from '#server/seed/cities.ts'
import { US_STATE_NAMES } from '#common/cooper/states.ts'

type Random = () => number

/** Share of searches whose next page (through `nextCursor`) is asked for too. */
const NEXT_PAGE_SHARE = 0.3

const LIMITS = [1, 5, 10, 12, 24, 30, 50]

// Words many listings carry (titles and descriptions), words few carry, and words none carry.
const COMMON_WORDS = [
  'apartment',
  'house',
  'condo',
  'townhouse',
  'studio',
  'room',
  'private room',
  'one-bedroom',
  'two-bedroom',
  'three-bedroom',
  'bedroom',
  'kitchen',
  'quiet',
  'garden',
  'hardwood',
  'windows',
  'renovated',
  'landlord',
  'bus',
  'two-bedroom apartment',
]
const RARE_WORDS = [
  'tomatoes',
  'linen',
  'bike',
  'fixtures',
  'bay window',
  'blinds',
  'stone counters',
  'cafés',
  'grocery',
  'sunny',
  'cozy',
  'spacious',
  'charming',
]
const ABSENT_WORDS = [
  'waterfront',
  'loft',
  'penthouse',
  'rooftop',
  'fireplace',
  'duplex',
  'skyline',
  'jacuzzi',
  'queen',
  'sauna',
  'chalet',
  'zzyzx',
]

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!
const chance = (random: Random, p: number) => random() < p
const between = (random: Random, low: number, high: number) => low + Math.floor(random() * (high - low + 1))

/** One to `most` distinct items, in the list's order. */
function some(random: Random, items: readonly string[], most: number): string[] {
  const count = between(random, 1, most)
  const chosen = new Set<string>()
  while (chosen.size < count) chosen.add(pick(random, items))
  return items.filter((item) => chosen.has(item))
}

function randomWord(random: Random): string {
  const roll = random()
  if (roll < 0.6) return pick(random, COMMON_WORDS)
  if (roll < 0.8) return pick(random, RARE_WORDS)
  return pick(random, ABSENT_WORDS)
}

/** A name with two neighbouring letters swapped, as fast typing does ("Brookyln"). */
function misspelt(random: Random, name: string): string {
  if (name.length < 4) return name
  const at = between(random, 1, name.length - 3)
  return `${name.slice(0, at)}${name[at + 1]}${name[at]}${name.slice(at + 2)}`
}

/** A city with its state, as people write it: "Austin, TX", "austin tx", "Austin Texas". */
function cityWithState(random: Random, city: SeedCity): string {
  const roll = random()
  if (roll < 0.5) return `${city.city}, ${city.state}`
  if (roll < 0.8) return `${city.city.toLowerCase()} ${city.state.toLowerCase()}`
  return `${city.city} ${US_STATE_NAMES[city.state]}`
}

/** Rooms as people write them: "2 bedroom", "2br", "two-bedroom", "3 beds". */
function rooms(random: Random): string {
  const count = between(random, 1, 4)
  const spoken = ['one', 'two', 'three', 'four'][count - 1]!
  return pick(random, [`${count} bedroom`, `${count}br`, `${spoken}-bedroom`, `${count} beds`, `${spoken} bedroom`])
}

function randomText(random: Random, city: SeedCity): string {
  const roll = random()
  if (roll < 0.12) return city.city
  if (roll < 0.18) return cityWithState(random, city)
  if (roll < 0.24) return city.city.slice(0, between(random, 3, Math.min(6, city.city.length))).toLowerCase()
  if (roll < 0.33) return pick(random, city.neighborhoods)
  if (roll < 0.4) return pick(random, city.zips)
  if (roll < 0.45) return pick(random, city.zips).slice(0, between(random, 2, 4))
  if (roll < 0.6) return randomWord(random)
  if (roll < 0.72) return `${randomWord(random)} ${chance(random, 0.7) ? city.city : pick(random, city.neighborhoods)}`
  if (roll < 0.77)
    return `${rooms(random)}${chance(random, 0.6) ? ` ${chance(random, 0.5) ? city.city : cityWithState(random, city)}` : ''}`
  if (roll < 0.8) return `${randomWord(random)} in ${chance(random, 0.7) ? city.city : pick(random, city.neighborhoods)}`
  if (roll < 0.84) return misspelt(random, chance(random, 0.6) ? city.city : pick(random, city.neighborhoods))
  if (roll < 0.87) return chance(random, 0.5) ? US_STATE_NAMES[city.state]! : city.state
  // The web-search syntax: an exact phrase, a word left out, either of two words.
  const syntax = random()
  if (syntax < 0.4) return `"${pick(random, COMMON_WORDS)}"${chance(random, 0.5) ? ` ${city.city}` : ''}`
  if (syntax < 0.7) return `${pick(random, COMMON_WORDS)} -${pick(random, [...COMMON_WORDS, ...ABSENT_WORDS])}`
  return `${randomWord(random)} or ${randomWord(random)}`
}

/** Lower and upper price of a band, whole dollars of the all-in monthly cost. */
function priceBand(random: Random, city: SeedCity): [number | null, number | null] {
  const low = Math.max(0, Math.round((city.oneBedroomRent * (0.4 + random() * 1.6)) / 50) * 50)
  const high = low + between(random, 2, 40) * 50
  const roll = random()
  if (roll < 0.35) return [low, null]
  if (roll < 0.65) return [null, high]
  return [low, high]
}

/** A map box around a seed city: half a block across up to a whole region. */
function mapBox(random: Random, city: SeedCity): Record<'south' | 'west' | 'north' | 'east', string> {
  // Log-uniform half-height from about 150 m to about 170 km.
  const halfHeight = 0.0015 * Math.pow(1000, random())
  const halfWidth = halfHeight * (1 + random() * 0.6)
  const latitude = city.latitude + (random() - 0.5) * 0.12
  const longitude = city.longitude + (random() - 0.5) * 0.15
  const degrees = (value: number) => value.toFixed(4)
  return {
    south: degrees(latitude - halfHeight),
    west: degrees(longitude - halfWidth),
    north: degrees(latitude + halfHeight),
    east: degrees(longitude + halfWidth),
  }
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10)
}

/** The share of searches for a short stay's dates (decision 044). */
const DATED_SHARE = 0.15

/**
 * One random search, as the path and query of a GET /api/properties request. `today` sets the
 * move-in dates (`availableBy`), from two weeks back to four months ahead, and a short stay's dates
 * (`checkIn`, `checkOut`, `guests`) on 15 % of searches.
 */
export function randomSearch(random: Random, today: Date = new Date()): string {
  const params = new URLSearchParams()
  const city = pick(random, SEED_CITIES)
  if (chance(random, 0.55)) params.set('q', randomText(random, city))
  if (chance(random, 0.3)) {
    const [low, high] = priceBand(random, city)
    if (low !== null) params.set('minPrice', String(low))
    if (high !== null) params.set('maxPrice', String(high))
  }
  if (chance(random, 0.3)) params.set('beds', String(pick(random, [0, 1, 1, 2, 2, 2, 3, 3, 4, 5])))
  if (chance(random, 0.15)) params.set('baths', pick(random, ['1', '1.5', '2', '2.5', '3']))
  if (chance(random, 0.2)) params.set('type', chance(random, 0.75) ? pick(random, LISTING_TYPES) : some(random, LISTING_TYPES, 3).join(','))
  if (chance(random, 0.1)) params.set('offer', chance(random, 0.7) ? 'lease' : 'short-term')
  if (chance(random, 0.12)) params.set('pets', pick(random, ['cats', 'dogs', 'cats,dogs']))
  if (chance(random, 0.08)) params.set('furnished', chance(random, 0.6) ? 'true' : 'false')
  if (chance(random, 0.15)) params.set('amenities', some(random, AMENITY_VALUES, 3).join(','))
  if (chance(random, 0.08)) params.set('availableBy', isoDay(new Date(today.getTime() + between(random, -14, 120) * 86_400_000)))
  if (chance(random, DATED_SHARE)) {
    // A short stay: check-in over the next year, 1–14 nights, guests one time in two.
    const checkIn = new Date(today.getTime() + between(random, 1, 365) * 86_400_000)
    params.set('checkIn', isoDay(checkIn))
    params.set('checkOut', isoDay(new Date(checkIn.getTime() + between(random, 1, 14) * 86_400_000)))
    if (chance(random, 0.5)) params.set('guests', String(between(random, 1, 6)))
  }
  if (chance(random, 0.18)) for (const [key, value] of Object.entries(mapBox(random, city))) params.set(key, value)
  if (chance(random, 0.75)) params.set('sort', pick(random, LISTING_SORTS))
  if (chance(random, 0.2)) params.set('limit', String(pick(random, LIMITS)))
  const query = params.toString()
  return query ? `/api/properties?${query}` : '/api/properties'
}

/** Whether to ask for this search's next page too (30 % of searches). */
export function followsNextPage(random: Random): boolean {
  return random() < NEXT_PAGE_SHARE
}

/** How wide, in pixels, the map a renter moves is: a phone's to a wide screen's. */
const MAP_WIDTHS = [360, 600, 900]

/**
 * One random look at the search map, as the path and query of a GET /api/properties/map request: a
 * search drawn as above (without its sort, page size or area), at a zoom from the whole country to a
 * street, over an area around a seed city the size a map of that zoom shows; one in ten asks with no
 * area, as the map does first to find where a search's homes are.
 */
export function randomMapView(random: Random, today: Date = new Date()): string {
  const params = new URL(randomSearch(random, today), 'http://localhost').searchParams
  for (const key of ['sort', 'limit', 'south', 'west', 'north', 'east']) params.delete(key)
  if (chance(random, 0.1)) {
    params.set('zoom', '4')
  } else {
    const zoom = between(random, 3, 18)
    const city = pick(random, SEED_CITIES)
    const width = pick(random, MAP_WIDTHS)
    // A tile is 256 pixels; at zoom z the world is 2^z tiles across.
    const halfWidth = Math.min(179, ((width / 256) * 360) / 2 ** zoom / 2)
    const halfHeight = Math.min(80, halfWidth * 0.7)
    const latitude = Math.max(-80, Math.min(80, city.latitude + (random() - 0.5) * 0.2))
    const longitude = city.longitude + (random() - 0.5) * 0.25
    const degrees = (value: number) => value.toFixed(5)
    params.set('south', degrees(Math.max(-90, latitude - halfHeight)))
    params.set('west', degrees(Math.max(-180, longitude - halfWidth)))
    params.set('north', degrees(Math.min(90, latitude + halfHeight)))
    params.set('east', degrees(Math.min(180, longitude + halfWidth)))
    params.set('zoom', String(zoom))
  }
  return `/api/properties/map?${params}`
}
