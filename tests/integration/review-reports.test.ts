// Reports of published stay reviews: anyone signed in but the author reports one, once, through its
// page; an administrator dismisses the reports or removes the review for a published rule from
// /admin/reports (the reports resolved with who and why); the queue lists every kind oldest first.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action as adminReportsAction, loader as adminReportsLoader } from '#app/routes/admin-reports.tsx'
import { action as reviewReportAction, loader as reviewReportLoader } from '#app/routes/review-report.tsx'
import { addDays, todayIn } from '#common/stays/dates.ts'
import { listingPath } from '#common/listings/listing-url.ts'
import { profile, reviewReport, stayReview } from '#server/db/schema.ts'
import { isAppError } from '#server/errors.server.ts'
import { reportListing } from '#server/listings/index.server.ts'
import { dismissReviewReports, removeReportedReview, reportReview } from '#server/stays/index.server.ts'
import { storeStayRequest } from '#server/stays/request.server.ts'
import { storeStayReview } from '#server/stays/reviews.server.ts'
import { storeStayTransition } from '#server/stays/transitions.server.ts'
import { establishedUser } from '#tests/support/chat.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { settle } from '#tests/support/route-answers.ts'
import { TEST_ORIGIN, createTestServices, formRequest, type TestServices } from '#tests/support/test-services.ts'
import type { TestUser } from '#tests/support/users.ts'

type Args = { request: Request; context: unknown; params: Record<string, string> }
const DAY = 86_400_000

let t: TestServices
let host: TestUser
let guest: TestUser
let reader: TestUser
let admin: TestUser
const db = () => t.services.database.db

beforeAll(async () => {
  t = await createTestServices()
  host = await establishedUser(t, { name: 'Hana Host' })
  guest = await establishedUser(t, { name: 'Gus Guest' })
  reader = await establishedUser(t, { name: 'Rita Reader' })
  admin = await establishedUser(t, { name: 'Ada Admin', isAdministrator: true })
  await db().update(profile).set({ role: 'landlord' }).where(eq(profile.userId, host.id))
})
afterAll(async () => {
  await t?.close()
})

const run = <A>(fn: (args: A) => unknown, request: Request, params: Record<string, string> = {}) =>
  settle(async () => fn({ request, context: t.context(), params } as Args as A))
const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  formRequest(path, fields, { headers: cookie ? { Cookie: cookie } : {} })

/** A published guest review of a completed stay on a new short-term home: its id and the home's page. */
async function publishedReview() {
  const home = await listingFactory(db()).create({ ownerId: host.id, shortTerm: { nightlyCents: 10_000, minNights: 2 } })
  const checkOut = addDays(todayIn('America/New_York', new Date()), -1)
  const checkIn = addDays(checkOut, -2)
  const asked = new Date(Date.parse(`${checkIn}T12:00:00Z`) - 5 * DAY)
  const booking = await storeStayRequest(db(), {
    guestId: guest.id,
    listingId: home.id,
    input: { checkIn, checkOut, guests: 1 },
    now: asked,
  })
  await storeStayTransition(db(), { name: 'accept', viewerId: host.id, bookingId: booking.id, now: asked })
  await storeStayTransition(db(), { name: 'complete', viewerId: null, bookingId: booking.id })
  const input = {
    cleanliness: 5,
    accuracy: 4,
    communication: 5,
    location: 3,
    value: 4,
    text: 'Call me on 555-0100 for a cheaper deal next time.',
  }
  await storeStayReview(db(), { viewerId: guest.id, bookingId: booking.id, input })
  const [row] = await db()
    .update(stayReview)
    .set({ publishedAt: sql`now()` })
    .where(eq(stayReview.bookingId, booking.id))
    .returning({ id: stayReview.id })
  return { reviewId: row!.id, path: listingPath(home), slug: listingPath(home).split('/').pop()!, listingId: home.id }
}

const refusal = async (work: Promise<unknown>) => {
  try {
    await work
  } catch (error) {
    if (isAppError(error)) return { code: error.code, message: error.message }
    throw error
  }
  throw new Error('not refused')
}

