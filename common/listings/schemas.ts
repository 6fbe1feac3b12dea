// The zod schemas of a listing and of a listing search, shared by the domain functions, the JSON
// API and (later) the landlord's form and the /properties filters.
import { z } from 'zod'
import { plainText } from '#common/plain-text.ts'
import { MAX_INT32 } from '#common/limits.ts'
import { MAP_ZOOMS } from '#common/listings/map-grid.ts'
import { MAX_STAY_GUESTS, stayIssues } from '#common/listings/stay-search.ts'
import {
  AMENITY_VALUES,
  LISTING_SORTS,
  LISTING_STATUSES,
  LISTING_TYPES,
  OFFERS,
  UTILITY_VALUES,
  type ListingSort,
} from '#common/listings/vocabulary.ts'

const MAX_CENTS = 100_000_000 // $1,000,000: far above any rent, far below integer overflow.

/** Dates PostgreSQL stores and people mean: `z.iso.date()` alone takes year 0000, which PostgreSQL refuses. */
const EARLIEST_DATE = '1900-01-01'
const LATEST_DATE = '2200-12-31'

/** The earliest year built the form takes; the latest is next year, for a home about to be finished. */
export const EARLIEST_YEAR_BUILT = 1700
export const latestYearBuilt = (now = new Date()) => now.getUTCFullYear() + 1
export const yearBuiltMessage = () => `Year built is a year like 1962, no later than ${latestYearBuilt()}.`

const isoDate = (label: string) =>
  z.iso
    .date({ error: `${label} must be a date (YYYY-MM-DD).` })
    // Said only of a well-formed date: anything else already has the message above.
    .refine((date) => !/^\d{4}-\d{2}-\d{2}$/.test(date) || (date >= EARLIEST_DATE && date <= LATEST_DATE), {
      error: `${label} must be a date between 1900 and 2200.`,
    })

const cents = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .int({ error: `${label} must be a whole number of cents.` })
    .min(0, { error: `${label} cannot be negative.` })
    .max(MAX_CENTS, { error: `${label} is too large.` })

const text = (label: string, min: number, max: number) =>
  plainText(label)
    .trim()
    .min(min, { error: min === 1 ? `Enter the ${label.toLowerCase()}.` : `${label} needs at least ${min} characters.` })
    .max(max, { error: `${label} can have at most ${max} characters.` })

const uniqueList = <T extends string>(item: z.ZodType<T>, max: number, label: string) =>
  z
    .array(item)
    .max(max, { error: `At most ${max} ${label}.` })
    .transform((values) => [...new Set(values)])

