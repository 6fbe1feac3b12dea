// Reports of published stay reviews: anyone signed in but the review's author reports one, once; an
// administrator dismisses the reports or removes the review for the published rule it breaks (the
// removal of reviews.server.ts, in the same transaction as closing the reports). Each administrator
// action is one function taking (db, { adminId, reviewId, reason, … }) that returns what it did.
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { requireAdministrator } from '#server/accounts/index.server.ts'
import { recordAdminAction } from '#server/admin-audit.server.ts'
import type { Db } from '#server/db/client.server.ts'
import { listing, reviewReport, stayReview, user } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import { adminReasonSchema, reviewReportActionSchema, reviewReportSchema } from '#common/moderation/schemas.ts'
import type { ReviewReportResolution } from '#common/moderation/vocabulary.ts'
import type { ReviewRuleKey } from '#common/stays/reviews.ts'
import { storeReviewRemoval } from './reviews.server.ts'

const ONLY_ADMINISTRATORS = 'Only administrators act on reports of reviews.'

/** Files a report of a published, not removed review. Reporting the same review again changes nothing (created false). */
export async function reportReview(
  db: Db,
  { reporterId, reviewId, listingId, input }: { reporterId: string; reviewId: number; listingId?: number; input: unknown },
): Promise<{ created: boolean; listingId: number }> {
  const { text } = parseOrThrow(reviewReportSchema, input, 'The report could not be sent.')
  const [review] = await db
    .select({ authorId: stayReview.authorId, listingId: stayReview.listingId })
    .from(stayReview)
    .where(
      and(
        eq(stayReview.id, reviewId),
        listingId === undefined ? undefined : eq(stayReview.listingId, listingId),
        eq(stayReview.side, 'guest'),
        isNotNull(stayReview.publishedAt),
        isNull(stayReview.removedAt),
      ),
    )
  if (!review) throw new AppError('not-found', 'No such review.')
  if (review.authorId === reporterId) throw new AppError('invalid', 'This is your own review: you cannot report it.')
  const inserted = await db
    .insert(reviewReport)
    .values({ reviewId, reporterId, text })
    .onConflictDoNothing()
    .returning({ id: reviewReport.id })
  return { created: inserted.length > 0, listingId: review.listingId }
}

/** What an administrator's action on a reported review did. */
export type ReviewModeration = {
  action: ReviewReportResolution
  reviewId: number
  listingId: number
  reason: string
  rule: ReviewRuleKey | null
  reportsResolved: number
}

async function closeReports(
  tx: Pick<Db, 'update'>,
  { adminId, reviewId, resolution, reason }: { adminId: string; reviewId: number; resolution: ReviewReportResolution; reason: string },
) {
  const rows = await tx
    .update(reviewReport)
    .set({ resolution, resolvedBy: adminId, resolvedAt: sql`now()`, resolutionNote: reason })
    .where(and(eq(reviewReport.reviewId, reviewId), isNull(reviewReport.resolvedAt)))
    .returning({ id: reviewReport.id })
  return rows.length
}

/** Dismisses every open report of a review, which stays published. */
export async function dismissReviewReports(
  db: Db,
  { adminId, reviewId, reason, ip }: { adminId: string; reviewId: number; reason: unknown; ip?: string | null },
): Promise<ReviewModeration> {
  const note = parseOrThrow(adminReasonSchema, reason, 'Say why the review stays.')
  return db.transaction(async (tx) => {
    await requireAdministrator(tx, adminId, ONLY_ADMINISTRATORS)
    const [review] = await tx.select({ listingId: stayReview.listingId }).from(stayReview).where(eq(stayReview.id, reviewId))
    if (!review) throw new AppError('not-found', 'No such review.')
    const reportsResolved = await closeReports(tx, { adminId, reviewId, resolution: 'dismissed', reason: note })
    if (reportsResolved === 0)
      throw new AppError('conflict', 'No report of this review is open: another administrator acted on it already.')
    await recordAdminAction(tx, {
      adminId,
      action: 'review-reports-dismissed',
      targetKind: 'review',
      targetId: String(reviewId),
      reason: note,
      ip,
    })
    return { action: 'dismissed', reviewId, listingId: review.listingId, reason: note, rule: null, reportsResolved }
  })
}

/**
 * Removes a reported review for the published rule it breaks (stored with the review, as any removal)
 * and resolves its open reports, in one transaction. The parties are told by the caller (removeStayReview's announcement).
 */