describe('review reports', () => {
  it('takes a report once per person through the review’s page, never from its author', async () => {
    const { reviewId, path, slug } = await publishedReview()
    const params = { slug, reviewId: String(reviewId) }
    const address = `${path}/reviews/${reviewId}/report`
    const visitor = await run(reviewReportLoader, new Request(`${TEST_ORIGIN}${address}`), params)
    expect(visitor.status).toBe(302)
    const empty = await run(reviewReportAction, post(address, { text: '  ' }, reader.cookie), params)
    expect(empty).toMatchObject({ status: 400, body: { fieldErrors: { text: ['Say what is wrong with the review.'] } } })
    const first = await run(reviewReportAction, post(address, { text: 'It shares a phone number.' }, reader.cookie), params)
    expect(first.status).toBe(302)
    const again = await reportReview(db(), { reporterId: reader.id, reviewId, input: { text: 'Again' } })
    expect(again.created).toBe(false)
    expect(await refusal(reportReview(db(), { reporterId: guest.id, reviewId, input: { text: 'Mine' } }))).toMatchObject({
      code: 'invalid',
    })
    const wrongListing = await run(
      reviewReportAction,
      post(`/properties/other-999999/reviews/${reviewId}/report`, { text: 'x' }, host.cookie),
      {
        slug: 'other-999999',
        reviewId: String(reviewId),
      },
    )
    expect(wrongListing.status).toBe(404)
    expect(await db().select().from(reviewReport).where(eq(reviewReport.reviewId, reviewId))).toHaveLength(1)
  })

  it('removes a reported review for a rule from /admin/reports, resolving its reports, or dismisses them', async () => {
    const removed = await publishedReview()
    await reportReview(db(), { reporterId: reader.id, reviewId: removed.reviewId, input: { text: 'Phone number in it.' } })
    await reportReview(db(), { reporterId: host.id, reviewId: removed.reviewId, input: { text: 'Offers a deal off the site.' } })
    const unconfirmedRule = await run(
      adminReportsAction,
      post('/admin/reports', { intent: 'remove-review', reviewId: String(removed.reviewId), rule: 'bribery', reason: 'x' }, admin.cookie),
    )
    expect(unconfirmedRule.status).toBe(400)
    const done = await run(
      adminReportsAction,
      post(
        '/admin/reports',
        { intent: 'remove-review', reviewId: String(removed.reviewId), rule: 'personal', reason: 'A phone number.' },
        admin.cookie,
      ),
    )
    expect(done.status).toBe(302)
    const [review] = await db().select().from(stayReview).where(eq(stayReview.id, removed.reviewId))
    expect(review).toMatchObject({ removalRule: 'personal', removedBy: admin.id, removalNote: 'A phone number.' })
    const reports = await db().select().from(reviewReport).where(eq(reviewReport.reviewId, removed.reviewId))
    expect(reports.map((r) => [r.resolution, r.resolvedBy])).toEqual([
      ['review-removed', admin.id],
      ['review-removed', admin.id],
    ])
    expect(
      await refusal(removeReportedReview(db(), { adminId: admin.id, reviewId: removed.reviewId, rule: 'spam', reason: 'x' })),
    ).toMatchObject({
      code: 'conflict',
    })

    const kept = await publishedReview()
    await reportReview(db(), { reporterId: reader.id, reviewId: kept.reviewId, input: { text: 'I disagree with it.' } })
    expect(await refusal(dismissReviewReports(db(), { adminId: reader.id, reviewId: kept.reviewId, reason: 'x' }))).toMatchObject({
      code: 'forbidden',
    })
    const dismissed = await dismissReviewReports(db(), { adminId: admin.id, reviewId: kept.reviewId, reason: 'An honest opinion.' })
    expect(dismissed).toMatchObject({ action: 'dismissed', reportsResolved: 1 })
    const [still] = await db().select().from(stayReview).where(eq(stayReview.id, kept.reviewId))
    expect(still!.removedAt).toBeNull()
  })

  it('shows one queue of messages, listings and reviews, oldest open first, and the resolved ones with who acted', async () => {
    const { reviewId, listingId } = await publishedReview()
    await reportReview(db(), { reporterId: reader.id, reviewId, input: { text: 'Newest report.' } })
    await reportListing(db(), { reporterId: reader.id, listingId, input: { reason: 'not-available' } })
    await db().execute(sql`update review_report set created_at = now() - interval '3 days' where review_id = ${reviewId}`)
    await db().execute(sql`update listing_report set created_at = now() - interval '2 days' where listing_id = ${listingId}`)
    const page = await run(adminReportsLoader, new Request(`${TEST_ORIGIN}/admin/reports`, { headers: { Cookie: admin.cookie } }))
    const { open, resolved } = page.body as {
      open: { kind: string; reportedAt: string }[]
      resolved: { resolvedBy: string; resolution: string }[]
    }
    const times = open.map((item) => item.reportedAt)
    expect(times).toEqual([...times].sort())
    expect(open.slice(0, 2).map((item) => item.kind)).toEqual(['review', 'listing'])
    expect(resolved.length).toBeGreaterThan(0)
    expect(resolved.every((item) => item.resolvedBy === 'Ada Admin')).toBe(true)
  })
})
