// Tours on the real database: the landlord's availability, the tour process and its rules.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_AVAILABILITY } from '#common/tours/availability.ts'
import { listing } from '#server/db/schema.ts'
import { effectiveAvailability, findAvailability, saveAvailability, useDefaultAvailability } from '#server/tours/availability.server.ts'
import { listingFactory, type Person } from '#tests/support/listings.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database.ts'

let database: TestDatabase
const db = () => database.db
let listings: ReturnType<typeof listingFactory>

async function codeOf(promise: Promise<unknown>) {
  return promise.then(
    () => 'ok',
    (e: { code?: string; message: string }) => e.code ?? e.message,
  )
}

beforeAll(async () => {
  database = await createTestDatabase()
  listings = listingFactory(db())
})
afterAll(async () => {
  await database.drop()
})

describe('a listing time zone', () => {
  it('is stored from the coordinates by the listing write', async () => {
    const denver = await listings.create({ latitude: 39.7392, longitude: -104.9903, city: 'Denver', state: 'CO', zip: '80202' })
    const [row] = await db().select({ timeZone: listing.timeZone }).from(listing).where(eq(listing.id, denver.id))
    expect(row?.timeZone).toBe('America/Denver')
  })
})

describe('availability', () => {
  let landlord: Person
  beforeAll(async () => {
    landlord = await listings.landlord()
  })

  it('follows the account defaults until a listing has its own, and only for its owner', async () => {
    const home = await listings.create({ ownerId: landlord.id })
    expect(await findAvailability(db(), { viewerId: landlord.id, listingId: home.id })).toEqual({
      availability: DEFAULT_AVAILABILITY,
      isListingOwn: false,
      defaults: DEFAULT_AVAILABILITY,
    })
    const defaults = { ...DEFAULT_AVAILABILITY, tourMinutes: 20, blockedDates: ['2026-12-25', '2026-12-24', '2026-12-25'] }
    await saveAvailability(db(), { viewerId: landlord.id, input: defaults })
    const inherited = await findAvailability(db(), { viewerId: landlord.id, listingId: home.id })
    expect(inherited.availability).toMatchObject({ tourMinutes: 20, blockedDates: ['2026-12-24', '2026-12-25'] })
    const own = await saveAvailability(db(), { viewerId: landlord.id, listingId: home.id, input: { ...defaults, partiesPerSlot: 4 } })
    expect(own).toMatchObject({ isListingOwn: true, availability: { partiesPerSlot: 4 }, defaults: { partiesPerSlot: 1 } })
    expect(await effectiveAvailability(db(), { ownerId: landlord.id, listingId: home.id })).toMatchObject({ partiesPerSlot: 4 })
    expect((await useDefaultAvailability(db(), { viewerId: landlord.id, listingId: home.id })).availability.partiesPerSlot).toBe(1)
    expect(await effectiveAvailability(db(), { ownerId: landlord.id, listingId: home.id })).toMatchObject({
      partiesPerSlot: 1,
      tourMinutes: 20,
    })

    const other = await listings.landlord()
    const renter = await listings.renter()
    expect(await codeOf(findAvailability(db(), { viewerId: other.id, listingId: home.id }))).toBe('not-found')
    expect(await codeOf(saveAvailability(db(), { viewerId: other.id, listingId: home.id, input: defaults }))).toBe('not-found')
    expect(await codeOf(saveAvailability(db(), { viewerId: renter.id, input: defaults }))).toBe('forbidden')
  })

  it('refuses a tour length outside 15–60 minutes and a window that ends before it starts', async () => {
    const bad = { ...DEFAULT_AVAILABILITY, tourMinutes: 90, windows: [{ weekday: 1, start: '12:00', end: '09:00' }] }
    const error = await saveAvailability(db(), { viewerId: landlord.id, input: bad }).catch((e: { code: string; fieldErrors: object }) => e)
    expect(error).toMatchObject({ code: 'invalid' })
    expect(Object.keys((error as { fieldErrors: object }).fieldErrors).sort()).toEqual(['tourMinutes', 'windows.0.end'])
  })
})
