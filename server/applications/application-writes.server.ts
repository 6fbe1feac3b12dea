// The front door of every application write: commit through the domain (apply, transitions, retention),
// then announce — the e-mail notice as a job and a realtime event to both parties. An announcement that
// fails is logged and never undoes the write. Pages, the JSON API and the jobs all come through here.
import type { ApplicationAction, ApplicationState } from '#common/applications/vocabulary.ts'
import { storeApplication } from './apply.server.ts'
import { APPLICATION_HOME_TAKEN_JOB, APPLICATION_NOTICE_JOB } from './notices.server.ts'
import { releaseRetainedDocuments } from './retention.server.ts'
import type { ApplicationRow, ApplicationServices, RemoveFiles } from './rules.server.ts'
import { expireDueApplications, storeApplicationTransition, storeHomeLet, type PartyAction } from './transitions.server.ts'

/** Queues the notice and tells both parties' open pages; a failure is logged, the write stands. */
export async function announce(services: ApplicationServices, row: ApplicationRow, job: { name: string; data: Record<string, unknown> }) {
  const steps: [string, () => Promise<unknown>][] = [
    ['notice', () => services.jobs.send(job.name, job.data)],
    [
      'realtime',
      () =>
        services.realtime.publish({
          kind: 'application',
          applicationId: row.id,
          state: row.state as ApplicationState,
          userIds: [row.renterId, row.landlordId],
        }),
    ],
  ]
  for (const [what, step] of steps) {
    try {
      await step()
    } catch (error) {
      services.logger.warn({ err: error, applicationId: row.id, what }, 'an application change was stored but not announced')
    }
  }
}

const noticeOf = (row: ApplicationRow, action: ApplicationAction) => ({
  name: APPLICATION_NOTICE_JOB,
  data: { applicationId: row.id, action },
})

/** A renter applies for a home with their reusable application; the landlord is told. */
export async function applyToListing(services: ApplicationServices, args: Parameters<typeof storeApplication>[1]): Promise<ApplicationRow> {
  const row = await storeApplication(services.database.db, args)
  await announce(services, row, noticeOf(row, 'submitted'))
  return row
}

/**
 * A party's step: the landlord's review, request, approval or decline, the renter's answer or withdrawal.
 * The other party is told; a decline or conditional approval comes to the applicant as a written notice.
 * Approving with the home taken also tells, once each, the applicants the site declined.
 */
export async function changeApplication(
  services: ApplicationServices,
  {
    applicationId,
    actorId,
    action,
    input,
    ipAddress = null,
    now,
  }: {
    applicationId: number
    actorId: string
    action: PartyAction
    input?: unknown
    ipAddress?: string | null
    now?: Date
  },
): Promise<ApplicationRow> {
  const { row, declinedOthers } = await storeApplicationTransition(services.database.db, {
    name: action,
    applicationId,
    actorId,
    input,
    ipAddress,
    ...(now ? { now } : {}),
  })
  await announce(services, row, noticeOf(row, action))
  for (const other of declinedOthers) {
    await announce(services, other, { name: APPLICATION_HOME_TAKEN_JOB, data: { applicationId: other.id } })
  }
  return row
}

/** The expiry job: open applications no one decided on in time expire, and both parties are told. */
export async function expireApplications(services: ApplicationServices, now = new Date()): Promise<number> {
  const expired = await expireDueApplications(services.database.db, { now })
  for (const row of expired) await announce(services, row, noticeOf(row, 'expired'))
  return expired.length
}

/**
 * The retention job: documents of applications that ended without a lease DOCUMENT_RETENTION_DAYS ago
 * are deleted (rows marked, then the files removed through `removeFiles` once committed).
 */
export async function deleteRetainedDocuments(
  services: Pick<ApplicationServices, 'database'>,
  { now = new Date(), removeFiles }: { now?: Date; removeFiles?: RemoveFiles } = {},
): Promise<{ applications: number; documents: number }> {
  const { applications, documentIds } = await releaseRetainedDocuments(services.database.db, { now })
  if (documentIds.length > 0 && removeFiles) await removeFiles(documentIds)
  return { applications, documents: documentIds.length }
}

/**
 * A lease of the home was signed: the listing's other open applications are declined by the site, and each
 * applicant is told once that the home was let (the home-taken notice, claimed before it is sent).
 */
export async function homeLet(
  services: ApplicationServices,
  args: { listingId: number; applicationId: number | null; now?: Date },
): Promise<number> {
  const declined = await storeHomeLet(services.database.db, args)
  for (const other of declined) {
    await announce(services, other, { name: APPLICATION_HOME_TAKEN_JOB, data: { applicationId: other.id } })
  }
  return declined.length
}
