// The console's reads of listings to moderate: the held and reported ones (or a search), each with
// its reports, the listing reports for the queue of every report, and whether a person reported one.
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { requireAdministrator } from '#server/accounts/administrators.server.ts'
import type { Db } from '#server/db/client.server.ts'
import { listing, listingReport, user } from '#server/db/schema.ts'
import { findPaymentWords } from '#common/moderation/payment-words.ts'
import type { HoldReason, ListingReportReason, ListingReportResolution } from '#common/moderation/vocabulary.ts'
import type { ListingStatus } from '#common/listings/vocabulary.ts'
import { textSha256 } from './moderation.server.ts'

const ONLY_ADMINISTRATORS = 'Only administrators moderate listings.'

export type ListingReportView = {
  id: number
  listingId: number
  reason: ListingReportReason
  text: string
  reporter: { id: string; name: string; email: string }
  createdAt: string
  resolution: ListingReportResolution | null
  resolvedBy: string | null
  resolvedAt: string | null
  resolutionNote: string | null
}

export type ModerationListing = {
  id: number
  title: string
  status: ListingStatus
  heldReason: HoldReason | 'removed' | null
  heldAt: string | null
  owner: { id: string; name: string; email: string }
  /** The payment requests found in its text now (none once the text is clean). */
  paymentWords: string[]
  isTextApproved: boolean
  openReports: number
  reports: ListingReportView[]
}

/**
 * The console's listings: held ones and those with open reports first (oldest hold or report first),
 * then, when `q` is given, any listing whose title or owner's e-mail contains it. Each with its reports.
 */
export async function findModerationListings(
  db: Db,
  { adminId, q = '', limit = 50 }: { adminId: string; q?: string; limit?: number },
): Promise<ModerationListing[]> {
  await requireAdministrator(db, adminId, ONLY_ADMINISTRATORS)
  const owner = alias(user, 'owner')
  const openReports = sql<number>`(select count(*)::int from ${listingReport} r where r.listing_id = ${listing.id} and r.resolved_at is null)`
  const firstOpen = sql`(select min(r.created_at) from ${listingReport} r where r.listing_id = ${listing.id} and r.resolved_at is null)`
  const needsLook = or(
    eq(listing.status, 'held'),
    sql`exists (select 1 from ${listingReport} r where r.listing_id = ${listing.id} and r.resolved_at is null)`,
  )
  const term = q.trim()
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const rows = await db
    .select({
      id: listing.id,
      title: listing.title,
      description: listing.description,
      status: listing.status,
      heldReason: listing.heldReason,
      heldAt: listing.heldAt,
      approvedTextSha256: listing.approvedTextSha256,
      ownerId: owner.id,
      ownerName: owner.name,
      ownerEmail: owner.email,
      openReports,
    })
    .from(listing)
    .innerJoin(owner, eq(owner.id, listing.ownerId))
    .where(term ? or(ilike(listing.title, pattern), ilike(owner.email, pattern)) : needsLook)
    .orderBy(
      sql`case when ${needsLook} then 0 else 1 end`,
      sql`least(${listing.heldAt}, ${firstOpen}) asc nulls last`,
      desc(listing.updatedAt),
      asc(listing.id),
    )
    .limit(Math.min(Math.max(1, limit), 200))
  const ids = rows.map((r) => r.id)
  const reports = ids.length === 0 ? [] : await listingReportsOf(db, ids)
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    status: row.status as ListingStatus,
    heldReason: row.heldReason as ModerationListing['heldReason'],
    heldAt: row.heldAt?.toISOString() ?? null,
    owner: { id: row.ownerId, name: row.ownerName, email: row.ownerEmail },
    paymentWords: findPaymentWords(`${row.title}.\n${row.description}`),
    isTextApproved: row.approvedTextSha256 === textSha256(row),
    openReports: Number(row.openReports),
    reports: reports.filter((r) => r.listingId === row.id),
  }))
}

