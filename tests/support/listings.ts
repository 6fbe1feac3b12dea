// Factories for listing tests: people with a role, and listings with realistic defaults that a test
// overrides where it matters (`listings.create({ bedrooms: 3 })`).
import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { listing, profile, user } from '#server/db/schema.ts'
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
    neighbourhood: 'Trolley Square',
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
}

export function listingFactory(db: Db) {
  let defaultOwner: Promise<Person> | undefined
  return {
    landlord: () => createPerson(db, { role: 'landlord' }),
    renter: () => createPerson(db, { role: 'renter' }),
    admin: () => createPerson(db, { role: '', isAdministrator: true }),
    /** A listing through the domain functions (published unless told), then any stored times set directly. */
    async create(overrides: ListingOverrides = {}): Promise<ListingDetail> {
      const { ownerId, status = 'published', createdAt, lastConfirmedAt, ...input } = overrides
      const viewerId = ownerId ?? (await (defaultOwner ??= createPerson(db, { role: 'landlord' }))).id
      let created = await createListing(db, { viewerId, input: listingInput(input) })
      if (status !== 'draft') created = await publishListing(db, { viewerId, listingId: created.id })
      const stored: Partial<typeof listing.$inferInsert> = {}
      if (status !== 'draft' && status !== 'published') stored.status = status
      if (createdAt) stored.createdAt = createdAt
      if (lastConfirmedAt) stored.lastConfirmedAt = lastConfirmedAt
      if (Object.keys(stored).length > 0) await db.update(listing).set(stored).where(eq(listing.id, created.id))
      return { ...created, status }
    },
  }
}
