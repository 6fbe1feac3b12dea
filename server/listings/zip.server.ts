// Offline ZIP look-up: the centroid, city and state of a US ZIP code from the `zipcodes` data
// package, so placing a listing never calls an outside geocoding service.
import zipcodes from 'zipcodes'

export type ZipPlace = { zip: string; city: string; state: string; latitude: number; longitude: number }

export const ZIP_PATTERN = /^\d{5}$/

/** The place of a five-digit US ZIP code, or null when there is no such ZIP. */
export function lookupZip(zip: string): ZipPlace | null {
  if (!ZIP_PATTERN.test(zip)) return null
  const found = zipcodes.lookup(zip)
  if (!found || found.country !== 'US') return null
  return { zip: found.zip, city: found.city, state: found.state, latitude: found.latitude, longitude: found.longitude }
}
