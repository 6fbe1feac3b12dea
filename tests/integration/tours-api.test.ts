// The tours JSON API through the real HTTP app: open slots for anyone, requests and answers for the two
// parties, 404 to a third person on every tour address, and a taken time answered with the next ones.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_AVAILABILITY } from '#common/tours/availability.ts'
import { profile } from '#server/db/schema.ts'
import { establishedUser } from '#tests/support/chat.ts'
import { callApi, type ApiCall } from '#tests/support/json-api.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { createTestServices, TEST_ORIGIN, type TestServices } from '#tests/support/test-services.ts'
import type { TestUser } from '#tests/support/users.ts'

let t: TestServices
let landlord: TestUser
let renter: TestUser
let other: TestUser
let stranger: TestUser
let listingId: number

const api = (method: string, pathname: string, call?: ApiCall) => callApi(t, method, pathname, call)

beforeAll(async () => {
  t = await createTestServices()
  landlord = await establishedUser(t, { name: 'Lee Landlord' })
  renter = await establishedUser(t, { name: 'Robin Renter' })
  other = await establishedUser(t, { name: 'Olga Other' })
  stranger = await establishedUser(t, { name: 'Sam Stranger' })
  await t.services.database.db.update(profile).set({ role: 'landlord' }).where(eq(profile.userId, landlord.id))
  listingId = (await listingFactory(t.services.database.db).create({ ownerId: landlord.id })).id
})
afterAll(async () => {
  await t?.close()
})

describe('the tours API', () => {
  it('books, answers and lists tours for their two parties only', async () => {
    const windows = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '17:00' }))
    const saved = await api('PUT', `/tour-availability?listing=${listingId}`, {
      cookie: landlord.cookie,
      body: { ...DEFAULT_AVAILABILITY, windows, noticeHours: 2 },
    })
    expect(saved.status).toBe(200)
    expect(saved.json.isListingOwn).toBe(true)
    expect(
      (await api('PUT', `/tour-availability?listing=${listingId}`, { cookie: stranger.cookie, body: DEFAULT_AVAILABILITY })).status,
    ).toBe(404)

    const slots = await api('GET', `/properties/${listingId}/tour-slots`)
    expect(slots.status).toBe(200)
    expect(slots.json).toMatchObject({ listingId, timeZone: 'America/New_York', tourMinutes: 30 })
    const startsAt = slots.json.days[1].slots[0].startsAt as string

    expect((await api('POST', `/properties/${listingId}/tours`, { body: { startsAt, partySize: 1 } })).status).toBe(401)
    const booked = await api('POST', `/properties/${listingId}/tours`, {
      cookie: renter.cookie,
      body: { startsAt, partySize: 2, note: 'After work' },
    })
    expect(booked.status).toBe(201)
    expect(booked.json.tour).toMatchObject({
      state: 'requested',
      role: 'renter',
      startsAt,
      partySize: 2,
      note: 'After work',
      landlord: { name: 'Lee Landlord' },
    })
    const tourId = booked.json.tour.id as number

    const taken = await api('POST', `/properties/${listingId}/tours`, { cookie: other.cookie, body: { startsAt, partySize: 1 } })
    expect(taken.status).toBe(409)
    expect(taken.json.detail).toBe('That time was just taken. Choose another time.')
    expect(taken.json.nextSlots.length).toBeGreaterThan(0)

    for (const [method, path, body] of [
      ['GET', `/tours/${tourId}`, undefined],
      ['POST', `/tours/${tourId}/confirm`, {}],
      ['POST', `/tours/${tourId}/cancel`, { reason: 'Mine now' }],
      ['POST', `/tours/${tourId}/reschedule`, { startsAt: taken.json.nextSlots[0].startsAt }],
      ['POST', `/tours/${tourId}/no-show`, {}],
    ] as const) {
      const res = await api(method, path, { cookie: stranger.cookie, body })
      expect(res.status, path).toBe(404)
    }
    expect((await api('GET', `/tours/${tourId}`)).status).toBe(401)
    // Another site's page cannot answer a tour for the landlord (the cross-site write check in front of every route).
    const crossSite = await t.app.request(
      new Request(`${TEST_ORIGIN}/api/tours/${tourId}/confirm`, {
        method: 'POST',
        headers: { Origin: 'https://elsewhere.example', Cookie: landlord.cookie, 'Content-Type': 'application/json' },
        body: '{}',
      }),
    )
    expect(crossSite.status).toBe(403)

    expect((await api('POST', `/tours/${tourId}/confirm`, { cookie: renter.cookie, body: {} })).status).toBe(403)
    const confirmed = await api('POST', `/tours/${tourId}/confirm`, { cookie: landlord.cookie, body: {} })
    expect(confirmed.json.tour).toMatchObject({ state: 'confirmed', role: 'landlord' })
    expect(confirmed.json.tour.events.map((e: { action: string }) => e.action)).toEqual(['requested', 'confirmed'])

    const mine = await api('GET', '/tours?when=upcoming', { cookie: renter.cookie })
    expect(mine.json.tours.map((tour: { id: number }) => tour.id)).toEqual([tourId])
    const date = slots.json.days[1].date as string
    const day = await api('GET', `/tours/day?date=${date}`, { cookie: landlord.cookie })
    expect(day.json.tours.map((tour: { id: number }) => tour.id)).toEqual([tourId])
    expect((await api('GET', `/tours/day?date=${date}`, { cookie: stranger.cookie })).json.tours).toEqual([])
  })
})
