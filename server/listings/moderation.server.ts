// Listings reported and checked: a person's report of a published listing, the holds that take a
// listing out of search until an administrator looks (several reports, payment words in its text, its
// owner banned), and the administrators' three actions on a listing: approve, unpublish, remove. Each
// administrator action is one function taking (db, { adminId, listingId, reason }) that runs in one
// transaction and returns what it did. The e-mails to the owner are the caller's, after commit
// (LISTING_NOTICE_JOB in moderation-notices.server.ts).
import { createHash } from 'node:crypto'
import { and, countDistinct, eq, isNull, sql } from 'drizzle-orm'
import { isAdministrator, requireAdministrator } from '#server/accounts/administrators.server.ts'
import { recordAdminAction } from '#server/admin-audit.server.ts'
import type { Db } from '#server/db/client.server.ts'
import { listing, listingReport } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import { asksForRiskyPayment } from '#common/moderation/payment-words.ts'
import { adminReasonSchema, listingReportSchema, optionalReasonSchema } from '#common/moderation/schemas.ts'
import { REPORTS_TO_HOLD, type HoldReason, type ListingReportResolution } from '#common/moderation/vocabulary.ts'
import type { ListingStatus } from '#common/listings/vocabulary.ts'
import type { Tx } from './access.server.ts'
import { noteListingChange } from './changes.ts'

type Writer = Db | Tx

/** The fingerprint of a listing's text an administrator approved, so the same text is not held again. */
export function textSha256(text: { title: string; description: string }): string {
  return createHash('sha256').update(`${text.title}\n${text.description}`).digest('hex')
}

/** True when the text asks for wire transfers, gift cards or crypto and no administrator approved this very text. */
export function isHeldForPaymentWords(row: { title: string; description: string; approvedTextSha256: string | null }): boolean {
  return asksForRiskyPayment(row) && textSha256(row) !== row.approvedTextSha256
}

async function countOpenReporters(tx: Writer, listingId: number): Promise<number> {
  const [row] = await tx
    .select({ n: countDistinct(listingReport.reporterId) })
    .from(listingReport)
    .where(and(eq(listingReport.listingId, listingId), isNull(listingReport.resolvedAt)))
  return Number(row?.n ?? 0)
}

/**
 * Why a listing going on the market (or a published one whose text changed) must be held instead,
 * or null: its text asks for risky payment, or enough people's reports are still open.
 */
export async function holdReasonForMarket(
  tx: Writer,
  row: { id: number; title: string; description: string; approvedTextSha256: string | null },
): Promise<HoldReason | null> {
  if (isHeldForPaymentWords(row)) return 'payment-words'
  if ((await countOpenReporters(tx, row.id)) >= REPORTS_TO_HOLD) return 'reports'
  return null
}

/** What a listing's hold reads as to its owner and the console; null when not held. */
export type ListingHold = { reason: HoldReason; heldAt: string }

/** The hold of a listing the viewer owns (or administers); null when it is not held or not theirs. */
export async function findListingHold(
  db: Db,
  { viewerId, listingId }: { viewerId: string; listingId: number },
): Promise<ListingHold | null> {
  const [row] = await db
    .select({ status: listing.status, ownerId: listing.ownerId, heldReason: listing.heldReason, heldAt: listing.heldAt })
    .from(listing)
    .where(eq(listing.id, listingId))
  if (!row || row.status !== 'held' || !row.heldReason || !row.heldAt) return null
  if (row.ownerId !== viewerId && !(await isAdministrator(db, viewerId))) return null
  return { reason: row.heldReason as HoldReason, heldAt: row.heldAt.toISOString() }
}

// --- Reports ---

export type ReportListingResult = { created: boolean; held: boolean; ownerId: string; listingId: number }

/**
 * A signed-in person (not the owner) reports a published listing, once: a second report of the same
 * listing changes nothing (created false). The report that makes REPORTS_TO_HOLD different people
 * holds the listing out of search in the same transaction.
 */
