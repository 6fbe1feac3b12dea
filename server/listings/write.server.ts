// The listing writes, each one front door: it checks access in its own transaction, commits, then
// tells the instances (noteListingChange) so their search indexes apply the change at once.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { listing, listingFee, listingPhoto, listingPriceHistory } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import { checkTermsAccepted } from '#server/content/index.server.ts'
import { listingInputSchema, type ValidListing } from '#common/listings/schemas.ts'
import type { ListingDetail } from '#common/listings/types.ts'
import type { ListingStatus } from '#common/listings/vocabulary.ts'
import { checkMayPublishListings, lockChangeable, type Tx } from './access.server.ts'
import { noteListingChange } from './changes.ts'
import { holdReasonForMarket, isHeldForPaymentWords } from './moderation.server.ts'
import type { HoldReason } from '#common/moderation/vocabulary.ts'
import { inputOf, listingColumns } from './mapping.server.ts'
import { findListingById } from './read.server.ts'

/** Where a price written now stands in the home's marketing (listing_price_history.market_phase). */
type MarketPhase = 'listed' | 'asking' | 'off-market'

/**
 * Appends the asking prices that differ from the listing's previous ones (all of them on create, and all of
 * them again when it goes on the market, which begins a new letting).
 */
async function recordPrices(tx: Tx, listingId: number, before: ValidListing | null, after: ValidListing, marketPhase: MarketPhase) {
  const rows: (typeof listingPriceHistory.$inferInsert)[] = []
  if (after.lease && after.lease.monthlyRentCents !== before?.lease?.monthlyRentCents) {
    rows.push({ listingId, kind: 'lease', amountCents: after.lease.monthlyRentCents, marketPhase })
  }
  if (after.shortTerm && after.shortTerm.nightlyCents !== before?.shortTerm?.nightlyCents) {
    rows.push({ listingId, kind: 'short-term', amountCents: after.shortTerm.nightlyCents, marketPhase })
  }
  if (rows.length > 0) await tx.insert(listingPriceHistory).values(rows)
}

async function replaceFees(tx: Tx, listingId: number, fees: ValidListing['fees']) {
  await tx.delete(listingFee).where(eq(listingFee.listingId, listingId))
  if (fees.length > 0) await tx.insert(listingFee).values(fees.map((fee) => ({ listingId, ...fee })))
}

/**
 * The neighborhood field took the site's American spelling on 2026-11-29; a client written before
 * still sends `neighbourhood`, which is read as `neighborhood` unless that is sent too.
 */
function withAmericanSpelling(fields: unknown): unknown {
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return fields
  if (!('neighbourhood' in fields) || 'neighborhood' in fields) return fields
  const { neighbourhood, ...rest } = fields as Record<string, unknown>
  return { ...rest, neighborhood: neighbourhood }
}

/** Creates a draft listing. Only landlords and administrators list homes, once they accepted the Terms of Use in force. */
export async function createListing(db: Db, { viewerId, input }: { viewerId: string; input: unknown }): Promise<ListingDetail> {
  const valid = parseOrThrow(listingInputSchema, withAmericanSpelling(input))
  await checkTermsAccepted(db, viewerId)
  const id = await db.transaction(async (tx) => {
    await checkMayPublishListings(tx, viewerId)
    const [row] = await tx
      .insert(listing)
      .values({ ownerId: viewerId, ...listingColumns(valid) })
      .returning({ id: listing.id })
    await replaceFees(tx, row!.id, valid.fees)
    // A new listing is a draft: its prices are not offered until it is published.
    await recordPrices(tx, row!.id, null, valid, 'off-market')
    return row!.id
  })
  noteListingChange()
  return (await findListingById(db, { viewerId, listingId: id }))!
}

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
    const current = await lockChangeable(tx, { viewerId, listingId })
    const fees = await tx
      .select({ name: listingFee.name, monthlyCents: listingFee.monthlyCents })
      .from(listingFee)
      .where(eq(listingFee.listingId, listingId))
      .orderBy(asc(listingFee.id))
    const before = inputOf(current, fees)
    const after = parseOrThrow(listingInputSchema, { ...before, ...(withAmericanSpelling(changes) as object) })
    await tx
      .update(listing)
      .set({ ...listingColumns(after), updatedAt: sql`now()`, ...holdAfterEdit(current, after) })
      .where(eq(listing.id, listingId))
    if ('fees' in changes) await replaceFees(tx, listingId, after.fees)
    await recordPrices(tx, listingId, before, after, current.status === 'published' ? 'asking' : 'off-market')
  })
  noteListingChange()
  return (await findListingById(db, { viewerId, listingId }))!
}

