// A renter applies for a home in one step: their reusable application is copied into the application
// (later edits change nothing sent), its documents attached, and the criteria version and rent of the
// moment recorded, beside the 'submitted' event, in one transaction. Announcing is the front door's.
import { and, eq, inArray } from 'drizzle-orm'
import { missingFromProfile } from '#common/applications/profile.ts'
import { applySchema } from '#common/applications/schemas.ts'
import { APPLICATION_EXPIRY_DAYS } from '#common/applications/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { application, applicationDocument, listing } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import { hasBlocked } from '#server/messages/index.server.ts'
import { findCriteria } from './criteria.server.ts'
import { readStoredProfile, usableDocumentIds } from './profile.server.ts'
import { ALREADY_APPLIED, appendEvent, type ApplicationRow, dayOf, daysAfter, isSecondLiveApplication } from './rules.server.ts'

const LIVE_STATES = ['draft', 'submitted', 'under_review', 'info_requested']
export const NOT_ACCEPTING = 'This home is not taking applications right now.'

/** The home applied for: it must be someone else's, published and let on a lease. */
async function findApplicableListing(db: Db, { listingId, renterId }: { listingId: number; renterId: string }) {
  const [home] = await db
    .select({ id: listing.id, ownerId: listing.ownerId, status: listing.status, rentCents: listing.monthlyRentCents })
    .from(listing)
    .where(eq(listing.id, listingId))
  if (!home || (home.status === 'draft' && home.ownerId !== renterId)) throw new AppError('not-found', 'No such listing.')
  if (home.ownerId === renterId) throw new AppError('invalid', 'This is your own home: you cannot apply for it.')
  if (home.status !== 'published') throw new AppError('conflict', 'This home is no longer available.')
  if (home.rentCents === null) throw new AppError('conflict', 'This home is let only for short stays: book a stay instead.')
  return { ...home, rentCents: home.rentCents }
}

export async function storeApplication(
  db: Db,
  {
    renterId,
    listingId,
    input,
    ipAddress = null,
    now = new Date(),
  }: { renterId: string; listingId: number; input: unknown; ipAddress?: string | null; now?: Date },
): Promise<ApplicationRow> {
  const valid = parseOrThrow(applySchema, input)
  const home = await findApplicableListing(db, { listingId, renterId })
  const blocked =
    (await hasBlocked(db, { userId: home.ownerId, otherUserId: renterId })) ||
    (await hasBlocked(db, { userId: renterId, otherUserId: home.ownerId }))
  if (blocked) throw new AppError('forbidden', 'You cannot apply for this landlord’s homes.')
  const stored = await readStoredProfile(db, renterId)
  if (!stored) throw new AppError('invalid', 'Fill in your application first: it is sent to every home you apply for.')
  const missing = missingFromProfile(stored.profile, dayOf(now))
  if (missing.length > 0) throw new AppError('invalid', `Your application is not complete yet. Still missing: ${missing.join('; ')}.`)
  try {
    return await db.transaction(async (tx) => {
      // Shared with approving a home as taken, which locks the listing to stop taking applications.
      await tx.select({ id: listing.id }).from(listing).where(eq(listing.id, listingId)).for('share')
      const criteria = await findCriteria(tx, listingId)
      if (criteria && !criteria.accepting) throw new AppError('conflict', NOT_ACCEPTING)
      const [live] = await tx
        .select({ id: application.id })
        .from(application)
        .where(and(eq(application.listingId, listingId), eq(application.renterId, renterId), inArray(application.state, LIVE_STATES)))
      if (live) throw new AppError('conflict', ALREADY_APPLIED)
      const documentIds = await usableDocumentIds(tx, { ownerId: renterId, ids: stored.profile.documentIds })
      const snapshot = { ...stored.profile, documentIds }
      const [row] = await tx
        .insert(application)
        .values({
          listingId,
          renterId,
          landlordId: home.ownerId,
          criteriaId: criteria?.id ?? null,
          state: 'submitted',
          snapshot,
          moveInDate: valid.moveInDate,
          leaseMonths: valid.leaseMonths,
          note: valid.note,
          rentCents: home.rentCents,
          submittedAt: now,
          expiresAt: daysAfter(now, APPLICATION_EXPIRY_DAYS),
        })
        .returning()
      if (documentIds.length > 0) {
        await tx.insert(applicationDocument).values(documentIds.map((documentId) => ({ applicationId: row!.id, documentId })))
      }
      await appendEvent(tx, {
        applicationId: row!.id,
        actorId: renterId,
        action: 'submitted',
        fromState: null,
        toState: 'submitted',
        ipAddress,
      })
      return row!
    })
  } catch (error) {
    if (isSecondLiveApplication(error)) throw new AppError('conflict', ALREADY_APPLIED)
    throw error
  }
}
