// The background work on listing photos: the job that turns an uploaded original into WebP variants,
// and the sweep that re-queues photos whose job was never queued.
import fs from 'node:fs/promises'
import { and, asc, eq, lt, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { listingPhoto } from '#server/db/schema.ts'
import { noteListingChange } from '#server/listings/index.server.ts'
import type { Logger } from '#server/logger.server.ts'
import { PHOTO_LIMITS } from './listing-photos.server.ts'
import { isStorageKeyShared, originalPath, removePhotoFiles } from './photo-files.server.ts'
import { deletePhotoVariants, writePhotoVariants } from './photo-variants.server.ts'

type Context = { db: Db; dataDir: string }

export const PROCESS_PHOTO_JOB = 'listing-photo-process'
export const SWEEP_PHOTOS_JOB = 'listing-photo-sweep'
/** Every five minutes: a photo left pending by a crash waits at most a quarter of an hour. */
export const SWEEP_PHOTOS_CRON = '*/5 * * * *'
/** A photo pending this long has no job coming: queued jobs run within seconds of the upload. */
export const STUCK_PHOTO_MINUTES = 10
const SWEEP_BATCH = 200

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
