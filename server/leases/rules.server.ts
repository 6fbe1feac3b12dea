// What every lease write shares: the services a front door announces through, the lease locked for a
// change, its event appended beside it, who the viewer is to a lease, and the database's refusals read
// as the domain's.
import { and, desc, eq, sql } from 'drizzle-orm'
import type { LeaseAction, LeaseRole, LeaseState } from '#common/leases/vocabulary.ts'
import type { Database, Db } from '#server/db/client.server.ts'
import { lease, leaseConsent, leaseEvent, leaseSigner } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import type { SendOptions } from '#server/jobs/queue.server.ts'
import type { Tx } from '#server/listings/index.server.ts'
import type { Logger } from '#server/logger.server.ts'
import type { PublicNews } from '#server/realtime/events.server.ts'

export type LeaseRow = typeof lease.$inferSelect
export type SignerRow = typeof leaseSigner.$inferSelect

export type LeaseServices = {
  database: Database
  jobs: { send(name: string, data?: Record<string, unknown>, options?: SendOptions): Promise<void> }
  realtime: { publish(news: PublicNews): Promise<void> }
  logger: Logger
}

/** Who acts, as a lease records them: the account, its e-mail and name, and where the request came from. */
export type LeaseActor = {
  userId: string
  email: string
  name: string
  ipAddress?: string | null
  userAgent?: string | null
}

export const NO_SUCH_LEASE = 'No such lease.'

export const notFound = () => new AppError('not-found', NO_SUCH_LEASE)

/** The lease locked for a change, or 'not-found'. */
export async function lockLease(tx: Tx, leaseId: number): Promise<LeaseRow> {
  const [row] = await tx.select().from(lease).where(eq(lease.id, leaseId)).for('update')
  if (!row) throw notFound()
  return row
}

/** The signers of a version, in the order the document names them. */
export function signersOf(tx: Tx, leaseId: number, version: number): Promise<SignerRow[]> {
  return tx
    .select()
    .from(leaseSigner)
    .where(and(eq(leaseSigner.leaseId, leaseId), eq(leaseSigner.version, version)))
    .orderBy(leaseSigner.position)
}

/**
 * The viewer's place in a lease: its landlord, or a signer of any of its versions (by the verified
 * e-mail of their account). Tenants see a lease once it is sent; until then it is the landlord's draft.
 */
export async function roleOf(tx: Tx | Db, row: LeaseRow, viewer: { userId: string; email: string }): Promise<LeaseRole | null> {
  if (row.landlordId === viewer.userId) return 'landlord'
  const [signer] = await tx
    .select({ role: leaseSigner.role })
    .from(leaseSigner)
    .where(and(eq(leaseSigner.leaseId, row.id), eq(leaseSigner.email, viewer.email.toLowerCase())))
    .orderBy(desc(leaseSigner.version))
    .limit(1)
  return (signer?.role as LeaseRole | undefined) ?? null
}

/** Whether a signer's latest word on signing electronically is yes. */
export async function hasConsented(tx: Tx, leaseId: number, email: string): Promise<boolean> {
  const [latest] = await tx
    .select({ given: leaseConsent.given })
    .from(leaseConsent)
    .where(and(eq(leaseConsent.leaseId, leaseId), eq(leaseConsent.email, email)))
    .orderBy(desc(leaseConsent.id))
    .limit(1)
  return latest?.given ?? false
}

export async function appendEvent(
  tx: Tx,
  event: {
    leaseId: number
    version: number
    actor: Pick<LeaseActor, 'userId' | 'name' | 'ipAddress' | 'userAgent'> | null
    action: LeaseAction
    fromState: LeaseState | null
    toState: LeaseState
    reason?: string
    at?: Date
  },
) {
  await tx.insert(leaseEvent).values({
    leaseId: event.leaseId,
    version: event.version,
    actorId: event.actor?.userId ?? null,
    actorName: event.actor?.name ?? 'Cooper Home',
    action: event.action,
    fromState: event.fromState,
    toState: event.toState,
    reason: event.reason ?? '',
    ipAddress: event.actor?.ipAddress ?? null,
    userAgent: event.actor?.userAgent?.slice(0, 500) ?? null,
    ...(event.at ? { createdAt: event.at } : {}),
  })
}

/** A locked lease ends (voided, declined, expired): its state and its event, in the caller's transaction. */
export async function endLease(
  tx: Tx,
  row: LeaseRow,
  { to, actor, reason }: { to: Extract<LeaseState, 'voided' | 'declined' | 'expired'>; actor: LeaseActor | null; reason: string },
): Promise<LeaseRow> {
  const [ended] = await tx
    .update(lease)
    .set({ state: to, expiresAt: null, updatedAt: sql`now()` })
    .where(eq(lease.id, row.id))
    .returning()
  await appendEvent(tx, {
    leaseId: row.id,
    version: row.version,
    actor,
    action: to,
    fromState: row.state as LeaseState,
    toState: to,
    reason,
  })
  return ended!
}
