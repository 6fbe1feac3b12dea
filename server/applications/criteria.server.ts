// A listing's published application criteria: each change is a new version, so every application
// keeps the version it was judged by. Only the listing's owner publishes them.
import { and, desc, eq } from 'drizzle-orm'
import { criteriaInputSchema, type CriteriaInput } from '#common/applications/schemas.ts'
import type { CriteriaView } from '#common/applications/types.ts'
import type { PetPolicy } from '#common/applications/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { applicationCriteria, listing } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import type { Tx } from '#server/listings/index.server.ts'
import type { ApplicationServices } from './rules.server.ts'

type CriteriaRow = typeof applicationCriteria.$inferSelect

export function criteriaViewOf(row: CriteriaRow): CriteriaView {
  return {
    id: row.id,
    listingId: row.listingId,
    version: row.version,
    accepting: row.accepting,
    incomeMultiple: row.incomeMultipleTenths === null ? null : row.incomeMultipleTenths / 10,
    petPolicy: row.petPolicy as PetPolicy,
    maxOccupants: row.maxOccupants,
    moveInFrom: row.moveInFrom,
    moveInTo: row.moveInTo,
    otherRequirements: row.otherRequirements,
    createdAt: row.createdAt.toISOString(),
  }
}

/** The listing's latest criteria, or null when it has published none. */
export async function findCriteria(db: Db | Tx, listingId: number): Promise<CriteriaView | null> {
  const [row] = await db
    .select()
    .from(applicationCriteria)
    .where(eq(applicationCriteria.listingId, listingId))
    .orderBy(desc(applicationCriteria.version))
    .limit(1)
  return row ? criteriaViewOf(row) : null
}

const sameAs = (current: CriteriaView, next: CriteriaInput) =>
  current.accepting === next.accepting &&
  current.incomeMultiple === next.incomeMultiple &&
  current.petPolicy === next.petPolicy &&
  current.maxOccupants === next.maxOccupants &&
  current.moveInFrom === next.moveInFrom &&
  current.moveInTo === next.moveInTo &&
  current.otherRequirements === next.otherRequirements

/** Writes the next version of a listing's criteria unless it says what the latest already says. Call with the listing locked. */
export async function storeCriteriaVersion(tx: Tx, listingId: number, next: CriteriaInput): Promise<CriteriaView> {
  const current = await findCriteria(tx, listingId)
  if (current && sameAs(current, next)) return current
  const [row] = await tx
    .insert(applicationCriteria)
    .values({
      listingId,
      version: (current?.version ?? 0) + 1,
      incomeMultipleTenths: next.incomeMultiple === null ? null : Math.round(next.incomeMultiple * 10),
      petPolicy: next.petPolicy,
      maxOccupants: next.maxOccupants,
      moveInFrom: next.moveInFrom,
      moveInTo: next.moveInTo,
      otherRequirements: next.otherRequirements,
      accepting: next.accepting,
    })
    .returning()
  return criteriaViewOf(row!)
}

/** The listing row locked for a change of its criteria, if the viewer owns it; to anyone else it does not exist. */
export async function lockOwnedListing(tx: Tx, { listingId, ownerId }: { listingId: number; ownerId: string }) {
  const [row] = await tx
    .select({ id: listing.id, status: listing.status })
    .from(listing)
    .where(and(eq(listing.id, listingId), eq(listing.ownerId, ownerId)))
    .for('update')
  if (!row) throw new AppError('not-found', 'No such listing.')
  return row
}

/** Publishes the criteria a landlord set for their listing: a new version only when something changed. */
export async function saveCriteria(
  services: Pick<ApplicationServices, 'database'>,
  { ownerId, listingId, input }: { ownerId: string; listingId: number; input: unknown },
): Promise<CriteriaView> {
  const valid = parseOrThrow(criteriaInputSchema, input)
  return services.database.db.transaction(async (tx) => {
    await lockOwnedListing(tx, { listingId, ownerId })
    return storeCriteriaVersion(tx, listingId, valid)
  })
}

/** The listing stops taking applications: its criteria as they were, with `accepting` off. */
export async function stopAccepting(tx: Tx, listingId: number): Promise<CriteriaView> {
  const current = await findCriteria(tx, listingId)
  const base: CriteriaInput = current
    ? { ...current, accepting: false }
    : {
        incomeMultiple: null,
        petPolicy: 'any',
        maxOccupants: null,
        moveInFrom: null,
        moveInTo: null,
        otherRequirements: '',
        accepting: false,
      }
  return storeCriteriaVersion(tx, listingId, base)
}