/**
 * A published listing whose new text asks for risky payment is held at once; one held for payment
 * words whose new text no longer does goes back into search. Other holds stay as they are.
 */
function holdAfterEdit(current: typeof listing.$inferSelect, after: ValidListing) {
  const text = { title: after.title, description: after.description, approvedTextSha256: current.approvedTextSha256 }
  if (current.status === 'published' && isHeldForPaymentWords(text)) {
    return { status: 'held', heldReason: 'payment-words' satisfies HoldReason, heldAt: sql`now()` }
  }
  if (current.status === 'held' && current.heldReason === 'payment-words' && !isHeldForPaymentWords(text)) {
    return { status: 'published', heldReason: null, heldAt: null }
  }
  return {}
}

async function changeStatus(
  db: Db,
  viewerId: string,
  listingId: number,
  status: ListingStatus,
  {
    set = {},
    check,
  }: {
    set?: Partial<Record<'lastConfirmedAt' | 'updatedAt', SQL>>
    /** Refuses the change (by throwing) once the listing is locked, so nothing changes under it. */
    check?: (tx: Tx) => Promise<void>
  } = {},
): Promise<ListingDetail> {
  await db.transaction(async (tx) => {
    const current = await lockChangeable(tx, { viewerId, listingId })
    if (current.heldReason === 'removed') throw new AppError('conflict', REMOVED_STAYS_DOWN)
    // The owner may take a held listing down, not put it back on the market or mark it let.
    if (current.status === 'held' && status !== 'archived') throw new AppError('conflict', HELD_UNTIL_REVIEWED)
    await check?.(tx)
    // Going on the market with payment words in the text, or with enough open reports, holds it instead.
    const holdReason = status === 'published' ? await holdReasonForMarket(tx, current) : null
    await tx
      .update(listing)
      .set({
        status: holdReason ? 'held' : status,
        updatedAt: sql`now()`,
        ...set,
        ...(holdReason
          ? { heldReason: holdReason, heldAt: sql`now()` }
          : current.status === 'held'
            ? { heldReason: null, heldAt: null }
            : {}),
      })
      .where(eq(listing.id, listingId))
    // Going on the market begins a letting: its prices are asked afresh from now.
    if (status === 'published' && current.status !== 'published') {
      await recordPrices(tx, listingId, null, inputOf(current, []), 'listed')
    }
  })
  noteListingChange()
  return (await findListingById(db, { viewerId, listingId }))!
}

export const HELD_UNTIL_REVIEWED = 'This listing is held for review: an administrator has to look at it before it goes back on the market.'
export const REMOVED_STAYS_DOWN = 'An administrator removed this listing: it cannot go back on the market.'

export const PHOTO_NEEDED_TO_PUBLISH = 'Add at least one photo before publishing: renters skip listings without one.'

/**
 * Refuses a listing without a processed photo: renters see only ready photos, so a pending or failed
 * one would leave the page bare. Run with the listing locked; deleting a photo locks it too.
 */
async function checkHasReadyPhoto(tx: Tx, listingId: number): Promise<void> {
  const [photo] = await tx
    .select({ id: listingPhoto.id })
    .from(listingPhoto)
    .where(and(eq(listingPhoto.listingId, listingId), eq(listingPhoto.status, 'ready')))
    .limit(1)
  if (!photo) throw new AppError('invalid', PHOTO_NEEDED_TO_PUBLISH, { photos: [PHOTO_NEEDED_TO_PUBLISH] })
}

/**
 * Publishes a listing; publishing confirms it available, so it shows in search at once. It needs the
 * Terms of Use in force accepted and at least one ready photo.
 */
export async function publishListing(db: Db, { viewerId, listingId }: { viewerId: string; listingId: number }) {
  await checkTermsAccepted(db, viewerId)
  return changeStatus(db, viewerId, listingId, 'published', {
    set: { lastConfirmedAt: sql`now()` },
    check: (tx) => checkHasReadyPhoto(tx, listingId),
  })
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
    await lockChangeable(tx, { viewerId, listingId })
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
    await lockChangeable(tx, { viewerId, listingId })
    await tx.delete(listing).where(eq(listing.id, listingId))
  })
  noteListingChange()
}
