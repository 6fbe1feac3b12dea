// A request's photos: kept by the documents area as tenancy photos of the request's lease, linked to the
// request here, at most MAX_MAINTENANCE_PHOTOS each. Either side adds them while the request is open; a
// link to each is minted only for a party reading the request, and lasts minutes.
import { asc, count, eq, inArray } from 'drizzle-orm'
import type { MaintenancePhotoView } from '#common/maintenance/types.ts'
import { FINAL_STATES, MAX_MAINTENANCE_PHOTOS, type MaintenanceState } from '#common/maintenance/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { maintenancePhoto, tenancyPhoto } from '#server/db/schema.ts'
import { storeTenancyPhoto, tenancyPhotoLinks } from '#server/documents/index.server.ts'
import { AppError } from '#server/errors.server.ts'
import type { Services } from '#server/services.server.ts'
import { readableRequest, type MaintenanceViewer } from './rules.server.ts'

type PhotoServices = Pick<Services, 'database' | 'config'>

export const TOO_MANY_PHOTOS = `A request has at most ${MAX_MAINTENANCE_PHOTOS} photos.`

/**
 * Adds photos to a request the viewer is a party to (anyone else: 'not-found'). Each is checked and
 * re-encoded before it is kept; a refused one (not an image, too large) stops the rest, with its words.
 */
export async function addRequestPhotos(
  services: PhotoServices,
  { requestId, viewer, files }: { requestId: number; viewer: MaintenanceViewer; files: readonly Uint8Array[] },
): Promise<number> {
  const db = services.database.db
  const { row } = await readableRequest(db, requestId, viewer)
  if (files.length === 0) return 0
  if (FINAL_STATES.includes(row.state as MaintenanceState))
    throw new AppError('conflict', 'This request is finished: no photos can be added.')
  const [held] = await db.select({ n: count() }).from(maintenancePhoto).where(eq(maintenancePhoto.requestId, row.id))
  if ((held?.n ?? 0) + files.length > MAX_MAINTENANCE_PHOTOS) throw new AppError('invalid', TOO_MANY_PHOTOS, { photos: [TOO_MANY_PHOTOS] })
  for (const bytes of files) {
    const photo = await storeTenancyPhoto(services, { leaseId: row.leaseId, uploaderId: viewer.userId, bytes })
    await db.insert(maintenancePhoto).values({ requestId: row.id, photoId: photo.id })
  }
  return files.length
}

/** The photos of a request with links for this reader; the caller has checked the reader is a party. */
export async function requestPhotos(
  db: Db,
  { requestIds, readerId }: { requestIds: number[]; readerId: string },
): Promise<Map<number, MaintenancePhotoView[]>> {
  const byRequest = new Map<number, MaintenancePhotoView[]>()
  if (requestIds.length === 0) return byRequest
  const rows = await db
    .select({ requestId: maintenancePhoto.requestId, id: tenancyPhoto.id, width: tenancyPhoto.width, height: tenancyPhoto.height })
    .from(maintenancePhoto)
    .innerJoin(tenancyPhoto, eq(tenancyPhoto.id, maintenancePhoto.photoId))
    .where(inArray(maintenancePhoto.requestId, requestIds))
    .orderBy(asc(maintenancePhoto.createdAt), asc(tenancyPhoto.id))
  const links = tenancyPhotoLinks({ photoIds: rows.map((row) => row.id), readerId })
  for (const row of rows) {
    const list = byRequest.get(row.requestId) ?? []
    list.push({ id: row.id, url: links.get(row.id)!, width: row.width, height: row.height })
    byRequest.set(row.requestId, list)
  }
  return byRequest
}