export const listingFieldsSchema = z.object({
  title: text('Title', 5, 120),
  description: plainText('Description').trim().max(10_000, { error: 'Description can have at most 10,000 characters.' }).default(''),
  type: z.enum(LISTING_TYPES, { error: `Type must be one of: ${LISTING_TYPES.join(', ')}.` }),
  lease: z
    .object({
      monthlyRentCents: cents('Monthly rent'),
      minTermMonths: z.int({ error: 'Minimum term must be a whole number of months.' }).min(1).max(60),
      depositCents: cents('Deposit'),
    })
    .nullable()
    .default(null),
  shortTerm: z
    .object({
      nightlyCents: cents('Nightly price'),
      minNights: z.int({ error: 'Minimum stay must be a whole number of nights.' }).min(1).max(365),
    })
    .nullable()
    .default(null),
  fees: z
    .array(z.object({ name: text('Fee name', 1, 60), monthlyCents: cents('Fee') }))
    .max(20, { error: 'At most 20 fees.' })
    .default([]),
  includedUtilities: uniqueList(
    z.enum(UTILITY_VALUES, { error: `Utilities must be among: ${UTILITY_VALUES.join(', ')}.` }),
    UTILITY_VALUES.length,
    'utilities',
  ).default([]),
  street: text('Street', 1, 200),
  unit: plainText('Unit').trim().max(40, { error: 'Unit can have at most 40 characters.' }).default(''),
  city: text('City', 1, 100),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'State must be a two-letter code, like DE.' }),
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}$/, { error: 'ZIP must be five digits.' }),
  neighborhood: plainText('Neighborhood').trim().max(100, { error: 'Neighborhood can have at most 100 characters.' }).default(''),
  latitude: z.number({ error: 'Latitude must be a number.' }).min(-90).max(90),
  longitude: z.number({ error: 'Longitude must be a number.' }).min(-180).max(180),
  bedrooms: z
    .int({ error: 'Bedrooms must be a whole number.' })
    .min(0, { error: 'Bedrooms cannot be negative.' })
    .max(20, { error: 'At most 20 bedrooms.' }),
  bathrooms: z
    .number({ error: 'Bathrooms must be a number.' })
    .min(0, { error: 'Bathrooms cannot be negative.' })
    .max(20, { error: 'At most 20 bathrooms.' })
    .refine((n) => Number.isInteger(n * 2), { error: 'Bathrooms go in halves, like 1.5.' }),
  interiorSqft: z
    .int({ error: 'Interior area must be a whole number of square feet.' })
    .min(50, { error: 'Interior area must be at least 50 sq ft.' })
    .max(100_000, { error: 'Interior area can be at most 100,000 sq ft.' }),
  // Optional: null when the landlord does not say. Next year is read at each check, not once at start.
  yearBuilt: z
    .int({ error: yearBuiltMessage })
    .min(EARLIEST_YEAR_BUILT, { error: yearBuiltMessage })
    .refine((year) => year <= latestYearBuilt(), { error: yearBuiltMessage })
    .nullable()
    .default(null),
  amenities: uniqueList(
    z.enum(AMENITY_VALUES, { error: `Amenities must be among: ${AMENITY_VALUES.join(', ')}.` }),
    AMENITY_VALUES.length,
    'amenities',
  ).default([]),
  allowsCats: z.boolean().default(false),
  allowsDogs: z.boolean().default(false),
  petPolicy: plainText('Pet policy').trim().max(500, { error: 'Pet policy can have at most 500 characters.' }).default(''),
  isFurnished: z.boolean().default(false),
  availableFrom: isoDate('Available from'),
})

/**
 * The all-in monthly cost as `listingColumns` in server/listings/mapping.server.ts stores it: rent (or 30 nights
 * when only short stays are offered) plus the required fees.
 */
function allInMonthlyCentsOf(value: Pick<z.output<typeof listingFieldsSchema>, 'lease' | 'shortTerm' | 'fees'>): number {
  const base = value.lease ? value.lease.monthlyRentCents : (value.shortTerm?.nightlyCents ?? 0) * 30
  return base + value.fees.reduce((sum, fee) => sum + fee.monthlyCents, 0)
}

/** A whole listing as a landlord enters it. */
export const listingInputSchema = listingFieldsSchema.superRefine((value, ctx) => {
  if (!value.lease && !value.shortTerm) {
    ctx.addIssue({ code: 'custom', path: ['lease'], message: 'Offer a lease, a short-term stay, or both.' })
  } else if (allInMonthlyCentsOf(value) > MAX_INT32) {
    // Each price fits on its own, but 30 nights plus every fee may not fit the stored monthly cost.
    ctx.addIssue(
      value.lease
        ? {
            code: 'custom',
            path: ['lease', 'monthlyRentCents'],
            message: 'The all-in monthly cost (rent plus fees) is too large; lower the rent or the fees.',
          }
        : {
            code: 'custom',
            path: ['shortTerm', 'nightlyCents'],
            message: 'The all-in monthly cost (30 nights plus fees) is too large; lower the nightly price or the fees.',
          },
    )
  }
})

export type ListingInput = z.input<typeof listingInputSchema>
export type ValidListing = z.output<typeof listingInputSchema>

// --- Search ---

