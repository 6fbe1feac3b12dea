// Reviews after a stay through the real HTTP app and the real database: only the two sides of a
// completed stay review it, once, within the window; both stay hidden until both are in (then publish
// at once) or the window ends (the publication job); the host answers once; nothing is edited after
// sending; an administrator's removal keeps the row with the rule and who; the listing's averages,
// count and pages; and both sides told by e-mail when their reviews publish.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayIn } from '#common/stays/dates.ts'
import { profile, stayReview } from '#server/db/schema.ts'
import { publishStayReviews } from '#server/stays/index.server.ts'
import { storeStayRequest } from '#server/stays/request.server.ts'
import { storeStayReview } from '#server/stays/reviews.server.ts'
import { storeStayTransition } from '#server/stays/transitions.server.ts'
import { establishedUser } from '#tests/support/chat.ts'
import { callApi, type ApiCall } from '#tests/support/json-api.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'
import type { TestUser } from '#tests/support/users.ts'

let t: TestServices
let host: TestUser
let guest: TestUser
let stranger: TestUser
let admin: TestUser
const db = () => t.services.database.db
const api = (method: string, pathname: string, call?: ApiCall) => callApi(t, method, pathname, call)
const DAY = 86_400_000

const guestStars = { cleanliness: 5, accuracy: 4, communication: 5, location: 3, value: 4 }
const guestReview = { ...guestStars, text: 'Spotless flat, easy check-in, a little noisy at night on weekends.' }
const hostReview = { cleanliness: 5, communication: 4, houseRules: 5, text: 'Left the place tidy and kept to the quiet hours.' }

beforeAll(async () => {
  t = await createTestServices()
  host = await establishedUser(t, { name: 'Hana Host' })
  guest = await establishedUser(t, { name: 'Gus Guest' })
  stranger = await establishedUser(t, { name: 'Sam Stranger' })
  admin = await establishedUser(t, { name: 'Ada Admin', isAdministrator: true })
  await db().update(profile).set({ role: 'landlord' }).where(eq(profile.userId, host.id))
})
afterAll(async () => {
  await t?.close()
})

const newHome = async () => (await listingFactory(db()).create({ ownerId: host.id, shortTerm: { nightlyCents: 10_000, minNights: 2 } })).id

/** A two-night stay of the guest's that checked out `daysAgo` days ago (in Wilmington), booked, accepted and completed. */
async function completedStay(listingId: number, daysAgo: number, completedAt = new Date()) {
  const checkOut = addDays(todayIn('America/New_York', new Date()), -daysAgo)
  const checkIn = addDays(checkOut, -2)
  const asked = new Date(Date.parse(`${checkIn}T12:00:00Z`) - 5 * DAY)
  const row = await storeStayRequest(db(), { guestId: guest.id, listingId, input: { checkIn, checkOut, guests: 1 }, now: asked })
  await storeStayTransition(db(), { name: 'accept', viewerId: host.id, bookingId: row.id, now: asked })
  await storeStayTransition(db(), { name: 'complete', viewerId: null, bookingId: row.id, now: completedAt })
  return { bookingId: row.id, checkOut }
}

const mailsAbout = (person: TestUser, bookingId: number) =>
  t.mail.messages.filter(
    (m) => m.to.includes(person.email) && m.subject.startsWith('Reviews published') && m.text.includes(`/stays/${bookingId}#`),
  )

