// The landlord's listing form. Without JavaScript it is one long page, every step a fieldset; with
// JavaScript it shows one step at a time and checks a step's fields (with the server's own schema)
// before moving on. Photos belong between "Location" and "Details" (see STEP_SLOTS).
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Form, useNavigation } from 'react-router'
import { Button, FieldError, FormAlert, Hint, PendingNote, TextField, describedBy, inputClass } from '#app/components/profile/fields.tsx'
import {
  LISTING_FORM_STEPS,
  stepOfField,
  validateListingForm,
  valuesOfFormData,
  type FeeRow,
  type ListingFormErrors,
  type ListingFormStep,
  type ListingFormValues,
} from '#common/listings/listing-form.ts'
import { AMENITIES, LISTING_TYPE_LABELS, LISTING_TYPES, UTILITIES, type ListingStatus } from '#common/listings/vocabulary.ts'
import type { MapTiles } from '#common/map-tiles.ts'
import { LocationMap } from './location-map.tsx'

type Fee = FeeRow & { key: number }

type Props = {
  values: ListingFormValues
  errors: ListingFormErrors
  formError?: string
  /** The stored status when editing; undefined for a new listing. */
  status?: ListingStatus
  /** The map background of the location step. */
  tiles: MapTiles
  /** Steps other parts of the page add (e.g. photos), shown after the step they name. */
  extraSteps?: { after: ListingFormStep; id: string; title: string; content: ReactNode }[]
}

