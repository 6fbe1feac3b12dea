// Listing photos as their owner manages them: upload (checked by content, original kept outside the
// served media, processing queued by the caller), the list with pending and failed photos, order and
// alt text, deletion. Access is checked in each query; the processing job is in photo-jobs.server.ts.
import fs from 'node:fs/promises'
import path from 'node:path'
import { and, asc, eq, max, sql } from 'drizzle-orm'
import { z } from 'zod'
import { plainText } from '#common/plain-text.ts'
import type { Db } from '#server/db/client.server.ts'
import { listingPhoto } from '#server/db/schema.ts'
import { AppError, isAppError, parseOrThrow } from '#server/errors.server.ts'
import { checkMayChange, lockChangeable as lockListing, noteListingChange } from '#server/listings/index.server.ts'
import { photoView, type OwnerPhoto, type PhotoStatus } from '#common/listings/photos.ts'
export type { OwnerPhoto } from '#common/listings/photos.ts'
import { ImageRejectedError, inspectImage, type ImageLimits } from './avatar-image.server.ts'
import { isStorageKeyShared, originalPath, removePhotoFiles } from './photo-files.server.ts'
import { newStorageKey } from './photo-variants.server.ts'

export const MAX_PHOTOS_PER_LISTING = 30
export const PHOTO_LIMITS: ImageLimits = { maxBytes: 15 * 1024 * 1024, maxPixels: 40_000_000 }
export const ALT_TEXT_MAX = 300

const altTextSchema = plainText('Alt text').trim().max(ALT_TEXT_MAX, `Alt text can be at most ${ALT_TEXT_MAX} characters.`)

export type Upload = { name: string; bytes: Uint8Array; altText: string }

type Context = { db: Db; dataDir: string }

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

const ONLY_OWNER_CHANGES_PHOTOS = 'Only the owner or an administrator can change the photos of this listing.'

/** Locks a listing the viewer may change: 403 for one they may only see, 404 for one they may not. */
async function lockChangeable(tx: Tx, viewerId: string, listingId: number) {
  return lockListing(tx, { viewerId, listingId }, ONLY_OWNER_CHANGES_PHOTOS)
}

/**
 * Refuses a viewer who may not change the listing's photos (403 for a listing they may only see, 404
 * for one they may not), so an upload route can refuse a stranger before reading what they send.
 */
export async function checkMayChangePhotos(db: Db, { viewerId, listingId }: { viewerId: string; listingId: number }): Promise<void> {
  await checkMayChange(db, { viewerId, listingId }, ONLY_OWNER_CHANGES_PHOTOS)
}

/** Every photo of a listing in order, pending and failed ones included; for its owner or an administrator. */
export async function listPhotosForOwner(db: Db, { viewerId, listingId }: { viewerId: string; listingId: number }): Promise<OwnerPhoto[]> {
  await checkMayChangePhotos(db, { viewerId, listingId })
  const rows = await db
    .select()
    .from(listingPhoto)
    .where(eq(listingPhoto.listingId, listingId))
    .orderBy(asc(listingPhoto.position), asc(listingPhoto.id))
  return rows.map((row) => ({
    id: row.id,
    altText: row.altText,
    status: row.status as PhotoStatus,
    error: row.error,
    view: row.status === 'ready' ? photoView(row) : null,
  }))
}

/**
 * Checks each upload by its content, keeps the originals outside the served media and adds them
 * as pending photos at the end of the listing's order. All or nothing: one refused file refuses
 * the upload. Returns the new photos; the caller queues their processing.
 */
export async function addListingPhotos(
  { db, dataDir }: Context,
  { viewerId, listingId, uploads }: { viewerId: string; listingId: number; uploads: Upload[] },
): Promise<OwnerPhoto[]> {
  if (uploads.length === 0) throw new AppError('invalid', 'Choose at least one photo.', { photos: ['Choose at least one photo.'] })
  // Refuse a stranger before reading any image.
  await checkMayChangePhotos(db, { viewerId, listingId })
  const errors: Record<string, string[]> = {}
  for (const [i, upload] of uploads.entries()) {
    const altText = altTextSchema.safeParse(upload.altText)
    if (!altText.success) (errors[`photos.${i}.altText`] ??= []).push(...altText.error.issues.map((issue) => issue.message))
    try {
      await inspectImage(upload.bytes, PHOTO_LIMITS)
    } catch (error) {
      // A file that is not an acceptable image is refused with the others, by name.
      if (!(error instanceof ImageRejectedError || (isAppError(error) && error.code === 'invalid'))) throw error
      ;(errors[`photos.${i}`] ??= []).push(`${upload.name}: ${error.message}`)
    }
  }
  const messages = Object.values(errors).flat()
  if (messages.length > 0) throw new AppError('invalid', messages.join(' '), errors)

  const keys = uploads.map(() => newStorageKey())
  await fs.mkdir(path.dirname(originalPath(dataDir, keys[0]!)), { recursive: true })
  await Promise.all(uploads.map((upload, i) => fs.writeFile(originalPath(dataDir, keys[i]!), upload.bytes)))
  try {
    const rows = await db.transaction(async (tx) => {
      await lockChangeable(tx, viewerId, listingId)
      const [stats] = await tx
        .select({ count: sql<number>`count(*)::int`, last: max(listingPhoto.position) })
        .from(listingPhoto)
        .where(eq(listingPhoto.listingId, listingId))
      const existing = stats?.count ?? 0
      if (existing + uploads.length > MAX_PHOTOS_PER_LISTING) {
        const room = MAX_PHOTOS_PER_LISTING - existing
        const message = `A listing can have at most ${MAX_PHOTOS_PER_LISTING} photos; this one has room for ${room} more.`
        throw new AppError('invalid', message, { photos: [message] })
      }
      const first = (stats?.last ?? -1) + 1
      return tx
        .insert(listingPhoto)
        .values(
          uploads.map((upload, i) => ({
            listingId,
            position: first + i,
            altText: upload.altText.trim(),
            storageKey: keys[i]!,
            status: 'pending',
          })),
        )
        .returning()
    })
    return rows.map((row) => ({ id: row.id, altText: row.altText, status: 'pending', error: null, view: null }))
  } catch (error) {
    await Promise.all(keys.map((key) => fs.rm(originalPath(dataDir, key), { force: true })))
    throw error
  }
}

