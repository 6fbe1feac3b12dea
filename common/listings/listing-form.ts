// The landlord's listing form as the browser sends it: the values of its fields (text, dollars),
// how they become a listing input (cents, numbers), and how the listing schema's issues map back
// onto the fields. Safe for the browser: the form checks a step with the same rules the server uses.
import { answerOfIssues, type FieldErrors } from '#common/forms.ts'
import { listingInputSchema, yearBuiltMessage, type ListingInput } from '#common/listings/schemas.ts'
import type { ListingDetail } from './types.ts'

export type FeeRow = { name: string; amount: string }

export type ListingFormValues = {
  title: string
  type: string
  description: string
  offersLease: boolean
  monthlyRent: string
  minTermMonths: string
  deposit: string
  offersShortTerm: boolean
  nightlyPrice: string
  minNights: string
  fees: FeeRow[]
  includedUtilities: string[]
  street: string
  unit: string
  city: string
  state: string
  zip: string
  neighborhood: string
  latitude: string
  longitude: string
  /** The ZIP the coordinates were placed for: a changed ZIP moves the pin to its centroid. */
  coordinatesZip: string
  bedrooms: string
  bathrooms: string
  interiorSqft: string
  yearBuilt: string
  amenities: string[]
  allowsCats: boolean
  allowsDogs: boolean
  petPolicy: string
  isFurnished: boolean
  availableFrom: string
}

/** The steps of the form, in order, and the fields (error keys) each one holds. */
export const LISTING_FORM_STEPS = [
  { id: 'home', title: 'The home', fields: ['title', 'type', 'description'] },
  {
    id: 'price',
    title: 'Price and terms',
    fields: ['offer', 'monthlyRent', 'minTermMonths', 'deposit', 'nightlyPrice', 'minNights', 'fees', 'includedUtilities'],
  },
  {
    id: 'location',
    title: 'Location',
    fields: ['street', 'unit', 'city', 'state', 'zip', 'neighborhood', 'latitude', 'longitude'],
  },
  {
    id: 'details',
    title: 'Details',
    fields: [
      'bedrooms',
      'bathrooms',
      'interiorSqft',
      'yearBuilt',
      'amenities',
      'allowsCats',
      'allowsDogs',
      'petPolicy',
      'isFurnished',
      'availableFrom',
    ],
  },
  // Last, just before publishing: photos belong to a saved listing, and publishing needs a ready one.
  { id: 'photos', title: 'Photos', fields: ['photos'] },
] as const

export type ListingFormStep = (typeof LISTING_FORM_STEPS)[number]['id']

/** The step a field error belongs to (`fees.2.name` belongs with `fees`). */
export function stepOfField(key: string): ListingFormStep | undefined {
  const field = key.split('.')[0]!
  return LISTING_FORM_STEPS.find((step) => (step.fields as readonly string[]).includes(field))?.id
}

/** Echoed values are cut short: a refused megabyte of text is not worth sending back. */
const ECHO_LIMIT = 20_000

function textOf(formData: FormData, name: string): string {
  const value = formData.get(name)
  return typeof value === 'string' ? value.slice(0, ECHO_LIMIT) : ''
}

function listOf(formData: FormData, name: string): string[] {
  return formData
    .getAll(name)
    .filter((value): value is string => typeof value === 'string')
    .map((value) => value.slice(0, ECHO_LIMIT))
}