export async function reportListing(
  db: Db,
  { reporterId, listingId, input }: { reporterId: string; listingId: number; input: unknown },
): Promise<ReportListingResult> {
  const { reason, text } = parseOrThrow(listingReportSchema, input, 'The report could not be sent.')
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: listing.id, ownerId: listing.ownerId, status: listing.status })
      .from(listing)
      .where(eq(listing.id, listingId))
      .for('update')
    if (!row || (row.status !== 'published' && row.status !== 'held')) throw new AppError('not-found', 'No such listing.')
    if (row.ownerId === reporterId) throw new AppError('invalid', 'This is your own listing: you cannot report it.')
    const inserted = await tx
      .insert(listingReport)
      .values({ listingId, reporterId, reason, text })
      .onConflictDoNothing()
      .returning({ id: listingReport.id })
    let held = false
    if (inserted.length > 0 && row.status === 'published' && (await countOpenReporters(tx, listingId)) >= REPORTS_TO_HOLD) {
      await tx
        .update(listing)
        .set({ status: 'held', heldReason: 'reports', heldAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(listing.id, listingId))
      held = true
    }
    return { created: inserted.length > 0, held, ownerId: row.ownerId, listingId }
  })
  if (result.held) noteListingChange()
  return result
}

// --- Holds of an owner's listings (for bans) ---

/**
 * Holds every published listing of an owner out of search with `reason` (a ban: 'owner-banned'), in
 * the caller's transaction when given one. Returns the ids held; listings held already keep their reason.
 */
export async function holdOwnerListings(db: Writer, ownerId: string, reason: HoldReason): Promise<number[]> {
  const rows = await db
    .update(listing)
    .set({ status: 'held', heldReason: reason, heldAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(listing.ownerId, ownerId), eq(listing.status, 'published')))
    .returning({ id: listing.id })
  if (rows.length > 0) noteListingChange()
  return rows.map((r) => r.id)
}

/**
 * Puts back in search exactly the owner's listings held with reason 'owner-banned' (those
 * holdOwnerListings held for a ban); holds for other reasons stay. Returns the ids released.
 */
export async function releaseOwnerListings(db: Writer, ownerId: string): Promise<number[]> {
  const rows = await db
    .update(listing)
    .set({ status: 'published', heldReason: null, heldAt: null, updatedAt: sql`now()` })
    .where(and(eq(listing.ownerId, ownerId), eq(listing.status, 'held'), eq(listing.heldReason, 'owner-banned')))
    .returning({ id: listing.id })
  if (rows.length > 0) noteListingChange()
  return rows.map((r) => r.id)
}

// --- The administrators' actions ---

/** What an administrator's action on a listing did, for the page's words, the owner's e-mail and the audit log. */
export type ListingModeration = {
  action: ListingReportResolution
  listingId: number
  title: string
  ownerId: string
  fromStatus: ListingStatus
  toStatus: ListingStatus
  reason: string
  /** How many open reports of the listing this closed. */
  reportsResolved: number
}

const ONLY_ADMINISTRATORS = 'Only administrators moderate listings.'

async function lockForModeration(tx: Tx, adminId: string, listingId: number) {
  await requireAdministrator(tx, adminId, ONLY_ADMINISTRATORS)
  const [row] = await tx.select().from(listing).where(eq(listing.id, listingId)).for('update')
  if (!row) throw new AppError('not-found', 'No such listing.')
  return row
}

async function resolveReports(
  tx: Tx,
  { adminId, listingId, resolution, reason }: { adminId: string; listingId: number; resolution: ListingReportResolution; reason: string },
) {
  const rows = await tx
    .update(listingReport)
    .set({ resolution, resolvedBy: adminId, resolvedAt: sql`now()`, resolutionNote: reason || null })
    .where(and(eq(listingReport.listingId, listingId), isNull(listingReport.resolvedAt)))
    .returning({ id: listingReport.id })
  return rows.length
}

/**
 * Approves a held or reported listing: a hold for reports or payment words is released (back in
 * search), every open report is resolved as approved, and the text as it stands is marked approved,
 * so neither the same reports nor the same words hold it again. A hold for a ban stays until the unban.
 */
