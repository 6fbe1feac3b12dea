// Listings: what landlords write and what everyone reads. Every function checks access in its own
// query (owner or administrator for changes; published for everyone, drafts for owner and
// administrator), so no caller can forget it.
import { and, asc, count, desc, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { alias, union } from 'drizzle-orm/pg-core'
import type { Db } from '#server/db/client.server.ts'
import { listing, listingFee, listingPhoto, listingPriceHistory, profile } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import {
  encodeCursor,
  listingInputSchema,
  listingSearchSchema,
  type ListingSearchInput,
  type ValidListing,
} from '#common/listings/schemas.ts'
import { photoView, type PhotoView } from '#common/listings/photos.ts'
import { noteListingChange } from './changes.ts'
import {
  AMENITY_VALUES,
  CONFIRMATION_DAYS,
  type Amenity,
  type ListingStatus,
  type ListingType,
  type Utility,
} from '#common/listings/vocabulary.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
type Row = typeof listing.$inferSelect

export type ListingSummary = {
  id: number
  title: string
  type: ListingType
  status: ListingStatus
  city: string
  state: string
  zip: string
  neighbourhood: string
  latitude: number
  longitude: number
  bedrooms: number
  bathrooms: number
  interiorSqft: number
  currency: 'USD'
  allInMonthlyCents: number
  lease: { monthlyRentCents: number; minTermMonths: number; depositCents: number } | null
  shortTerm: { nightlyCents: number; minNights: number } | null
  amenities: Amenity[]
  allowsCats: boolean
  allowsDogs: boolean
  isFurnished: boolean
  availableFrom: string
  createdAt: string
  lastConfirmedAt: string
  /** The first ready photo, or null when there is none yet. */
  photo: PhotoView | null
}

export type ListingDetail = ListingSummary & {
  ownerId: string
  description: string
  street: string
  unit: string
  yearBuilt: number | null
  petPolicy: string
  includedUtilities: Utility[]
  fees: { name: string; monthlyCents: number }[]
  /** Every ready photo in the owner's order. */
  photos: PhotoView[]
  priceHistory: { kind: 'lease' | 'short-term'; amountCents: number; changedAt: string }[]
  updatedAt: string
}

/** Counts stop here: "1,000+ homes" says enough, and a broad count over a million rows would cost more than the page. */
export const TOTAL_CAP = 1000

export type ListingPage = {
  items: ListingSummary[]
  nextCursor: string | null
  /** How many listings match, up to TOTAL_CAP; null on later pages unless asked for. */
  total: number | null
  /** True when more than TOTAL_CAP match (show "1,000+"). */
  isTotalCapped: boolean
}

/** True when the viewer may change the listing: they own it or are an administrator. */
export function canChange(viewerId: string | null | undefined): SQL {
  if (!viewerId) return sql`false`
  return sql`(${listing.ownerId} = ${viewerId} or exists (select 1 from ${profile} where ${profile.userId} = ${viewerId} and ${profile.isAdministrator}))`
}

/** Published and leased listings are public; drafts and archived ones only for who may change them. */
export function canView(viewerId: string | null | undefined): SQL {
  return sql`(${listing.status} in ('published', 'leased') or ${canChange(viewerId)})`
}

const isFresh = () => sql`${listing.lastConfirmedAt} > now() - make_interval(days => ${CONFIRMATION_DAYS})`

/** Rent plus required fees; a listing offering only short stays counts 30 nights as its month. */
function allInMonthlyCents(input: ValidListing): number {
  const base = input.lease ? input.lease.monthlyRentCents : input.shortTerm!.nightlyCents * 30
  return base + input.fees.reduce((sum, fee) => sum + fee.monthlyCents, 0)
}

/** The stored columns of a valid listing, the all-in monthly cost included (the seed writes them too). */
export function listingColumns(input: ValidListing) {
  return {
    title: input.title,
    description: input.description,
    type: input.type,
    monthlyRentCents: input.lease?.monthlyRentCents ?? null,
    minTermMonths: input.lease?.minTermMonths ?? null,
    depositCents: input.lease?.depositCents ?? null,
    nightlyCents: input.shortTerm?.nightlyCents ?? null,
    minNights: input.shortTerm?.minNights ?? null,
    allInMonthlyCents: allInMonthlyCents(input),
    includedUtilities: input.includedUtilities,
    street: input.street,
    unit: input.unit,
    city: input.city,
    state: input.state,
    zip: input.zip,
    neighbourhood: input.neighbourhood,
    latitude: input.latitude,
    longitude: input.longitude,
    bedrooms: input.bedrooms,
    bathroomHalves: Math.round(input.bathrooms * 2),
    interiorSqft: input.interiorSqft,
    yearBuilt: input.yearBuilt,
    amenities: input.amenities,
    allowsCats: input.allowsCats,
    allowsDogs: input.allowsDogs,
    petPolicy: input.petPolicy,
    isFurnished: input.isFurnished,
    availableFrom: input.availableFrom,
  }
}

/** A stored listing back in the shape a landlord enters it, so a partial change can be validated whole. */
function inputOf(row: Row, fees: { name: string; monthlyCents: number }[]): ValidListing {
  return {
    title: row.title,
    description: row.description,
    type: row.type as ListingType,
    lease:
      row.monthlyRentCents === null
        ? null
        : { monthlyRentCents: row.monthlyRentCents, minTermMonths: row.minTermMonths!, depositCents: row.depositCents! },
    shortTerm: row.nightlyCents === null ? null : { nightlyCents: row.nightlyCents, minNights: row.minNights! },
    fees,
    includedUtilities: row.includedUtilities as Utility[],
    street: row.street,
    unit: row.unit,
    city: row.city,
    state: row.state,
    zip: row.zip,
    neighbourhood: row.neighbourhood,
    latitude: row.latitude,
    longitude: row.longitude,
    bedrooms: row.bedrooms,
    bathrooms: row.bathroomHalves / 2,
    interiorSqft: row.interiorSqft,
    yearBuilt: row.yearBuilt,
    amenities: row.amenities as Amenity[],
    allowsCats: row.allowsCats,
    allowsDogs: row.allowsDogs,
    petPolicy: row.petPolicy,
    isFurnished: row.isFurnished,
    availableFrom: row.availableFrom,
  }
}

function summaryOf(row: Pick<Row, keyof typeof summaryColumns>, photo: PhotoView | null = null): ListingSummary {
  return {
    id: row.id,
    title: row.title,
    type: row.type as ListingType,
    status: row.status as ListingStatus,
    city: row.city,
    state: row.state,
    zip: row.zip,
    neighbourhood: row.neighbourhood,
    latitude: row.latitude,
    longitude: row.longitude,
    bedrooms: row.bedrooms,
    bathrooms: row.bathroomHalves / 2,
    interiorSqft: row.interiorSqft,
    currency: 'USD',
    allInMonthlyCents: row.allInMonthlyCents,
    lease:
      row.monthlyRentCents === null
        ? null
        : { monthlyRentCents: row.monthlyRentCents, minTermMonths: row.minTermMonths!, depositCents: row.depositCents! },
    shortTerm: row.nightlyCents === null ? null : { nightlyCents: row.nightlyCents, minNights: row.minNights! },
    amenities: row.amenities as Amenity[],
    allowsCats: row.allowsCats,
    allowsDogs: row.allowsDogs,
    isFurnished: row.isFurnished,
    availableFrom: row.availableFrom,
    createdAt: row.createdAt.toISOString(),
    lastConfirmedAt: row.lastConfirmedAt.toISOString(),
    photo,
  }
}

const photoColumns = {
  id: listingPhoto.id,
  listingId: listingPhoto.listingId,
  altText: listingPhoto.altText,
  storageKey: listingPhoto.storageKey,
  width: listingPhoto.width,
  height: listingPhoto.height,
  placeholder: listingPhoto.placeholder,
  variantWidths: listingPhoto.variantWidths,
}

/** The ready photos of one listing, in the owner's order. */
async function readyPhotos(db: Db, listingId: number): Promise<PhotoView[]> {
  const rows = await db
    .select(photoColumns)
    .from(listingPhoto)
    .where(and(eq(listingPhoto.listingId, listingId), eq(listingPhoto.status, 'ready')))
    .orderBy(asc(listingPhoto.position), asc(listingPhoto.id))
  return rows.map(photoView).filter((view) => view !== null)
}

/** The first ready photo of each listing, in one query over (listing_id, position). */
export async function coverPhotos(db: Db, listingIds: number[]): Promise<Map<number, PhotoView>> {
  const covers = new Map<number, PhotoView>()
  if (listingIds.length === 0) return covers
  const rows = await db
    .selectDistinctOn([listingPhoto.listingId], photoColumns)
    .from(listingPhoto)
    .where(and(inArray(listingPhoto.listingId, listingIds), eq(listingPhoto.status, 'ready')))
    .orderBy(asc(listingPhoto.listingId), asc(listingPhoto.position), asc(listingPhoto.id))
  for (const row of rows) {
    const view = photoView(row)
    if (view) covers.set(row.listingId, view)
  }
  return covers
}

/** Summaries of listing rows with their cover photos. */
export async function summariesWithPhotos(db: Db, rows: Pick<Row, keyof typeof summaryColumns>[]): Promise<ListingSummary[]> {
  const covers = await coverPhotos(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => summaryOf(row, covers.get(row.id) ?? null))
}

const SUMMARY_KEYS = [
  'id',
  'title',
  'type',
  'status',
  'city',
  'state',
  'zip',
  'neighbourhood',
  'latitude',
  'longitude',
  'bedrooms',
  'bathroomHalves',
  'interiorSqft',
  'allInMonthlyCents',
  'monthlyRentCents',
  'minTermMonths',
  'depositCents',
  'nightlyCents',
  'minNights',
  'amenities',
  'allowsCats',
  'allowsDogs',
  'isFurnished',
  'availableFrom',
  'createdAt',
  'lastConfirmedAt',
] as const
type SummaryKey = (typeof SUMMARY_KEYS)[number]

/** The columns of a search item, from the listing table or anything with its column names (an alias, a subquery). */
function summaryColumnsOf<Source extends Record<SummaryKey, unknown>>(source: Source): Pick<Source, SummaryKey> {
  return Object.fromEntries(SUMMARY_KEYS.map((key) => [key, source[key]])) as Pick<Source, SummaryKey>
}

export const summaryColumns = summaryColumnsOf(listing)

/** Appends the asking prices that differ from the listing's previous ones (all of them on create). */
async function recordPrices(tx: Tx, listingId: number, before: ValidListing | null, after: ValidListing) {
  const rows: (typeof listingPriceHistory.$inferInsert)[] = []
  if (after.lease && after.lease.monthlyRentCents !== before?.lease?.monthlyRentCents) {
    rows.push({ listingId, kind: 'lease', amountCents: after.lease.monthlyRentCents })
  }
  if (after.shortTerm && after.shortTerm.nightlyCents !== before?.shortTerm?.nightlyCents) {
    rows.push({ listingId, kind: 'short-term', amountCents: after.shortTerm.nightlyCents })
  }
  if (rows.length > 0) await tx.insert(listingPriceHistory).values(rows)
}

async function replaceFees(tx: Tx, listingId: number, fees: ValidListing['fees']) {
  await tx.delete(listingFee).where(eq(listingFee.listingId, listingId))
  if (fees.length > 0) await tx.insert(listingFee).values(fees.map((fee) => ({ listingId, ...fee })))
}

/** Creates a draft listing. Only landlords and administrators list homes. */
export async function createListing(db: Db, { viewerId, input }: { viewerId: string; input: unknown }): Promise<ListingDetail> {
  const valid = parseOrThrow(listingInputSchema, input)
  const id = await db.transaction(async (tx) => {
    const [allowed] = await tx
      .select({ userId: profile.userId })
      .from(profile)
      .where(and(eq(profile.userId, viewerId), or(eq(profile.role, 'landlord'), eq(profile.isAdministrator, true))))
    if (!allowed) throw new AppError('forbidden', 'Only landlords can list homes. Choose the landlord role on your profile first.')
    const [row] = await tx
      .insert(listing)
      .values({ ownerId: viewerId, ...listingColumns(valid) })
      .returning({ id: listing.id })
    await replaceFees(tx, row!.id, valid.fees)
    await recordPrices(tx, row!.id, null, valid)
    return row!.id
  })
  noteListingChange()
  return (await findListingById(db, { viewerId, listingId: id }))!
}

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`

/**
 * Changes some fields of a listing. The result is validated as a whole listing, so a change cannot
 * leave it inconsistent (say, with neither a lease nor a short stay offered).
 */
export async function updateListing(
  db: Db,
  { viewerId, listingId, changes }: { viewerId: string; listingId: number; changes: unknown },
): Promise<ListingDetail> {
  if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) {
    throw new AppError('invalid', 'Send the fields to change as an object.')
  }
  await db.transaction(async (tx) => {
    const current = await lockChangeable(tx, viewerId, listingId)
    const fees = await tx
      .select({ name: listingFee.name, monthlyCents: listingFee.monthlyCents })
      .from(listingFee)
      .where(eq(listingFee.listingId, listingId))
      .orderBy(asc(listingFee.id))
    const before = inputOf(current, fees)
    const after = parseOrThrow(listingInputSchema, { ...before, ...changes })
    await tx
      .update(listing)
      .set({ ...listingColumns(after), updatedAt: sql`now()` })
      .where(eq(listing.id, listingId))
    if ('fees' in changes) await replaceFees(tx, listingId, after.fees)
    await recordPrices(tx, listingId, before, after)
  })
  noteListingChange()
  return (await findListingById(db, { viewerId, listingId }))!
}

/**
 * Locks and returns a listing the viewer may change. A listing the viewer may see but not change is
 * 'forbidden'; one they may not even see is 'not-found', so drafts do not leak their existence.
 */
async function lockChangeable(tx: Tx, viewerId: string, listingId: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(listing)
    .where(and(eq(listing.id, listingId), canChange(viewerId)))
    .for('update')
  if (row) return row
  const [visible] = await tx
    .select({ id: listing.id })
    .from(listing)
    .where(and(eq(listing.id, listingId), canView(viewerId)))
  if (visible) throw new AppError('forbidden', 'Only the owner or an administrator can change this listing.')
  throw new AppError('not-found', 'No such listing.')
}

async function changeStatus(
  db: Db,
  viewerId: string,
  listingId: number,
  status: ListingStatus,
  extra: Partial<Record<'lastConfirmedAt' | 'updatedAt', SQL>> = {},
): Promise<ListingDetail> {
  await db.transaction(async (tx) => {
    await lockChangeable(tx, viewerId, listingId)
    await tx
      .update(listing)
      .set({ status, updatedAt: sql`now()`, ...extra })
      .where(eq(listing.id, listingId))
  })
  noteListingChange()
  return (await findListingById(db, { viewerId, listingId }))!
}

/** Publishes a listing; publishing confirms it available, so it shows in search at once. */
export function publishListing(db: Db, { viewerId, listingId }: { viewerId: string; listingId: number }) {
  return changeStatus(db, viewerId, listingId, 'published', { lastConfirmedAt: sql`now()` })
}

export function markLeased(db: Db, { viewerId, listingId }: { viewerId: string; listingId: number }) {
  return changeStatus(db, viewerId, listingId, 'leased')
}

export function archiveListing(db: Db, { viewerId, listingId }: { viewerId: string; listingId: number }) {
  return changeStatus(db, viewerId, listingId, 'archived')
}

/** The landlord says the home is still available: it shows in search for another 30 days. */
export async function confirmAvailable(db: Db, { viewerId, listingId }: { viewerId: string; listingId: number }) {
  await db.transaction(async (tx) => {
    await lockChangeable(tx, viewerId, listingId)
    await tx
      .update(listing)
      .set({ lastConfirmedAt: sql`now()`, staleNoticeSentAt: null })
      .where(eq(listing.id, listingId))
  })
  noteListingChange()
  return (await findListingById(db, { viewerId, listingId }))!
}

export async function deleteListing(db: Db, { viewerId, listingId }: { viewerId: string; listingId: number }) {
  await db.transaction(async (tx) => {
    await lockChangeable(tx, viewerId, listingId)
    await tx.delete(listing).where(eq(listing.id, listingId))
  })
  noteListingChange()
}

/** One listing with its fees and price history, if the viewer may see it. */
export async function findListingById(
  db: Db,
  { viewerId, listingId }: { viewerId: string | null | undefined; listingId: number },
): Promise<ListingDetail | undefined> {
  const [row] = await db
    .select()
    .from(listing)
    .where(and(eq(listing.id, listingId), canView(viewerId)))
  if (!row) return undefined
  const [fees, history, photos] = await Promise.all([
    db
      .select({ name: listingFee.name, monthlyCents: listingFee.monthlyCents })
      .from(listingFee)
      .where(eq(listingFee.listingId, listingId))
      .orderBy(asc(listingFee.id)),
    db
      .select({ kind: listingPriceHistory.kind, amountCents: listingPriceHistory.amountCents, changedAt: listingPriceHistory.changedAt })
      .from(listingPriceHistory)
      .where(eq(listingPriceHistory.listingId, listingId))
      .orderBy(asc(listingPriceHistory.changedAt), asc(listingPriceHistory.id)),
    readyPhotos(db, listingId),
  ])
  return {
    ...summaryOf(row, photos[0] ?? null),
    photos,
    ownerId: row.ownerId,
    description: row.description,
    street: row.street,
    unit: row.unit,
    yearBuilt: row.yearBuilt,
    petPolicy: row.petPolicy,
    includedUtilities: row.includedUtilities as Utility[],
    fees,
    priceHistory: history.map((h) => ({
      kind: h.kind as 'lease' | 'short-term',
      amountCents: h.amountCents,
      changedAt: h.changedAt.toISOString(),
    })),
    updatedAt: row.updatedAt.toISOString(),
  }
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

type ParsedSearch = ReturnType<typeof listingSearchSchema.parse>

/**
 * How a search with free text is answered. Without free text every condition is on a column the
 * covering search indexes carry, so Postgres filters, pages and counts from an index alone.
 * - 'index': one query; the planner picks the text index (GIN) or a sort index. Right for rare words.
 * - 'walk': the sort's covering index gives candidates in order, filtered by everything but the
 *   text, and only those are read and checked for the text, until the page is full. Right for common
 *   words, where the GIN bitmap alone would cost more than the whole page.
 */
export type TextStrategy = 'index' | 'walk'

/**
 * The parts of a search's WHERE: `filters` read only indexed columns; `text` needs the row. The text
 * is either of two conditions, `words` (the text index) or `cityPrefix` (a column the covering
 * indexes carry), kept apart too so that a count can use an index for each.
 */
type TextColumns = Record<'searchVector' | 'city', AnyColumn>
type TextCondition = (row: TextColumns) => SQL
type SearchConditions = {
  filters: SQL[]
  text: TextCondition | null
  textParts: { words: TextCondition; cityPrefix: TextCondition } | null
}

/**
 * Turns a parsed search into conditions. A ZIP prefix and an exact city name are filters: "Where do
 * you want to live?" answered with a place means homes in that place. Anything else is free text
 * over title, description, city, neighbourhood and ZIP, or a city prefix ("Wilm").
 */
function searchConditions(search: ParsedSearch, { isCity }: { isCity: boolean }): SearchConditions {
  const filters: SQL[] = [eq(listing.status, 'published'), isFresh()]
  let textParts: SearchConditions['textParts'] = null
  const q = search.q?.trim()
  if (q) {
    if (/^\d{1,5}$/.test(q)) {
      filters.push(sql`${listing.zip} like ${`${q}%`}`)
    } else if (isCity) {
      filters.push(sql`lower(${listing.city}) = ${q.toLowerCase()}`)
    } else {
      const prefix = `${escapeLike(q.toLowerCase())}%`
      textParts = {
        words: (row) => sql`${row.searchVector} @@ websearch_to_tsquery('english', ${q})`,
        cityPrefix: (row) => sql`lower(${row.city}) like ${prefix}`,
      }
    }
  }
  if (search.minPrice !== undefined) filters.push(sql`${listing.allInMonthlyCents} >= ${search.minPrice * 100}`)
  if (search.maxPrice !== undefined) filters.push(sql`${listing.allInMonthlyCents} <= ${search.maxPrice * 100}`)
  if (search.beds !== undefined) filters.push(sql`${listing.bedrooms} >= ${search.beds}`)
  if (search.baths !== undefined) filters.push(sql`${listing.bathroomHalves} >= ${Math.round(search.baths * 2)}`)
  if (search.type.length > 0) filters.push(inArray(listing.type, search.type))
  if (search.offer === 'lease') filters.push(sql`${listing.monthlyRentCents} is not null`)
  if (search.offer === 'short-term') filters.push(sql`${listing.nightlyCents} is not null`)
  if (search.pets.includes('cats')) filters.push(eq(listing.allowsCats, true))
  if (search.pets.includes('dogs')) filters.push(eq(listing.allowsDogs, true))
  if (search.furnished !== undefined) filters.push(eq(listing.isFurnished, search.furnished))
  if (search.amenities.length > 0) {
    const mask = search.amenities.reduce((bits, amenity) => bits | (1 << AMENITY_VALUES.indexOf(amenity)), 0)
    filters.push(sql`${listing.amenityBits} & ${mask} = ${mask}`)
  }
  if (search.availableBy) filters.push(sql`${listing.availableFrom} <= ${search.availableBy}`)
  if (search.south !== undefined) {
    filters.push(
      sql`${listing.latitude} between ${search.south} and ${search.north}`,
      sql`${listing.longitude} between ${search.west} and ${search.east}`,
    )
  }
  const parts = textParts
  const text: TextCondition | null = parts && ((row) => sql`(${parts.words(row)} or ${parts.cityPrefix(row)})`)
  return { filters, text, textParts }
}

// Each sort orders by one indexed key and the id, in the direction of its covering index, so a page
// is an index range scan and the cursor (key, id) continues exactly after the last row shown.
type SortColumns = Record<'id' | 'createdAt' | 'allInMonthlyCents' | 'interiorSqft', AnyColumn>
const sorts = {
  newest: {
    key: (c: SortColumns) => sql<string>`to_char(${c.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    order: (c: SortColumns) => [sql`${c.createdAt} desc nulls last`, sql`${c.id} desc nulls last`],
    after: (key: string | number, id: number) => sql`(${listing.createdAt}, ${listing.id}) < (${key}::timestamptz, ${id})`,
  },
  'price-asc': {
    key: (c: SortColumns) => sql<number>`${c.allInMonthlyCents}`,
    order: (c: SortColumns) => [asc(c.allInMonthlyCents), asc(c.id)],
    after: (key: string | number, id: number) => sql`(${listing.allInMonthlyCents}, ${listing.id}) > (${key}, ${id})`,
  },
  'price-desc': {
    key: (c: SortColumns) => sql<number>`${c.allInMonthlyCents}`,
    order: (c: SortColumns) => [desc(c.allInMonthlyCents), desc(c.id)],
    after: (key: string | number, id: number) => sql`(${listing.allInMonthlyCents}, ${listing.id}) < (${key}, ${id})`,
  },
  largest: {
    key: (c: SortColumns) => sql<number>`${c.interiorSqft}`,
    order: (c: SortColumns) => [sql`${c.interiorSqft} desc nulls last`, sql`${c.id} desc nulls last`],
    after: (key: string | number, id: number) => sql`(${listing.interiorSqft}, ${listing.id}) < (${key}, ${id})`,
  },
} as const

const sortColumns = {
  id: listing.id,
  createdAt: listing.createdAt,
  allInMonthlyCents: listing.allInMonthlyCents,
  interiorSqft: listing.interiorSqft,
}

/** What a search needs to know about its text before choosing a plan. */
export type TextFacts = { isCity: boolean; strategy: { page: TextStrategy; count: TextStrategy } }

const NO_TEXT: TextFacts = { isCity: false, strategy: { page: 'index', count: 'index' } }

/**
 * Looks at the free text of a search: whether it names a city of a listing (one index probe), and
 * if not, about how many published listings it matches (the planner's estimate, from the text
 * index's statistics) to choose between finding them through the text index and walking a sort
 * index. With N published listings and E matches, a page through the text index costs about E rows
 * and a walk about 21·N/E; a count of up to 1,001 costs about E index entries either way against
 * 1,001·N/E rows for a walk. Hence the thresholds E² ≥ 30·N for pages and E² ≥ 6,700·N for counts,
 * measured on a million listings (bench/explain.ts).
 */
export async function examineSearchText(db: Db, search: ParsedSearch): Promise<TextFacts> {
  const q = search.q?.trim()
  if (!q || /^\d{1,5}$/.test(q)) return NO_TEXT
  const [city] = await db
    .select({ id: listing.id })
    .from(listing)
    .where(and(sql`lower(${listing.city}) = ${q.toLowerCase()}`, eq(listing.status, 'published')))
    .limit(1)
  if (city) return { ...NO_TEXT, isCity: true }
  const { text } = searchConditions(search, { isCity: false })
  const [matches, published] = await Promise.all([
    estimateRows(db, sql`select 1 from ${listing} where ${listing.status} = 'published' and ${text!(listing)}`),
    estimateRows(db, sql`select 1 from ${listing} where ${listing.status} = 'published'`),
  ])
  const squared = matches * matches
  return {
    isCity: false,
    strategy: { page: squared >= 30 * published ? 'walk' : 'index', count: squared >= 6_700 * published ? 'walk' : 'index' },
  }
}

/** The planner's estimate of the rows a query returns (EXPLAIN, not run). */
async function estimateRows(db: Db, query: SQL): Promise<number> {
  const result = await db.execute<Record<string, unknown>>(sql`explain (format json) ${query}`)
  const value = Object.values(result.rows[0] ?? {})[0]
  const plan = (typeof value === 'string' ? JSON.parse(value) : value) as [{ Plan: { 'Plan Rows': number } }]
  return plan[0].Plan['Plan Rows']
}

/**
 * The two queries of a search, built but not run: the page (one row more than the limit, to know
 * whether there is a next page) and, when wanted, the count up to TOTAL_CAP + 1. `bench/explain.ts`
 * reads their plans. Pass the text facts from `examineSearchText` (a search without free text needs none).
 */
export function buildListingSearch(db: Db, input: ListingSearchInput | Record<string, unknown>, facts: TextFacts = NO_TEXT) {
  const search = parseOrThrow(listingSearchSchema, input, 'Some search parameters are not valid.')
  const sort = sorts[search.sort]
  const { filters, text, textParts } = searchConditions(search, facts)
  const pageFilters = search.cursor ? [...filters, sort.after(search.cursor.key, search.cursor.id)] : filters
  const wantsTotal = search.total ?? !search.cursor
  const size = search.limit + 1
  const row = alias(listing, 'row')

  let page
  if (!text) {
    // The ids of the page from the sort's covering index alone, then their rows.
    const hits = db
      .select(sortColumns)
      .from(listing)
      .where(and(...pageFilters))
      .orderBy(...sort.order(sortColumns))
      .limit(size)
      .as('hits')
    page = db
      .select({ ...summaryColumnsOf(row), sortKey: sort.key(hits) })
      .from(hits)
      .innerJoin(row, eq(row.id, hits.id))
      .orderBy(...sort.order(hits))
  } else if (facts.strategy.page === 'walk') {
    // Candidates in the sort's order from the covering index, each row read and checked for the text
    // (offset 0 keeps the check per candidate, so the walk stops once the page is full).
    const candidates = db
      .select(sortColumns)
      .from(listing)
      .where(and(...pageFilters))
      .orderBy(...sort.order(sortColumns))
      .as('candidates')
    const matching = db
      .select(summaryColumnsOf(row))
      .from(row)
      .where(and(eq(row.id, candidates.id), text(row)))
      .offset(0)
      .as('matching')
    page = db
      .select({ ...summaryColumnsOf(matching), sortKey: sort.key(candidates) })
      .from(candidates)
      .crossJoinLateral(matching)
      .orderBy(...sort.order(candidates))
      .limit(size)
  } else {
    page = db
      .select({ ...summaryColumns, sortKey: sort.key(sortColumns) })
      .from(listing)
      .where(and(...pageFilters, text(listing)))
      .orderBy(...sort.order(sortColumns))
      .limit(size)
  }

  let total = null
  if (wantsTotal) {
    let matches
    if (text && facts.strategy.count === 'walk') {
      const candidates = db
        .select({ id: listing.id })
        .from(listing)
        .where(and(...filters))
        .as('candidates')
      const matching = db
        .select({ one: sql`1`.as('one') })
        .from(row)
        .where(and(eq(row.id, candidates.id), text(row)))
        .offset(0)
        .as('matching')
      matches = db
        .select({ one: matching.one })
        .from(candidates)
        .crossJoinLateral(matching)
        .limit(TOTAL_CAP + 1)
        .as('matches')
    } else if (textParts) {
      // Each half of the text counted through its own index, each stopping at TOTAL_CAP + 1, then
      // merged: with the two in one OR, a prefix that names a big city ("Phil") makes the planner
      // scan the table.
      const matchingIds = (condition: TextCondition) =>
        db
          .select({ id: listing.id })
          .from(listing)
          .where(and(...filters, condition(listing)))
          .limit(TOTAL_CAP + 1)
      matches = union(matchingIds(textParts.words), matchingIds(textParts.cityPrefix))
        .limit(TOTAL_CAP + 1)
        .as('matches')
    } else if (search.south !== undefined) {
      matches = db
        .select({ one: sql`1`.as('one') })
        .from(listing)
        .where(and(...filters))
        .limit(TOTAL_CAP + 1)
        .as('matches')
    } else {
      // Counted along the newest-first index: the order listings were added in says nothing about
      // their price, size or type, so matches are spread evenly along it and the count stops early.
      // (Along the price index, "houses" would first pass every cheap room and studio.) Map bounds
      // are left to the planner: the location index reads just the box.
      matches = db
        .select({ one: sql`1`.as('one') })
        .from(listing)
        .where(and(...filters))
        .orderBy(...sorts.newest.order(sortColumns))
        .limit(TOTAL_CAP + 1)
        .as('matches')
    }
    total = db.select({ n: count() }).from(matches)
  }
  return { search, page, total }
}

/**
 * A page of published, recently confirmed listings. The total is counted only for the first page
 * (or when asked with `total`), by a second query with the same filters that stops at TOTAL_CAP + 1
 * rows: an exact broad count over a large table costs far more than the page itself.
 */
export async function findListings(
  db: Db,
  { search: input, strategy }: { viewerId?: string | null; search: ListingSearchInput | Record<string, unknown>; strategy?: TextStrategy },
): Promise<ListingPage> {
  const parsed = parseOrThrow(listingSearchSchema, input, 'Some search parameters are not valid.')
  const examined = await examineSearchText(db, parsed)
  // Tests force a strategy to check that both give the same answers.
  const facts = strategy ? { ...examined, strategy: { page: strategy, count: strategy } } : examined
  const { search, page, total } = buildListingSearch(db, input, facts)
  const [rows, totalRows] = await Promise.all([page, total ?? Promise.resolve(null)])
  const hasMore = rows.length > search.limit
  const items = rows.slice(0, search.limit)
  const last = items.at(-1)
  return {
    items: await summariesWithPhotos(db, items),
    nextCursor: hasMore && last ? encodeCursor({ sort: search.sort, key: last.sortKey, id: last.id }) : null,
    total: totalRows ? Math.min(totalRows[0]?.n ?? 0, TOTAL_CAP) : null,
    isTotalCapped: (totalRows?.[0]?.n ?? 0) > TOTAL_CAP,
  }
}

/**
 * About how many listings are stored, from the planner's statistics: a catalog read, cheap enough
 * for /readyz on a million rows. A table never analysed has no estimate; it is small, so count it.
 */
export async function estimateListingCount(db: Db): Promise<number> {
  const result = await db.execute<{ estimate: number }>(
    sql`select reltuples::float8 as estimate from pg_class where oid = 'listing'::regclass`,
  )
  const estimate = Number(result.rows[0]?.estimate ?? -1)
  if (estimate >= 0) return Math.round(estimate)
  const [row] = await db.select({ n: count() }).from(listing)
  return row?.n ?? 0
}
