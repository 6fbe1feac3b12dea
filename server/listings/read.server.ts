// Reading listings as renters see them: one listing with its fees, price history and photos, the
// summaries of many with their cover photos, and the cheap estimate of how many there are.
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { listing, listingFee, listingPhoto, listingPriceHistory } from '#server/db/schema.ts'
import { photoView, type PhotoView } from '#common/listings/photos.ts'
import type { ListingDetail, ListingSummary } from '#common/listings/types.ts'
import { canView } from './access.server.ts'
import { particularsOf, summaryOf, type SummaryRow } from './mapping.server.ts'

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
export async function summariesWithPhotos(db: Db, rows: SummaryRow[]): Promise<ListingSummary[]> {
  const covers = await coverPhotos(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => summaryOf(row, covers.get(row.id) ?? null))
}

/**
 * The prices a listing has asked, in time order: a price it went on the market with again unchanged is no change,
 * and prices set while it was off the market (a draft's, a let home's rent review) were never asked.
 */
function askedPrices<T extends { kind: string; amountCents: number }>(history: T[]): T[] {
  const last = new Map<string, number>()
  return history.filter((h) => {
    if (last.get(h.kind) === h.amountCents) return false
    last.set(h.kind, h.amountCents)
    return true
  })
}

/** One listing with its fees and asking price history, if the viewer may see it. */
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
      .where(and(eq(listingPriceHistory.listingId, listingId), ne(listingPriceHistory.marketPhase, 'off-market')))
      .orderBy(asc(listingPriceHistory.changedAt), asc(listingPriceHistory.id)),
    readyPhotos(db, listingId),
  ])
  return {
    ...summaryOf(row, photos[0] ?? null),
    photos,
    ownerId: row.ownerId,
    ...particularsOf(row, fees),
    priceHistory: askedPrices(history).map((h) => ({
      kind: h.kind as 'lease' | 'short-term',
      amountCents: h.amountCents,
      changedAt: h.changedAt.toISOString(),
    })),
    updatedAt: row.updatedAt.toISOString(),
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
