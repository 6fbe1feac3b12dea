// Listing photos as their owner manages them: upload (checked by content, original kept outside the
// served media, processing queued), the list with pending and failed photos, order and alt text,
// deletion, the job that turns an original into WebP variants and the sweep that re-queues photos
// whose job was never queued. Access is checked in each query.
import fs from 'node:fs/promises'
import path from 'node:path'
import { and, asc, eq, lt, max, sql } from 'drizzle-orm'
import { z } from 'zod'
import { plainText } from '#common/plain-text.ts'
import type { Db } from '#server/db/client.server.ts'
import { listingPhoto } from '#server/db/schema.ts'
import { AppError, isAppError, parseOrThrow } from '#server/errors.server.ts'
import { checkMayChange, lockChangeable as lockListing, noteListingChange } from '#server/listings/index.server.ts'
import { photoView, type OwnerPhoto, type PhotoStatus } from '#common/listings/photos.ts'
export type { OwnerPhoto } from '#common/listings/photos.ts'
import type { Logger } from '#server/logger.server.ts'
import { ImageRejectedError, inspectImage, type ImageLimits } from './avatar-image.server.ts'
import { deletePhotoVariants, newStorageKey, writePhotoVariants } from './photo-variants.server.ts'

export const PROCESS_PHOTO_JOB = 'listing-photo-process'
export const SWEEP_PHOTOS_JOB = 'listing-photo-sweep'
/** Every five minutes: a photo left pending by a crash waits at most a quarter of an hour. */
export const SWEEP_PHOTOS_CRON = '*/5 * * * *'
/** A photo pending this long has no job coming: queued jobs run within seconds of the upload. */
export const STUCK_PHOTO_MINUTES = 10
const SWEEP_BATCH = 200
export const MAX_PHOTOS_PER_LISTING = 30
export const PHOTO_LIMITS: ImageLimits = { maxBytes: 15 * 1024 * 1024, maxPixels: 40_000_000 }
export const ALT_TEXT_MAX = 300

const altTextSchema = plainText('Alt text').trim().max(ALT_TEXT_MAX, `Alt text can be at most ${ALT_TEXT_MAX} characters.`)

export type Upload = { name: string; bytes: Uint8Array; altText: string }

type Context = { db: Db; dataDir: string }

function originalPath(dataDir: string, storageKey: string) {
  return path.join(path.resolve(dataDir), 'originals', 'listings', storageKey)
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

const ONLY_OWNER_CHANGES_PHOTOS = 'Only the owner or an administrator can change the photos of this listing.'

/** Locks a listing the viewer may change: 403 for one they may only see, 404 for one they may not. */
async function lockChangeable(tx: Tx, viewerId: string, listingId: number): Promise<void> {
  await lockListing(tx, { viewerId, listingId }, ONLY_OWNER_CHANGES_PHOTOS)
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
    for (const [position, id] of order.entries()) {
      const altText = photos.find((p) => p.id === id)?.altText
      await tx
        .update(listingPhoto)
        .set({ position, ...(altText === undefined ? {} : { altText }) })
        .where(eq(listingPhoto.id, id))
    }
  })
  // The first ready photo is the cover of the listing in search results.
  noteListingChange()
  return listPhotosForOwner(db, { viewerId, listingId })
}

/** Deletes one photo and, once no other photo shares them, its files. */
export async function deleteListingPhoto(
  { db, dataDir }: Context,
  { viewerId, listingId, photoId }: { viewerId: string; listingId: number; photoId: number },
): Promise<void> {
  const storageKey = await db.transaction(async (tx) => {
    await lockChangeable(tx, viewerId, listingId)
    const [deleted] = await tx
      .delete(listingPhoto)
      .where(and(eq(listingPhoto.id, photoId), eq(listingPhoto.listingId, listingId)))
      .returning({ storageKey: listingPhoto.storageKey })
    if (!deleted) throw new AppError('not-found', 'No such photo.')
    // Demo listings share illustration files; those stay while any photo points at them.
    return (await isStorageKeyShared(tx, deleted.storageKey)) ? null : deleted.storageKey
  })
  noteListingChange()
  if (storageKey) await removePhotoFiles(dataDir, storageKey)
}

async function isStorageKeyShared(tx: Tx | Db, storageKey: string): Promise<boolean> {
  const [shared] = await tx.select({ id: listingPhoto.id }).from(listingPhoto).where(eq(listingPhoto.storageKey, storageKey)).limit(1)
  return Boolean(shared)
}

