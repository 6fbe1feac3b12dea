// The stays JSON API through the real HTTP app and the real services: a listing's calendar and quote
// for anyone, the host's rules and blocks for the host only, a request and its answers for the two
// parties only (404 to anyone else), nights taken answered 409 with the nearest free ones, and each step
// told to both sides by e-mail (deadlines in each side's zone), live, and in their conversation.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { addDays, todayIn } from '#common/stays/dates.ts'
import { DEFAULT_STAY_RULES } from '#common/stays/rules.ts'
import { profile } from '#server/db/schema.ts'
import { listConversations, readThread } from '#server/messages/index.server.ts'
import type { PublicNews } from '#server/realtime/events.server.ts'
import { expireStays } from '#server/stays/index.server.ts'
import { establishedUser } from '#tests/support/chat.ts'
import { callApi, type ApiCall } from '#tests/support/json-api.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'
import type { TestUser } from '#tests/support/users.ts'

let t: TestServices
let host: TestUser
let guest: TestUser
let other: TestUser
let stranger: TestUser
let listingId: number
const news: PublicNews[] = []
const db = () => t.services.database.db

const api = (method: string, pathname: string, call?: ApiCall) => callApi(t, method, pathname, call)
const today = () => todayIn('America/New_York', new Date())
/** The mails to a person about one booking (its link names it). */
const mailTo = (person: TestUser, subject: RegExp, bookingId: number) =>
  t.mail.messages.filter((m) => m.to.includes(person.email) && subject.test(m.subject) && m.text.includes(`/stays/${bookingId}\n`))

beforeAll(async () => {
  t = await createTestServices()
  t.services.realtime.subscribe((n) => news.push(n))
  host = await establishedUser(t, { name: 'Hana Host' })
  guest = await establishedUser(t, { name: 'Gus Guest' })
  other = await establishedUser(t, { name: 'Olga Other' })
  stranger = await establishedUser(t, { name: 'Sam Stranger' })
  await db().update(profile).set({ role: 'landlord' }).where(eq(profile.userId, host.id))
  listingId = (await listingFactory(db()).create({ ownerId: host.id, shortTerm: { nightlyCents: 11_000, minNights: 2 } })).id
})
afterAll(async () => {
  await t?.close()
})

