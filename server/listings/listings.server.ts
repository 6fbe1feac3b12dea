// Listings: what landlords write and what everyone reads. Every function checks access in its own
// query (owner or administrator for changes; published for everyone, drafts for owner and
// administrator), so no caller can forget it.
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { listing, listingFee, listingPhoto, listingPriceHistory, profile } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import {
  encodeCursor,
  listingInputSchema,
  listingSearchSchema,
  type ListingSearchInput,
  type ValidListing,
} from './schemas.ts'
import { photoView, type PhotoView } from './photos.ts'
import { noteListingChange } from './changes.ts'
import { CONFIRMATION_DAYS, type Amenity, type ListingStatus, type ListingType, type Utility } from './vocabulary.ts'

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

export const summaryColumns = {
  id: listing.id,
  title: listing.title,
  type: listing.type,
  status: listing.status,
  city: listing.city,
  state: listing.state,
  zip: listing.zip,
  neighbourhood: listing.neighbourhood,
  latitude: listing.latitude,
  longitude: listing.longitude,
  bedrooms: listing.bedrooms,
  bathroomHalves: listing.bathroomHalves,
  interiorSqft: listing.interiorSqft,
  allInMonthlyCents: listing.allInMonthlyCents,
  monthlyRentCents: listing.monthlyRentCents,
  minTermMonths: listing.minTermMonths,
  depositCents: listing.depositCents,
  nightlyCents: listing.nightlyCents,
  minNights: listing.minNights,
  amenities: listing.amenities,
  allowsCats: listing.allowsCats,
  allowsDogs: listing.allowsDogs,
  isFurnished: listing.isFurnished,
  availableFrom: listing.availableFrom,
  createdAt: listing.createdAt,
  lastConfirmedAt: listing.lastConfirmedAt,
}

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

const textArray = (values: readonly string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`

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
    await tx.update(listing).set({ lastConfirmedAt: sql`now()`, staleNoticeSentAt: null }).where(eq(listing.id, listingId))
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

/** The WHERE of a search, without the cursor: shared by the page query and the count. */
function searchConditions(search: ReturnType<typeof listingSearchSchema.parse>): SQL[] {
  const where: SQL[] = [eq(listing.status, 'published'), isFresh()]
  const q = search.q?.trim()
  if (q) {
    if (/^\d{1,5}$/.test(q)) {
      where.push(sql`${listing.zip} like ${`${q}%`}`)
    } else {
      where.push(
        sql`(${listing.searchVector} @@ websearch_to_tsquery('english', ${q}) or lower(${listing.city}) like ${`${escapeLike(q.toLowerCase())}%`})`,
      )
    }
  }
  if (search.minPrice !== undefined) where.push(sql`${listing.allInMonthlyCents} >= ${search.minPrice * 100}`)
  if (search.maxPrice !== undefined) where.push(sql`${listing.allInMonthlyCents} <= ${search.maxPrice * 100}`)
  if (search.beds !== undefined) where.push(sql`${listing.bedrooms} >= ${search.beds}`)
  if (search.baths !== undefined) where.push(sql`${listing.bathroomHalves} >= ${Math.round(search.baths * 2)}`)
  if (search.type.length > 0) where.push(inArray(listing.type, search.type))
  if (search.offer === 'lease') where.push(sql`${listing.monthlyRentCents} is not null`)
  if (search.offer === 'short-term') where.push(sql`${listing.nightlyCents} is not null`)
  if (search.pets.includes('cats')) where.push(eq(listing.allowsCats, true))
  if (search.pets.includes('dogs')) where.push(eq(listing.allowsDogs, true))
  if (search.furnished !== undefined) where.push(eq(listing.isFurnished, search.furnished))
  if (search.amenities.length > 0) where.push(sql`${listing.amenities} @> ${textArray(search.amenities)}`)
  if (search.availableBy) where.push(sql`${listing.availableFrom} <= ${search.availableBy}`)
  if (search.south !== undefined) {
    where.push(
      sql`${listing.latitude} between ${search.south} and ${search.north}`,
      sql`${listing.longitude} between ${search.west} and ${search.east}`,
    )
  }
  return where
}

// Each sort orders by one indexed key and the id, in the direction of its index, so a page is an
// index range scan and the cursor (key, id) continues exactly after the last row shown.
const sorts = {
  newest: {
    key: sql<string>`to_char(${listing.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    order: [sql`${listing.createdAt} desc nulls last`, sql`${listing.id} desc nulls last`],
    after: (key: string | number, id: number) => sql`(${listing.createdAt}, ${listing.id}) < (${key}::timestamptz, ${id})`,
  },
  'price-asc': {
    key: sql<number>`${listing.allInMonthlyCents}`,
    order: [asc(listing.allInMonthlyCents), asc(listing.id)],
    after: (key: string | number, id: number) => sql`(${listing.allInMonthlyCents}, ${listing.id}) > (${key}, ${id})`,
  },
  'price-desc': {
    key: sql<number>`${listing.allInMonthlyCents}`,
    order: [desc(listing.allInMonthlyCents), desc(listing.id)],
    after: (key: string | number, id: number) => sql`(${listing.allInMonthlyCents}, ${listing.id}) < (${key}, ${id})`,
  },
  largest: {
    key: sql<number>`${listing.interiorSqft}`,
    order: [sql`${listing.interiorSqft} desc nulls last`, sql`${listing.id} desc nulls last`],
    after: (key: string | number, id: number) => sql`(${listing.interiorSqft}, ${listing.id}) < (${key}, ${id})`,
  },
} as const

/**
 * The two queries of a search, built but not run: the page (one row more than the limit, to know
 * whether there is a next page) and, when wanted, the count. `bench/explain.ts` reads their plans.
 */
export function buildListingSearch(db: Db, input: ListingSearchInput | Record<string, unknown>) {
  const search = parseOrThrow(listingSearchSchema, input, 'Some search parameters are not valid.')
  const sort = sorts[search.sort]
  const where = searchConditions(search)
  const pageWhere = search.cursor ? [...where, sort.after(search.cursor.key, search.cursor.id)] : where
  const wantsTotal = search.total ?? !search.cursor
  return {
    search,
    page: db
      .select({ ...summaryColumns, sortKey: sort.key })
      .from(listing)
      .where(and(...pageWhere))
      .orderBy(...sort.order)
      .limit(search.limit + 1),
    total: wantsTotal
      ? db
          .select({ n: count() })
          .from(db.select({ one: sql`1` }).from(listing).where(and(...where)).limit(TOTAL_CAP + 1).as('matches'))
      : null,
  }
}

/**
 * A page of published, recently confirmed listings. The total is counted only for the first page
 * (or when asked with `total`), by a second query with the same filters that stops at TOTAL_CAP + 1
 * rows: an exact broad count over a large table costs far more than the page itself.
 */
export async function findListings(
  db: Db,
  { search: input }: { viewerId?: string | null; search: ListingSearchInput | Record<string, unknown> },
): Promise<ListingPage> {
  const { search, page, total } = buildListingSearch(db, input)
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
