// Co-applicants: each adult who will live in the home joins the renter's application with their own
// account. The renter invites them by e-mail (a link whose token is derived, not stored: see
// invite-tokens.server.ts; it works seven days); the invitee signs in with that address and joins with
// their own complete reusable application, copied into the invitation as the renter's is into the
// application. Until then an invitation grants nothing. Each step is an event on the application's log.
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import { missingFromProfile, type RenterProfile } from '#common/applications/profile.ts'
import type { ApplicationView, CoApplicantView } from '#common/applications/types.ts'
import { coApplicantInviteSchema } from '#common/applications/schemas.ts'
import {
  CO_APPLICANT_INVITE_DAYS,
  MAX_CO_APPLICANTS,
  OPEN_APPLICATION_STATES,
  type ApplicationState,
} from '#common/applications/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { application, applicationDocument, applicationInvite, listing, user } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import type { Tx } from '#server/listings/index.server.ts'
import { currentLinkOrigin } from '#server/link-origin.server.ts'
import { announce } from './application-writes.server.ts'
import { hashInviteToken, inviteToken } from './invite-tokens.server.ts'
import { APPLICATION_INVITE_JOB, APPLICATION_NOTICE_JOB } from './notices.server.ts'
import { readStoredProfile, usableDocumentIds } from './profile.server.ts'
import { appendEvent, type ApplicationServices, dayOf, daysAfter, lockApplication } from './rules.server.ts'

const INVITE_NOT_VALID = 'This invitation is no longer valid.'
const INVITE_OTHER_ADDRESS = 'This invitation was sent to another e-mail address.'

export const isOpen = (state: string) => (OPEN_APPLICATION_STATES as readonly string[]).includes(state)

/**
 * The renter invites an adult by e-mail while the application is open: at most MAX_CO_APPLICANTS, not
 * themselves, not the landlord. Inviting the same address again sends a fresh link (the old one stops working).
 */
export async function inviteCoApplicant(
  services: ApplicationServices,
  {
    applicationId,
    renterId,
    email: typed,
    ipAddress = null,
    now = new Date(),
  }: { applicationId: number; renterId: string; email: unknown; ipAddress?: string | null; now?: Date },
) {
  const { email } = parseOrThrow(coApplicantInviteSchema, { email: typed })
  const { db } = services.database
  const { row, inviteId, expiresAt } = await db.transaction(async (tx) => {
    const current = await lockApplication(tx, { applicationId, viewerId: renterId })
    if (current.renterId !== renterId) throw new AppError('forbidden', 'Only the applicant can invite co-applicants.')
    if (!isOpen(current.state)) throw new AppError('conflict', 'This application is no longer open: no one can join it now.')
    const parties = await tx
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(inArray(user.id, [current.renterId, current.landlordId]))
    for (const party of parties) {
      if (party.email.toLowerCase() !== email) continue
      const message = party.id === renterId ? 'That is your own e-mail address.' : 'That is the landlord’s e-mail address.'
      throw new AppError('invalid', message, { email: [message] })
    }
    const [existing] = await tx
      .select()
      .from(applicationInvite)
      .where(and(eq(applicationInvite.applicationId, applicationId), eq(applicationInvite.email, email)))
    if (existing?.acceptedAt)
      throw new AppError('conflict', 'This person has already joined the application.', { email: ['Already joined.'] })
    const expiresAt = daysAfter(now, CO_APPLICANT_INVITE_DAYS)
    let inviteId: number
    if (existing) {
      inviteId = existing.id
      await tx
        .update(applicationInvite)
        .set({ expiresAt, tokenHash: hashInviteToken(inviteToken(inviteId, expiresAt)) })
        .where(eq(applicationInvite.id, inviteId))
    } else {
      const [{ invited } = { invited: 0 }] = await tx
        .select({ invited: count() })
        .from(applicationInvite)
        .where(eq(applicationInvite.applicationId, applicationId))
      if (invited >= MAX_CO_APPLICANTS) {
        throw new AppError('conflict', `An application has at most ${MAX_CO_APPLICANTS} co-applicants.`)
      }
      // The token is derived from the row's id, so the id is taken before the row is written.
      const { rows } = await tx.execute<{ id: string }>(sql`select nextval(pg_get_serial_sequence('application_invite', 'id')) as id`)
      inviteId = Number(rows[0]!.id)
      const tokenHash = hashInviteToken(inviteToken(inviteId, expiresAt))
      await tx.insert(applicationInvite).values({ id: inviteId, applicationId, email, expiresAt, tokenHash })
    }
    const state = current.state as ApplicationState
    await appendEvent(tx, {
      applicationId,
      actorId: renterId,
      action: 'co_applicant_invited',
      fromState: state,
      toState: state,
      reason: existing ? 'A co-applicant was invited again.' : 'A co-applicant was invited.',
      ipAddress,
    })
    return { row: current, inviteId, expiresAt }
  })
  // No token in the job: it recomputes the link from the invitation and this expiry, and sends nothing
  // once a newer invitation has replaced this one.
  const data = { inviteId, expiresAt: expiresAt.getTime(), origin: currentLinkOrigin() }
  await announce(services, row, { name: APPLICATION_INVITE_JOB, data })
  return { inviteId, email }
}

/** An invitation by its token, valid (not used, not expired, its application open) or nothing. */
async function findValidInvite(db: Db | Tx, token: string, now: Date) {
  const [found] = await db
    .select({
      invite: applicationInvite,
      state: application.state,
      renterId: application.renterId,
      landlordId: application.landlordId,
      title: listing.title,
      street: listing.street,
      unit: listing.unit,
      city: listing.city,
      listingState: listing.state,
      renterName: user.name,
    })
    .from(applicationInvite)
    .innerJoin(application, eq(application.id, applicationInvite.applicationId))
    .innerJoin(listing, eq(listing.id, application.listingId))
    .innerJoin(user, eq(user.id, application.renterId))
    .where(eq(applicationInvite.tokenHash, hashInviteToken(token)))
  if (!found || found.invite.acceptedAt || found.invite.expiresAt <= now || !isOpen(found.state)) return null
  return found
}

