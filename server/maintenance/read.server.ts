// What the parties read of maintenance requests: the list (a landlord's open requests across their
// homes, most urgent and oldest first; a tenant's requests, newest first), one request with its
// timeline, and the homes a tenant may file for. Anyone else gets 'not-found' for every request.
import { and, asc, desc, eq, inArray, notInArray, or, sql } from 'drizzle-orm'
import type { MaintenanceSummary, MaintenanceView, TenantHome } from '#common/maintenance/types.ts'
import type { TimeWindow } from '#common/maintenance/schemas.ts'
import {
  FINAL_STATES,
  stepsFor,
  type MaintenanceAction,
  type MaintenanceCategory,
  type MaintenanceSide,
  type MaintenanceState,
  type MaintenanceUrgency,
} from '#common/maintenance/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { conversation, lease, listing, maintenanceEvent, maintenanceRequest, user } from '#server/db/schema.ts'
import { listingTimeZone } from '#server/listings/index.server.ts'
import { requestPhotos } from './photos.server.ts'
import { addressOfPremises, readableRequest, tenantOfLease, type MaintenanceViewer, type RequestRow } from './rules.server.ts'

function summaryOf(row: RequestRow, premises: Record<string, unknown>, side: MaintenanceSide): MaintenanceSummary {
  return {
    id: row.id,
    leaseId: row.leaseId,
    address: addressOfPremises(premises),
    category: row.category as MaintenanceCategory,
    urgency: row.urgency as MaintenanceUrgency,
    title: row.title,
    state: row.state as MaintenanceState,
    viewerSide: side,
    timeZone: row.timeZone,
    scheduledFor: row.scheduledFor?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

const urgencyRank = sql`case ${maintenanceRequest.urgency} when 'emergency' then 0 when 'urgent' then 1 else 2 end`

/**
 * The landlord's open requests across all their homes, most urgent first and then oldest first; and the
 * requests of the leases the viewer is a tenant of, newest first (finished ones too).
 */
export async function listRequests(
  db: Db,
  viewer: MaintenanceViewer,
  { limit = 200 }: { limit?: number } = {},
): Promise<{ landlord: MaintenanceSummary[]; tenant: MaintenanceSummary[] }> {
  const asLandlord = await db
    .select({ row: maintenanceRequest, premises: lease.premises })
    .from(maintenanceRequest)
    .innerJoin(lease, eq(lease.id, maintenanceRequest.leaseId))
    .where(and(eq(maintenanceRequest.landlordId, viewer.userId), notInArray(maintenanceRequest.state, [...FINAL_STATES])))
    .orderBy(urgencyRank, asc(maintenanceRequest.createdAt), asc(maintenanceRequest.id))
    .limit(limit)
  const asTenant = await db
    .select({ row: maintenanceRequest, premises: lease.premises })
    .from(maintenanceRequest)
    .innerJoin(lease, eq(lease.id, maintenanceRequest.leaseId))
    .where(and(eq(lease.state, 'fully_signed'), sql`${tenantOfLease(viewer.userId)}`))
    .orderBy(desc(maintenanceRequest.createdAt), desc(maintenanceRequest.id))
    .limit(limit)
  return {
    landlord: asLandlord.map(({ row, premises }) => summaryOf(row, premises, 'landlord')),
    tenant: asTenant.map(({ row, premises }) => summaryOf(row, premises, 'tenant')),
  }
}

/** The fully signed leases the viewer is a tenant of: the homes they may file a request for. */
export async function listTenantHomes(db: Db, viewer: MaintenanceViewer): Promise<TenantHome[]> {
  const rows = await db
    .select({
      id: lease.id,
      premises: lease.premises,
      timeZone: listing.timeZone,
      latitude: listing.latitude,
      longitude: listing.longitude,
    })
    .from(lease)
    .leftJoin(listing, eq(listing.id, lease.listingId))
    .where(and(eq(lease.state, 'fully_signed'), eq(lease.kind, 'lease'), sql`${tenantOfLease(viewer.userId)}`))
    .orderBy(desc(lease.completedAt), desc(lease.id))
  return rows.map((row) => ({
    leaseId: row.id,
    address: addressOfPremises(row.premises),
    timeZone:
      row.latitude === null || row.longitude === null
        ? 'America/New_York'
        : listingTimeZone({ timeZone: row.timeZone, latitude: row.latitude, longitude: row.longitude }),
  }))
}

/** One request as its landlord or a tenant of its lease sees it: details, the steps open to them, the timeline. */
export async function findRequest(
  db: Db,
  { requestId, viewer }: { requestId: number; viewer: MaintenanceViewer },
): Promise<MaintenanceView> {
  const { row, side } = await readableRequest(db, requestId, viewer)
  const [found] = await db.select({ premises: lease.premises }).from(lease).where(eq(lease.id, row.leaseId))
  const names = await db
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(inArray(user.id, [row.tenantId, row.landlordId]))
  const nameOf = (id: string) => names.find((one) => one.id === id)?.name ?? 'Someone'
  const events = await db.select().from(maintenanceEvent).where(eq(maintenanceEvent.requestId, row.id)).orderBy(asc(maintenanceEvent.id))
  const [thread] = await db
    .select({ id: conversation.id })
    .from(conversation)
    .where(
      and(
        eq(conversation.maintenanceRequestId, row.id),
        or(eq(conversation.userLowId, viewer.userId), eq(conversation.userHighId, viewer.userId)),
      ),
    )
    .limit(1)
  return {
    ...summaryOf(row, found?.premises ?? {}, side),
    location: row.location,
    description: row.description,
    entryAllowed: row.entryAllowed,
    entryNotes: row.entryNotes,
    windows: row.windows as TimeWindow[],
    filedBy: nameOf(row.tenantId),
    landlordName: nameOf(row.landlordId),
    steps: stepsFor(side, row.state as MaintenanceState),
    events: events.map((event) => ({
      action: event.action as MaintenanceAction,
      actorName: event.actorName,
      fromState: event.fromState as MaintenanceState | null,
      toState: event.toState as MaintenanceState,
      note: event.note,
      scheduledFor: event.scheduledFor?.toISOString() ?? null,
      at: event.createdAt.toISOString(),
    })),
    photos: (await requestPhotos(db, { requestIds: [row.id], readerId: viewer.userId })).get(row.id) ?? [],
    conversationId: thread?.id ?? null,
  }
}
