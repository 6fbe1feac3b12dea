// Applications as their two parties read them. Every query carries the viewer: a third person's read
// (another renter, another landlord, an administrator) finds nothing and is answered 'not-found'. The
// lists read only what a summary shows, with the snapshot's figures computed in SQL.
import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm'
import type { RenterProfile } from '#common/applications/profile.ts'
import type { ApplicationEventView, ApplicationSummary, ApplicationView, CriteriaView, DocumentView } from '#common/applications/types.ts'
import {
  OPEN_APPLICATION_STATES,
  type ApplicationAction,
  type ApplicationState,
  type ApprovalCondition,
  type DeclineReason,
  type DocumentKind,
} from '#common/applications/vocabulary.ts'
import { listingSlug } from '#common/listings/listing-url.ts'
import type { Db } from '#server/db/client.server.ts'
import {
  application,
  applicationCriteria,
  applicationDocument,
  applicationEvent,
  applicationInvite,
  listing,
  privateDocument,
  user,
} from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import { listCoApplicants } from './co-applicants.server.ts'
import { criteriaViewOf, findCriteria } from './criteria.server.ts'
import { findRenterProfile } from './profile.server.ts'
import { NO_SUCH_APPLICATION } from './rules.server.ts'
import { criteriaByIds, summaryOf, summaryQuery } from './summaries.server.ts'
import { actionsFor } from './transitions.server.ts'

/** Builds a link to a private document that works a few minutes, for one reader (the documents area's `documentLink`). */
export type LinkFor = (documentId: number, readerId: string) => string
/** Its renter, its landlord (once sent), or a co-applicant who joined: a pending invitation grants nothing. */
const isParty = (viewerId: string) =>
  or(
    eq(application.renterId, viewerId),
    and(eq(application.landlordId, viewerId), ne(application.state, 'draft')),
    sql`exists (select 1 from ${applicationInvite} co where co.application_id = ${application.id} and co.user_id = ${viewerId} and co.accepted_at is not null)`,
  )

async function eventsOf(db: Db, applicationId: number, viewerId: string): Promise<ApplicationEventView[]> {
  const rows = await db
    .select({ event: applicationEvent, actorName: user.name })
    .from(applicationEvent)
    .leftJoin(user, eq(user.id, applicationEvent.actorId))
    .where(eq(applicationEvent.applicationId, applicationId))
    .orderBy(asc(applicationEvent.id))
  return rows.map(({ event, actorName }) => ({
    id: event.id,
    action: event.action as ApplicationAction,
    fromState: event.fromState as ApplicationState | null,
    toState: event.toState as ApplicationState,
    actor: event.actorId === null ? 'Cooper Home' : event.actorId === viewerId ? 'You' : (actorName ?? 'A former member'),
    reason: event.reason,
    at: event.createdAt.toISOString(),
  }))
}

async function documentsOf(
  db: Db,
  {
    applicationId,
    viewerId,
    released,
    linkFor,
    onlyOwn = false,
  }: { applicationId: number; viewerId: string; released: boolean; linkFor?: LinkFor; onlyOwn?: boolean },
): Promise<DocumentView[]> {
  const rows = await db
    .select({ document: privateDocument })
    .from(applicationDocument)
    .innerJoin(privateDocument, eq(privateDocument.id, applicationDocument.documentId))
    .where(and(eq(applicationDocument.applicationId, applicationId), onlyOwn ? eq(privateDocument.ownerId, viewerId) : undefined))
    .orderBy(asc(privateDocument.id))
  return rows.map(({ document }) => ({
    id: document.id,
    kind: document.kind as DocumentKind,
    fileName: document.fileName,
    contentType: document.contentType,
    byteSize: document.byteSize,
    createdAt: document.createdAt.toISOString(),
    url: document.deletedAt || released || !linkFor ? null : linkFor(document.id, viewerId),
  }))
}

/** One application with its history and documents, for its renter or its landlord. */
export async function findApplication(
  db: Db,
  { applicationId, viewerId, linkFor, now = new Date() }: { applicationId: number; viewerId: string; linkFor?: LinkFor; now?: Date },
): Promise<ApplicationView> {
  const [found] = await summaryQuery(db).where(and(eq(application.id, applicationId), isParty(viewerId)))
  if (!found) throw new AppError('not-found', NO_SUCH_APPLICATION)
  const [full] = await db.select().from(application).where(eq(application.id, applicationId))
  const row = full!
  const role: ApplicationView['viewerRole'] =
    row.renterId === viewerId ? 'renter' : row.landlordId === viewerId ? 'landlord' : 'co_applicant'
  const criteria = await criteriaByIds(db, [row.criteriaId])
  const [events, documentList] = [
    await eventsOf(db, applicationId, viewerId),
    // A co-applicant reads their own application and documents, not the applicant's.
    await documentsOf(db, {
      applicationId,
      viewerId,
      released: row.documentsDeletedAt !== null,
      onlyOwn: role === 'co_applicant',
      ...(linkFor ? { linkFor } : {}),
    }),
  ]
  const coApplicants = await listCoApplicants(db, { applicationId, viewerId, role })
  return {
    ...summaryOf(found, criteria, now),
    viewerRole: role,
    coApplicants,
    moveInDate: row.moveInDate,
    leaseMonths: row.leaseMonths,
    note: row.note,
    infoRequest: row.infoRequest,
    declineReasons: row.declineReasons as DeclineReason[],
    conditions: row.conditions as ApprovalCondition[],
    decisionText: row.decisionText,
    depositCents: row.depositCents,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    criteria: row.criteriaId === null ? null : (criteria.get(row.criteriaId) ?? null),
    snapshot: role === 'co_applicant' ? null : (row.snapshot as RenterProfile | null),
    documentList,
    events,
    actions: actionsFor(row, viewerId),
  }
}

