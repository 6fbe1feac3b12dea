// Whose books these are: a fully signed lease's ledger is read by its landlord and the people who
// signed it (tenants and guarantor); anyone else, and anyone before the lease is fully signed, gets
// 'not-found'. Writes check the side: the landlord records, confirms, rejects and reverses; a tenant reports.
import { and, eq } from 'drizzle-orm'
import type { LeaseTerms } from '#common/leases/terms.ts'
import type { Database, Db } from '#server/db/client.server.ts'
import { lease, leaseSigner, leaseVersion, listing } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import type { SendOptions } from '#server/jobs/queue.server.ts'
import type { Tx } from '#server/listings/index.server.ts'
import type { Logger } from '#server/logger.server.ts'

export type LedgerServices = {
  database: Database
  jobs: { send(name: string, data?: Record<string, unknown>, options?: SendOptions): Promise<void> }
  logger: Logger
}

export type LedgerViewer = { userId: string; email: string }
export type LedgerActor = LedgerViewer & { name: string }
export type LedgerSide = 'landlord' | 'tenant'

export const NO_SUCH_LEDGER = 'No such lease.'
export const notFound = () => new AppError('not-found', NO_SUCH_LEDGER)

export type LedgerLease = {
  id: number
  landlordId: string
  terms: LeaseTerms
  premises: { street: string; unit: string; city: string; state: string; zip: string; landlordName: string; landlordEmail: string }
  timeZone: string
}

/** The fully signed lease with its frozen terms, or 'not-found'. */
export async function signedLease(db: Db | Tx, leaseId: number): Promise<LedgerLease> {
  const [row] = await db
    .select({ lease, terms: leaseVersion.terms, timeZone: listing.timeZone })
    .from(lease)
    .innerJoin(leaseVersion, and(eq(leaseVersion.leaseId, lease.id), eq(leaseVersion.version, lease.version)))
    .leftJoin(listing, eq(listing.id, lease.listingId))
    .where(and(eq(lease.id, leaseId), eq(lease.state, 'fully_signed'), eq(lease.kind, 'lease')))
  if (!row) throw notFound()
  return {
    id: row.lease.id,
    landlordId: row.lease.landlordId,
    terms: row.terms as unknown as LeaseTerms,
    premises: row.lease.premises as unknown as LedgerLease['premises'],
    timeZone: row.timeZone ?? 'UTC',
  }
}

/** The viewer's side of a signed lease's books, or 'not-found'. */
export async function sideOf(db: Db | Tx, leaseId: number, viewer: LedgerViewer): Promise<{ lease: LedgerLease; side: LedgerSide }> {
  if (!Number.isSafeInteger(leaseId) || leaseId <= 0) throw notFound()
  const found = await signedLease(db, leaseId)
  if (found.landlordId === viewer.userId) return { lease: found, side: 'landlord' }
  const [signer] = await db
    .select({ id: leaseSigner.id })
    .from(leaseSigner)
    .innerJoin(lease, and(eq(lease.id, leaseSigner.leaseId), eq(lease.version, leaseSigner.version)))
    .where(and(eq(leaseSigner.leaseId, leaseId), eq(leaseSigner.email, viewer.email.toLowerCase())))
  if (!signer) throw notFound()
  return { lease: found, side: 'tenant' }
}

/** Today's date where the home is. */
export function todayAt(timeZone: string, now: Date): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
  } catch {
    return now.toISOString().slice(0, 10)
  }
}

export function addressLine(premises: LedgerLease['premises']): string {
  const unit = premises.unit ? `, ${premises.unit}` : ''
  return `${premises.street}${unit}, ${premises.city}, ${premises.state} ${premises.zip}`
}