export function valuesOfFormData(formData: FormData): ListingFormValues {
  const feeNames = listOf(formData, 'feeName')
  const feeAmounts = listOf(formData, 'feeAmount')
  return {
    title: textOf(formData, 'title'),
    type: textOf(formData, 'type'),
    description: textOf(formData, 'description'),
    offersLease: formData.has('offersLease'),
    monthlyRent: textOf(formData, 'monthlyRent'),
    minTermMonths: textOf(formData, 'minTermMonths'),
    deposit: textOf(formData, 'deposit'),
    offersShortTerm: formData.has('offersShortTerm'),
    nightlyPrice: textOf(formData, 'nightlyPrice'),
    minNights: textOf(formData, 'minNights'),
    fees: feeNames.map((name, index) => ({ name, amount: feeAmounts[index] ?? '' })),
    includedUtilities: listOf(formData, 'includedUtilities'),
    street: textOf(formData, 'street'),
    unit: textOf(formData, 'unit'),
    city: textOf(formData, 'city'),
    state: textOf(formData, 'state'),
    zip: textOf(formData, 'zip'),
    neighborhood: textOf(formData, 'neighborhood'),
    latitude: textOf(formData, 'latitude'),
    longitude: textOf(formData, 'longitude'),
    coordinatesZip: textOf(formData, 'coordinatesZip'),
    bedrooms: textOf(formData, 'bedrooms'),
    bathrooms: textOf(formData, 'bathrooms'),
    interiorSqft: textOf(formData, 'interiorSqft'),
    yearBuilt: textOf(formData, 'yearBuilt'),
    amenities: listOf(formData, 'amenities'),
    allowsCats: formData.has('allowsCats'),
    allowsDogs: formData.has('allowsDogs'),
    petPolicy: textOf(formData, 'petPolicy'),
    isFurnished: formData.has('isFurnished'),
    availableFrom: textOf(formData, 'availableFrom'),
  }
}

/** A new listing's form: what most homes have, and available from today. */
export function newListingValues(today: string): ListingFormValues {
  return {
    title: '',
    type: 'apartment',
    description: '',
    offersLease: true,
    monthlyRent: '',
    minTermMonths: '12',
    deposit: '',
    offersShortTerm: false,
    nightlyPrice: '',
    minNights: '2',
    fees: [],
    includedUtilities: [],
    street: '',
    unit: '',
    city: '',
    state: '',
    zip: '',
    neighborhood: '',
    latitude: '',
    longitude: '',
    coordinatesZip: '',
    bedrooms: '1',
    bathrooms: '1',
    interiorSqft: '',
    yearBuilt: '',
    amenities: [],
    allowsCats: false,
    allowsDogs: false,
    petPolicy: '',
    isFurnished: false,
    availableFrom: today,
  }
}

const dollars = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2))

export function valuesOfListing(found: ListingDetail): ListingFormValues {
  return {
    title: found.title,
    type: found.type,
    description: found.description,
    offersLease: found.lease !== null,
    monthlyRent: found.lease ? dollars(found.lease.monthlyRentCents) : '',
    minTermMonths: found.lease ? String(found.lease.minTermMonths) : '12',
    deposit: found.lease ? dollars(found.lease.depositCents) : '',
    offersShortTerm: found.shortTerm !== null,
    nightlyPrice: found.shortTerm ? dollars(found.shortTerm.nightlyCents) : '',
    minNights: found.shortTerm ? String(found.shortTerm.minNights) : '2',
    fees: found.fees.map((fee) => ({ name: fee.name, amount: dollars(fee.monthlyCents) })),
    includedUtilities: found.includedUtilities,
    street: found.street,
    unit: found.unit,
    city: found.city,
    state: found.state,
    zip: found.zip,
    neighborhood: found.neighborhood,
    latitude: String(found.latitude),
    longitude: String(found.longitude),
    coordinatesZip: found.zip,
    bedrooms: String(found.bedrooms),
    bathrooms: String(found.bathrooms),
    interiorSqft: String(found.interiorSqft),
    yearBuilt: found.yearBuilt === null ? '' : String(found.yearBuilt),
    amenities: found.amenities,
    allowsCats: found.allowsCats,
    allowsDogs: found.allowsDogs,
    petPolicy: found.petPolicy,
    isFurnished: found.isFurnished,
    availableFrom: found.availableFrom,
  }
}

type Parsed = { input: ListingInput; fieldErrors: FieldErrors }

/**
 * The listing input of the form's values. Dollars become cents; text that is not a number gets its
 * own message here, and everything else is left to the listing schema.
 */
