// Where a listing photo's files live: the original, kept outside the served media until processed,
// and the WebP variants; and their removal once no photo row points at them.
import fs from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { listingPhoto } from '#server/db/schema.ts'
import { deletePhotoVariants } from './photo-variants.server.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export function originalPath(dataDir: string, storageKey: string) {
  return path.join(path.resolve(dataDir), 'originals', 'listings', storageKey)
}

/** True while some photo still points at these files (demo listings share illustration files). */
export async function isStorageKeyShared(tx: Tx | Db, storageKey: string): Promise<boolean> {
  const [shared] = await tx.select({ id: listingPhoto.id }).from(listingPhoto).where(eq(listingPhoto.storageKey, storageKey)).limit(1)
  return Boolean(shared)
}

export async function removePhotoFiles(dataDir: string, storageKey: string) {
  await deletePhotoVariants(dataDir, storageKey)
  await fs.rm(originalPath(dataDir, storageKey), { force: true })
}
