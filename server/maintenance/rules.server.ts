// What every maintenance write and read shares: the services a front door announces through, who the
// viewer is to a request (its landlord, or a tenant of its fully signed lease by the verified e-mail of
// their account), the request locked for a change, and its event appended beside it.
import { and, eq, sql } from 'drizzle-orm'
import type { MaintenanceAction, MaintenanceSide, MaintenanceState } from '#common/maintenance/vocabulary.ts'
import type { Database, Db } from '#server/db/client.server.ts'
import { lease, leaseSigner, maintenanceEvent, maintenanceRequest, user } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import type { SendOptions } from '#server/jobs/queue.server.ts'
import type { Tx } from '#server/listings/index.server.ts'
import type { Logger } from '#server/logger.server.ts'
import type { PublicNews } from '#server/realtime/events.server.ts'

export type RequestRow = typeof maintenanceRequest.$inferSelect
type LeaseRow = typeof lease.$inferSelect

export type MaintenanceServices = {
  database: Database
  jobs: { send(name: string, data?: Record<string, unknown>, options?: SendOptions): Promise<void> }
  realtime: { publish(news: PublicNews): Promise<void> }
  logger: Logger
}

/** Who acts or reads: the account, its e-mail and the name the timeline shows. */
export type MaintenanceActor = { userId: string; email: string; name: string }
export type MaintenanceViewer = { userId: string; email: string }

export const NO_SUCH_REQUEST = 'No such maintenance request.'
export const notFound = () => new AppError('not-found', NO_SUCH_REQUEST)

/** The condition "this account is a tenant of the lease": a tenant signer of its signed version, by verified e-mail. */
export const tenantOfLease = (userId: string) => sql`exists (
  select 1 from ${leaseSigner} join ${user} on ${user.email} = ${leaseSigner.email}
  where ${leaseSigner.leaseId} = ${lease.id} and ${leaseSigner.version} = ${lease.version}
    and ${leaseSigner.role} = 'tenant' and ${user.id} = ${userId} and ${user.emailVerified})`

/** The viewer's side of a fully signed lease, or null when they are neither its landlord nor its tenant. */
export async function sideOfLease(
  db: Db | Tx,
  leaseId: number,
  viewer: MaintenanceViewer,
): Promise<{ side: MaintenanceSide; row: LeaseRow } | null> {
  const [found] = await db
    .select({ row: lease, isTenant: sql<boolean>`${tenantOfLease(viewer.userId)}` })
    .from(lease)
    .where(and(eq(lease.id, leaseId), eq(lease.state, 'fully_signed'), eq(lease.kind, 'lease')))
  if (!found) return null
  if (found.row.landlordId === viewer.userId) return { side: 'landlord', row: found.row }
  return found.isTenant ? { side: 'tenant', row: found.row } : null
}

/** The viewer's side of a request; 'not-found' for anyone else. */
export async function sideOf(db: Db | Tx, request: RequestRow, viewer: MaintenanceViewer): Promise<MaintenanceSide> {
  const found = await sideOfLease(db, request.leaseId, viewer)
  if (!found) throw notFound()
  return found.side
}

/** The request the viewer may read, with their side; 'not-found' for anyone else. */
export async function readableRequest(
  db: Db,
  requestId: number,
  viewer: MaintenanceViewer,
): Promise<{ row: RequestRow; side: MaintenanceSide }> {
  const [row] = await db.select().from(maintenanceRequest).where(eq(maintenanceRequest.id, requestId))
  if (!row) throw notFound()
  return { row, side: await sideOf(db, row, viewer) }
}

/** The request locked for a change, or 'not-found'. */
export async function lockRequest(tx: Tx, requestId: number): Promise<RequestRow> {
  const [row] = await tx.select().from(maintenanceRequest).where(eq(maintenanceRequest.id, requestId)).for('update')
  if (!row) throw notFound()
  return row
}

export async function appendEvent(
  tx: Tx,
  event: {
    requestId: number
    actor: Pick<MaintenanceActor, 'userId' | 'name'> | null
    action: MaintenanceAction
    fromState: MaintenanceState | null
    toState: MaintenanceState
    note?: string
    scheduledFor?: Date | null
    at?: Date
  },
) {
  const [inserted] = await tx
    .insert(maintenanceEvent)
    .values({
      requestId: event.requestId,
      actorId: event.actor?.userId ?? null,
      actorName: event.actor?.name ?? 'Cooper Home',
      action: event.action,
      fromState: event.fromState,
      toState: event.toState,
      note: event.note ?? '',
      scheduledFor: event.scheduledFor ?? null,
      ...(event.at ? { createdAt: event.at } : {}),
    })
    .returning({ id: maintenanceEvent.id })
  return inserted!.id
}

/** Everyone with an account on either side of a request's lease: its landlord and its tenants. */
export async function partyUserIds(db: Db, row: Pick<RequestRow, 'leaseId' | 'landlordId'>): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: user.id })
    .from(leaseSigner)
    .innerJoin(lease, and(eq(lease.id, leaseSigner.leaseId), eq(lease.version, leaseSigner.version)))
    .innerJoin(user, and(eq(user.email, leaseSigner.email), eq(user.emailVerified, true)))
    .where(and(eq(leaseSigner.leaseId, row.leaseId), eq(leaseSigner.role, 'tenant')))
  return [...new Set([row.landlordId, ...rows.map((found) => found.id)])]
}

/** "12 Oak Street, Apt 2, Springfield, IL 62701" from a lease's premises. */
export function addressOfPremises(premises: Record<string, unknown>): string {
  const text = (key: string) => (typeof premises[key] === 'string' ? (premises[key] as string) : '')
  const street = text('unit') ? `${text('street')}, ${text('unit')}` : text('street')
  return `${street}, ${text('city')}, ${text('state')} ${text('zip')}`
}