/** The renter's applications, newest first. */
export async function listRenterApplications(db: Db, renterId: string, now = new Date()): Promise<ApplicationSummary[]> {
  const rows = await summaryQuery(db).where(eq(application.renterId, renterId)).orderBy(desc(application.id)).limit(500)
  const criteria = await criteriaByIds(
    db,
    rows.map((row) => row.criteriaId),
  )
  return rows.map((row) => summaryOf(row, criteria, now))
}

/** One page of a listing's review: its number (from 1) and how many applications it shows. */
export type ReviewPage = { number: number; size: number }

type ListOptions = { listingId: number; ownerId: string; now?: Date; page?: ReviewPage; chosen?: number[] }
type ListingApplications = {
  listing: { id: number; title: string; status: string; rentCents: number | null; slug: string }
  criteria: CriteriaView | null
  applications: ApplicationSummary[]
}
type ListingApplicationsPage = ListingApplications & { total: number; page: ReviewPage; chosen: ApplicationSummary[] }

/**
 * A listing's applications for its owner, in order of arrival, with its latest criteria; anyone else:
 * 'not-found'. Every application, unless `page` asks for one page of them (the review page: a listing
 * may have hundreds), then with `total` and the page's `number` (a number past the last reads the
 * last), and `chosen`: those of the `chosen` ids that are the listing's, on any page (to compare them).
 */
export async function listListingApplications(db: Db, options: ListOptions & { page: ReviewPage }): Promise<ListingApplicationsPage>
export async function listListingApplications(db: Db, options: ListOptions & { page?: undefined }): Promise<ListingApplications>
export async function listListingApplications(
  db: Db,
  { listingId, ownerId, now = new Date(), page, chosen = [] }: ListOptions,
): Promise<ListingApplications | ListingApplicationsPage> {
  const [home] = await db
    .select({ id: listing.id, title: listing.title, status: listing.status, rentCents: listing.monthlyRentCents })
    .from(listing)
    .where(and(eq(listing.id, listingId), eq(listing.ownerId, ownerId)))
  if (!home) throw new AppError('not-found', 'No such listing.')
  const sent = and(eq(application.listingId, listingId), ne(application.state, 'draft'))
  const inArrivalOrder = [asc(application.submittedAt), asc(application.id)] as const
  const total = page ? await db.$count(application, sent) : 0
  const size = Math.max(1, Math.floor(page?.size ?? 1))
  const number = Math.min(Math.max(1, Math.floor(page?.number ?? 1)), Math.max(1, Math.ceil(total / size)))
  // A page's ids first (from the listing's index), so the summaries' figures are computed for its
  // rows only, not for every row the offset skips.
  const pageIds = db
    .select({ id: application.id })
    .from(application)
    .where(sent)
    .orderBy(...inArrivalOrder)
    .limit(size)
    .offset((number - 1) * size)
  const [rows, versions, chosenRows] = await Promise.all([
    summaryQuery(db)
      .where(page ? inArray(application.id, pageIds) : sent)
      .orderBy(...inArrivalOrder),
    db.select().from(applicationCriteria).where(eq(applicationCriteria.listingId, listingId)).orderBy(desc(applicationCriteria.version)),
    page && chosen.length > 0
      ? summaryQuery(db)
          .where(and(sent, inArray(application.id, chosen)))
          .orderBy(...inArrivalOrder)
      : [],
  ])
  const criteria = new Map(versions.map((row) => [row.id, criteriaViewOf(row)]))
  const found = {
    listing: { ...home, slug: listingSlug(home) },
    criteria: versions[0] ? criteriaViewOf(versions[0]) : null,
    applications: rows.map((row) => summaryOf(row, criteria, now)),
  }
  return page ? { ...found, total, page: { number, size }, chosen: chosenRows.map((row) => summaryOf(row, criteria, now)) } : found
}

/** What the listing page needs for its next step: the criteria, the viewer's latest application there, and what their profile lacks. */
export async function findListingApplyState(
  db: Db,
  { listingId, viewerId, now = new Date() }: { listingId: number; viewerId: string | null; now?: Date },
): Promise<{
  criteria: CriteriaView | null
  application: { id: number; state: ApplicationState } | null
  profileMissing: string[] | null
}> {
  const criteria = await findCriteria(db, listingId)
  if (!viewerId) return { criteria, application: null, profileMissing: null }
  const [[latest], found] = await Promise.all([
    db
      .select({ id: application.id, state: application.state })
      .from(application)
      .where(and(eq(application.listingId, listingId), eq(application.renterId, viewerId)))
      .orderBy(desc(application.id))
      .limit(1),
    findRenterProfile(db, viewerId, now),
  ])
  return {
    criteria,
    application: latest ? { id: latest.id, state: latest.state as ApplicationState } : null,
    profileMissing: found.profile ? found.missing : null,
  }
}

/** How many applications wait for the owner's decision on each of these listings (listings with none are absent). */
export async function countWaitingApplications(
  db: Db,
  { ownerId, listingIds }: { ownerId: string; listingIds: number[] },
): Promise<Map<number, number>> {
  if (listingIds.length === 0) return new Map()
  const rows = await db
    .select({ listingId: application.listingId, waiting: sql<number>`count(*)::int`.mapWith(Number) })
    .from(application)
    .where(
      and(
        eq(application.landlordId, ownerId),
        inArray(application.listingId, listingIds),
        inArray(application.state, [...OPEN_APPLICATION_STATES]),
      ),
    )
    .groupBy(application.listingId)
  return new Map(rows.map((row) => [row.listingId, row.waiting]))
}