export async function removeReportedReview(
  db: Db,
  { adminId, reviewId, rule, reason, ip }: { adminId: string; reviewId: number; rule: unknown; reason: unknown; ip?: string | null },
): Promise<ReviewModeration & { booking: Awaited<ReturnType<typeof storeReviewRemoval>>['booking'] }> {
  const note = parseOrThrow(adminReasonSchema, reason, 'Say why the review is removed.')
  const { rule: brokenRule } = parseOrThrow(reviewReportActionSchema, { rule }, 'Choose the rule the review breaks.')
  return db.transaction(async (tx) => {
    await requireAdministrator(tx, adminId, ONLY_ADMINISTRATORS)
    // The removal's own transaction is a savepoint inside this one.
    const removed = await storeReviewRemoval(tx as unknown as Db, { viewerId: adminId, reviewId, input: { rule: brokenRule, note } })
    const reportsResolved = await closeReports(tx, { adminId, reviewId, resolution: 'review-removed', reason: note })
    await recordAdminAction(tx, {
      adminId,
      action: 'review-removed',
      targetKind: 'review',
      targetId: String(reviewId),
      reason: `${brokenRule}: ${note}`,
      ip,
    })
    return {
      action: 'review-removed',
      reviewId,
      listingId: removed.booking.listingId,
      reason: note,
      rule: brokenRule,
      reportsResolved,
      booking: removed.booking,
    }
  })
}

/** One review report in the console's queue. */
export type ReviewQueueItem = {
  id: number
  reviewId: number
  reviewText: string
  reviewAuthor: string
  isReviewRemoved: boolean
  listingId: number
  listingTitle: string
  text: string
  reporter: { id: string; name: string; email: string }
  createdAt: string
  resolution: ReviewReportResolution | null
  resolvedBy: string | null
  resolvedAt: string | null
  resolutionNote: string | null
}

/** Review reports for the queue: the open ones oldest first, then the latest resolved ones. */
export async function findReviewReportQueue(
  db: Db,
  { adminId, limit = 100 }: { adminId: string; limit?: number },
): Promise<{ open: ReviewQueueItem[]; resolved: ReviewQueueItem[] }> {
  await requireAdministrator(db, adminId, ONLY_ADMINISTRATORS)
  const reporter = alias(user, 'reporter')
  const resolver = alias(user, 'resolver')
  const author = alias(user, 'author')
  const base = () =>
    db
      .select({
        report: reviewReport,
        reporterName: reporter.name,
        reporterEmail: reporter.email,
        resolverName: resolver.name,
        authorName: author.name,
        reviewText: stayReview.text,
        removedAt: stayReview.removedAt,
        listingId: listing.id,
        listingTitle: listing.title,
      })
      .from(reviewReport)
      .innerJoin(reporter, eq(reporter.id, reviewReport.reporterId))
      .innerJoin(stayReview, eq(stayReview.id, reviewReport.reviewId))
      .innerJoin(author, eq(author.id, stayReview.authorId))
      .innerJoin(listing, eq(listing.id, stayReview.listingId))
      .leftJoin(resolver, eq(resolver.id, reviewReport.resolvedBy))
  const cap = Math.min(Math.max(1, limit), 500)
  const [open, resolved] = await Promise.all([
    base().where(isNull(reviewReport.resolvedAt)).orderBy(asc(reviewReport.createdAt), asc(reviewReport.id)).limit(cap),
    base().where(isNotNull(reviewReport.resolvedAt)).orderBy(desc(reviewReport.resolvedAt), desc(reviewReport.id)).limit(cap),
  ])
  const view = (row: (typeof open)[number]): ReviewQueueItem => ({
    id: row.report.id,
    reviewId: row.report.reviewId,
    reviewText: row.reviewText,
    reviewAuthor: row.authorName,
    isReviewRemoved: row.removedAt !== null,
    listingId: row.listingId,
    listingTitle: row.listingTitle,
    text: row.report.text,
    reporter: { id: row.report.reporterId, name: row.reporterName, email: row.reporterEmail },
    createdAt: row.report.createdAt.toISOString(),
    resolution: row.report.resolution as ReviewReportResolution | null,
    resolvedBy: row.report.resolvedBy ? (row.resolverName ?? 'a former administrator') : null,
    resolvedAt: row.report.resolvedAt?.toISOString() ?? null,
    resolutionNote: row.report.resolutionNote,
  })
  return { open: open.map(view), resolved: resolved.map(view) }
}