/** A query-string value, or a list of them: `type=house&type=condo` or `type=house,condo`. */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => {
    const values = Array.isArray(value) ? value : value === undefined ? [] : [value]
    return values.flatMap((v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [v],
    )
  }, z.array(item))

const number = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value === '' ? undefined : value),
    z.number({ error: `${label} must be a number.` }).optional(),
  )

const flag = (label: string) =>
  z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value
      if (['true', '1', 'yes', 'on'].includes(value)) return true
      if (['false', '0', 'no', 'off', ''].includes(value)) return false
      return value
    },
    z.boolean({ error: `${label} must be true or false.` }).optional(),
  )

type CursorKey = { sort: ListingSort; key: string | number; id: number }

export function encodeCursor(cursor: CursorKey): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString('base64url')
}

/** A creation time as the newest sort's key writes it, and one PostgreSQL can read (no 2024-99-99, no year 0). */
function isTimestampKey(key: unknown): key is string {
  if (typeof key !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(key)) return false
  const time = Date.parse(key)
  // A day or hour out of range is refused by Date.parse or rolls over, so it does not read back the same.
  return !key.startsWith('0000') && !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === key.slice(0, 19)
}

/** The key of a price or size sort: a value of an `integer` column. */
const isIntegerKey = (key: unknown): key is number => Number.isInteger(key) && (key as number) >= 0 && (key as number) <= MAX_INT32

const cursorSchema = z.string().transform((value, ctx): CursorKey => {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'))
    if (Array.isArray(decoded) && decoded.length === 3) {
      const [sort, key, id] = decoded as [unknown, unknown, unknown]
      const isSort = typeof sort === 'string' && (LISTING_SORTS as readonly string[]).includes(sort)
      const isKey = sort === 'newest' ? isTimestampKey(key) : isIntegerKey(key)
      if (isSort && isKey && Number.isSafeInteger(id) && (id as number) > 0) {
        return { sort: sort as ListingSort, key: key as string | number, id: id as number }
      }
    }
  } catch {
    // Falls through to the field error below.
  }
  ctx.addIssue({ code: 'custom', message: 'This page link is no longer valid; start the search again.' })
  return z.NEVER
})

const wholeDollars = (label: string) =>
  number(label).pipe(
    z
      .int({ error: `${label} must be a whole number of dollars.` })
      .min(0, { error: `${label} cannot be negative.` })
      .max(MAX_CENTS / 100, { error: `${label} is too large.` })
      .optional(),
  )

/**
 * A listing search, from a query string or from code. Prices are whole dollars of the all-in
 * monthly cost (what people type); the parsed result carries cents.
 */
