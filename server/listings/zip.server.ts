// Offline ZIP look-up: the centroid, city and state of a US ZIP code from the `zipcodes` data
// package, so placing a listing never calls an outside geocoding service.
import type { FieldErrors } from '#common/forms.ts'
import zipcodes from 'zipcodes'
import type { ListingFormValues } from '#common/listings/listing-form.ts'

export type ZipPlace = { zip: string; city: string; state: string; latitude: number; longitude: number }

export const ZIP_PATTERN = /^\d{5}$/

/** The place of a five-digit US ZIP code, or null when there is no such ZIP. */
export function lookupZip(zip: string): ZipPlace | null {
  if (!ZIP_PATTERN.test(zip)) return null
  const found = zipcodes.lookup(zip)
  if (!found || found.country !== 'US') return null
  return { zip: found.zip, city: found.city, state: found.state, latitude: found.latitude, longitude: found.longitude }
}

/** Fills city, state and the pin from the ZIP; a ZIP that does not exist is the ZIP field's error. */
export function placeByZip(values: ListingFormValues, { movePin }: { movePin: boolean }): FieldErrors {
  const zip = values.zip.trim()
  if (!ZIP_PATTERN.test(zip)) return {}
  const place = lookupZip(zip)
  if (!place) return { zip: [`There is no US ZIP code ${zip}. Check the number.`] }
  if (values.city.trim() === '' || movePin) values.city = place.city
  if (values.state.trim() === '' || movePin) values.state = place.state
  const hasPin = values.latitude.trim() !== '' && values.longitude.trim() !== ''
  if (movePin || !hasPin || values.coordinatesZip !== zip) {
    values.latitude = String(place.latitude)
    values.longitude = String(place.longitude)
    values.coordinatesZip = zip
  }
  return {}
}