export const photoChangesSchema = z.object({
  photos: z
    .array(
      z.object({
        id: z.number().int().positive(),
        altText: altTextSchema.optional(),
      }),
    )
    .min(1, 'Name the photos to change.')
    .max(MAX_PHOTOS_PER_LISTING)
    .refine((photos) => new Set(photos.map((p) => p.id)).size === photos.length, 'Each photo may be named once.'),
})

/**
 * Puts the named photos first, in the given order (the others keep their order after them), and
 * sets the alt texts given. Every id must be a photo of this listing.
 */
export async function updateListingPhotos(
  db: Db,
  { viewerId, listingId, input }: { viewerId: string; listingId: number; input: unknown },
): Promise<OwnerPhoto[]> {
  const { photos } = parseOrThrow(photoChangesSchema, input)
  await db.transaction(async (tx) => {
    await lockChangeable(tx, viewerId, listingId)
    const current = await tx
      .select({ id: listingPhoto.id })
      .from(listingPhoto)
      .where(eq(listingPhoto.listingId, listingId))
      .orderBy(asc(listingPhoto.position), asc(listingPhoto.id))
    const ids = new Set(current.map((row) => row.id))
    if (photos.some((p) => !ids.has(p.id))) {
      throw new AppError('invalid', 'Some of these photos do not belong to this listing.', {
        photos: ['Some of these photos do not belong to this listing.'],
      })
    }
    const named = new Set(photos.map((p) => p.id))
    const order = [...photos.map((p) => p.id), ...current.map((row) => row.id).filter((id) => !named.has(id))]
    if (order.length === 0) return
    // One statement for every photo: a published listing's photo change takes the search change log's
    // lock (migration 0020), and a photo being processed meanwhile holds its row while it waits for
    // that lock, so taking rows one statement at a time could wait on each other for ever.
    const rows = order.map((id, position) => {
      const altText = photos.find((p) => p.id === id)?.altText ?? null
      return sql`(${id}::bigint, ${position}::integer, ${altText}::text)`
    })
    await tx.execute(sql`
      update ${listingPhoto} set position = changed.position, alt_text = coalesce(changed.alt_text, ${listingPhoto.altText})
      from (values ${sql.join(rows, sql`, `)}) as changed (id, position, alt_text)
      where ${listingPhoto.id} = changed.id`)
  })
  // The first ready photo is the cover of the listing in search results.
  noteListingChange()
  return listPhotosForOwner(db, { viewerId, listingId })
}

export const LAST_PHOTO_OF_PUBLISHED =
  'A published listing keeps at least one photo: add another before deleting this one, or unpublish the listing first.'

/**
 * Deletes one photo and, once no other photo shares them, its files. A published listing keeps a
 * ready photo (publishing needs one), so its last one is refused and nothing changes.
 */
export async function deleteListingPhoto(
  { db, dataDir }: Context,
  { viewerId, listingId, photoId }: { viewerId: string; listingId: number; photoId: number },
): Promise<void> {
  const storageKey = await db.transaction(async (tx) => {
    const locked = await lockChangeable(tx, viewerId, listingId)
    const [deleted] = await tx
      .delete(listingPhoto)
      .where(and(eq(listingPhoto.id, photoId), eq(listingPhoto.listingId, listingId)))
      .returning({ storageKey: listingPhoto.storageKey, status: listingPhoto.status })
    if (!deleted) throw new AppError('not-found', 'No such photo.')
    if (locked.status === 'published' && deleted.status === 'ready') {
      const [left] = await tx
        .select({ id: listingPhoto.id })
        .from(listingPhoto)
        .where(and(eq(listingPhoto.listingId, listingId), eq(listingPhoto.status, 'ready')))
        .limit(1)
      if (!left) throw new AppError('conflict', LAST_PHOTO_OF_PUBLISHED)
    }
    // Demo listings share illustration files; those stay while any photo points at them.
    return (await isStorageKeyShared(tx, deleted.storageKey)) ? null : deleted.storageKey
  })
  noteListingChange()
  if (storageKey) await removePhotoFiles(dataDir, storageKey)
}
