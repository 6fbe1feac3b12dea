// What every inspection write and read shares: who the parties of a lease are (its landlord and the
// tenants who signed it, matched by the e-mail of their account), the inspection locked for a change,
// its event appended beside it, and the services a front door announces through.
import { and, eq } from 'drizzle-orm'
import type { InspectionAction, InspectionKind, InspectionState } from '#common/inspections/vocabulary.ts'
import type { Database, Db } from '#server/db/client.server.ts'
import { inspection, inspectionEvent, lease, leaseSigner, user } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import type { SendOptions } from '#server/jobs/queue.server.ts'
import type { Tx } from '#server/listings/index.server.ts'
import type { Logger } from '#server/logger.server.ts'
import type { PublicNews } from '#server/realtime/events.server.ts'

export type InspectionRow = typeof inspection.$inferSelect
export type PartyRole = 'landlord' | 'tenant'

export type InspectionServices = {
  database: Database
  jobs: { send(name: string, data?: Record<string, unknown>, options?: SendOptions): Promise<void> }
  realtime: { publish(news: PublicNews): Promise<void> }
  logger: Logger
}

/** Who acts: the account, its e-mail and name, and where the request came from. */
export type InspectionActor = {
  userId: string
  email: string
  name: string
  ipAddress?: string | null
  userAgent?: string | null
}
export type Viewer = { userId: string; email: string }

export const notFound = () => new AppError('not-found', 'No such inspection.')

/** A party of a lease: the landlord, or a tenant of its signed version. */
export type Party = { role: PartyRole; email: string; name: string; userId: string | null }

/** The lease's parties, landlord first: the ones who fill in, comment on and sign its inspections. */
export async function partiesOf(tx: Tx | Db, leaseId: number): Promise<{ lease: typeof lease.$inferSelect; parties: Party[] } | null> {
  const [row] = await tx.select().from(lease).where(eq(lease.id, leaseId))
  if (!row || row.kind !== 'lease') return null
  const [landlord] = await tx.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, row.landlordId))
  const tenants = await tx
    .select({ email: leaseSigner.email, name: leaseSigner.name, userId: user.id })
    .from(leaseSigner)
    .leftJoin(user, eq(user.email, leaseSigner.email))
    .where(and(eq(leaseSigner.leaseId, leaseId), eq(leaseSigner.version, row.version), eq(leaseSigner.role, 'tenant')))
    .orderBy(leaseSigner.position)
  return {
    lease: row,
    parties: [
      { role: 'landlord', email: (landlord?.email ?? '').toLowerCase(), name: landlord?.name ?? 'The landlord', userId: row.landlordId },
      ...tenants.map((tenant) => ({ role: 'tenant' as const, email: tenant.email, name: tenant.name, userId: tenant.userId })),
    ],
  }
}

/**
 * The viewer's place in a lease's inspections, or 'not-found': only the landlord and the tenants of a
 * fully signed lease have inspections; anyone else (and anyone before the lease is signed) finds nothing.
 */
export async function partyOf(tx: Tx | Db, leaseId: number, viewer: Viewer) {
  const found = await partiesOf(tx, leaseId)
  if (!found || found.lease.state !== 'fully_signed') throw notFound()
  const me =
    found.lease.landlordId === viewer.userId
      ? found.parties[0]!
      : found.parties.find((party) => party.role === 'tenant' && party.email === viewer.email.toLowerCase())
  if (!me) throw notFound()
  return { ...found, me }
}

/** The inspection of a kind, locked for a change, or null when it was never started. */
export async function lockInspection(tx: Tx, leaseId: number, kind: InspectionKind): Promise<InspectionRow | null> {
  const [row] = await tx
    .select()
    .from(inspection)
    .where(and(eq(inspection.leaseId, leaseId), eq(inspection.kind, kind)))
    .for('update')
  return row ?? null
}

export async function appendEvent(
  tx: Tx,
  event: {
    inspectionId: number
    actor: InspectionActor | null
    action: InspectionAction
    fromState: InspectionState | null
    toState: InspectionState
    detail?: string
  },
) {
  await tx.insert(inspectionEvent).values({
    inspectionId: event.inspectionId,
    actorId: event.actor?.userId ?? null,
    actorName: event.actor?.name ?? 'Cooper Home',
    action: event.action,
    fromState: event.fromState,
    toState: event.toState,
    detail: event.detail?.slice(0, 300) ?? '',
    ipAddress: event.actor?.ipAddress ?? null,
    userAgent: event.actor?.userAgent?.slice(0, 500) ?? null,
  })
}