describe('stay reviews', () => {
  it('are for the two sides of a completed stay only, with every star in range', async () => {
    const listingId = await newHome()
    const checkIn = addDays(todayIn('America/New_York', new Date()), 10)
    const future = await storeStayRequest(db(), {
      guestId: guest.id,
      listingId,
      input: { checkIn, checkOut: addDays(checkIn, 2), guests: 1 },
    })
    const early = await api('POST', `/stays/${future.id}/reviews`, { cookie: guest.cookie, body: guestReview })
    expect(early).toMatchObject({
      status: 409,
      json: { detail: 'Only a completed stay can be reviewed: reviews open after the check-out time.' },
    })

    const { bookingId } = await completedStay(listingId, 1)
    expect((await api('POST', `/stays/${bookingId}/reviews`, { body: guestReview })).status).toBe(401)
    expect((await api('POST', `/stays/${bookingId}/reviews`, { cookie: stranger.cookie, body: guestReview })).status).toBe(404)
    expect((await api('GET', `/stays/${bookingId}/reviews`, { cookie: stranger.cookie })).status).toBe(404)
    const bad = await api('POST', `/stays/${bookingId}/reviews`, {
      cookie: guest.cookie,
      body: { ...guestReview, value: 6, location: '0', text: 'ok' },
    })
    expect(bad.status).toBe(400)
    expect(bad.json.errors).toEqual({
      location: ['Rate location from 1 to 5 stars.'],
      value: ['Rate value from 1 to 5 stars.'],
      text: ['Write at least 20 characters.'],
    })
    // The host rates the guest's own categories: the guest's "accuracy" is no part of it.
    const hostBad = await api('POST', `/stays/${bookingId}/reviews`, {
      cookie: host.cookie,
      body: { ...hostReview, houseRules: undefined },
    })
    expect(hostBad.json.errors).toEqual({ houseRules: ['Rate house rules from 1 to 5 stars.'] })
    expect(await db().select().from(stayReview).where(eq(stayReview.bookingId, bookingId))).toEqual([])
  })

  it('stay hidden until both are in, then publish together; never change; the host answers once', async () => {
    const listingId = await newHome()
    const { bookingId } = await completedStay(listingId, 1)
    const sent = await api('POST', `/stays/${bookingId}/reviews`, { cookie: guest.cookie, body: guestReview })
    expect(sent.status).toBe(201)
    expect(sent.json).toMatchObject({ isOpen: true, canReview: false, isTheirsIn: false, mine: { stars: guestStars, publishedAt: null } })
    // The window ends at the check-out time (11:00 at the home) 14 days after the check-out date.
    expect(new Date(sent.json.windowEndsAt).getTime() - Date.now()).toBeGreaterThan(12 * DAY)

    const hostView = await api('GET', `/stays/${bookingId}/reviews`, { cookie: host.cookie })
    expect(hostView.json).toMatchObject({ isTheirsIn: true, theirs: null, canReview: true, canAnswer: false })
    expect((await api('GET', `/properties/${listingId}/reviews`)).json).toMatchObject({ count: 0, reviews: [] })
    const again = await api('POST', `/stays/${bookingId}/reviews`, { cookie: guest.cookie, body: { ...guestReview, value: 1 } })
    expect(again).toMatchObject({
      status: 409,
      json: { detail: 'You have reviewed this stay already: a review cannot be changed once sent.' },
    })

    const second = await api('POST', `/stays/${bookingId}/reviews`, { cookie: host.cookie, body: hostReview })
    expect(second.status).toBe(201)
    expect(second.json.mine.publishedAt).not.toBeNull()
    expect(second.json.theirs).toMatchObject({
      side: 'guest',
      authorName: 'Gus',
      text: guestReview.text,
      publishedAt: second.json.mine.publishedAt,
    })
    expect(second.json.canAnswer).toBe(true)
    const guestView = (await api('GET', `/stays/${bookingId}/reviews`, { cookie: guest.cookie })).json
    expect(guestView.theirs).toMatchObject({ side: 'host', stars: { houseRules: 5 }, text: hostReview.text })
    await t.services.jobs.runUntilIdle()
    expect(mailsAbout(guest, bookingId)[0]?.text).toContain('Hana Host’s review of you as a guest is now public.')
    expect(mailsAbout(host, bookingId)[0]?.text).toContain('You may answer the guest’s review publicly, once.')

    // Not even the database lets a published review change, or go.
    await expect(
      db().update(stayReview).set({ text: 'Changed my mind about it all.' }).where(eq(stayReview.bookingId, bookingId)),
    ).rejects.toThrow()
    await expect(db().delete(stayReview).where(eq(stayReview.bookingId, bookingId))).rejects.toThrow()

    const reviewId = guestView.mine.id
    expect((await api('POST', `/stay-reviews/${reviewId}/answer`, { cookie: guest.cookie, body: { answer: 'Me too' } })).status).toBe(403)
    expect((await api('POST', `/stay-reviews/${reviewId}/answer`, { cookie: stranger.cookie, body: { answer: 'Hi' } })).status).toBe(404)
    expect((await api('POST', `/stay-reviews/${reviewId}/answer`, { cookie: host.cookie, body: { answer: ' ' } })).status).toBe(400)
    const answered = await api('POST', `/stay-reviews/${reviewId}/answer`, {
      cookie: host.cookie,
      body: { answer: 'Thank you! Earplugs are in the drawer now.' },
    })
    expect(answered.status).toBe(200)
    expect(answered.json).toMatchObject({ canAnswer: false, theirs: { answer: { text: 'Thank you! Earplugs are in the drawer now.' } } })
    const twice = await api('POST', `/stay-reviews/${reviewId}/answer`, { cookie: host.cookie, body: { answer: 'One more thing' } })
    expect(twice).toMatchObject({ status: 409, json: { detail: 'This review has its answer already: a host answers once.' } })
  })

  it('publish a lone review when the window ends, and stay refused after it', async () => {
    const listingId = await newHome()
    const { bookingId } = await completedStay(listingId, 1)
    expect((await api('POST', `/stays/${bookingId}/reviews`, { cookie: guest.cookie, body: guestReview })).status).toBe(201)
    const windowEndsAt = new Date((await api('GET', `/stays/${bookingId}/reviews`, { cookie: host.cookie })).json.windowEndsAt)
    expect(await publishStayReviews(t.services, new Date(windowEndsAt.getTime() - 1000))).toBe(0)
    expect(await publishStayReviews(t.services, windowEndsAt)).toBe(1)
    const listed = (await api('GET', `/properties/${listingId}/reviews`)).json
    expect(listed).toMatchObject({ count: 1, averages: guestStars, overall: 4.2, reviews: [{ text: guestReview.text }] })
    await t.services.jobs.runUntilIdle()
    expect(mailsAbout(host, bookingId)[0]?.text).toContain('You did not review within the 14 days.')
    const late = await storeStayReview(db(), { viewerId: host.id, bookingId, input: hostReview, now: windowEndsAt }).catch((e: Error) => e)
    expect(late).toMatchObject({ code: 'conflict', message: expect.stringMatching(/^The 14 days to review this stay ended /) })
  })

  it('are removed by an administrator only, naming the rule, the row kept; the listing pages them with averages', async () => {
    const listingId = await newHome()
    // Six stays that checked out 1, 5, … 21 days ago, each reviewed by its guest the day after check-out.
    const stays = []
    for (let i = 0; i < 6; i += 1) stays.push(await completedStay(listingId, 1 + 4 * i))
    for (const [i, { bookingId, checkOut }] of stays.entries()) {
      const now = new Date(Date.parse(`${checkOut}T20:00:00Z`) + DAY)
      await storeStayReview(db(), {
        viewerId: guest.id,
        bookingId,
        input: { ...guestReview, value: 1 + (i % 5), text: `Stay number ${i + 1}: ${guestReview.text}` },
        now,
      })
    }
    await publishStayReviews(t.services, new Date(Date.now() + 15 * DAY))
    const first = (await api('GET', `/properties/${listingId}/reviews`)).json
    expect(first).toMatchObject({ count: 6, page: 1, pages: 2, averages: { cleanliness: 5, value: 2.7 } })
    expect(first.reviews).toHaveLength(5)
    const second = (await api('GET', `/properties/${listingId}/reviews?page=2`)).json
    expect(second.reviews).toHaveLength(1)
    expect((await api('GET', `/properties/${listingId}/reviews?page=x`)).status).toBe(400)
    expect((await api('GET', '/properties/999999999/reviews')).status).toBe(404)

    const target = first.reviews[0].id
    const body = { rule: 'personal', note: 'Gives the neighbour’s phone number.' }
    expect((await api('POST', `/stay-reviews/${target}/removal`, { cookie: host.cookie, body })).status).toBe(403)
    expect((await api('POST', `/stay-reviews/${target}/removal`, { cookie: admin.cookie, body: { rule: 'dislike' } })).status).toBe(400)
    const removed = await api('POST', `/stay-reviews/${target}/removal`, { cookie: admin.cookie, body })
    expect(removed).toMatchObject({ status: 200, json: { removed: target, rule: 'personal' } })
    expect((await api('POST', `/stay-reviews/${target}/removal`, { cookie: admin.cookie, body })).status).toBe(409)
    const [row] = await db().select().from(stayReview).where(eq(stayReview.id, target))
    expect(row).toMatchObject({ removedBy: admin.id, removalRule: 'personal', removalNote: body.note })
    expect(row!.text).toContain('Stay number')
    const after = (await api('GET', `/properties/${listingId}/reviews`)).json
    expect(after).toMatchObject({ count: 5, pages: 1 })
    expect(after.reviews.map((r: { id: number }) => r.id)).not.toContain(target)
  })
})
