// A co-applicant leaves an open application, or the renter removes one (joined or only invited). Their
// invitation goes with their snapshot and their documents' attachment to the application, so the landlord
// no longer reads them and they no longer find the application; the log keeps an event of it.
import { and, eq, inArray } from 'drizzle-orm'
import type { ApplicationState } from '#common/applications/vocabulary.ts'
import { applicationDocument, applicationInvite, privateDocument } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import type { Tx } from '#server/listings/index.server.ts'
import { announce } from './application-writes.server.ts'
import { isOpen } from './co-applicants.server.ts'
import { APPLICATION_NOTICE_JOB } from './notices.server.ts'
import { appendEvent, type ApplicationServices, lockApplication, NO_SUCH_APPLICATION } from './rules.server.ts'

type Invite = typeof applicationInvite.$inferSelect

/** Deletes the invitation and detaches the documents its co-applicant joined with. */
async function dropInvite(tx: Tx, invite: Invite) {
  await tx.delete(applicationInvite).where(eq(applicationInvite.id, invite.id))
  if (!invite.userId) return
  const theirs = tx.select({ id: privateDocument.id }).from(privateDocument).where(eq(privateDocument.ownerId, invite.userId))
  await tx
    .delete(applicationDocument)
    .where(and(eq(applicationDocument.applicationId, invite.applicationId), inArray(applicationDocument.documentId, theirs)))
}

const nameOf = (invite: Invite) => {
  const legalName = (invite.snapshot as { legalName?: unknown } | null)?.legalName
  return typeof legalName === 'string' && legalName ? legalName : 'A co-applicant'
}

/**
 * The co-applicant `userId` leaves (`inviteId` absent), or the renter `userId` removes the invitation
 * `inviteId`. Anyone who is not a party finds no application; the landlord, a co-applicant removing
 * someone, or the renter "leaving" are refused; a decided application keeps its co-applicants.
 */
export async function removeCoApplicant(
  services: ApplicationServices,
  {
    applicationId,
    userId,
    inviteId,
    ipAddress = null,
  }: { applicationId: number; userId: string; inviteId?: number; ipAddress?: string | null },
) {
  const isLeaving = inviteId === undefined
  const { db } = services.database
  const row = await db.transaction(async (tx) => {
    const current = await lockApplication(tx, { applicationId, viewerId: null })
    const invites = await tx.select().from(applicationInvite).where(eq(applicationInvite.applicationId, applicationId)).for('update')
    const own = invites.find((invite) => invite.userId === userId && invite.acceptedAt !== null)
    const isParty = own || userId === current.renterId || (userId === current.landlordId && current.state !== 'draft')
    if (!isParty) throw new AppError('not-found', NO_SUCH_APPLICATION)
    if (isLeaving && !own) {
      throw new AppError('forbidden', 'Only a co-applicant can leave an application; the applicant withdraws it instead.')
    }
    if (!isLeaving && userId !== current.renterId) throw new AppError('forbidden', 'Only the applicant can remove a co-applicant.')
    const invite = isLeaving ? own : invites.find((candidate) => candidate.id === inviteId)
    if (!invite) throw new AppError('conflict', 'That co-applicant is no longer on this application.')
    if (!isOpen(current.state)) {
      throw new AppError('conflict', 'This application is decided or closed: its co-applicants stay as they were.')
    }
    await dropInvite(tx, invite)
    const state = current.state as ApplicationState
    const reason = isLeaving
      ? `${nameOf(invite)} left the application.`
      : invite.acceptedAt
        ? `${nameOf(invite)} was removed from the application.`
        : 'An invitation not yet accepted was withdrawn.'
    const action = isLeaving ? 'co_applicant_left' : 'co_applicant_removed'
    await appendEvent(tx, { applicationId, actorId: userId, action, fromState: state, toState: state, reason, ipAddress })
    return current
  })
  const action = isLeaving ? 'co_applicant_left' : 'co_applicant_removed'
  await announce(services, row, { name: APPLICATION_NOTICE_JOB, data: { applicationId, action } })
  return row
}