export function ListingForm({ values, errors: serverErrors, formError, status, tiles, extraSteps = [] }: Props) {
  const formRef = useRef<HTMLFormElement>(null)
  const navigation = useNavigation()
  const [isEnhanced, setIsEnhanced] = useState(false)
  const [stepIndex, setStepIndex] = useState(0)
  const [errors, setErrors] = useState<ListingFormErrors>(serverErrors)
  const [focusTarget, setFocusTarget] = useState<{ kind: 'heading' | 'error'; at: number } | null>(null)

  const nextFeeKey = useRef(values.fees.length)
  const [fees, setFees] = useState<Fee[]>(() => values.fees.map((fee, key) => ({ ...fee, key })))
  const [place, setPlace] = useState({
    zip: values.zip,
    city: values.city,
    state: values.state,
    latitude: values.latitude,
    longitude: values.longitude,
    coordinatesZip: values.coordinatesZip,
  })
  const [zipNote, setZipNote] = useState('')

  const steps = LISTING_FORM_STEPS.flatMap((step) => [
    { id: step.id as string, title: step.title },
    ...extraSteps.filter((extra) => extra.after === step.id).map(({ id, title }) => ({ id, title })),
  ])
  const currentStep = steps[stepIndex]!
  const numberOf = (id: string) => steps.findIndex((step) => step.id === id) + 1

  useEffect(() => setIsEnhanced(true), [])

  // A refusal from the server: show its errors on the first step that has one.
  useEffect(() => {
    setErrors(serverErrors)
    setFees(values.fees.map((fee, key) => ({ ...fee, key })))
    nextFeeKey.current = values.fees.length
    setPlace({
      zip: values.zip,
      city: values.city,
      state: values.state,
      latitude: values.latitude,
      longitude: values.longitude,
      coordinatesZip: values.coordinatesZip,
    })
    const firstKey = Object.keys(serverErrors)[0]
    const step = firstKey ? stepOfField(firstKey) : undefined
    if (step) {
      setStepIndex(steps.findIndex((s) => s.id === step))
      setFocusTarget({ kind: 'error', at: Date.now() })
    }
    // Only a new answer from the server resets the form, not a change of step.
  }, [serverErrors, values])

  useEffect(() => {
    if (!focusTarget) return
    const form = formRef.current
    const section = form?.querySelector<HTMLElement>(`[data-step="${steps[stepIndex]!.id}"]`)
    const target =
      focusTarget.kind === 'error'
        ? (section?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector<HTMLElement>('#listing-form-error') ?? null)
        : null
    ;(target ?? section?.querySelector<HTMLElement>('h2'))?.focus()
  }, [focusTarget, stepIndex, steps])

  const error = (key: string) => errors[key]?.[0]
  const isSaving = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
  const isHidden = (id: string) => isEnhanced && currentStep.id !== id

  function checkStep(): boolean {
    const form = formRef.current
    if (!form) return true
    const { errors: found } = validateListingForm(valuesOfFormData(new FormData(form)))
    const stepErrors: ListingFormErrors = {}
    for (const [key, messages] of Object.entries(found)) {
      // The server places the pin from the ZIP when the map has not.
      if (key === 'latitude' || key === 'longitude') continue
      if (stepOfField(key) === currentStep.id) stepErrors[key] = messages
    }
    setErrors((previous) => {
      const kept = Object.fromEntries(Object.entries(previous).filter(([key]) => stepOfField(key) !== currentStep.id))
      return { ...kept, ...stepErrors }
    })
    if (Object.keys(stepErrors).length > 0) {
      setFocusTarget({ kind: 'error', at: Date.now() })
      return false
    }
    return true
  }

  function goTo(index: number) {
    setStepIndex(index)
    setFocusTarget({ kind: 'heading', at: Date.now() })
  }

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
  const isPublished = status === 'published'

  return (
    <Form method="post" ref={formRef} noValidate className="space-y-8">
      {isEnhanced ? (
        <ol aria-label="Steps" className="flex flex-wrap gap-2 text-sm">
          {steps.map((step, index) => (
            <li
              key={step.id}
              aria-current={index === stepIndex ? 'step' : undefined}
              className={`rounded-full px-3 py-1 font-semibold ${
                index === stepIndex ? 'bg-brand-700 text-white' : 'bg-gray-100 text-ink-soft'
              }`}
            >
              {index + 1}. {step.title}
            </li>
          ))}
        </ol>
      ) : null}

      <FormAlert id="listing-form-error" message={formError} />

      <Step id="home" title="The home" number={numberOf('home')} total={steps.length} isEnhanced={isEnhanced} hidden={isHidden('home')}>
        <TextField
          label="Title"
          name="title"
          required
          maxLength={120}
          defaultValue={values.title}
          error={error('title')}
          hint="What renters see first, like “Sunny two-bedroom near Trolley Square”. 5 to 120 characters."
        />
        <div>
          <label htmlFor="field-type" className="block text-sm font-semibold text-ink">
            Type of home
          </label>
          <select
            id="field-type"
            name="type"
            defaultValue={values.type}
            aria-invalid={error('type') ? true : undefined}
            aria-describedby={describedBy(error('type') && 'field-type-error')}
            className={`${inputClass} mt-1.5 sm:max-w-xs`}
          >
            {LISTING_TYPES.map((type) => (
              <option key={type} value={type}>
                {LISTING_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
          <FieldError id="field-type-error" message={error('type')} />
        </div>
        <TextField
          label="Description"
          name="description"
          multiline
          rows={6}
          maxLength={10_000}
          defaultValue={values.description}
          error={error('description')}
          hint="The rooms, the light, the street, what is nearby. Optional, up to 10,000 characters."
        />
      </Step>

      <Step
        id="price"
        title="Price and terms"
        number={numberOf('price')}
        total={steps.length}
        isEnhanced={isEnhanced}
        hidden={isHidden('price')}
      >
        <fieldset aria-describedby={describedBy('offer-hint', error('offer') && 'offer-error')} className="space-y-4">
          <legend className="text-base font-bold text-ink">What you offer</legend>
          <p id="offer-hint" className="text-sm text-ink-soft">
            A lease, short stays, or both. Prices are in US dollars.
          </p>
          <FieldError id="offer-error" message={error('offer')} />
          <div className="rounded-xl border border-gray-200 p-4">
            <Checkbox name="offersLease" label="A lease" defaultChecked={values.offersLease} invalid={Boolean(error('offer'))} />
            <div className="mt-3 grid gap-4 sm:grid-cols-3">
              <TextField
                label="Monthly rent ($)"
                name="monthlyRent"
                inputMode="decimal"
                defaultValue={values.monthlyRent}
                error={error('monthlyRent')}
              />
              <TextField
                label="Minimum term (months)"
                name="minTermMonths"
                inputMode="numeric"
                defaultValue={values.minTermMonths}
                error={error('minTermMonths')}
              />
              <TextField
                label="Security deposit ($)"
                name="deposit"
                inputMode="decimal"
                defaultValue={values.deposit}
                error={error('deposit')}
              />
            </div>
          </div>
          <div className="rounded-xl border border-gray-200 p-4">
            <Checkbox
              name="offersShortTerm"
              label="Short stays"
              defaultChecked={values.offersShortTerm}
              invalid={Boolean(error('offer'))}
            />
            <div className="mt-3 grid gap-4 sm:grid-cols-3">
              <TextField
                label="Nightly price ($)"
                name="nightlyPrice"
                inputMode="decimal"
                defaultValue={values.nightlyPrice}
                error={error('nightlyPrice')}
              />
              <TextField
                label="Minimum stay (nights)"
                name="minNights"
                inputMode="numeric"
                defaultValue={values.minNights}
                error={error('minNights')}
              />
            </div>
          </div>
        </fieldset>

        <fieldset aria-describedby={describedBy('fees-hint', error('fees') && 'fees-error')} className="space-y-3">
          <legend className="text-base font-bold text-ink">Required monthly fees</legend>
          <p id="fees-hint" className="text-sm text-ink-soft">
            Fees every tenant pays each month, like parking or amenities. Renters see rent plus these as the all-in cost.
          </p>
          <FieldError id="fees-error" message={error('fees')} />
          {fees.length === 0 ? <p className="text-sm text-ink">No required fees.</p> : null}
          <ul className="space-y-3">
            {fees.map((fee, index) => (
              <li key={fee.key} className="grid items-start gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto]">
                <TextField
                  id={`field-fee-${index}-name`}
                  label={`Fee ${index + 1} name`}
                  name="feeName"
                  defaultValue={fee.name}
                  maxLength={60}
                  error={error(`fees.${index}.name`)}
                />
                <TextField
                  id={`field-fee-${index}-amount`}
                  label={`Fee ${index + 1} per month ($)`}
                  name="feeAmount"
                  inputMode="decimal"
                  defaultValue={fee.amount}
                  error={error(`fees.${index}.amount`)}
                />
                <Button
                  variant="quiet"
                  name="intent"
                  value={`remove-fee:${index}`}
                  className="sm:mt-7"
                  onClick={(event) => {
                    event.preventDefault()
                    setFees((current) => current.filter((row) => row.key !== fee.key))
                  }}
                >
                  Remove fee {index + 1}
                </Button>
              </li>
            ))}
          </ul>
          {fees.length < 20 ? (
            <Button
              variant="secondary"
              name="intent"
              value="add-fee"
              onClick={(event) => {
                event.preventDefault()
                setFees((current) => [...current, { name: '', amount: '', key: nextFeeKey.current++ }])
              }}
            >
              Add a fee
            </Button>
          ) : null}
        </fieldset>

        <CheckboxGroup
          legend="Utilities included in the rent"
          name="includedUtilities"
          options={UTILITIES}
          checked={values.includedUtilities}
          error={error('includedUtilities')}
        />
      </Step>

      <Step
        id="location"
        title="Location"
        number={numberOf('location')}
        total={steps.length}
        isEnhanced={isEnhanced}
        hidden={isHidden('location')}
      >
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
          <TextField
            label="Street address"
            name="street"
            autoComplete="street-address"
            maxLength={200}
            defaultValue={values.street}
            error={error('street')}
          />
          <TextField label="Unit (optional)" name="unit" maxLength={40} defaultValue={values.unit} error={error('unit')} />
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
          <TextField
            label="City"
            name="city"
            autoComplete="address-level2"
            maxLength={100}
            value={place.city}
            onChange={(event) => {
              const city = event.currentTarget.value
              setPlace((current) => ({ ...current, city }))
            }}
            error={error('city')}
          />
          <TextField
            label="State"
            name="state"
            autoComplete="address-level1"
            maxLength={2}
            value={place.state}
            onChange={(event) => {
              const state = event.currentTarget.value
              setPlace((current) => ({ ...current, state }))
            }}
            error={error('state')}
            hint="Two letters, like DE."
          />
          <TextField
            label="Neighbourhood (optional)"
            name="neighbourhood"
            maxLength={100}
            defaultValue={values.neighbourhood}
            error={error('neighbourhood')}
          />
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
                Drag the pin, click the map, or focus the pin and use the arrow keys, to put it on the building. Now at{' '}
                {latitude.toFixed(5)}, {longitude.toFixed(5)}.
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
      </Step>

      {extraSteps
        .filter((extra) => extra.after === 'location')
        .map((extra) => (
          <section key={extra.id} data-step={extra.id} hidden={isHidden(extra.id)}>
            {extra.content}
          </section>
        ))}

      <Step
        id="details"
        title="Details"
        number={numberOf('details')}
        total={steps.length}
        isEnhanced={isEnhanced}
        hidden={isHidden('details')}
      >
        <div className="grid gap-4 sm:grid-cols-4">
          <TextField
            label="Bedrooms"
            name="bedrooms"
            inputMode="numeric"
            defaultValue={values.bedrooms}
            error={error('bedrooms')}
            hint="0 for a studio."
          />
          <div>
            <label htmlFor="field-bathrooms" className="block text-sm font-semibold text-ink">
              Bathrooms
            </label>
            <input
              id="field-bathrooms"
              name="bathrooms"
              type="number"
              min={0}
              max={20}
              step={0.5}
              defaultValue={values.bathrooms}
              aria-invalid={error('bathrooms') ? true : undefined}
              aria-describedby={describedBy('field-bathrooms-hint', error('bathrooms') && 'field-bathrooms-error')}
              className={`${inputClass} mt-1.5`}
            />
            <Hint id="field-bathrooms-hint">In halves, like 1.5.</Hint>
            <FieldError id="field-bathrooms-error" message={error('bathrooms')} />
          </div>
          <TextField
            label="Interior (sq ft)"
            name="interiorSqft"
            inputMode="numeric"
            defaultValue={values.interiorSqft}
            error={error('interiorSqft')}
          />
          <TextField
            label="Year built (optional)"
            name="yearBuilt"
            inputMode="numeric"
            maxLength={4}
            defaultValue={values.yearBuilt}
            error={error('yearBuilt')}
          />
        </div>

        <CheckboxGroup legend="Amenities" name="amenities" options={AMENITIES} checked={values.amenities} error={error('amenities')} />

        <fieldset className="space-y-3">
          <legend className="text-base font-bold text-ink">Pets</legend>
          <div className="flex flex-wrap gap-6">
            <Checkbox name="allowsCats" label="Cats welcome" defaultChecked={values.allowsCats} />
            <Checkbox name="allowsDogs" label="Dogs welcome" defaultChecked={values.allowsDogs} />
          </div>
          <TextField
            label="Pet policy (optional)"
            name="petPolicy"
            multiline
            rows={2}
            maxLength={500}
            defaultValue={values.petPolicy}
            error={error('petPolicy')}
            hint="Limits, like “Up to two cats; dogs under 40 lb”."
          />
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:pt-7">
            <Checkbox name="isFurnished" label="Furnished" defaultChecked={values.isFurnished} />
          </div>
          <TextField
            label="Available from"
            name="availableFrom"
            type="date"
            defaultValue={values.availableFrom}
            error={error('availableFrom')}
          />
        </div>
      </Step>

      <div className="flex flex-wrap items-center gap-3 border-t border-gray-200 pt-6">
        {isEnhanced && stepIndex > 0 ? (
          <Button type="button" variant="secondary" onClick={() => goTo(stepIndex - 1)}>
            Back
          </Button>
        ) : null}
        {isEnhanced && stepIndex < steps.length - 1 ? (
          <Button type="button" onClick={() => checkStep() && goTo(stepIndex + 1)}>
            Next: {steps[stepIndex + 1]!.title}
          </Button>
        ) : null}
        <span className="grow" />
        <Button variant="secondary" name="intent" value="save">
          {isPublished ? 'Save changes' : 'Save draft'}
        </Button>
        <Button variant="secondary" name="intent" value="preview">
          Preview
        </Button>
        {isPublished ? null : (
          <Button name="intent" value="publish">
            Publish
          </Button>
        )}
        {isSaving ? <PendingNote>Saving…</PendingNote> : null}
      </div>
    </Form>
  )
}

function Step({
  id,
  title,
  number,
  total,
  isEnhanced,
  hidden,
  children,
}: {
  id: string
  title: string
  number: number
  total: number
  isEnhanced: boolean
  hidden: boolean
  children: ReactNode
}) {
  return (
    <fieldset data-step={id} hidden={hidden} className="space-y-6 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
      <legend className="contents">
        <h2 tabIndex={-1} className="text-xl font-bold text-ink focus:outline-none focus-visible:outline-3 focus-visible:outline-sun-500">
          {isEnhanced ? (
            <span className="sr-only">
              Step {number} of {total}:{' '}
            </span>
          ) : null}
          {title}
        </h2>
      </legend>
      {children}
    </fieldset>
  )
}

function Checkbox({
  name,
  label,
  defaultChecked,
  invalid,
  value,
}: {
  name: string
  label: string
  defaultChecked: boolean
  invalid?: boolean
  value?: string
}) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 font-medium text-ink">
      <input
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        aria-invalid={invalid ? true : undefined}
        className="size-4 accent-brand-700"
      />
      {label}
    </label>
  )
}

function CheckboxGroup({
  legend,
  name,
  options,
  checked,
  error,
}: {
  legend: string
  name: string
  options: readonly { value: string; label: string }[]
  checked: string[]
  error?: string
}) {
  const errorId = `${name}-error`
  return (
    <fieldset aria-describedby={describedBy(error && errorId)}>
      <legend className="text-base font-bold text-ink">{legend}</legend>
      <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {options.map((option) => (
          <Checkbox
            key={option.value}
            name={name}
            value={option.value}
            label={option.label}
            defaultChecked={checked.includes(option.value)}
            invalid={Boolean(error)}
          />
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  )
}
