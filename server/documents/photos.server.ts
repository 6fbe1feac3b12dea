// Tenancy photos: an inspection item's or a maintenance request's pictures, kept privately beside
// the documents (DATA_DIR/private/photos/<id>.webp) and opened only through a link minted for one
// reader. Who may see a photo is decided by the area that shows it (the parties of its lease), which
// mints the links; this module keeps the bytes and checks the links.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { eq } from 'drizzle-orm'
import { tenancyPhoto } from '#server/db/schema.ts'
import { processPrivatePhoto } from '#server/media/index.server.ts'
import { photoLink, readLink } from './links.server.ts'
import type { DocumentServices } from './store.server.ts'

type StoredPhoto = { id: number; width: number; height: number }

function photosDir(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'private', 'photos')
}

function photoFilePath(dataDir: string, photoId: number): string {
  if (!Number.isSafeInteger(photoId) || photoId < 1) throw new Error(`Not a photo id: ${photoId}`)
  return path.join(photosDir(dataDir), `${photoId}.webp`)
}

/**
 * Keeps a photo for a lease. The bytes are checked and re-encoded before anything is written, so a
 * refused upload (an 'invalid' AppError in words for the uploader) leaves no row and no file. The
 * caller has already checked that the uploader is a party of the lease.
 */
export async function storeTenancyPhoto(
  services: DocumentServices,
  input: { leaseId: number; uploaderId: string; bytes: Uint8Array },
): Promise<StoredPhoto> {
  const photo = await processPrivatePhoto(input.bytes)
  const dataDir = services.config.DATA_DIR
  const dir = photosDir(dataDir)
  await fs.mkdir(dir, { recursive: true, mode: 0o700 })
  const temporary = path.join(dir, `.${crypto.randomBytes(16).toString('hex')}.tmp`)
  await fs.writeFile(temporary, photo.data, { flag: 'wx', mode: 0o600 })
  try {
    const [row] = await services.database.db
      .insert(tenancyPhoto)
      .values({
        leaseId: input.leaseId,
        uploaderId: input.uploaderId,
        width: photo.width,
        height: photo.height,
        byteSize: photo.data.byteLength,
        sha256: crypto.createHash('sha256').update(photo.data).digest('hex'),
      })
      .returning({ id: tenancyPhoto.id })
    // Renamed into place only once the row exists: a reader never finds a half-written file.
    await fs.rename(temporary, photoFilePath(dataDir, row!.id))
    return { id: row!.id, width: photo.width, height: photo.height }
  } finally {
    await fs.rm(temporary, { force: true })
  }
}

/** Links for `readerId` to each of these photos, by photo id. Mint them only for a reader who may see them. */
export function tenancyPhotoLinks({ photoIds, readerId, now }: { photoIds: readonly number[]; readerId: string; now?: Date }) {
  return new Map(photoIds.map((photoId) => [photoId, photoLink({ photoId, readerId, now })]))
}

export type LinkedPhoto =
  { status: 'found'; byteSize: number; body: ReadableStream<Uint8Array> } | { status: 'expired' } | { status: 'none' }

/** The photo behind a link minted for `readerId`, streamed; 'none' for anything else, 'expired' for the reader's own old link. */
export async function openLinkedPhoto(
  services: DocumentServices,
  { token, readerId, now }: { token: string; readerId: string | null; now?: Date },
): Promise<LinkedPhoto> {
  if (readerId === null) return { status: 'none' }
  const link = readLink('photo', token, readerId, now)
  if (link.status !== 'valid') return link.status === 'expired' ? { status: 'expired' } : { status: 'none' }
  const [row] = await services.database.db.select({ id: tenancyPhoto.id }).from(tenancyPhoto).where(eq(tenancyPhoto.id, link.fileId))
  if (!row) return { status: 'none' }
  let file: fs.FileHandle
  try {
    file = await fs.open(photoFilePath(services.config.DATA_DIR, row.id), 'r')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'none' }
    throw error
  }
  try {
    const { size } = await file.stat()
    // The stream closes the file when it ends, fails or the client goes away.
    return { status: 'found', byteSize: size, body: Readable.toWeb(file.createReadStream()) as ReadableStream<Uint8Array> }
  } catch (error) {
    await file.close()
    throw error
  }
}