type InvitePage = {
  applicationId: number
  home: string
  address: string
  invitedBy: string
  /** For a signed-in viewer: whether the invitation is theirs, and what their own application lacks (null: none saved). */
  viewer: { isAddressee: boolean; missing: string[] | null } | null
}

/** What the join page shows to the holder of a token; an unknown, used or expired one: 'not-found'. */
export async function findInvite(
  db: Db,
  { token, viewerId, now = new Date() }: { token: string; viewerId: string | null; now?: Date },
): Promise<InvitePage> {
  const found = await findValidInvite(db, token, now)
  if (!found) throw new AppError('not-found', INVITE_NOT_VALID)
  let viewer: InvitePage['viewer'] = null
  if (viewerId) {
    const [account] = await db.select({ email: user.email }).from(user).where(eq(user.id, viewerId))
    const stored = await readStoredProfile(db, viewerId)
    viewer = {
      isAddressee: account?.email.toLowerCase() === found.invite.email,
      missing: stored ? missingFromProfile(stored.profile, dayOf(now)) : null,
    }
  }
  return {
    applicationId: found.invite.applicationId,
    home: found.title,
    address: `${found.street}${found.unit ? `, ${found.unit}` : ''}, ${found.city}, ${found.listingState}`,
    invitedBy: found.renterName,
    viewer,
  }
}

/**
 * The invitee joins: signed in with the address invited, with a complete reusable application, which is
 * copied into the invitation with their documents attached to the application. The renter and the
 * landlord are told.
 */
export async function acceptInvite(
  services: ApplicationServices,
  { token, userId, ipAddress = null, now = new Date() }: { token: string; userId: string; ipAddress?: string | null; now?: Date },
) {
  const { db } = services.database
  const row = await db.transaction(async (tx) => {
    const found = await findValidInvite(tx, token, now)
    if (!found) throw new AppError('not-found', INVITE_NOT_VALID)
    const current = await lockApplication(tx, { applicationId: found.invite.applicationId, viewerId: null })
    const [invite] = await tx.select().from(applicationInvite).where(eq(applicationInvite.id, found.invite.id)).for('update')
    if (!invite || invite.acceptedAt || !isOpen(current.state)) throw new AppError('not-found', INVITE_NOT_VALID)
    const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId))
    const isAddressee = account?.email.toLowerCase() === invite.email
    if (!isAddressee || userId === current.renterId || userId === current.landlordId) {
      throw new AppError('forbidden', INVITE_OTHER_ADDRESS)
    }
    const stored = await readStoredProfile(tx, userId)
    if (!stored) throw new AppError('invalid', 'Fill in your own application first: the landlord reads it beside the applicant’s.')
    const missing = missingFromProfile(stored.profile, dayOf(now))
    if (missing.length > 0) throw new AppError('invalid', `Your application is not complete yet. Still missing: ${missing.join('; ')}.`)
    const documentIds = await usableDocumentIds(tx, { ownerId: userId, ids: stored.profile.documentIds })
    await tx
      .update(applicationInvite)
      .set({ userId, acceptedAt: now, snapshot: { ...stored.profile, documentIds } })
      .where(eq(applicationInvite.id, invite.id))
    if (documentIds.length > 0) {
      await tx
        .insert(applicationDocument)
        .values(documentIds.map((documentId) => ({ applicationId: current.id, documentId })))
        .onConflictDoNothing()
    }
    const state = current.state as ApplicationState
    await appendEvent(tx, {
      applicationId: current.id,
      actorId: userId,
      action: 'co_applicant_joined',
      fromState: state,
      toState: state,
      reason: `${stored.profile.legalName} joined as a co-applicant.`,
      ipAddress,
    })
    return current
  })
  await announce(services, row, { name: APPLICATION_NOTICE_JOB, data: { applicationId: row.id, action: 'co_applicant_joined' } })
  return row
}

type Role = ApplicationView['viewerRole']

/** The co-applicants as this viewer may see them: the renter every invitation, the others who joined. */
export async function listCoApplicants(db: Db, { applicationId, viewerId, role }: { applicationId: number; viewerId: string; role: Role }) {
  const rows = await db
    .select({ invite: applicationInvite, name: user.name })
    .from(applicationInvite)
    .leftJoin(user, eq(user.id, applicationInvite.userId))
    .where(eq(applicationInvite.applicationId, applicationId))
    .orderBy(asc(applicationInvite.id))
  return rows
    .filter(({ invite }) => role === 'renter' || invite.acceptedAt !== null)
    .map(({ invite, name }): CoApplicantView => {
      const profile = invite.snapshot as RenterProfile | null
      const seesSnapshot = role === 'landlord' || (role === 'co_applicant' && invite.userId === viewerId)
      const income = profile
        ? [...profile.employment.map((job) => job.monthlyIncomeCents), ...profile.otherIncome.map((other) => other.monthlyCents)]
        : []
      return {
        id: invite.id,
        email: role === 'renter' ? invite.email : null,
        name: profile?.legalName || name || (role === 'renter' ? invite.email : 'A co-applicant'),
        joined: invite.acceptedAt !== null,
        invitedAt: invite.createdAt.toISOString(),
        joinedAt: invite.acceptedAt?.toISOString() ?? null,
        snapshot: seesSnapshot ? profile : null,
        monthlyIncomeCents: income.reduce((sum, cents) => sum + Number(cents), 0),
      }
    })
}