describe('the stays API', () => {
  it('lets only the host read and save the rules and blocks, and shows anyone the calendar and the price', async () => {
    expect((await api('GET', `/properties/${listingId}/stay-rules`, { cookie: stranger.cookie })).status).toBe(404)
    expect((await api('GET', `/properties/${listingId}/stay-rules`)).status).toBe(401)
    const rules = { ...DEFAULT_STAY_RULES, cleaningFeeCents: 3_000, checkInDetails: 'Code 2468 on the side door.' }
    const saved = await api('PUT', `/properties/${listingId}/stay-rules`, { cookie: host.cookie, body: rules })
    expect(saved.status).toBe(200)
    expect(saved.json).toMatchObject({ isListingOwn: true, rules: { cleaningFeeCents: 3_000 } })
    const bad = await api('PUT', `/properties/${listingId}/stay-rules`, { cookie: host.cookie, body: { ...rules, maxNights: 'many' } })
    expect(bad.status).toBe(400)
    expect(bad.json.errors).toEqual({ maxNights: ['Maximum nights must be a number.'] })
    expect((await api('PUT', `/properties/${listingId}/stay-rules`, { cookie: stranger.cookie, body: rules })).status).toBe(404)

    const blockStart = addDays(today(), 40)
    const blocked = await api('POST', `/properties/${listingId}/stay-blocks`, {
      cookie: host.cookie,
      body: { start: blockStart, end: addDays(blockStart, 2), note: 'Repairs' },
    })
    expect(blocked.status).toBe(201)
    expect(
      (
        await api('POST', `/properties/${listingId}/stay-blocks`, {
          cookie: stranger.cookie,
          body: { start: blockStart, end: addDays(blockStart, 1) },
        })
      ).status,
    ).toBe(404)
    expect((await api('DELETE', `/properties/${listingId}/stay-blocks/${blocked.json.block.id}`, { cookie: stranger.cookie })).status).toBe(
      404,
    )

    const calendar = await api('GET', `/properties/${listingId}/stay-calendar?months=3`)
    expect(calendar.status).toBe(200)
    expect(calendar.json).toMatchObject({
      timeZone: 'America/New_York',
      rules: { nightlyCents: 11_000, minNights: 2, cleaningFeeCents: 3_000 },
    })
    expect(calendar.json.rules.checkInDetails).toBeUndefined()
    expect(calendar.json.nights.find((n: { date: string }) => n.date === blockStart).state).toBe('blocked')
    expect(calendar.json.blocks).toBeUndefined()
    expect((await api('GET', `/properties/${listingId}/stay-calendar`, { cookie: host.cookie })).json.blocks).toHaveLength(1)
    expect((await api('GET', `/properties/${listingId}/stay-calendar?months=99`)).status).toBe(400)
    expect((await api('GET', `/properties/${listingId}/stay-calendar?from=2027-13`)).status).toBe(400)
    expect((await api('GET', '/properties/999999999/stay-calendar')).status).toBe(404)

    const checkIn = addDays(today(), 10)
    const quoted = await api('GET', `/properties/${listingId}/stay-quote?checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}&guests=2`)
    expect(quoted.status).toBe(200)
    expect(quoted.json.quote).toMatchObject({ nights: 3, nightsCents: 33_000, cleaningFeeCents: 3_000, totalCents: 36_000 })
    expect(quoted.json.policyText.label).toBe('Moderate')
    const tooShort = await api('GET', `/properties/${listingId}/stay-quote?checkIn=${checkIn}&checkOut=${addDays(checkIn, 1)}&guests=2`)
    expect(tooShort).toMatchObject({ status: 400, json: { detail: 'This home takes stays of at least 2 nights.' } })
    expect((await api('GET', `/properties/${listingId}/stay-quote?checkIn=x&guests=-1`)).status).toBe(400)
  })

  it('books, answers and lists a stay for its two parties only, and answers nights taken with the nearest free ones', async () => {
    const checkIn = addDays(today(), 12)
    const checkOut = addDays(checkIn, 3)
    const body = { checkIn, checkOut, guests: 2, message: 'A weekend with friends', timeZone: 'America/Los_Angeles' }
    expect((await api('POST', `/properties/${listingId}/stays`, { body })).status).toBe(401)
    expect((await api('POST', `/properties/${listingId}/stays`, { cookie: host.cookie, body })).status).toBe(403)
    expect(
      (await api('POST', `/properties/${listingId}/stays`, { cookie: guest.cookie, body: { ...body, timeZone: 'Mars/Base' } })).status,
    ).toBe(400)
    const asked = await api('POST', `/properties/${listingId}/stays`, { cookie: guest.cookie, body })
    expect(asked.status).toBe(201)
    expect(asked.json.booking).toMatchObject({
      state: 'requested',
      role: 'guest',
      checkIn,
      checkOut,
      totalCents: 36_000,
      host: { name: 'Hana Host' },
    })
    expect(asked.json.booking.listing.address).toBeNull()
    const bookingId = asked.json.booking.id as number

    const taken = await api('POST', `/properties/${listingId}/stays`, {
      cookie: other.cookie,
      body: { ...body, checkIn: addDays(checkIn, 1), checkOut: addDays(checkOut, 1) },
    })
    expect(taken.status).toBe(409)
    expect(taken.json.detail).toMatch(/^Those dates are taken: the nights of .+\. The nearest free stays of the same length: /)
    expect(taken.json.taken).toEqual([{ start: addDays(checkIn, 1), end: checkOut }])
    expect(taken.json.nearest.after).toEqual({ checkIn: checkOut, checkOut: addDays(checkOut, 3) })
    const quoteTaken = await api('GET', `/properties/${listingId}/stay-quote?checkIn=${checkIn}&checkOut=${checkOut}&guests=1`)
    expect(quoteTaken.status).toBe(409)

    expect((await api('GET', `/stays/${bookingId}`, { cookie: stranger.cookie })).status).toBe(404)
    expect((await api('POST', `/stays/${bookingId}/accept`, { cookie: stranger.cookie })).status).toBe(404)
    expect((await api('POST', `/stays/${bookingId}/accept`, { cookie: guest.cookie })).status).toBe(403)
    expect((await api('POST', `/stays/${bookingId}/teleport`, { cookie: host.cookie })).status).toBe(404)
    expect((await api('POST', '/stays/abc/accept', { cookie: host.cookie })).status).toBe(404)
    const accepted = await api('POST', `/stays/${bookingId}/accept`, { cookie: host.cookie })
    expect(accepted.status).toBe(200)
    expect(accepted.json.booking).toMatchObject({ state: 'confirmed', role: 'host' })
    const seen = await api('GET', `/stays/${bookingId}`, { cookie: guest.cookie })
    expect(seen.json.booking.listing.address).toBe('1200 Delaware Avenue, 3B, Wilmington, DE 19806')
    expect(seen.json.booking.checkInDetails).toBe('Code 2468 on the side door.')
    expect(seen.json.booking.events.map((e: { action: string }) => e.action)).toEqual(['requested', 'accepted'])
    expect((await api('POST', `/stays/${bookingId}/check-in`, { cookie: guest.cookie })).status).toBe(409)
    expect((await api('GET', '/stays?role=host', { cookie: host.cookie })).json.bookings.map((b: { id: number }) => b.id)).toEqual([
      bookingId,
    ])
    expect((await api('GET', '/stays?role=landlord', { cookie: host.cookie })).status).toBe(400)

    const noReason = await api('POST', `/stays/${bookingId}/cancel`, { cookie: guest.cookie, body: {} })
    expect(noReason).toMatchObject({ status: 400, json: { errors: { reason: ['Say why, in a few words.'] } } })
    const cancelled = await api('POST', `/stays/${bookingId}/cancel`, { cookie: guest.cookie, body: { reason: 'Our plans changed' } })
    expect(cancelled.status).toBe(200)
    // Twelve days ahead under the moderate policy: everything back, recorded.
    expect(cancelled.json.booking).toMatchObject({
      state: 'cancelled',
      refundCents: 36_000,
      reason: 'Our plans changed',
      listing: { address: null },
    })
  })

  it('tells both sides of each step by e-mail, live and in their conversation, with deadlines in each side’s zone', async () => {
    const checkIn = addDays(today(), 20)
    const body = { checkIn, checkOut: addDays(checkIn, 2), guests: 1, timeZone: 'America/Los_Angeles' }
    const asked = await api('POST', `/properties/${listingId}/stays`, { cookie: guest.cookie, body })
    const bookingId = asked.json.booking.id as number
    await t.services.jobs.runUntilIdle()
    const [toHost] = mailTo(host, /^New request to stay/, bookingId)
    expect(toHost?.text).toMatch(/Accept or decline before \w+day, \w+ \d+ at \d+:\d\d [AP]M E[SD]T, or the request expires/)
    expect(toHost?.text).toContain('Address: 1200 Delaware Avenue')
    expect(toHost?.text).toContain('Money is recorded here, not moved')
    const [toGuest] = mailTo(guest, /^Stay requested/, bookingId)
    expect(toGuest?.text).toMatch(
      /The host has until \w+day, \w+ \d+ at \d+:\d\d [AP]M P[SD]T \(\w+day, \w+ \d+ at \d+:\d\d [AP]M E[SD]T at the home\) to answer/,
    )
    expect(toGuest?.text).not.toContain('Delaware Avenue')

    const answerBy = new Date(asked.json.booking.answerBy as string)
    expect(await expireStays(t.services, new Date(answerBy.getTime() + 1000))).toBeGreaterThanOrEqual(1)
    await t.services.jobs.runUntilIdle()
    expect(mailTo(guest, /^Request expired/, bookingId)).toHaveLength(1)
    expect(mailTo(host, /^Request expired/, bookingId)).toHaveLength(1)
    await vi.waitFor(() => expect(news).toContainEqual({ kind: 'stay', bookingId, state: 'expired', userIds: [guest.id, host.id] }))

    const [conversation] = (await listConversations(db(), { userId: guest.id })).filter((c) => c.listing?.id === listingId)
    const thread = await readThread(db(), { userId: guest.id, conversationId: conversation!.id })
    const lines = thread.messages.map((m) => m.body).filter((b) => b.startsWith('Stay') || b.startsWith('Request'))
    expect(lines.at(-1)).toMatch(/^Stay requested: \w{3}, \w{3} \d+, \d{4} to \w{3}, \w{3} \d+, \d{4} \(2 nights\), 1 guest, \$\d+/)
  })
})
