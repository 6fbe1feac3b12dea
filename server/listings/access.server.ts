// Who may see and who may change a listing, in one place: as SQL conditions the queries carry (so no
// caller can forget them) and as checks that lock a listing before a change. The viewer's role is
// looked up here, never taken from the caller.
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { LISTING_ROLES, listsHomes } from '#common/accounts/roles.ts'
import { isAdministratorSql } from '#server/accounts/administrators.server.ts'
import type { Db } from '#server/db/client.server.ts'
import { listing, profile } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
type ListingRow = typeof listing.$inferSelect

export const ONLY_OWNER_CHANGES = 'Only the owner or an administrator can change this listing.'
export const ONLY_LANDLORDS_LIST =
  'Only landlords can list homes. Choose the Landlord (or Both) role on your profile, or at /properties/new, first.'

/** True when the viewer may change the listing: they own it or are an administrator. */
export function canChange(viewerId: string | null | undefined): SQL {
  if (!viewerId) return sql`false`
  return sql`(${listing.ownerId} = ${viewerId} or ${isAdministratorSql(viewerId)})`
}

/** Published and leased listings are public; drafts and archived ones only for who may change them. */
export function canView(viewerId: string | null | undefined): SQL {
  return sql`(${listing.status} in ('published', 'leased') or ${canChange(viewerId)})`
}

/** Landlords (and those who rent and let) and administrators list homes; for a signed-in user's role as the session holds it. */
export function mayPublishListings(user: { role: string; isAdmin: boolean }): boolean {
  return listsHomes(user.role) || user.isAdmin
}

/** Refuses a viewer who is neither a landlord nor an administrator, reading their role from their profile. */
export async function checkMayPublishListings(tx: Tx | Db, viewerId: string): Promise<void> {
  const [allowed] = await tx
    .select({ userId: profile.userId })
    .from(profile)
    .where(and(eq(profile.userId, viewerId), or(inArray(profile.role, [...LISTING_ROLES]), isAdministratorSql(viewerId))))
  if (!allowed) throw new AppError('forbidden', ONLY_LANDLORDS_LIST)
}

/** A listing the viewer may see but not change is 'forbidden'; one they may not even see is 'not-found', so drafts do not leak. */
async function refuseChange(db: Tx | Db, viewerId: string, listingId: number, forbidden: string): Promise<never> {
  const [visible] = await db
    .select({ id: listing.id })
    .from(listing)
    .where(and(eq(listing.id, listingId), canView(viewerId)))
  if (visible) throw new AppError('forbidden', forbidden)
  throw new AppError('not-found', 'No such listing.')
}

/** Locks and returns a listing the viewer may change, or refuses them (see refuseChange). */
export async function lockChangeable(
  tx: Tx | Db,
  { viewerId, listingId }: { viewerId: string; listingId: number },
  forbidden = ONLY_OWNER_CHANGES,
): Promise<ListingRow> {
  const [row] = await tx
    .select()
    .from(listing)
    .where(and(eq(listing.id, listingId), canChange(viewerId)))
    .for('update')
  return row ?? refuseChange(tx, viewerId, listingId, forbidden)
}

/** Refuses a viewer who may not change the listing, without locking it (see refuseChange). */
export async function checkMayChange(
  db: Db,
  { viewerId, listingId }: { viewerId: string; listingId: number },
  forbidden = ONLY_OWNER_CHANGES,
): Promise<void> {
  const [row] = await db
    .select({ id: listing.id })
    .from(listing)
    .where(and(eq(listing.id, listingId), canChange(viewerId)))
  if (!row) await refuseChange(db, viewerId, listingId, forbidden)
}
