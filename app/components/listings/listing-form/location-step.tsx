// Step three of the listing form: the address, and the map pin placed from the ZIP code and dragged
// onto the building. Without JavaScript the server looks the ZIP up ("Look up ZIP") and places the pin.
import type { ChangeEvent } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { FieldError, Hint } from '#app/components/ui/field-parts.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import type { MapTiles } from '#common/map-tiles.ts'
import { LocationMap } from '../location-map.tsx'
import { FormStep } from './form-step.tsx'
import type { usePlace } from './use-place.ts'
import { ValueField, ValueFields, type StepFieldProps, type ValueFieldSpec } from './value-field.tsx'

type Props = StepFieldProps & {
  location: ReturnType<typeof usePlace>
  tiles: MapTiles
  isEnhanced: boolean
}

const ADDRESS: ValueFieldSpec[] = [
  { label: 'Street address', name: 'street', autoComplete: 'street-address', maxLength: 200 },
  { label: 'Unit (optional)', name: 'unit', maxLength: 40 },
]

/** City and state: filled in from the ZIP code, and changed by hand when it is wrong. */
const TOWN = [
  { label: 'City', name: 'city', autoComplete: 'address-level2', maxLength: 100 },
  { label: 'State', name: 'state', autoComplete: 'address-level1', maxLength: 2, hint: 'Two letters, like DE.' },
] as const

const NEIGHBORHOOD: ValueFieldSpec = { label: 'Neighborhood (optional)', name: 'neighborhood', maxLength: 100 }

export function LocationStep({ step, values, error, location, tiles, isEnhanced }: Props) {
  const { place, setPlace, zipNote, lookUpZip, latitude, longitude, hasPin } = location
  const typedInto = (key: 'city' | 'state') => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value
    setPlace((current) => ({ ...current, [key]: value }))
  }
  return (
    <FormStep {...step}>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
        <ValueFields fields={ADDRESS} values={values} error={error} />
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-[10rem_auto_minmax(0,1fr)]">
        <TextField
          label="ZIP code"
          name="zip"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          value={place.zip}
          onChange={(event) => {
            const zip = event.currentTarget.value.trim()
            setPlace((current) => ({ ...current, zip }))
            if (/^\d{5}$/.test(zip) && zip !== place.coordinatesZip) void lookUpZip(zip)
          }}
          error={error('zip')}
          hint="Fills in the city, state and map pin."
        />
        <Button
          variant="secondary"
          name="intent"
          value="lookup-zip"
          className="sm:mt-7"
          onClick={(event) => {
            event.preventDefault()
            void lookUpZip(place.zip)
          }}
        >
          Look up ZIP
        </Button>
        <p role="status" className="text-sm text-ink-soft sm:mt-9">
          {zipNote}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem_minmax(0,1fr)]">
        {TOWN.map(({ name, ...field }) => (
          <TextField key={name} {...field} name={name} value={place[name]} onChange={typedInto(name)} error={error(name)} />
        ))}
        <ValueField field={NEIGHBORHOOD} values={values} error={error} />
      </div>
      <input type="hidden" name="latitude" value={place.latitude} />
      <input type="hidden" name="longitude" value={place.longitude} />
      <input type="hidden" name="coordinatesZip" value={place.coordinatesZip} />
      <div>
        <p id="map-hint" className="text-sm font-semibold text-ink">
          Map pin
        </p>
        {isEnhanced && hasPin ? (
          <div className="mt-2 space-y-2">
            <LocationMap
              latitude={latitude}
              longitude={longitude}
              tiles={tiles}
              describedBy="map-hint map-position"
              onMove={(point) =>
                setPlace((current) => ({
                  ...current,
                  latitude: String(point.latitude),
                  longitude: String(point.longitude),
                }))
              }
            />
            <Hint id="map-position">
              Drag the pin, click the map, or focus the pin and use the arrow keys, to put it on the building. Now at {latitude.toFixed(5)},{' '}
              {longitude.toFixed(5)}.
            </Hint>
          </div>
        ) : (
          <Hint id="map-position">
            {hasPin
              ? `The pin is at ${latitude.toFixed(5)}, ${longitude.toFixed(5)}. A new ZIP code moves it to that ZIP code's centre.`
              : 'The pin goes to the centre of the ZIP code when you save.'}
          </Hint>
        )}
        <FieldError id="map-error" message={error('latitude') ?? error('longitude')} />
      </div>
    </FormStep>
  )
}
