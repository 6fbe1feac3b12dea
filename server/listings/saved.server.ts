// A renter's saved list: the list record (keyed by the lower-cased e-mail) and the listings on
// it. Saving sets the profile's setList flag, which the session carries to the navigation.
import { and, count, desc, eq, inArray, max } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { list, listing, profile, savedListing } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import type { ListingSummary } from '#common/listings/types.ts'
import { canView } from './access.server.ts'
import { summaryColumns } from './mapping.server.ts'
import { summariesWithPhotos } from './read.server.ts'

type Saver = { id: string; email: string }

const keyOf = (email: string) => email.toLowerCase()

/** Saves a listing the user may see (saving twice keeps one entry); unknown or private ones are 404. */
export async function saveListing(db: Db, { user, listingId }: { user: Saver; listingId: number }): Promise<void> {
  const email = keyOf(user.email)
  await db.transaction(async (tx) => {
    const [visible] = await tx
      .select({ id: listing.id })
      .from(listing)
      .where(and(eq(listing.id, listingId), canView(user.id)))
    if (!visible) throw new AppError('not-found', 'That listing does not exist or is no longer available.')
    await tx.insert(list).values({ email }).onConflictDoNothing()
    await tx.insert(savedListing).values({ email, listingId }).onConflictDoNothing()
    await tx.update(profile).set({ setList: true }).where(eq(profile.email, email))
  })
}

/** Takes a listing off the user's list; removing one that is not there changes nothing. */
export async function unsaveListing(db: Db, { user, listingId }: { user: Saver; listingId: number }): Promise<void> {
  await db.delete(savedListing).where(and(eq(savedListing.email, keyOf(user.email)), eq(savedListing.listingId, listingId)))
}

/** Which of these listings the user has saved (for the Save buttons on a page of results). */
export async function savedListingIds(db: Db, { email, listingIds }: { email: string; listingIds: number[] }): Promise<Set<number>> {
  if (listingIds.length === 0) return new Set()
  const rows = await db
    .select({ listingId: savedListing.listingId })
    .from(savedListing)
    .where(and(eq(savedListing.email, keyOf(email)), inArray(savedListing.listingId, listingIds)))
  return new Set(rows.map((row) => row.listingId))
}

/** The user's saved listings, most recently saved first, that they may still see. */
export async function findSavedListings(db: Db, { user }: { user: Saver }): Promise<ListingSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(savedListing)
    .innerJoin(listing, eq(listing.id, savedListing.listingId))
    .where(and(eq(savedListing.email, keyOf(user.email)), canView(user.id)))
    .orderBy(desc(savedListing.createdAt), desc(savedListing.listingId))
  return summariesWithPhotos(db, rows)
}

/** How many homes the user has saved that they may still see: the count beside "Saved homes". */
export async function countSavedListings(db: Db, { user }: { user: Saver }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(savedListing)
    .innerJoin(listing, eq(listing.id, savedListing.listingId))
    .where(and(eq(savedListing.email, keyOf(user.email)), canView(user.id)))
  return row?.n ?? 0
}

/**
 * The city the user's saved homes are in, those still public (the most of them, the latest saved on a tie):
 * where the home page looks for homes near them. Null without any.
 */
export async function findSavedHomesCity(db: Db, { email }: { email: string }): Promise<{ city: string; state: string } | null> {
  const [row] = await db
    .select({ city: listing.city, state: listing.state })
    .from(savedListing)
    .innerJoin(listing, eq(listing.id, savedListing.listingId))
    .where(and(eq(savedListing.email, keyOf(email)), canView(null)))
    .groupBy(listing.city, listing.state)
    .orderBy(desc(count()), desc(max(savedListing.createdAt)))
    .limit(1)
  return row ?? null
}
