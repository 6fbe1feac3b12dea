// A landlord's tour availability: the account's defaults and each listing's own, read as the one
// availability a listing's slots follow. Only the owner reads or changes it; to anyone else a
// listing's availability does not exist.
import { and, eq, isNull, sql } from 'drizzle-orm'
import { type Availability, availabilitySchema, DEFAULT_AVAILABILITY } from '#common/tours/availability.ts'
import type { Db } from '#server/db/client.server.ts'
import { listing, tourAvailability } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import { checkMayPublishListings, type Tx } from '#server/listings/index.server.ts'

type Row = typeof tourAvailability.$inferSelect

function availabilityOf(row: Row): Availability {
  return {
    toursEnabled: row.toursEnabled,
    windows: row.windows,
    tourMinutes: row.tourMinutes,
    noticeHours: row.noticeHours,
    bufferMinutes: row.bufferMinutes,
    partiesPerSlot: row.partiesPerSlot,
    blockedDates: row.blockedDates,
    autoConfirm: row.autoConfirm,
  }
}

async function rowsOf(db: Db | Tx, ownerId: string, listingId: number | null) {
  return db
    .select()
    .from(tourAvailability)
    .where(
      and(
        eq(tourAvailability.ownerId, ownerId),
        listingId === null
          ? isNull(tourAvailability.listingId)
          : sql`(${tourAvailability.listingId} is null or ${tourAvailability.listingId} = ${listingId})`,
      ),
    )
}

/** The availability a listing's slots follow: its own, else its owner's defaults, else the site's. */
export function availabilityFollowed(own: Row | null, defaults: Row | null): Availability {
  const row = own ?? defaults
  return row ? availabilityOf(row) : DEFAULT_AVAILABILITY
}

/** The availability a listing follows, read on its own (the slot reads join it to the listing instead). */
export async function effectiveAvailability(
  db: Db | Tx,
  { ownerId, listingId }: { ownerId: string; listingId: number },
): Promise<Availability> {
  const rows = await rowsOf(db, ownerId, listingId)
  return availabilityFollowed(rows.find((r) => r.listingId === listingId) ?? null, rows.find((r) => r.listingId === null) ?? null)
}

async function checkOwnsListing(db: Db | Tx, viewerId: string, listingId: number) {
  const [row] = await db
    .select({ id: listing.id })
    .from(listing)
    .where(and(eq(listing.id, listingId), eq(listing.ownerId, viewerId)))
  if (!row) throw new AppError('not-found', 'No such listing.')
}

export type AvailabilityView = { availability: Availability; isListingOwn: boolean; defaults: Availability }

/** The owner's view: a listing's availability (or, without a listing, the account's defaults) and whether the listing has its own. */
export async function findAvailability(
  db: Db,
  { viewerId, listingId = null }: { viewerId: string; listingId?: number | null },
): Promise<AvailabilityView> {
  if (listingId !== null) await checkOwnsListing(db, viewerId, listingId)
  const rows = await rowsOf(db, viewerId, listingId)
  const own = listingId === null ? undefined : rows.find((r) => r.listingId === listingId)
  const base = rows.find((r) => r.listingId === null)
  const defaults = base ? availabilityOf(base) : DEFAULT_AVAILABILITY
  return { availability: own ? availabilityOf(own) : defaults, isListingOwn: Boolean(own), defaults }
}

/** Saves the account's defaults (no listing) or a listing's own availability. */
export async function saveAvailability(
  db: Db,
  { viewerId, listingId = null, input }: { viewerId: string; listingId?: number | null; input: unknown },
): Promise<AvailabilityView> {
  const valid = parseOrThrow(availabilitySchema, input)
  await db.transaction(async (tx) => {
    // Another's listing does not exist for the viewer, whatever their role.
    if (listingId !== null) await checkOwnsListing(tx, viewerId, listingId)
    await checkMayPublishListings(tx, viewerId)
    const scope = and(
      eq(tourAvailability.ownerId, viewerId),
      listingId === null ? isNull(tourAvailability.listingId) : eq(tourAvailability.listingId, listingId),
    )
    const updated = await tx
      .update(tourAvailability)
      .set({ ...valid, updatedAt: sql`now()` })
      .where(scope)
      .returning({ id: tourAvailability.id })
    if (updated.length === 0) await tx.insert(tourAvailability).values({ ownerId: viewerId, listingId, ...valid })
  })
  return findAvailability(db, { viewerId, listingId })
}

/** A listing goes back to following the account's defaults. */
export async function followDefaultAvailability(
  db: Db,
  { viewerId, listingId }: { viewerId: string; listingId: number },
): Promise<AvailabilityView> {
  await checkOwnsListing(db, viewerId, listingId)
  await db.delete(tourAvailability).where(and(eq(tourAvailability.ownerId, viewerId), eq(tourAvailability.listingId, listingId)))
  return findAvailability(db, { viewerId, listingId })
}