export const listingSearchSchema = z
  .object({
    q: plainText('The search text').trim().max(200, { error: 'The search text can have at most 200 characters.' }).optional(),
    minPrice: wholeDollars('Minimum price'),
    maxPrice: wholeDollars('Maximum price'),
    beds: number('Bedrooms').pipe(z.int({ error: 'Bedrooms must be a whole number.' }).min(0).max(20).optional()),
    baths: number('Bathrooms').pipe(
      z
        .number()
        .min(0)
        .max(20)
        .refine((n) => Number.isInteger(n * 2), { error: 'Bathrooms go in halves, like 1.5.' })
        .optional(),
    ),
    type: list(z.enum(LISTING_TYPES, { error: `Type must be one of: ${LISTING_TYPES.join(', ')}.` })),
    offer: z.enum(OFFERS, { error: 'Offer must be lease or short-term.' }).optional(),
    pets: list(z.enum(['cats', 'dogs'], { error: 'Pets must be cats, dogs or both.' })),
    furnished: flag('Furnished'),
    amenities: list(z.enum(AMENITY_VALUES, { error: `Amenities must be among: ${AMENITY_VALUES.join(', ')}.` })),
    availableBy: isoDate('Available by').optional(),
    /** A short stay's nights [checkIn, checkOut), dates on the listing's calendar (decision 044). */
    checkIn: isoDate('Check-in').optional(),
    checkOut: isoDate('Check-out').optional(),
    guests: number('Guests').pipe(
      z
        .int({ error: 'Guests must be a whole number.' })
        .min(1, { error: 'Guests must be at least 1.' })
        .max(MAX_STAY_GUESTS, { error: `Guests can be at most ${MAX_STAY_GUESTS}.` })
        .optional(),
    ),
    south: number('South').pipe(z.number().min(-90).max(90).optional()),
    west: number('West').pipe(z.number().min(-180).max(180).optional()),
    north: number('North').pipe(z.number().min(-90).max(90).optional()),
    east: number('East').pipe(z.number().min(-180).max(180).optional()),
    sort: z.enum(LISTING_SORTS, { error: `Sort must be one of: ${LISTING_SORTS.join(', ')}.` }).default('newest'),
    limit: number('Limit').pipe(
      z
        .int({ error: 'Limit must be a whole number.' })
        .min(1, { error: 'Limit must be at least 1.' })
        .max(50, { error: 'Limit can be at most 50.' })
        .default(20),
    ),
    cursor: cursorSchema.optional(),
    total: flag('Total'),
  })
  .superRefine((value, ctx) => {
    if (value.minPrice !== undefined && value.maxPrice !== undefined && value.minPrice > value.maxPrice) {
      ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: 'Maximum price must be at least the minimum price.' })
    }
    const bounds = [value.south, value.west, value.north, value.east]
    const given = bounds.filter((b) => b !== undefined).length
    if (given !== 0 && given !== 4) {
      ctx.addIssue({ code: 'custom', path: ['bounds'], message: 'Give all four map bounds: south, west, north and east.' })
    } else if (given === 4 && (value.south! > value.north! || value.west! > value.east!)) {
      ctx.addIssue({ code: 'custom', path: ['bounds'], message: 'South must not be above north, nor west east of east.' })
    }
    stayIssues(value).forEach(([path, message]) => ctx.addIssue({ code: 'custom', path: [path], message }))
    if (value.cursor && value.cursor.sort !== value.sort) {
      ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'This page link belongs to another sort; start the search again.' })
    }
  })

/** What callers pass: every field optional, strings from a query string or typed values from code. */
export type ListingSearchInput = Partial<z.input<typeof listingSearchSchema>>

/** GET /api/properties/map: the map's zoom, beside the search's own parameters (its bounds are the map's area). */
export const mapZoomSchema = z.object({
  zoom: number('Zoom').pipe(
    z
      .int({ error: 'Zoom must be a whole number.' })
      .min(MAP_ZOOMS.min, { error: `Zoom must be at least ${MAP_ZOOMS.min}.` })
      .max(MAP_ZOOMS.max, { error: `Zoom can be at most ${MAP_ZOOMS.max}.` })
      .default(4),
  ),
})

/** GET /api/places: the start of a place's name, as typed into the search box. */
export const placeQuerySchema = z.object({
  q: plainText('The place').trim().max(100, { error: 'The place can have at most 100 characters.' }).default(''),
})

/** How many of the owner's listings /my-listings shows a page. */
export const OWNER_LISTINGS_PAGE_SIZE = 20

/** /my-listings: the owner's listings whose title contains `q`, of one status or all, a page at a time. */
export const ownerListingsQuerySchema = z.object({
  q: plainText('The search text').trim().max(200, { error: 'The search text can have at most 200 characters.' }).default(''),
  status: z
    .enum(['', ...LISTING_STATUSES], { error: `Status must be one of: ${LISTING_STATUSES.join(', ')}.` })
    .default('')
    .transform((status) => (status === '' ? null : status)),
  page: z.coerce
    .number({ error: 'The page must be a number.' })
    .int({ error: 'The page must be a whole number.' })
    .min(1, { error: 'Pages start at 1.' })
    .max(100_000, { error: 'There are not that many pages.' })
    .default(1),
})