export function parseListingForm(values: ListingFormValues): Parsed {
  const errors: FieldErrors = {}

  const cents = (field: string, label: string, raw: string): number => {
    const text = raw.replace(/[$,\s]/g, '')
    if (text === '') {
      errors[field] = [`Enter the ${label.toLowerCase()} in dollars.`]
      return Number.NaN
    }
    if (!/^-?\d+(\.\d{1,2})?$/.test(text)) {
      errors[field] = [`${label} must be an amount in dollars, like 1850 or 1850.50.`]
      return Number.NaN
    }
    return Math.round(Number(text) * 100)
  }
  const whole = (field: string, label: string, raw: string, notANumber = `${label} must be a number.`): number => {
    const text = raw.trim()
    if (text === '') {
      errors[field] = [`Enter the ${label.toLowerCase()}.`]
      return Number.NaN
    }
    if (!/^-?\d+(\.\d+)?$/.test(text)) {
      errors[field] = [notANumber]
      return Number.NaN
    }
    return Number(text)
  }
  const coordinate = (raw: string): number | undefined => {
    const number = Number(raw.trim())
    return raw.trim() === '' || !Number.isFinite(number) ? undefined : number
  }

  const fees = values.fees
    .filter((fee) => fee.name.trim() !== '' || fee.amount.trim() !== '')
    .map((fee, index) => ({ name: fee.name, monthlyCents: cents(`fees.${index}.amount`, 'Fee', fee.amount) }))

  const input = {
    title: values.title,
    description: values.description.replace(/\r\n?/g, '\n'),
    type: values.type,
    lease: values.offersLease
      ? {
          monthlyRentCents: cents('monthlyRent', 'Monthly rent', values.monthlyRent),
          minTermMonths: whole('minTermMonths', 'Minimum term', values.minTermMonths),
          depositCents: cents('deposit', 'Deposit', values.deposit),
        }
      : null,
    shortTerm: values.offersShortTerm
      ? {
          nightlyCents: cents('nightlyPrice', 'Nightly price', values.nightlyPrice),
          minNights: whole('minNights', 'Minimum stay', values.minNights),
        }
      : null,
    fees,
    includedUtilities: values.includedUtilities,
    street: values.street,
    unit: values.unit,
    city: values.city,
    state: values.state,
    zip: values.zip,
    neighborhood: values.neighborhood,
    latitude: coordinate(values.latitude),
    longitude: coordinate(values.longitude),
    bedrooms: whole('bedrooms', 'Bedrooms', values.bedrooms),
    bathrooms: whole('bathrooms', 'Bathrooms', values.bathrooms),
    interiorSqft: whole('interiorSqft', 'Interior area', values.interiorSqft),
    yearBuilt: values.yearBuilt.trim() === '' ? null : whole('yearBuilt', 'Year built', values.yearBuilt, yearBuiltMessage()),
    amenities: values.amenities,
    allowsCats: values.allowsCats,
    allowsDogs: values.allowsDogs,
    petPolicy: values.petPolicy.replace(/\r\n?/g, '\n'),
    isFurnished: values.isFurnished,
    availableFrom: values.availableFrom,
  } as ListingInput
  return { input, fieldErrors: errors }
}

const schemaPaths: Record<string, string> = {
  lease: 'offer',
  'lease.monthlyRentCents': 'monthlyRent',
  'lease.minTermMonths': 'minTermMonths',
  'lease.depositCents': 'deposit',
  shortTerm: 'offer',
  'shortTerm.nightlyCents': 'nightlyPrice',
  'shortTerm.minNights': 'minNights',
}

/** The listing schema's field errors (keyed by its paths) keyed by the form's fields instead. */
export function formErrorsOf(schemaErrors: FieldErrors): FieldErrors {
  const errors: FieldErrors = {}
  for (const [path, messages] of Object.entries(schemaErrors)) {
    const fee = /^fees\.(\d+)\.(name|monthlyCents)$/.exec(path)
    const key = fee ? `fees.${fee[1]}.${fee[2] === 'name' ? 'name' : 'amount'}` : (schemaPaths[path] ?? path.split('.')[0]!)
    ;(errors[key] ??= []).push(...messages.filter((message) => !errors[key]?.includes(message)))
  }
  return errors
}

/** Every problem of the form's values, by field: the form's own checks first, then the schema's. */
export function validateListingForm(values: ListingFormValues): Parsed {
  const parsed = parseListingForm(values)
  const result = listingInputSchema.safeParse(parsed.input)
  if (result.success) return parsed
  return { input: parsed.input, fieldErrors: { ...formErrorsOf(answerOfIssues(result.error).fieldErrors), ...parsed.fieldErrors } }
}

/** The step a page asks the form to open on (`?step=photos`); undefined for a step it does not have. */
export function listingFormStepOf(value: string | null): ListingFormStep | undefined {
  return LISTING_FORM_STEPS.find((step) => step.id === value)?.id
}