async function removePhotoFiles(dataDir: string, storageKey: string) {
  await deletePhotoVariants(dataDir, storageKey)
  await fs.rm(originalPath(dataDir, storageKey), { force: true })
}

const LOST_ORIGINAL = 'The uploaded file was lost before it could be processed. Upload the photo again.'

/**
 * The background job: re-encodes a pending photo's original into its WebP widths, then marks it
 * ready (or failed, with a reason the owner can act on) in one short statement. File work happens
 * outside any transaction. Idempotent: a photo no longer pending is left alone, and when two runs
 * overlap (a retry, or the sweep re-queuing a slow one) both write the same files and only the
 * first to finish changes the row; neither removes files the row still points at.
 */
export async function processListingPhoto({ db, dataDir, logger }: Context & { logger: Logger }, photoId: number): Promise<void> {
  const [row] = await db
    .select({ storageKey: listingPhoto.storageKey })
    .from(listingPhoto)
    .where(and(eq(listingPhoto.id, photoId), eq(listingPhoto.status, 'pending')))
  if (!row) return
  let original: Buffer
  try {
    original = await fs.readFile(originalPath(dataDir, row.storageKey))
  } catch {
    await markFailed(db, photoId, LOST_ORIGINAL)
    return
  }
  let variants
  try {
    variants = await writePhotoVariants(dataDir, row.storageKey, original, PHOTO_LIMITS)
  } catch (error) {
    logger.warn({ err: error, photoId }, 'listing photo could not be processed')
    if (await markFailed(db, photoId, 'This photo could not be processed. It may be damaged; try another photo.')) {
      await deletePhotoVariants(dataDir, row.storageKey)
    }
    return
  }
  const updated = await db
    .update(listingPhoto)
    .set({ status: 'ready', error: null, ...variants })
    .where(and(eq(listingPhoto.id, photoId), eq(listingPhoto.status, 'pending')))
    .returning({ id: listingPhoto.id })
  if (updated.length > 0) {
    // A new cover (or another photo) shows in this process's cached search pages at once.
    noteListingChange()
    return
  }
  // Deleted while it was being processed: nothing points at the files any more. (Made ready or
  // failed by an overlapping run instead: the row keeps its files.)
  const [stillThere] = await db.select({ id: listingPhoto.id }).from(listingPhoto).where(eq(listingPhoto.id, photoId))
  if (!stillThere && !(await isStorageKeyShared(db, row.storageKey))) await removePhotoFiles(dataDir, row.storageKey)
}

/** Marks a pending photo failed; false when it was not pending (done, failed or deleted meanwhile). */
async function markFailed(db: Db, photoId: number, error: string): Promise<boolean> {
  const updated = await db
    .update(listingPhoto)
    .set({ status: 'failed', error })
    .where(and(eq(listingPhoto.id, photoId), eq(listingPhoto.status, 'pending')))
    .returning({ id: listingPhoto.id })
  return updated.length > 0
}

/**
 * The sweep job: a photo is queued for processing only after its upload commits, so a crash in
 * between leaves it pending with no job. Photos pending for longer than `olderThanMinutes` are
 * queued again when their original is still on disk (processing twice is harmless) and marked
 * failed when it is gone.
 */
export async function sweepPendingPhotos(
  { db, dataDir }: Context,
  { queue, olderThanMinutes = STUCK_PHOTO_MINUTES }: { queue: (photoId: number) => Promise<void>; olderThanMinutes?: number },
): Promise<{ requeued: number; failed: number }> {
  const stuck = await db
    .select({ id: listingPhoto.id, storageKey: listingPhoto.storageKey })
    .from(listingPhoto)
    .where(and(eq(listingPhoto.status, 'pending'), lt(listingPhoto.createdAt, sql`now() - make_interval(mins => ${olderThanMinutes})`)))
    .orderBy(asc(listingPhoto.id))
    .limit(SWEEP_BATCH)
  let requeued = 0
  let failed = 0
  for (const photo of stuck) {
    const hasOriginal = await fs.access(originalPath(dataDir, photo.storageKey)).then(
      () => true,
      () => false,
    )
    if (hasOriginal) {
      await queue(photo.id)
      requeued += 1
    } else if (await markFailed(db, photo.id, LOST_ORIGINAL)) {
      failed += 1
    }
  }
  return { requeued, failed }
}
