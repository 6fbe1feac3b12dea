// The photos of inspection items: each a private tenancy photo (server/documents/), linked to its item
// while the inspection is open, at most MAX_PHOTOS_PER_ITEM an item, and shown through links minted only
// for the lease's parties.
import { and, asc, count, eq, inArray } from 'drizzle-orm'
import { MAX_PHOTOS_PER_ITEM, type InspectionKind } from '#common/inspections/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { inspectionItem, inspectionPhoto } from '#server/db/schema.ts'
import { storeTenancyPhoto, tenancyPhotoLinks } from '#server/documents/index.server.ts'
import { AppError } from '#server/errors.server.ts'
import type { Tx } from '#server/listings/index.server.ts'
import { lockOpen, touched, type Change } from './checklist.server.ts'
import type { InspectionActor, InspectionServices } from './rules.server.ts'

/** The photo ids of each item, in the order they were added. */
export async function photoIdsByItem(db: Db | Tx, itemIds: number[]): Promise<Map<number, number[]>> {
  const byItem = new Map<number, number[]>()
  if (itemIds.length === 0) return byItem
  const rows = await db
    .select({ itemId: inspectionPhoto.itemId, photoId: inspectionPhoto.photoId })
    .from(inspectionPhoto)
    .where(inArray(inspectionPhoto.itemId, itemIds))
    .orderBy(asc(inspectionPhoto.id))
  for (const row of rows) byItem.set(row.itemId, [...(byItem.get(row.itemId) ?? []), row.photoId])
  return byItem
}

/** Links to the photos for one reader: call it only for a party of the lease the photos belong to. */
export function photoLinks(photoIds: number[], readerId: string): Map<number, string> {
  return tenancyPhotoLinks({ photoIds, readerId })
}

type PhotoEdit = { leaseId: number; kind: InspectionKind; actor: InspectionActor; itemId: number }

/** The open inspection's item, locked, with room for one more photo. */
async function itemWithRoom(tx: Tx, { leaseId, kind, actor, itemId }: PhotoEdit) {
  const { row } = await lockOpen(tx, leaseId, kind, actor)
  const [item] = await tx
    .select()
    .from(inspectionItem)
    .where(and(eq(inspectionItem.id, itemId), eq(inspectionItem.inspectionId, row.id)))
  if (!item) throw new AppError('not-found', 'No such item in this inspection.')
  const [{ photos } = { photos: 0 }] = await tx.select({ photos: count() }).from(inspectionPhoto).where(eq(inspectionPhoto.itemId, item.id))
  if (photos >= MAX_PHOTOS_PER_ITEM) throw new AppError('conflict', `An item has at most ${MAX_PHOTOS_PER_ITEM} photos.`)
  return { row, item }
}

/**
 * A party adds a photo to an item: checked before the bytes are stored (a party, an open inspection, room
 * for it), stored re-encoded without metadata, then linked to the item if all of that still holds.
 */
export async function storeItemPhoto(services: InspectionServices, { bytes, ...edit }: PhotoEdit & { bytes: Uint8Array }): Promise<Change> {
  const { db } = services.database
  await db.transaction((tx) => itemWithRoom(tx, edit))
  const photo = await storeTenancyPhoto(services, { leaseId: edit.leaseId, uploaderId: edit.actor.userId, bytes })
  return db.transaction(async (tx) => {
    const { row, item } = await itemWithRoom(tx, edit)
    await tx.insert(inspectionPhoto).values({ inspectionId: row.id, itemId: item.id, photoId: photo.id })
    return touched(tx, row, edit.actor, 'photo_added', item.name)
  })
}

/** A party takes a photo off an item while the inspection is open (the stored file stays with the lease). */
export async function removeItemPhoto(db: Db, { photoId, ...edit }: PhotoEdit & { photoId: number }): Promise<Change> {
  return db.transaction(async (tx) => {
    const { row } = await lockOpen(tx, edit.leaseId, edit.kind, edit.actor)
    const [removed] = await tx
      .delete(inspectionPhoto)
      .where(and(eq(inspectionPhoto.inspectionId, row.id), eq(inspectionPhoto.itemId, edit.itemId), eq(inspectionPhoto.photoId, photoId)))
      .returning()
    if (!removed) throw new AppError('not-found', 'No such photo on this item.')
    return touched(tx, row, edit.actor, 'photo_removed', `Photo ${photoId}`)
  })
}
