// Factories for listing tests: people with a role, and listings with realistic defaults that a test
// overrides where it matters (`listings.create({ bedrooms: 3 })`).
import crypto from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { listing, listingPhoto, listingPriceHistory, profile, user } from '#server/db/schema.ts'
import { createListing, publishListing } from '#server/listings/index.server.ts'
import type { ListingDetail } from '#common/listings/types.ts'
import type { ListingInput } from '#common/listings/schemas.ts'
import type { ListingStatus } from '#common/listings/vocabulary.ts'

export type Person = { id: string; email: string }

/** A user and profile written directly: these tests are about listings, not sign-up. */
export async function createPerson(db: Db, { role = 'renter', isAdministrator = false } = {}): Promise<Person> {
  const id = `test-${crypto.randomUUID()}`
  const email = `${id}@example.com`
  await db.insert(user).values({ id, name: `Test ${role || 'admin'}`, email, emailVerified: true })
  await db.insert(profile).values({ email, userId: id, role, isAdministrator })
  return { id, email }
}

export function listingInput(overrides: Partial<ListingInput> = {}): ListingInput {
  return {
    title: 'Sunny two-bedroom near Trolley Square',
    description: 'Hardwood floors, a bright kitchen and a short walk to the riverfront.',
    type: 'apartment',
    lease: { monthlyRentCents: 165_000, minTermMonths: 12, depositCents: 165_000 },
    shortTerm: null,
    fees: [],
    includedUtilities: ['water'],
    street: '1200 Delaware Avenue',
    unit: '3B',
    city: 'Wilmington',
    state: 'DE',
    zip: '19806',
    neighborhood: 'Trolley Square',
    latitude: 39.7555,
    longitude: -75.5643,
    bedrooms: 2,
    bathrooms: 1,
    interiorSqft: 900,
    yearBuilt: 1925,
    amenities: [],
    allowsCats: false,
    allowsDogs: false,
    petPolicy: '',
    isFurnished: false,
    availableFrom: '2026-01-01',
    ...overrides,
  }
}

export type ListingOverrides = Partial<ListingInput> & {
  ownerId?: string
  status?: ListingStatus
  createdAt?: Date
  lastConfirmedAt?: Date
  /**
   * No photo: a published one is then stored published directly, as a listing published before
   * photos were required (publishing needs a ready photo). Drafts have none unless a test adds it.
   */
  withoutPhoto?: boolean
}

/**
 * A processed photo at the end of the listing's order, written directly as the demo seed writes its
 * rows (no upload, no job). Its files do not exist: tests that fetch images upload real ones.
 */
export async function addReadyPhoto(db: Db, listingId: number, altText = 'The front of the house from the street') {
  const [existing] = await db.select({ photos: count() }).from(listingPhoto).where(eq(listingPhoto.listingId, listingId))
  const position = existing?.photos ?? 0
  const [row] = await db
    .insert(listingPhoto)
    .values({
      listingId,
      position,
      altText,
      storageKey: `test-photo-${listingId}-${position}`,
      status: 'ready',
      width: 1600,
      height: 1067,
      variantWidths: [400, 800, 1200, 1600],
    })
    .returning({ id: listingPhoto.id })
  return row!.id
}

export function listingFactory(db: Db) {
  let defaultOwner: Promise<Person> | undefined
  return {
    landlord: () => createPerson(db, { role: 'landlord' }),
    renter: () => createPerson(db, { role: 'renter' }),
    admin: () => createPerson(db, { role: '', isAdministrator: true }),
    /**
     * A listing through the domain functions (published unless told, with the ready photo that
     * publishing needs), then any stored status and times set directly.
     */
    async create(overrides: ListingOverrides = {}): Promise<ListingDetail> {
      const { ownerId, status = 'published', createdAt, lastConfirmedAt, withoutPhoto = false, ...input } = overrides
      const viewerId = ownerId ?? (await (defaultOwner ??= createPerson(db, { role: 'landlord' }))).id
      let created = await createListing(db, { viewerId, input: listingInput(input) })
      const isPublishable = status !== 'draft' && !withoutPhoto
      if (isPublishable) {
        await addReadyPhoto(db, created.id)
        created = await publishListing(db, { viewerId, listingId: created.id })
      }
      const stored: Partial<typeof listing.$inferInsert> = {}
      if (status !== 'draft' && (status !== 'published' || !isPublishable)) stored.status = status
      if (createdAt) stored.createdAt = createdAt
      if (lastConfirmedAt) stored.lastConfirmedAt = lastConfirmedAt
      if (Object.keys(stored).length > 0) await db.update(listing).set(stored).where(eq(listing.id, created.id))
      // A status stored without publishing: the prices it was created with are those it went on the market with.
      if (status !== 'draft' && !isPublishable) {
        await db.update(listingPriceHistory).set({ marketPhase: 'listed' }).where(eq(listingPriceHistory.listingId, created.id))
      }
      return { ...created, status }
    },
  }
}
