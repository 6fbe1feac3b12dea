// The one Drizzle schema of Cooper Home. Every change here ships with a drizzle-kit migration
// (`npm run db:generate`), applied on start and in tests on PGlite and PostgreSQL alike.
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { AMENITY_VALUES, LISTING_STATUSES, LISTING_TYPES, UTILITY_VALUES } from '#server/listings/vocabulary.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())

// --- better-auth tables (names and fields as better-auth expects them) ---

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  // Always stored lower-cased (see server/accounts/email.ts).
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  // The version of the Terms of Use the user accepted when signing up.
  termsVersion: text('terms_version'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
)

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
)

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
)

export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
})

// --- Cooper Home ---

export const ROLES = ['renter', 'landlord'] as const

// The stored user profile of spec §3, keyed by the lower-cased e-mail address.
export const profile = pgTable(
  'profile',
  {
    email: text('email').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    setList: boolean('set_list').notNull().default(false),
    role: text('role').notNull().default(''),
    status: text('status').notNull().default('active'),
    photoURL: text('photo_url'),
    img: text('img'),
    isAdministrator: boolean('is_administrator').notNull().default(false),
    bio: text('bio').notNull().default(''),
    phone: text('phone').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('profile_user_id_idx').on(t.userId)],
)

// The stored list record of spec §3 (a renter's saved homes), keyed by the lower-cased e-mail.
export const list = pgTable('list', {
  email: text('email')
    .primaryKey()
    .references(() => profile.email, { onDelete: 'cascade', onUpdate: 'cascade' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

// Failed sign-ins per e-mail, so the limit holds across instances and restarts.
export const signInFailure = pgTable(
  'sign_in_failure',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_failure_email_idx').on(t.email, t.createdAt)],
)

// A direct message (spec §3's message record). The unread badge counts rows addressed to the
// user's e-mail with read = false.
export const message = pgTable(
  'message',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fromEmail: text('from_email').notNull(),
    toEmail: text('to_email').notNull(),
    body: text('body').notNull(),
    read: boolean('read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('message_unread_idx')
      .on(t.toEmail)
      .where(sql`${t.read} = false`),
  ],
)

// Knowledge-base articles; the footer's "recent posts" are the newest of them.
export const article = pgTable(
  'article',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('article_published_at_idx').on(t.publishedAt)],
)

// Site-wide settings shared by every instance (e.g. the generated auth secret when none is set).
export const setting = pgTable('setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})

// --- Listings ---

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

// The id is a bigserial: listings are public, so an opaque id hides nothing, and a small ordered
// integer keeps the keyset tie-breaker and every index on (key, id) compact.
export const listing = pgTable(
  'listing',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull().default('draft'),
    // Lease: all three or none.
    monthlyRentCents: integer('monthly_rent_cents'),
    minTermMonths: smallint('min_term_months'),
    depositCents: integer('deposit_cents'),
    // Short-term rental: both or none.
    nightlyCents: integer('nightly_cents'),
    minNights: smallint('min_nights'),
    currency: text('currency').notNull().default('USD'),
    // Rent (or 30 nights when only short stays are offered) plus required monthly fees; kept in
    // step by every write so price filters and sorts read one indexed column.
    allInMonthlyCents: integer('all_in_monthly_cents').notNull(),
    includedUtilities: text('included_utilities').array().notNull().default(sql`'{}'::text[]`),
    street: text('street').notNull(),
    unit: text('unit').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    neighbourhood: text('neighbourhood').notNull().default(''),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    bedrooms: smallint('bedrooms').notNull(),
    // Half-steps, so 2½ bathrooms is 5: exact, integer-indexed, and no numeric-as-string in JS.
    bathroomHalves: smallint('bathroom_halves').notNull(),
    interiorSqft: integer('interior_sqft').notNull(),
    yearBuilt: smallint('year_built'),
    amenities: text('amenities').array().notNull().default(sql`'{}'::text[]`),
    allowsCats: boolean('allows_cats').notNull().default(false),
    allowsDogs: boolean('allows_dogs').notNull().default(false),
    petPolicy: text('pet_policy').notNull().default(''),
    isFurnished: boolean('is_furnished').notNull().default(false),
    availableFrom: date('available_from', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastConfirmedAt: timestamp('last_confirmed_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("city", '') || ' ' || coalesce("neighbourhood", '') || ' ' || coalesce("zip", '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce("description", '')), 'C')`,
      ),
  },
  (t) => [
    check('listing_type_check', sql`${t.type} in (${sqlList(LISTING_TYPES)})`),
    check('listing_status_check', sql`${t.status} in (${sqlList(LISTING_STATUSES)})`),
    check('listing_offer_check', sql`${t.monthlyRentCents} is not null or ${t.nightlyCents} is not null`),
    check(
      'listing_lease_check',
      sql`(${t.monthlyRentCents} is null) = (${t.minTermMonths} is null) and (${t.monthlyRentCents} is null) = (${t.depositCents} is null) and coalesce(${t.monthlyRentCents}, 0) >= 0 and coalesce(${t.depositCents}, 0) >= 0 and coalesce(${t.minTermMonths}, 1) >= 1`,
    ),
    check(
      'listing_short_term_check',
      sql`(${t.nightlyCents} is null) = (${t.minNights} is null) and coalesce(${t.nightlyCents}, 0) >= 0 and coalesce(${t.minNights}, 1) >= 1`,
    ),
    check('listing_currency_check', sql`${t.currency} = 'USD'`),
    check('listing_state_check', sql`${t.state} ~ '^[A-Z]{2}$'`),
    check('listing_zip_check', sql`${t.zip} ~ '^[0-9]{5}$'`),
    check('listing_coordinates_check', sql`${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180`),
    check('listing_bedrooms_check', sql`${t.bedrooms} between 0 and 20`),
    check('listing_bathrooms_check', sql`${t.bathroomHalves} between 0 and 40`),
    check('listing_sqft_check', sql`${t.interiorSqft} between 1 and 100000`),
    check('listing_amenities_check', sql`${t.amenities} <@ array[${sqlList(AMENITY_VALUES)}]::text[]`),
    check('listing_utilities_check', sql`${t.includedUtilities} <@ array[${sqlList(UTILITY_VALUES)}]::text[]`),
    index('listing_owner_id_idx').on(t.ownerId),
    index('listing_status_price_idx').on(t.status, t.allInMonthlyCents, t.id),
    index('listing_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('listing_status_sqft_idx').on(t.status, t.interiorSqft.desc(), t.id.desc()),
    index('listing_search_vector_idx').using('gin', t.searchVector),
    index('listing_amenities_idx').using('gin', t.amenities),
    index('listing_zip_prefix_idx').on(t.zip.op('text_pattern_ops')),
    index('listing_city_prefix_idx').using('btree', sql`lower(${t.city}) text_pattern_ops`),
    // A btree rather than a GiST point index: range conditions on latitude and longitude get real
    // selectivity estimates (GiST's `<@` is a fixed guess), so the planner walks the sort's index
    // for a busy city box and this one for a small box.
    index('listing_location_idx').on(t.latitude, t.longitude),
  ],
)

/** A required monthly fee (parking, pet rent, trash…), part of the all-in monthly cost. */
export const listingFee = pgTable(
  'listing_fee',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listing.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    monthlyCents: integer('monthly_cents').notNull(),
  },
  (t) => [index('listing_fee_listing_id_idx').on(t.listingId), check('listing_fee_amount_check', sql`${t.monthlyCents} >= 0`)],
)

/** Ordered photos; the upload pipeline fills storage key, size and placeholder when ready. */
export const listingPhoto = pgTable(
  'listing_photo',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listing.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    altText: text('alt_text').notNull().default(''),
    storageKey: text('storage_key').notNull(),
    status: text('status').notNull().default('pending'),
    width: integer('width'),
    height: integer('height'),
    placeholder: text('placeholder'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('listing_photo_listing_idx').on(t.listingId, t.position),
    check('listing_photo_status_check', sql`${t.status} in ('pending', 'ready')`),
  ],
)

/** Every asking price a listing has had, appended on create and on each change (the Cooper Index reads it). */
export const listingPriceHistory = pgTable(
  'listing_price_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listing.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('listing_price_history_listing_idx').on(t.listingId, t.changedAt),
    check('listing_price_history_kind_check', sql`${t.kind} in ('lease', 'short-term')`),
  ],
)
