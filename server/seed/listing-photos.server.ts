// Photos for the demo listings, drawn locally: a fixed set of illustrations is rendered once into
// DATA_DIR/media/listings through the same variant writer as uploads, and every demo listing gets
// 3–6 photo rows pointing at those shared files. Rows are written once (a marker in `setting`);
// files missing from the data folder are drawn again on every start.
import fs from 'node:fs'
import path from 'node:path'
import { asc, count, eq, inArray } from 'drizzle-orm'
import sharp from 'sharp'
import type { Db } from '#server/db/client.server.ts'
import { listing, listingPhoto, setting } from '#server/db/schema.ts'
import type { Logger } from '#server/logger.server.ts'
import { PHOTO_LIMITS } from '#server/media/index.server.ts'
import { listingMediaDir, variantWidthsFor, writePhotoVariants, type PhotoVariants } from '#server/media/index.server.ts'
import { ILLUSTRATION_WIDTH, demoIllustrations, illustrationsForListing } from './illustrations.ts'
import { DEMO_LANDLORD_IDS, DEMO_LISTING_COUNT } from './listings.server.ts'

const SEED_MARKER = 'demo_photos_seeded'

function hasAllVariants(dataDir: string, key: string): boolean {
  const dir = listingMediaDir(dataDir, key)
  return variantWidthsFor(ILLUSTRATION_WIDTH).every((w) => fs.existsSync(path.join(dir, `${w}.webp`)))
}

/** Renders the illustrations (all, or only those whose files are missing) and returns their variants. */
async function renderIllustrations(dataDir: string, { onlyMissing }: { onlyMissing: boolean }) {
  const rendered = new Map<string, PhotoVariants>()
  for (const illustration of demoIllustrations()) {
    if (onlyMissing && hasAllVariants(dataDir, illustration.key)) continue
    const png = await sharp(Buffer.from(illustration.svg)).png().toBuffer()
    rendered.set(illustration.key, await writePhotoVariants(dataDir, illustration.key, png, PHOTO_LIMITS))
  }
  return rendered
}

export async function seedDemoPhotos({ db, dataDir, logger }: { db: Db; dataDir: string; logger: Logger }): Promise<number> {
  const [marker] = await db.select().from(setting).where(eq(setting.key, SEED_MARKER))
  if (marker) {
    const redrawn = await renderIllustrations(dataDir, { onlyMissing: true })
    if (redrawn.size > 0) logger.info({ illustrations: redrawn.size }, 'demo photo files drawn again')
    return 0
  }
  // The demo listings: the first ones of the demo landlords (a bulk seed may add more later).
  const listings = await db
    .select({ id: listing.id })
    .from(listing)
    .where(inArray(listing.ownerId, [...DEMO_LANDLORD_IDS]))
    .orderBy(asc(listing.id))
    .limit(DEMO_LISTING_COUNT)
  if (listings.length === 0) return 0

  // Drawn before the transaction: PGlite serialises transactions, so file work inside one stalls all.
  const variants = await renderIllustrations(dataDir, { onlyMissing: false })
  const illustrations = demoIllustrations()
  const written = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(setting)
      .values({ key: SEED_MARKER, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning()
    if (!claimed) return 0
    const ids = listings.map((l) => l.id)
    const withPhotos = await tx
      .select({ listingId: listingPhoto.listingId, n: count() })
      .from(listingPhoto)
      .where(inArray(listingPhoto.listingId, ids))
      .groupBy(listingPhoto.listingId)
    const skip = new Set(withPhotos.map((row) => row.listingId))
    const rows = listings
      .filter((l) => !skip.has(l.id))
      .flatMap((l, n) =>
        illustrationsForListing(n, illustrations).map((ill, position) => ({
          listingId: l.id,
          position,
          altText: ill.altText,
          storageKey: ill.key,
          status: 'ready',
          ...variants.get(ill.key)!,
        })),
      )
    for (let i = 0; i < rows.length; i += 500) await tx.insert(listingPhoto).values(rows.slice(i, i + 500))
    return rows.length
  })
  if (written > 0) logger.info({ photos: written, illustrations: variants.size }, 'demo listing photos created')
  return written
}