export async function approveListing(
  db: Db,
  { adminId, listingId, reason, ip }: { adminId: string; listingId: number; reason?: unknown; ip?: string | null },
): Promise<ListingModeration> {
  const note = parseOrThrow(optionalReasonSchema, reason ?? '', 'The approval could not be saved.')
  const done = await db.transaction(async (tx) => {
    const row = await lockForModeration(tx, adminId, listingId)
    if (row.status === 'held' && row.heldReason === 'owner-banned') {
      throw new AppError('conflict', 'This listing is held because its owner is banned; it goes back when the ban is lifted.')
    }
    const reportsResolved = await resolveReports(tx, { adminId, listingId, resolution: 'approved', reason: note })
    const isHeld = row.status === 'held'
    if (!isHeld && reportsResolved === 0) throw new AppError('conflict', 'Nothing about this listing waits for approval.')
    await tx
      .update(listing)
      .set({
        approvedTextSha256: textSha256(row),
        ...(isHeld ? { status: 'published', heldReason: null, heldAt: null, updatedAt: sql`now()` } : {}),
      })
      .where(eq(listing.id, listingId))
    const toStatus: ListingStatus = isHeld ? 'published' : (row.status as ListingStatus)
    await recordAdminAction(tx, {
      adminId,
      action: 'listing-approved',
      targetKind: 'listing',
      targetId: String(listingId),
      targetLabel: row.title,
      reason: note,
      ip,
    })
    return {
      action: 'approved',
      listingId,
      title: row.title,
      ownerId: row.ownerId,
      fromStatus: row.status as ListingStatus,
      toStatus,
      reason: note,
      reportsResolved,
    } as const
  })
  noteListingChange()
  return done
}

/**
 * Unpublishes a published or held listing with a reason the owner is sent: it goes back to a draft
 * the owner may fix and publish again (when the checks hold it again if needed); its open reports are
 * resolved as unpublished.
 */
export async function unpublishListing(
  db: Db,
  { adminId, listingId, reason, ip }: { adminId: string; listingId: number; reason: unknown; ip?: string | null },
): Promise<ListingModeration> {
  const note = parseOrThrow(adminReasonSchema, reason, 'Say why the listing is unpublished: the owner is told.')
  const done = await db.transaction(async (tx) => {
    const row = await lockForModeration(tx, adminId, listingId)
    if (row.status !== 'published' && row.status !== 'held')
      throw new AppError('conflict', 'Only a published or held listing can be unpublished.')
    await tx
      .update(listing)
      .set({ status: 'draft', heldReason: null, heldAt: null, updatedAt: sql`now()` })
      .where(eq(listing.id, listingId))
    const reportsResolved = await resolveReports(tx, { adminId, listingId, resolution: 'unpublished', reason: note })
    await recordAdminAction(tx, {
      adminId,
      action: 'listing-unpublished',
      targetKind: 'listing',
      targetId: String(listingId),
      targetLabel: row.title,
      reason: note,
      ip,
    })
    return {
      action: 'unpublished',
      listingId,
      title: row.title,
      ownerId: row.ownerId,
      fromStatus: row.status as ListingStatus,
      toStatus: 'draft',
      reason: note,
      reportsResolved,
    } as const
  })
  noteListingChange()
  return done
}

/**
 * Removes a listing for good: it is archived, not deleted, so the leases, applications, tours and
 * ledgers that name it stay whole (docs/decisions/048-listing-reports-threshold.md), and marked
 * removed, so its owner cannot publish it again. Its open reports are resolved as removed.
 */
export async function removeListing(
  db: Db,
  { adminId, listingId, reason, ip }: { adminId: string; listingId: number; reason: unknown; ip?: string | null },
): Promise<ListingModeration> {
  const note = parseOrThrow(adminReasonSchema, reason, 'Say why the listing is removed: the owner is told.')
  const done = await db.transaction(async (tx) => {
    const row = await lockForModeration(tx, adminId, listingId)
    if (row.heldReason === 'removed') throw new AppError('conflict', 'This listing was removed already.')
    await tx
      .update(listing)
      .set({ status: 'archived', heldReason: 'removed', heldAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(listing.id, listingId))
    const reportsResolved = await resolveReports(tx, { adminId, listingId, resolution: 'removed', reason: note })
    await recordAdminAction(tx, {
      adminId,
      action: 'listing-removed',
      targetKind: 'listing',
      targetId: String(listingId),
      targetLabel: row.title,
      reason: note,
      ip,
    })
    return {
      action: 'removed',
      listingId,
      title: row.title,
      ownerId: row.ownerId,
      fromStatus: row.status as ListingStatus,
      toStatus: 'archived',
      reason: note,
      reportsResolved,
    } as const
  })
  noteListingChange()
  return done
}
