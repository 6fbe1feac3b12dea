// The landlord's side of listings: their own listings with how renters respond to them (views,
// saves, conversations) and whether search still shows them, and the listing a viewer opens for editing.
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { escapeLike } from '#server/db/like.ts'
import { conversation, listing, savedListing } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import type { ListingDetail, OwnerListing, OwnerListingPage } from '#common/listings/types.ts'
import { CONFIRMATION_DAYS, LISTING_STATUSES, type ListingStatus } from '#common/listings/vocabulary.ts'
import { checkMayChange } from './access.server.ts'
import { coverPhotos, findListingById } from './read.server.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * A page of the owner's listings, most recently changed first, with their view, save and conversation
 * counts and cover photos: those whose title contains `q` (any case), of one status when asked, from
 * `offset`, at most `limit`; with how many match in all and per status.
 */
export async function findOwnerListings(
  db: Db,
  {
    ownerId,
    q = '',
    status = null,
    offset = 0,
    limit = 1_000,
  }: { ownerId: string; q?: string; status?: ListingStatus | null; offset?: number; limit?: number },
): Promise<OwnerListingPage> {
  const mine = and(eq(listing.ownerId, ownerId), q.trim() ? ilike(listing.title, `%${escapeLike(q.trim())}%`) : undefined)
  // The owner's conversations per listing, found through the conversation indexes on each participant.
  const talks = db
    .select({ listingId: conversation.listingId, count: sql<number>`count(*)::int`.as('count') })
    .from(conversation)
    .where(or(eq(conversation.userLowId, ownerId), eq(conversation.userHighId, ownerId)))
    .groupBy(conversation.listingId)
    .as('talks')
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: listing.id,
        title: listing.title,
        status: listing.status,
        city: listing.city,
        state: listing.state,
        allInMonthlyCents: listing.allInMonthlyCents,
        isShortTerm: sql<boolean>`${listing.nightlyCents} is not null`,
        views: listing.viewCount,
        saves: sql<number>`(select count(*) from ${savedListing} where ${savedListing.listingId} = ${listing.id})::int`,
        conversations: sql<number>`coalesce(${talks.count}, 0)`,
        lastConfirmedAt: listing.lastConfirmedAt,
        updatedAt: listing.updatedAt,
        heldReason: listing.heldReason,
      })
      .from(listing)
      .leftJoin(talks, eq(talks.listingId, listing.id))
      .where(and(mine, status ? eq(listing.status, status) : undefined))
      .orderBy(desc(listing.updatedAt), desc(listing.id))
      .offset(offset)
      .limit(limit),
    db
      .select({ status: listing.status, count: sql<number>`count(*)::int` })
      .from(listing)
      .where(mine)
      .groupBy(listing.status),
  ])
  const byStatus = Object.fromEntries(LISTING_STATUSES.map((each) => [each, 0])) as Record<ListingStatus, number>
  for (const row of counts) byStatus[row.status as ListingStatus] = Number(row.count)
  const photos = await coverPhotos(
    db,
    rows.map((row) => row.id),
  )
  const now = Date.now()
  const items = rows.map((row) => {
    const hiddenAt = row.lastConfirmedAt.getTime() + CONFIRMATION_DAYS * DAY_MS
    return {
      ...row,
      status: row.status as ListingStatus,
      heldReason: row.heldReason as OwnerListing['heldReason'],
      saves: Number(row.saves),
      conversations: Number(row.conversations),
      lastConfirmedAt: row.lastConfirmedAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      hiddenSince: row.status === 'published' && hiddenAt <= now ? new Date(hiddenAt).toISOString() : null,
      photo: photos.get(row.id) ?? null,
    }
  })
  const total = status ? byStatus[status] : Object.values(byStatus).reduce((sum, n) => sum + n, 0)
  return { items, total, byStatus }
}

/**
 * A listing the viewer may edit: 'not-found' when they cannot even see it (a stranger's draft),
 * 'forbidden' when they can see it but it is not theirs to change.
 */
export async function findEditableListing(
  db: Db,
  { viewerId, listingId }: { viewerId: string; listingId: number },
): Promise<ListingDetail> {
  await checkMayChange(db, { viewerId, listingId })
  const found = await findListingById(db, { viewerId, listingId })
  if (!found) throw new AppError('not-found', 'No such listing.')
  return found
}
