// Listings reported and checked: reports once per person, the hold after REPORTS_TO_HOLD people or for
// payment words, the owner's side of a hold, the administrators' approve / unpublish / remove, the
// holds of a banned owner's listings, and the console's pages answering 404 to anyone else.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action as adminListingsAction, loader as adminListingsLoader } from '#app/routes/admin-listings.tsx'
import { action as adminReportsAction, loader as adminReportsLoader } from '#app/routes/admin-reports.tsx'
import { action as reportAction, loader as reportLoader } from '#app/routes/property-report.tsx'
import { listingPath } from '#common/listings/listing-url.ts'
import { REPORTS_TO_HOLD } from '#common/moderation/vocabulary.ts'
import { adminAudit, listing, listingReport, profile, user } from '#server/db/schema.ts'
import { banPerson, liftExpiredBans, unbanPerson } from '#server/console/index.server.ts'
import { readToast } from '#server/http/flash.server.ts'
import {
  approveListing,
  archiveListing,
  findListings,
  findListingReportQueue,
  findModerationListings,
  holdOwnerListings,
  publishListing,
  releaseOwnerListings,
  removeListing,
  reportListing,
  unpublishListing,
  updateListing,
} from '#server/listings/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { settle } from '#tests/support/route-answers.ts'
import { TEST_ORIGIN, createTestServices, formRequest, type TestServices } from '#tests/support/test-services.ts'
import { signUpVerifiedUser, type TestUser } from '#tests/support/users.ts'

type Args = { request: Request; context: unknown; params: Record<string, string> }

