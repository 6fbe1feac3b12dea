// What the search index reads of each published listing, written once: for every value it keeps, the
// SQL that reads it, the table columns it depends on, and how the driver's value becomes the index's.
// The query that loads the index, its row type, what the index keeps of a listing (`IndexedListing`)
// and what its result card shows (`CardFields`) are all derived from these lists; the change-log
// triggers (migrations 0020, 0021), written in SQL, are checked against `LOGGED_LISTING_COLUMNS` and
// `LOGGED_PHOTO_COLUMNS` by a test that reads their definitions from the database.

import type { PhotoRow } from '#common/listings/photos.ts'
import type { ListingType } from '#common/listings/vocabulary.ts'
import { DEFAULT_STAY_RULES } from '#common/stays/rules.ts'

/** A value the index keeps: how PostgreSQL reads it (`Raw`, as the driver gives it) and what it becomes. */
type Column<Raw, Value> = {
  /** The SQL reading it from `listing` and its cover photo (`cover`, see LISTINGS_READ). */
  sql: string
  /** The columns of `listing` it depends on: a change to any of them must be logged. */
  listing: readonly string[]
  /** The columns of `listing_photo` it depends on (the cover's): likewise. */
  photo?: readonly string[]
  /** The value as the index keeps it. */
  read: (raw: Raw) => Value
}

const same = <T>(value: T) => value

/** A column read as the driver gives it. */
const as = <T>(sql: string, listing: readonly string[]): Column<T, T> => ({ sql, listing, read: same })

/** Seconds since 1970 in double precision (exact to the microsecond at today's dates), in microseconds. */
const micros = (column: string): Column<number | string, number> => ({
  sql: `date_part('epoch', ${column})`,
  listing: [column],
  read: (seconds) => Math.round(Number(seconds) * 1_000_000),
})

/** A time as the driver reads it (to the millisecond, as every page gives it), in milliseconds. */
const millis = (column: string): Column<Date | string, number> => ({
  sql: column,
  listing: [column],
  read: (time) => new Date(time).getTime(),
})

const numberOrNull = (text: string | null) => (text === null ? null : Number(text))

/** What search filters, sorts and matches by (listing-index.ts). */
const SEARCH_COLUMNS = {
  /** (Never changed: the change log's trigger pairs a listing's old and new rows by it.) */
  id: { sql: 'listing.id::float8', listing: [], read: (id: number | string) => Number(id) },
  /** created_at and last_confirmed_at, in microseconds since 1970. */
  createdMicros: micros('created_at'),
  confirmedMicros: micros('last_confirmed_at'),
  allInMonthlyCents: as<number>('all_in_monthly_cents', ['all_in_monthly_cents']),
  interiorSqft: as<number>('interior_sqft', ['interior_sqft']),
  bedrooms: as<number>('bedrooms', ['bedrooms']),
  bathroomHalves: as<number>('bathroom_halves', ['bathroom_halves']),
  type: as<ListingType>('type', ['type']),
  hasLease: as<boolean>('monthly_rent_cents is not null', ['monthly_rent_cents']),
  hasShortTerm: as<boolean>('nightly_cents is not null', ['nightly_cents']),
  allowsCats: as<boolean>('allows_cats', ['allows_cats']),
  allowsDogs: as<boolean>('allows_dogs', ['allows_dogs']),
  isFurnished: as<boolean>('is_furnished', ['is_furnished']),
  amenityBits: as<number>('amenity_bits', ['amenity_bits']),
  /** available_from, in days since 1970-01-01. */
  availableDay: as<number>(`(available_from - date '1970-01-01')`, ['available_from']),
  latitude: as<number>('latitude', ['latitude']),
  longitude: as<number>('longitude', ['longitude']),
  /** The place names in lower case, as the listing's search terms have them. */
  city: as<string>('lower(city)', ['city']),
  neighborhood: as<string>('lower(neighborhood)', ['neighborhood']),
  state: as<string>('lower(state)', ['state']),
  zip: as<string>('zip', ['zip']),
  /**
   * The search vector's words with their positions, as text: its filter terms (no weight) left out,
   * and without weights (PostgreSQL writes a tsvector with weights an order of magnitude slower).
   */
  searchVector: as<string>(`setweight(ts_filter(search_vector, '{a,b,c}'), 'D')::text`, ['search_vector']),
  /**
   * A short-term listing's most guests and nights (its stay_rules row, else the defaults), as
   * [guests, nights]; null for a listing not offered for short stays. stay_rules' own triggers log
   * its changes (migration 0060).
   */
  stayLimits: {
    sql: `case when nightly_cents is not null then coalesce((select r.max_guests || ',' || r.max_nights from stay_rules r where r.listing_id = listing.id), '${DEFAULT_STAY_RULES.maxGuests},${DEFAULT_STAY_RULES.maxNights}') end`,
    listing: ['nightly_cents'],
    read: (limits: string | null): [number, number] | null => {
      if (limits === null) return null
      const [guests, nights] = limits.split(',').map(Number)
      return [guests!, nights!]
    },
  },
  /**
   * A short-term listing's taken nights (stay_hold: bookings, blocks, imports) as day numbers since
   * 1970-01-01, [from, to) pairs in order; those ended before yesterday in UTC are left out, as no
   * search may ask for them (earliestStayDay). stay_hold's own triggers log its changes (migration 0060).
   */
  takenNights: {
    sql: `case when nightly_cents is not null then (select string_agg((lower(h.nights) - date '1970-01-01') || ',' || (upper(h.nights) - date '1970-01-01'), ',' order by lower(h.nights))
      from stay_hold h where h.listing_id = listing.id and upper(h.nights) > (now() at time zone 'UTC')::date - 1) end`,
    listing: ['nightly_cents'],
    read: (nights: string | null): Int32Array | null => (nights === null ? null : Int32Array.from(nights.split(','), Number)),
  },
} satisfies Record<string, Column<never, unknown>>

