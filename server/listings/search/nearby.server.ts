// Places near a search that found nothing: the cities around where it looked that have homes
// matching the rest of it, nearest first. Where it looked is the place its text names (a city and
// state from the ZIP data even when no home is listed there, or a place whose homes are all filtered
// out), a ZIP, or its map area.
import zipcodes from 'zipcodes'
import type { Db } from '#server/db/client.server.ts'
import { parseOrThrow } from '#server/errors.server.ts'
import { readSearchPhrase } from '#common/listings/search-phrase.ts'
import { listingSearchSchema, type ListingSearchInput } from '#common/listings/schemas.ts'
import type { NearbyPlace } from '#common/listings/types.ts'
import { lookupZip } from '../zip.server.ts'
import type { ListingIndex } from './engine/listing-index.ts'
import { forEachMatch } from './engine/query.ts'
import { examineSearch, type SearchPlace } from './terms.server.ts'

type Point = { latitude: number; longitude: number }

/** How far around the search nearby places are looked for: about 130 km north and south. */
const REACH_DEGREES = 1.2

const MILES_PER_KM = 0.621371

/** The great-circle distance between two points, in miles. */
function milesBetween(a: Point, b: Point): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180
  const dLat = radians(b.latitude - a.latitude)
  const dLon = radians(b.longitude - a.longitude)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2
  return 2 * 6371 * Math.asin(Math.sqrt(h)) * MILES_PER_KM
}

const middleOf = (points: Point[]): Point | null =>
  points.length === 0
    ? null
    : {
        latitude: points.reduce((sum, p) => sum + p.latitude, 0) / points.length,
        longitude: points.reduce((sum, p) => sum + p.longitude, 0) / points.length,
      }

/** The middle of a place's indexed homes (in its state, when it names one). */
function middleOfPlace(index: ListingIndex, place: SearchPlace): Point | null {
  const dictionary = place.kind === 'city' ? index.cities : place.kind === 'neighborhood' ? index.neighborhoods : index.states
  const id = dictionary.idOf(place.name)
  const stateId = place.state && place.kind !== 'state' ? index.states.idOf(place.state) : -1
  if (id < 0 || (place.state && place.kind !== 'state' && stateId < 0)) return null
  let homes = 0
  let latitude = 0
  let longitude = 0
  for (const slot of dictionary.slots[id]!.view()) {
    if (index.isIndexed[slot] !== 1 || (stateId >= 0 && index.state[slot] !== stateId)) continue
    homes += 1
    latitude += index.latitude[slot]!
    longitude += index.longitude[slot]!
  }
  return homes === 0 ? null : { latitude: latitude / homes, longitude: longitude / homes }
}

/** Where a search looked, and the search without its place (the words it sought kept). */
async function whereSearched(db: Db, input: ListingSearchInput | Record<string, unknown>) {
  const search = parseOrThrow(listingSearchSchema, input, 'Some search parameters are not valid.')
  const { south, west, north, east, ...rest } = search
  const phrase = readSearchPhrase(search.q)
  // The words sought and the rooms asked for stay; the place goes.
  const atLeast = (a: number | undefined, b: number | undefined) =>
    a === undefined && b === undefined ? undefined : Math.max(a ?? 0, b ?? 0)
  const elsewhere = {
    ...rest,
    q: phrase.words || undefined,
    beds: atLeast(search.beds, phrase.beds),
    baths: atLeast(search.baths, phrase.baths),
    cursor: undefined,
  }
  const zip = /^\d{5}$/.test(phrase.place) ? lookupZip(phrase.place) : null
  if (zip) return { center: zip, city: null, search: elsewhere }
  const named = phrase.withState
  if (named?.place) {
    const zips = zipcodes.lookupByName(named.place, named.state) as Point[]
    const center = middleOf(zips.map(({ latitude, longitude }) => ({ latitude, longitude })))
    if (center) return { center, city: named.place.toLowerCase(), search: elsewhere }
  }
  const { terms, index } = await examineSearch(db, search, { mayLagReload: true })
  const { place } = terms
  if (place && place.kind !== 'state') {
    const center = middleOfPlace(index, place)
    if (center) return { center, city: place.kind === 'city' ? place.name : null, search: elsewhere }
  }
  if (south !== undefined && north !== undefined && west !== undefined && east !== undefined) {
    return { center: { latitude: (south + north) / 2, longitude: (west + east) / 2 }, city: null, search: { ...rest, cursor: undefined } }
  }
  return null
}

/**
 * Up to `most` cities near where the search looked with homes matching the rest of it, nearest first,
 * the searched city itself left out; none when the search did not look anywhere in particular.
 */
export async function findNearbyPlaces(
  db: Db,
  { query, most = 4 }: { query: ListingSearchInput | Record<string, unknown>; most?: number },
): Promise<NearbyPlace[]> {
  const where = await whereSearched(db, query)
  if (!where) return []
  const { center } = where
  const reach = { south: center.latitude - REACH_DEGREES, north: center.latitude + REACH_DEGREES }
  const wide = REACH_DEGREES / Math.max(0.2, Math.cos((center.latitude * Math.PI) / 180))
  const around = {
    ...where.search,
    south: Math.max(-90, reach.south),
    north: Math.min(90, reach.north),
    west: Math.max(-180, center.longitude - wide),
    east: Math.min(180, center.longitude + wide),
  }
  const { terms, index } = await examineSearch(db, around, { mayLagReload: true })
  // The homes matching the rest of the search around there, by city and state.
  const byPlace = new Map<number, { city: number; state: number; homes: number; latitude: number; longitude: number }>()
  const states = index.states.names.length
  forEachMatch(index, terms.indexSearch, (slot) => {
    const key = index.city[slot]! * states + index.state[slot]!
    const found = byPlace.get(key)
    if (found) {
      found.homes += 1
      found.latitude += index.latitude[slot]!
      found.longitude += index.longitude[slot]!
    } else {
      byPlace.set(key, {
        city: index.city[slot]!,
        state: index.state[slot]!,
        homes: 1,
        latitude: index.latitude[slot]!,
        longitude: index.longitude[slot]!,
      })
    }
  })
  return [...byPlace.values()]
    .filter((row) => index.cities.names[row.city] !== where.city)
    .map((row) => ({
      city: index.cities.spellings[row.city]!,
      state: index.states.names[row.state]!.toUpperCase(),
      homes: row.homes,
      miles: Math.round(milesBetween(center, { latitude: row.latitude / row.homes, longitude: row.longitude / row.homes })),
    }))
    .sort((a, b) => a.miles - b.miles || b.homes - a.homes)
    .slice(0, most)
}