async function listingReportsOf(db: Db, listingIds: number[]): Promise<ListingReportView[]> {
  const reporter = alias(user, 'reporter')
  const resolver = alias(user, 'resolver')
  const rows = await db
    .select({
      report: listingReport,
      reporterName: reporter.name,
      reporterEmail: reporter.email,
      resolverName: resolver.name,
    })
    .from(listingReport)
    .innerJoin(reporter, eq(reporter.id, listingReport.reporterId))
    .leftJoin(resolver, eq(resolver.id, listingReport.resolvedBy))
    .where(inArray(listingReport.listingId, listingIds))
    .orderBy(sql`${listingReport.resolvedAt} is not null`, asc(listingReport.createdAt), asc(listingReport.id))
  return rows.map(({ report, reporterName, reporterEmail, resolverName }) => ({
    id: report.id,
    listingId: report.listingId,
    reason: report.reason as ListingReportReason,
    text: report.text,
    reporter: { id: report.reporterId, name: reporterName, email: reporterEmail },
    createdAt: report.createdAt.toISOString(),
    resolution: report.resolution as ListingReportResolution | null,
    resolvedBy: report.resolvedBy ? (resolverName ?? 'a former administrator') : null,
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
    resolutionNote: report.resolutionNote,
  }))
}

/** One listing report in the console's queue of every kind of report. */
export type ListingQueueItem = ListingReportView & { listingTitle: string; listingStatus: ListingStatus }

/** Listing reports for the reports queue: the open ones oldest first, then the latest resolved ones. */
export async function findListingReportQueue(
  db: Db,
  { adminId, limit = 100 }: { adminId: string; limit?: number },
): Promise<{ open: ListingQueueItem[]; resolved: ListingQueueItem[] }> {
  await requireAdministrator(db, adminId, ONLY_ADMINISTRATORS)
  const reporter = alias(user, 'reporter')
  const resolver = alias(user, 'resolver')
  const base = () =>
    db
      .select({
        report: listingReport,
        reporterName: reporter.name,
        reporterEmail: reporter.email,
        resolverName: resolver.name,
        title: listing.title,
        status: listing.status,
      })
      .from(listingReport)
      .innerJoin(reporter, eq(reporter.id, listingReport.reporterId))
      .innerJoin(listing, eq(listing.id, listingReport.listingId))
      .leftJoin(resolver, eq(resolver.id, listingReport.resolvedBy))
  const cap = Math.min(Math.max(1, limit), 500)
  const [open, resolved] = await Promise.all([
    base().where(isNull(listingReport.resolvedAt)).orderBy(asc(listingReport.createdAt), asc(listingReport.id)).limit(cap),
    base().where(isNotNull(listingReport.resolvedAt)).orderBy(desc(listingReport.resolvedAt), desc(listingReport.id)).limit(cap),
  ])
  const view = ({ report, reporterName, reporterEmail, resolverName, title, status }: (typeof open)[number]): ListingQueueItem => ({
    id: report.id,
    listingId: report.listingId,
    reason: report.reason as ListingReportReason,
    text: report.text,
    reporter: { id: report.reporterId, name: reporterName, email: reporterEmail },
    createdAt: report.createdAt.toISOString(),
    resolution: report.resolution as ListingReportResolution | null,
    resolvedBy: report.resolvedBy ? (resolverName ?? 'a former administrator') : null,
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
    resolutionNote: report.resolutionNote,
    listingTitle: title,
    listingStatus: status as ListingStatus,
  })
  return { open: open.map(view), resolved: resolved.map(view) }
}

/** Whether the viewer has reported the listing already (the report page says so instead of a form). */
export async function hasReportedListing(db: Db, { reporterId, listingId }: { reporterId: string; listingId: number }): Promise<boolean> {
  const [row] = await db
    .select({ id: listingReport.id })
    .from(listingReport)
    .where(and(eq(listingReport.reporterId, reporterId), eq(listingReport.listingId, listingId)))
  return row !== undefined
}