describe('listings reported and checked', () => {
  let t: TestServices
  let owner: TestUser
  let admin: TestUser
  let renters: TestUser[]
  let factory: ReturnType<typeof listingFactory>

  beforeAll(async () => {
    t = await createTestServices()
    const db = t.services.database.db
    ;[owner, admin, ...renters] = await Promise.all([
      signUpVerifiedUser(t, { name: 'Olga Owner' }),
      signUpVerifiedUser(t, { name: 'Ada Admin' }),
      ...Array.from({ length: REPORTS_TO_HOLD + 1 }, (_, i) => signUpVerifiedUser(t, { name: `Renter ${i}` })),
    ])
    await db.update(profile).set({ role: 'landlord' }).where(eq(profile.userId, owner.id))
    await db.update(profile).set({ isAdministrator: true }).where(eq(profile.userId, admin.id))
    factory = listingFactory(db)
  })
  afterAll(async () => {
    await t.close()
  })

  const db = () => t.services.database.db
  const create = (title: string, description = 'Hardwood floors, a bright kitchen and a short walk to the riverfront.') =>
    factory.create({ ownerId: owner.id, title, description })
  const statusOf = async (id: number) => (await db().select().from(listing).where(eq(listing.id, id)))[0]!
  const inSearch = async (title: string) => (await findListings(db(), { search: {} })).items.some((item) => item.title === title)
  const refusal = async (work: Promise<unknown>) => {
    try {
      await work
    } catch (error) {
      if (isAppError(error)) return { code: error.code, message: error.message, fieldErrors: error.fieldErrors }
      throw error
    }
    throw new Error('not refused')
  }
  const run = <A>(fn: (args: A) => unknown, request: Request, params: Record<string, string> = {}) =>
    settle(async () => fn({ request, context: t.context(), params } as Args as A))
  const get = (path: string, cookie?: string) => new Request(`${TEST_ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} })
  const post = (path: string, fields: Record<string, string>, cookie?: string) =>
    formRequest(path, fields, { headers: cookie ? { Cookie: cookie } : {} })
  const toastOf = async (response: Response) =>
    (await readToast(new Request(TEST_ORIGIN, { headers: { Cookie: response.headers.get('Set-Cookie')!.split(';')[0]! } }))).toast

  it('takes a report once per person, never from the owner, and asks words for "other"', async () => {
    const home = await create('Report-once loft')
    const first = await reportListing(db(), { reporterId: renters[0]!.id, listingId: home.id, input: { reason: 'not-available' } })
    expect(first).toMatchObject({ created: true, held: false })
    const again = await reportListing(db(), { reporterId: renters[0]!.id, listingId: home.id, input: { reason: 'scam', text: 'Again' } })
    expect(again.created).toBe(false)
    expect(await refusal(reportListing(db(), { reporterId: owner.id, listingId: home.id, input: { reason: 'scam' } }))).toMatchObject({
      code: 'invalid',
      message: 'This is your own listing: you cannot report it.',
    })
    expect(
      await refusal(reportListing(db(), { reporterId: renters[1]!.id, listingId: home.id, input: { reason: 'other' } })),
    ).toMatchObject({
      code: 'invalid',
      fieldErrors: { text: ['Say what is wrong: you chose "Something else".'] },
    })
    expect(
      await refusal(
        reportListing(db(), { reporterId: renters[1]!.id, listingId: home.id, input: { reason: 'other', text: 'x'.repeat(1001) } }),
      ),
    ).toMatchObject({ code: 'invalid' })
    expect(
      await refusal(reportListing(db(), { reporterId: renters[1]!.id, listingId: home.id, input: { reason: 'bribery' } })),
    ).toMatchObject({
      fieldErrors: { reason: ['Choose what is wrong with the listing.'] },
    })
    const rows = await db().select().from(listingReport).where(eq(listingReport.listingId, home.id))
    expect(rows).toHaveLength(1)
  })

  it('holds a listing out of search at the third person, mails the owner, and the owner cannot republish it', async () => {
    const home = await create('Thrice reported duplex')
    expect(await inSearch(home.title)).toBe(true)
    for (let i = 0; i < REPORTS_TO_HOLD - 1; i++) {
      const r = await reportListing(db(), {
        reporterId: renters[i]!.id,
        listingId: home.id,
        input: { reason: 'scam', text: `Report ${i}` },
      })
      expect(r.held).toBe(false)
    }
    expect(await inSearch(home.title)).toBe(true)
    // Through the page, as the third reporter: the hold, the toast and the owner's e-mail.
    const path = listingPath(home)
    const slug = path.split('/').pop()!
    const answer = await run(
      reportAction,
      post(`${path}/report`, { reason: 'wrong-details', text: 'The photos are of another house.' }, renters[2]!.cookie),
      { slug },
    )
    expect(answer.status).toBe(302)
    expect(await toastOf(answer.response!)).toEqual({
      type: 'success',
      message: 'Thank you: your report was received. An administrator will look at this listing.',
    })
    expect(await statusOf(home.id)).toMatchObject({ status: 'held', heldReason: 'reports' })
    expect(await inSearch(home.title)).toBe(false)
    await t.services.jobs.runUntilIdle()
    const mail = await t.mail.waitFor(owner.email, { subject: /held for review: Thrice reported duplex/ })
    expect(mail.text).toContain('Several people reported it.')
    // A second report through the page says it was received already.
    const twice = await run(reportAction, post(`${path}/report`, { reason: 'scam' }, renters[2]!.cookie), { slug })
    expect(twice.status).toBe(404) // held: no longer published, so there is nothing to report on its page
    expect(await refusal(publishListing(db(), { viewerId: owner.id, listingId: home.id }))).toMatchObject({ code: 'conflict' })
  })

  it('says a second report was already received, and asks a visitor to log in', async () => {
    const home = await create('Second report cottage')
    const path = listingPath(home)
    const slug = path.split('/').pop()!
    await run(reportAction, post(`${path}/report`, { reason: 'not-available' }, renters[0]!.cookie), { slug })
    const second = await run(reportAction, post(`${path}/report`, { reason: 'not-available' }, renters[0]!.cookie), { slug })
    expect(await toastOf(second.response!)).toEqual({
      type: 'info',
      message: 'Your report of this listing was already received: an administrator will look at it.',
    })
    const page = await run(reportLoader, get(`${path}/report`, renters[0]!.cookie), { slug })
    expect(page.body).toMatchObject({ hasReported: true, isOwner: false })
    const visitor = await run(reportLoader, get(`${path}/report`), { slug })
    expect(visitor.status).toBe(302)
    expect(visitor.response!.headers.get('Location')).toBe(`/login?redirectTo=${encodeURIComponent(`${path}/report`)}`)
    const bad = await run(reportAction, post(`${path}/report`, { reason: 'other', text: '' }, renters[1]!.cookie), { slug })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ fieldErrors: { text: ['Say what is wrong: you chose "Something else".'] } })
  })

  it('holds at publishing a text that asks for wire transfers, gift cards or crypto, not "Western Avenue" or "Bitcoin ATM nearby"', async () => {
    const clean = await create('Flat on Western Avenue', 'Bitcoin ATM nearby. We never ask for wire transfers.')
    expect(await statusOf(clean.id)).toMatchObject({ status: 'published', heldReason: null })
    const scam = await create('Cheap loft downtown', 'Send the deposit by wire transfer before the viewing and I will mail the keys.')
    expect(await statusOf(scam.id)).toMatchObject({ status: 'held', heldReason: 'payment-words' })
    expect(await inSearch('Cheap loft downtown')).toBe(false)
    // Editing the text so it no longer asks for it puts it back; editing a published one to ask holds it at once.
    await updateListing(db(), { viewerId: owner.id, listingId: scam.id, changes: { description: 'Pay rent through the lease page.' } })
    expect(await statusOf(scam.id)).toMatchObject({ status: 'published', heldReason: null })
    await updateListing(db(), { viewerId: owner.id, listingId: clean.id, changes: { description: 'Deposit in Bitcoin to reserve.' } })
    expect(await statusOf(clean.id)).toMatchObject({ status: 'held', heldReason: 'payment-words' })
    expect(await inSearch('Flat on Western Avenue')).toBe(false)
  })

  it('approves: releases the hold, resolves the reports, and the same text or reports do not hold it again', async () => {
    const home = await create('Approved bungalow', 'Gift cards accepted for the holding fee.')
    expect((await statusOf(home.id)).status).toBe('held')
    await reportListing(db(), { reporterId: renters[0]!.id, listingId: home.id, input: { reason: 'scam' } })
    expect(await refusal(approveListing(db(), { adminId: owner.id, listingId: home.id }))).toMatchObject({ code: 'forbidden' })
    const done = await approveListing(db(), { adminId: admin.id, listingId: home.id, reason: 'Checked with the owner.' })
    expect(done).toMatchObject({ action: 'approved', fromStatus: 'held', toStatus: 'published', reportsResolved: 1 })
    expect(await statusOf(home.id)).toMatchObject({ status: 'published', heldReason: null })
    const [report] = await db().select().from(listingReport).where(eq(listingReport.listingId, home.id))
    expect(report).toMatchObject({ resolution: 'approved', resolvedBy: admin.id, resolutionNote: 'Checked with the owner.' })
    // Archived and published again with the same text: not held again.
    await archiveListing(db(), { viewerId: owner.id, listingId: home.id })
    await publishListing(db(), { viewerId: owner.id, listingId: home.id })
    expect((await statusOf(home.id)).status).toBe('published')
    expect(await refusal(approveListing(db(), { adminId: admin.id, listingId: home.id }))).toMatchObject({ code: 'conflict' })
  })

  it('unpublishes with a reason mailed to the owner, and removes for good while the row stays', async () => {
    const a = await create('Unpublished studio')
    const b = await create('Removed townhouse')
    expect(await refusal(unpublishListing(db(), { adminId: admin.id, listingId: a.id, reason: '  ' }))).toMatchObject({ code: 'invalid' })
    const off = await unpublishListing(db(), { adminId: admin.id, listingId: a.id, reason: 'The address is not a home.' })
    expect(off).toMatchObject({ action: 'unpublished', toStatus: 'draft' })
    const gone = await removeListing(db(), { adminId: admin.id, listingId: b.id, reason: 'A known scam.' })
    expect(gone).toMatchObject({ action: 'removed', toStatus: 'archived' })
    expect(await statusOf(b.id)).toMatchObject({ status: 'archived', heldReason: 'removed' })
    expect(await refusal(publishListing(db(), { viewerId: owner.id, listingId: b.id }))).toMatchObject({
      code: 'conflict',
      message: 'An administrator removed this listing: it cannot go back on the market.',
    })
    expect(await inSearch('Removed townhouse')).toBe(false)
    // Each action is in the administrators' audit log, with the reason the owner was given.
    const audit = await db()
      .select()
      .from(adminAudit)
      .where(sql`${adminAudit.targetKind} = 'listing' and ${adminAudit.targetId} in (${String(a.id)}, ${String(b.id)})`)
      .orderBy(adminAudit.id)
    expect(audit.map((row) => [row.action, row.targetLabel, row.reason, row.adminId])).toEqual([
      ['listing-unpublished', 'Unpublished studio', 'The address is not a home.', admin.id],
      ['listing-removed', 'Removed townhouse', 'A known scam.', admin.id],
    ])
  })

  it('acts through /admin/listings with confirmation and mails the owner, and /admin/listings lists held and reported first', async () => {
    const home = await create('Console-unpublished flat')
    await reportListing(db(), {
      reporterId: renters[3]!.id,
      listingId: home.id,
      input: { reason: 'discriminatory', text: 'Says no children.' },
    })
    const page = await run(adminListingsLoader, get('/admin/listings', admin.cookie))
    const listed = (page.body as { listings: { id: number; status: string; openReports: number }[] }).listings
    expect(listed.every((l) => l.status === 'held' || l.openReports > 0)).toBe(true)
    expect(listed.some((l) => l.id === home.id)).toBe(true)
    const found = await findModerationListings(db(), { adminId: admin.id, q: owner.email })
    expect(found.length).toBeGreaterThan(3)
    const unconfirmed = await run(
      adminListingsAction,
      post('/admin/listings', { intent: 'unpublish', listingId: String(home.id), reason: 'Unlawful' }, admin.cookie),
    )
    expect(unconfirmed.status).toBe(400)
    expect((await statusOf(home.id)).status).toBe('published')
    const done = await run(
      adminListingsAction,
      post(
        '/admin/listings',
        { intent: 'unpublish', listingId: String(home.id), reason: 'It excludes families.', confirmed: 'yes' },
        admin.cookie,
      ),
    )
    expect(done.status).toBe(302)
    expect((await statusOf(home.id)).status).toBe('draft')
    await t.services.jobs.runUntilIdle()
    const mail = await t.mail.waitFor(owner.email, { subject: /unpublished: Console-unpublished flat/ })
    expect(mail.text).toContain('Why: It excludes families.')
  })

  it('holds and releases exactly a banned owner’s published listings', async () => {
    const landlord = await factory.landlord()
    const shown = await factory.create({ ownerId: landlord.id, title: 'Ban one' })
    const reported = await factory.create({ ownerId: landlord.id, title: 'Ban two' })
    const draft = await factory.create({ ownerId: landlord.id, title: 'Ban draft', status: 'draft' })
    await db()
      .update(listing)
      .set({ status: 'held', heldReason: 'reports', heldAt: sql`now()` })
      .where(eq(listing.id, reported.id))
    const held = await db().transaction((tx) => holdOwnerListings(tx, landlord.id, 'owner-banned'))
    expect(held).toEqual([shown.id])
    expect(await statusOf(shown.id)).toMatchObject({ status: 'held', heldReason: 'owner-banned' })
    expect(await inSearch('Ban one')).toBe(false)
    expect(await refusal(approveListing(db(), { adminId: admin.id, listingId: shown.id }))).toMatchObject({ code: 'conflict' })
    const released = await releaseOwnerListings(db(), landlord.id)
    expect(released).toEqual([shown.id])
    expect(await statusOf(shown.id)).toMatchObject({ status: 'published', heldReason: null })
    expect(await statusOf(reported.id)).toMatchObject({ status: 'held', heldReason: 'reports' })
    expect((await statusOf(draft.id)).status).toBe('draft')
  })

  it('a ban holds the owner’s published listings out of search; an unban, or the ban’s end passing, gives them back', async () => {
    const landlord = await factory.landlord()
    const home = await factory.create({ ownerId: landlord.id, title: 'Banned owner cottage' })
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)
    await banPerson(db(), { adminId: admin.id, personId: landlord.id }, { reason: 'Fake listings', length: 'forever' })
    expect(await statusOf(home.id)).toMatchObject({ status: 'held', heldReason: 'owner-banned' })
    expect(await inSearch('Banned owner cottage')).toBe(false)
    await unbanPerson(db(), { adminId: admin.id, personId: landlord.id }, { reason: 'Identity confirmed' })
    expect(await statusOf(home.id)).toMatchObject({ status: 'published', heldReason: null })
    expect(await inSearch('Banned owner cottage')).toBe(true)

    await banPerson(db(), { adminId: admin.id, personId: landlord.id }, { reason: 'Cooling off', length: 'until', until: tomorrow })
    expect((await statusOf(home.id)).status).toBe('held')
    expect(await liftExpiredBans(db())).toBe(0)
    await db()
      .update(user)
      .set({ banExpires: new Date(Date.now() - 60_000) })
      .where(eq(user.id, landlord.id))
    expect(await liftExpiredBans(db())).toBe(1)
    expect(await statusOf(home.id)).toMatchObject({ status: 'published', heldReason: null })
    expect(await inSearch('Banned owner cottage')).toBe(true)
  })

  it('lists listing reports oldest open first, then the resolved ones newest first', async () => {
    const queue = await findListingReportQueue(db(), { adminId: admin.id })
    const times = queue.open.map((r) => r.createdAt)
    expect(times).toEqual([...times].sort())
    expect(queue.resolved.every((r) => r.resolution !== null && r.resolvedBy === 'Ada Admin')).toBe(true)
    const report = await run(adminReportsLoader, get('/admin/reports', admin.cookie))
    const open = (report.body as { open: { reportedAt: string }[] }).open.map((r) => r.reportedAt)
    expect(open).toEqual([...open].sort())
  })

  it('answers 404 to everyone but an administrator on every console address and intent', async () => {
    const home = await create('Guarded flat')
    const people = [undefined, renters[0]!.cookie, owner.cookie]
    for (const cookie of people) {
      expect((await run(adminListingsLoader, get('/admin/listings', cookie))).status).toBe(404)
      expect((await run(adminReportsLoader, get('/admin/reports', cookie))).status).toBe(404)
      for (const intent of ['approve', 'unpublish', 'remove', 'nonsense']) {
        const answer = await run(
          adminListingsAction,
          post('/admin/listings', { intent, listingId: String(home.id), reason: 'x', confirmed: 'yes' }, cookie),
        )
        expect(answer.status).toBe(404)
      }
      for (const intent of ['dismiss-review', 'remove-review', 'nonsense']) {
        const answer = await run(
          adminReportsAction,
          post('/admin/reports', { intent, reviewId: '1', reason: 'x', rule: 'spam', confirmed: 'yes' }, cookie),
        )
        expect(answer.status).toBe(404)
      }
    }
    expect((await statusOf(home.id)).status).toBe('published')
  })
})
