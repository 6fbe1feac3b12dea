// Deleting on schedule what is no longer needed: DOCUMENT_RETENTION_DAYS after an application ended
// without a lease (declined, withdrawn, expired), the landlord's access to its documents ends and the
// documents themselves are deleted, unless another application still being decided or approved carries
// them, or the renter (or a co-applicant) keeps them in their reusable application for the next one. The decision, its
// reasons and the history stay.
import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm'
import { DOCUMENT_RETENTION_DAYS, type ApplicationState } from '#common/applications/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { application, applicationDocument, applicationInvite, privateDocument } from '#server/db/schema.ts'
import { readStoredProfile } from './profile.server.ts'
import { appendEvent, daysAfter, lockApplication } from './rules.server.ts'

const ENDED_WITHOUT_LEASE = ['declined', 'withdrawn', 'expired']
/** An application in one of these still needs its documents. */
const STILL_NEEDING = ['draft', 'submitted', 'under_review', 'info_requested', 'approved', 'conditionally_approved']

export type RetentionResult = { applications: number; documentIds: number[] }

/** Ends one application's hold on its documents in a transaction; answers the ids of the documents deleted. */
async function releaseDocuments(db: Db, applicationId: number, now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    const current = await lockApplication(tx, { applicationId, viewerId: null })
    if (current.documentsDeletedAt) return []
    const carried = await tx
      .select({ id: privateDocument.id })
      .from(applicationDocument)
      .innerJoin(privateDocument, eq(privateDocument.id, applicationDocument.documentId))
      .where(and(eq(applicationDocument.applicationId, applicationId), isNull(privateDocument.deletedAt)))
    let ids = carried.map((row) => row.id)
    if (ids.length > 0) {
      const needed = await tx
        .selectDistinct({ id: applicationDocument.documentId })
        .from(applicationDocument)
        .innerJoin(application, eq(application.id, applicationDocument.applicationId))
        .where(
          and(inArray(applicationDocument.documentId, ids), ne(application.id, applicationId), inArray(application.state, STILL_NEEDING)),
        )
      const kept = new Set(needed.map((row) => row.id))
      // The renter's and each joined co-applicant's reusable application keep theirs for the next one.
      const coApplicants = await tx
        .select({ userId: applicationInvite.userId })
        .from(applicationInvite)
        .where(and(eq(applicationInvite.applicationId, applicationId), isNotNull(applicationInvite.acceptedAt)))
      for (const holder of [current.renterId, ...coApplicants.map((row) => row.userId)]) {
        if (!holder) continue
        const profile = await readStoredProfile(tx, holder)
        for (const id of profile?.profile.documentIds ?? []) kept.add(id)
      }
      ids = ids.filter((id) => !kept.has(id))
    }
    if (ids.length > 0) {
      await tx.update(privateDocument).set({ deletedAt: now }).where(inArray(privateDocument.id, ids))
    }
    await tx.update(application).set({ documentsDeletedAt: now }).where(eq(application.id, applicationId))
    await appendEvent(tx, {
      applicationId,
      actorId: null,
      action: 'documents_deleted',
      fromState: current.state as ApplicationState,
      toState: current.state as ApplicationState,
      reason: `Documents are no longer shared with the landlord, ${DOCUMENT_RETENTION_DAYS} days after the application ended.`,
    })
    return ids
  })
}

/** Every application that ended without a lease more than DOCUMENT_RETENTION_DAYS ago and still holds its documents. */
export async function releaseRetainedDocuments(
  db: Db,
  { now = new Date(), limit = 500 }: { now?: Date; limit?: number } = {},
): Promise<RetentionResult> {
  const cutoff = daysAfter(now, -DOCUMENT_RETENTION_DAYS)
  const due = await db
    .select({ id: application.id })
    .from(application)
    .where(
      and(
        inArray(application.state, ENDED_WITHOUT_LEASE),
        isNull(application.documentsDeletedAt),
        sql`coalesce(${application.decidedAt}, ${application.updatedAt}) <= ${cutoff.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(application.id)
    .limit(limit)
  const documentIds: number[] = []
  for (const { id } of due) documentIds.push(...(await releaseDocuments(db, id, now)))
  return { applications: due.length, documentIds }
}
