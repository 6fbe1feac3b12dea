// Where the home is, as the listing form holds it: ZIP, city, state and the map pin. A new ZIP is
// looked up (/api/zip) to fill in the city and state and put the pin at the ZIP code's centre.
import type { FieldErrors } from '#common/forms.ts'
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react'
import type { ListingFormValues } from '#common/listings/listing-form.ts'

export type Place = Pick<ListingFormValues, 'zip' | 'city' | 'state' | 'latitude' | 'longitude' | 'coordinatesZip'>

const placeOf = (values: ListingFormValues): Place => ({
  zip: values.zip,
  city: values.city,
  state: values.state,
  latitude: values.latitude,
  longitude: values.longitude,
  coordinatesZip: values.coordinatesZip,
})

export function usePlace(values: ListingFormValues, serverErrors: FieldErrors, setErrors: Dispatch<SetStateAction<FieldErrors>>) {
  const [place, setPlace] = useState<Place>(() => placeOf(values))
  const [zipNote, setZipNote] = useState('')

  useEffect(() => setPlace(placeOf(values)), [serverErrors, values])

  async function lookUpZip(zip: string) {
    if (!/^\d{5}$/.test(zip)) {
      setErrors((previous) => ({ ...previous, zip: ['Enter a five-digit ZIP code, like 19801.'] }))
      return
    }
    setZipNote('Looking up the ZIP code…')
    try {
      const response = await fetch(`/api/zip/${zip}`)
      const body = (await response.json()) as { city?: string; state?: string; latitude?: number; longitude?: number; detail?: string }
      if (!response.ok || body.latitude === undefined || body.longitude === undefined) {
        setZipNote('')
        setErrors((previous) => ({ ...previous, zip: [body.detail ?? 'That ZIP code could not be found.'] }))
        return
      }
      setErrors(({ zip: _zip, city: _city, state: _state, ...rest }) => rest)
      setPlace({
        zip,
        city: body.city ?? '',
        state: body.state ?? '',
        latitude: String(body.latitude),
        longitude: String(body.longitude),
        coordinatesZip: zip,
      })
      setZipNote(`Found ${body.city}, ${body.state}. The pin is at the ZIP code's centre: drag it to the building.`)
    } catch {
      setZipNote('The ZIP code could not be looked up just now; the server will place the pin when you save.')
    }
  }

  const latitude = Number(place.latitude)
  const longitude = Number(place.longitude)
  const hasPin = place.latitude !== '' && place.longitude !== '' && Number.isFinite(latitude) && Number.isFinite(longitude)
  return { place, setPlace, zipNote, lookUpZip, latitude, longitude, hasPin }
}