/** What a result card shows besides (cards.ts). */
const CARD_COLUMNS = {
  title: as<string>('title', ['title']),
  /** The city and the neighborhood as the listing writes them ('' for no neighborhood); the city names its place too. */
  cityName: as<string>('city', ['city']),
  neighborhoodName: as<string>('neighborhood', ['neighborhood']),
  monthlyRentCents: as<number | null>('monthly_rent_cents', ['monthly_rent_cents']),
  minTermMonths: as<number | null>('min_term_months', ['min_term_months']),
  depositCents: as<number | null>('deposit_cents', ['deposit_cents']),
  nightlyCents: as<number | null>('nightly_cents', ['nightly_cents']),
  minNights: as<number | null>('min_nights', ['min_nights']),
  /** The amenities in the order the listing stores them (read as one string, quicker than an array: no amenity has a comma). */
  amenities: {
    sql: `array_to_string(amenities, ',')`,
    listing: ['amenities'],
    read: (list: string) => (list === '' ? [] : list.split(',')),
  },
  /** created_at and last_confirmed_at in milliseconds, as the database driver reads them. */
  createdMs: millis('created_at'),
  confirmedMs: millis('last_confirmed_at'),
  /** The first ready photo, or null: its columns as one array of text (LISTINGS_READ). */
  photo: {
    sql: 'cover.photo',
    listing: [],
    photo: ['listing_id', 'status', 'position', 'alt_text', 'storage_key', 'width', 'height', 'placeholder', 'variant_widths'],
    read: (photo: (string | null)[] | null): PhotoRow | null =>
      photo === null
        ? null
        : {
            id: Number(photo[0]),
            altText: photo[1] ?? '',
            storageKey: photo[2] ?? '',
            width: numberOrNull(photo[3]!),
            height: numberOrNull(photo[4]!),
            placeholder: photo[5] ?? null,
            variantWidths: photo[6] ? photo[6].split(',').map(Number) : [],
          },
  },
} satisfies Record<string, Column<never, unknown>>

type Columns = Record<string, Column<never, unknown>>
type RawOf<C> = C extends { read: (raw: infer R) => unknown } ? R : never
type ValueOf<C> = C extends { read: (raw: never) => infer V } ? V : never
type ValuesOf<M extends Columns> = { -readonly [K in keyof M]: ValueOf<M[K]> }
type RawsOf<M extends Columns> = { [K in keyof M]: RawOf<M[K]> }

/** A listing's card fields, as the listing's row gives them. */
export type CardFields = ValuesOf<typeof CARD_COLUMNS>

/** What the index keeps of a published listing. */
export type IndexedListing = ValuesOf<typeof SEARCH_COLUMNS> & { card: CardFields }

