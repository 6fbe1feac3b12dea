// What /admin/reports loads and does, for administrators only (anyone else, visitors included, gets
// 404): one queue of every report — chat messages, listings, stay reviews — the open ones oldest
// first, then the latest resolved ones with what was done and by whom. Reviews are acted on here (dismiss
// the reports, or remove the review for the rule it breaks); a listing's report leads to the listing in
// /admin/listings, a message's to /chat/reports, where those actions live.
import { parsePositiveId } from '#common/ids.ts'
import { listingPath } from '#common/listings/listing-url.ts'
import {
  LISTING_REPORT_REASON_LABELS,
  LISTING_REPORT_RESOLUTION_LABELS,
  REVIEW_REPORT_RESOLUTION_LABELS,
} from '#common/moderation/vocabulary.ts'
import { clientAddress, requireConsoleAdmin } from '#server/accounts/index.server.ts'
import { AppError, isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { UNKNOWN_FORM, refusalOf, withPageErrors } from '#server/http/route-errors.server.ts'
import { findListingReportQueue } from '#server/listings/index.server.ts'
import { listOpenReports, listResolvedReports } from '#server/messages/index.server.ts'
import type { Services } from '#server/services.server.ts'
import { dismissReviewReports, findReviewReportQueue, removeReportedStayReview } from '#server/stays/index.server.ts'

export const ADMIN_REPORTS_PATH = '/admin/reports'

/** One report in the queue, whatever was reported. */
export type QueueItem = {
  key: string
  kind: 'message' | 'listing' | 'review'
  /** What was reported, in a few words. */
  subject: string
  /** The reported words (a message, a review), when there are any. */
  quoted: string | null
  reason: string
  reporterName: string
  reportedAt: string
  /** Where an administrator acts on it, when not on this page. */
  actHref: string | null
  /** A review report's review, acted on here. */
  reviewId: number | null
  resolution: string | null
  resolvedBy: string | null
  resolvedAt: string | null
  resolutionNote: string | null
}

const MESSAGE_RESOLUTIONS: Record<string, string> = { dismissed: 'Report dismissed', deleted: 'Message deleted', muted: 'Author muted' }

export function loadAdminReports(services: Services, request: Request) {
  return withPageErrors(async () => {
    const current = await requireConsoleAdmin(services, request)
    const { db } = services.database
    const adminId = current.userId
    const [messages, resolvedMessages, listings, reviews] = await Promise.all([
      listOpenReports(db, { viewerId: adminId }),
      listResolvedReports(db, { viewerId: adminId, limit: 50 }),
      findListingReportQueue(db, { adminId, limit: 100 }),
      findReviewReportQueue(db, { adminId, limit: 100 }),
    ])
    const where = (kind: string) => (kind === 'room' ? 'in the Community room' : 'in a private conversation')
    const open: QueueItem[] = [
      ...messages.map((m) => ({
        key: `message-${m.id}`,
        kind: 'message' as const,
        subject: `Message from ${m.message?.author.name ?? 'a former member'} ${where(m.kind)}`,
        quoted: m.message && !m.message.deleted ? m.message.body : null,
        reason: m.reason,
        reporterName: m.reporter.name,
        reportedAt: m.reportedAt,
        actHref: '/chat/reports',
        reviewId: null,
        resolution: null,
        resolvedBy: null,
        resolvedAt: null,
        resolutionNote: null,
      })),
      ...listings.open.map((l) => listingItem(l)),
      ...reviews.open.map((r) => reviewItem(r)),
    ].sort((a, b) => a.reportedAt.localeCompare(b.reportedAt) || a.key.localeCompare(b.key))
    const resolved: QueueItem[] = [
      ...resolvedMessages.map((m) => ({
        key: `message-${m.id}`,
        kind: 'message' as const,
        subject: `Message ${where(m.kind)}`,
        quoted: null,
        reason: m.reason,
        reporterName: m.reporterName,
        reportedAt: m.reportedAt,
        actHref: null,
        reviewId: null,
        resolution: MESSAGE_RESOLUTIONS[m.resolution] ?? m.resolution,
        resolvedBy: m.resolvedBy,
        resolvedAt: m.resolvedAt,
        resolutionNote: null,
      })),
      ...listings.resolved.map((l) => listingItem(l)),
      ...reviews.resolved.map((r) => reviewItem(r)),
    ]
      .sort((a, b) => (b.resolvedAt ?? '').localeCompare(a.resolvedAt ?? '') || b.key.localeCompare(a.key))
      .slice(0, 50)
    return { open, resolved }
  })
}

function listingItem(l: Awaited<ReturnType<typeof findListingReportQueue>>['open'][number]): QueueItem {
  return {
    key: `listing-${l.id}`,
    kind: 'listing',
    subject: `Listing “${l.listingTitle}”`,
    quoted: null,
    reason: `${LISTING_REPORT_REASON_LABELS[l.reason]}${l.text ? `: ${l.text}` : ''}`,
    reporterName: l.reporter.name,
    reportedAt: l.createdAt,
    actHref: l.resolution ? listingPath({ id: l.listingId, title: l.listingTitle }) : `/admin/listings#listing-${l.listingId}`,
    reviewId: null,
    resolution: l.resolution ? LISTING_REPORT_RESOLUTION_LABELS[l.resolution] : null,
    resolvedBy: l.resolvedBy,
    resolvedAt: l.resolvedAt,
    resolutionNote: l.resolutionNote,
  }
}

function reviewItem(r: Awaited<ReturnType<typeof findReviewReportQueue>>['open'][number]): QueueItem {
  return {
    key: `review-${r.id}`,
    kind: 'review',
    subject: `Review by ${r.reviewAuthor} of “${r.listingTitle}”`,
    quoted: r.isReviewRemoved ? null : r.reviewText,
    reason: r.text,
    reporterName: r.reporter.name,
    reportedAt: r.createdAt,
    actHref: null,
    reviewId: r.reviewId,
    resolution: r.resolution ? REVIEW_REPORT_RESOLUTION_LABELS[r.resolution] : null,
    resolvedBy: r.resolvedBy,
    resolvedAt: r.resolvedAt,
    resolutionNote: r.resolutionNote,
  }
}

const text = (formData: FormData, name: string) => {
  const value = formData.get(name)
  return typeof value === 'string' ? value : ''
}

export async function adminReportsAction(services: Services, request: Request) {
  const current = await requireConsoleAdmin(services, request)
  const { db } = services.database
  const formData = await request.formData()
  const intent = text(formData, 'intent')
  const reviewId = parsePositiveId(text(formData, 'reviewId')) ?? undefined
  const reason = text(formData, 'reason')
  try {
    if (reviewId === undefined) throw new AppError('invalid', UNKNOWN_FORM)
    if (intent === 'dismiss-review') {
      const done = await dismissReviewReports(db, { adminId: current.userId, reviewId, reason, ip: clientAddress(request.headers) })
      return redirectWithToast(ADMIN_REPORTS_PATH, {
        type: 'success',
        message: `${done.reportsResolved === 1 ? 'The report is' : `${done.reportsResolved} reports are`} dismissed; the review stays.`,
      })
    }
    if (intent === 'remove-review') {
      await removeReportedStayReview(services, {
        adminId: current.userId,
        reviewId,
        rule: text(formData, 'rule'),
        reason,
        ip: clientAddress(request.headers),
      })
      return redirectWithToast(ADMIN_REPORTS_PATH, {
        type: 'success',
        message: 'The review is removed, with the rule it broke, and its reports resolved.',
      })
    }
    throw new AppError('invalid', UNKNOWN_FORM)
  } catch (error) {
    if (!isAppError(error)) throw error
    return refusalOf(error, { reviewId, intent })
  }
}