/** A row of LISTINGS_READ as SELECTED_COLUMNS names it (each value under its key, card values too). */
export type ListingRow = RawsOf<typeof SEARCH_COLUMNS> & RawsOf<typeof CARD_COLUMNS>

/** Published and unpublished listings with their first ready photo (a result card's cover), as the columns read them. */
export const LISTINGS_READ = `listing left join lateral (
    select array[ph.id::text, ph.alt_text, ph.storage_key, ph.width::text, ph.height::text, ph.placeholder,
      array_to_string(ph.variant_widths, ',')] as photo
    from listing_photo ph where ph.listing_id = listing.id and ph.status = 'ready' order by ph.position, ph.id limit 1
  ) as cover on true`

const selectList = (columns: Columns) => Object.entries(columns).map(([key, column]) => `${column.sql} as "${key}"`)

/** The select list reading every column, each under its key. */
export const SELECTED_COLUMNS = [...selectList(SEARCH_COLUMNS), ...selectList(CARD_COLUMNS)].join(',\n  ')

const S = SEARCH_COLUMNS
const C = CARD_COLUMNS

/**
 * What the index keeps of a listing, from its row: each value read as its column says. Written out
 * key by key (a loop over the lists is ten times slower at a million listings); the compiler checks
 * that every key of both lists is here.
 */
export function indexedOf(row: ListingRow): IndexedListing {
  return {
    id: S.id.read(row.id),
    createdMicros: S.createdMicros.read(row.createdMicros),
    confirmedMicros: S.confirmedMicros.read(row.confirmedMicros),
    allInMonthlyCents: S.allInMonthlyCents.read(row.allInMonthlyCents),
    interiorSqft: S.interiorSqft.read(row.interiorSqft),
    bedrooms: S.bedrooms.read(row.bedrooms),
    bathroomHalves: S.bathroomHalves.read(row.bathroomHalves),
    type: S.type.read(row.type),
    hasLease: S.hasLease.read(row.hasLease),
    hasShortTerm: S.hasShortTerm.read(row.hasShortTerm),
    allowsCats: S.allowsCats.read(row.allowsCats),
    allowsDogs: S.allowsDogs.read(row.allowsDogs),
    isFurnished: S.isFurnished.read(row.isFurnished),
    amenityBits: S.amenityBits.read(row.amenityBits),
    availableDay: S.availableDay.read(row.availableDay),
    latitude: S.latitude.read(row.latitude),
    longitude: S.longitude.read(row.longitude),
    city: S.city.read(row.city),
    neighborhood: S.neighborhood.read(row.neighborhood),
    state: S.state.read(row.state),
    zip: S.zip.read(row.zip),
    searchVector: S.searchVector.read(row.searchVector),
    stayLimits: S.stayLimits.read(row.stayLimits),
    takenNights: S.takenNights.read(row.takenNights),
    card: {
      title: C.title.read(row.title),
      cityName: C.cityName.read(row.cityName),
      neighborhoodName: C.neighborhoodName.read(row.neighborhoodName),
      monthlyRentCents: C.monthlyRentCents.read(row.monthlyRentCents),
      minTermMonths: C.minTermMonths.read(row.minTermMonths),
      depositCents: C.depositCents.read(row.depositCents),
      nightlyCents: C.nightlyCents.read(row.nightlyCents),
      minNights: C.minNights.read(row.minNights),
      amenities: C.amenities.read(row.amenities),
      createdMs: C.createdMs.read(row.createdMs),
      confirmedMs: C.confirmedMs.read(row.confirmedMs),
      photo: C.photo.read(row.photo),
    },
  }
}

const ALL_COLUMNS: Column<never, unknown>[] = [...Object.values(SEARCH_COLUMNS), ...Object.values(CARD_COLUMNS)]

/**
 * The columns of `listing` a change to which the change log must record: those the index reads, and
 * `status` (it indexes published listings only).
 */
export const LOGGED_LISTING_COLUMNS: readonly string[] = [...new Set(['status', ...ALL_COLUMNS.flatMap((column) => column.listing)])].sort()

/** The columns of `listing_photo` a change to which (on a published listing) the change log must record. */
export const LOGGED_PHOTO_COLUMNS: readonly string[] = [...new Set(ALL_COLUMNS.flatMap((column) => column.photo ?? []))].sort()
