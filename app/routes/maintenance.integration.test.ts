// The maintenance pages and JSON API as a browser or a client receives them: the tenant files a request
// through the form and finds it on their list, the landlord sees it among their open requests and takes
// steps through the page and the API, and anyone else gets 404 on every page, form and API address. The
// rules themselves are tested in server/maintenance/maintenance.integration.test.ts.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profile } from '#server/db/schema.ts'
import { createLease, sendLease } from '#server/leases/index.server.ts'
import { applyToListing, changeApplication, saveRenterProfile } from '#server/applications/index.server.ts'
import { completeRenterProfile, jobPaying } from '#tests/support/applications.ts'
import { callApi } from '#tests/support/json-api.ts'
import { actorOf, consentAndSign, publishLeaseTemplate } from '#tests/support/lease-process.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { createPageApp, type PageApp } from '#tests/support/page-app.ts'
import { createTestServices, formRequest, TEST_ORIGIN, type TestServices } from '#tests/support/test-services.ts'
import { signUpVerifiedUser, type TestUser } from '#tests/support/users.ts'

describe('maintenance pages and API', () => {
  let t: TestServices
  let pages: PageApp
  let owner: TestUser
  let renter: TestUser
  let stranger: TestUser
  let leaseId: number
  const db = () => t.services.database.db

  beforeAll(async () => {
    t = await createTestServices()
    pages = await createPageApp(t)
    await publishLeaseTemplate(db())
    owner = await signUpVerifiedUser(t, { name: 'Maria Landlord' })
    await db().update(profile).set({ role: 'landlord' }).where(eq(profile.email, owner.email))
    renter = await signUpVerifiedUser(t, { name: 'Robin Renter' })
    stranger = await signUpVerifiedUser(t, { name: 'Sam Stranger' })
    const home = await listingFactory(db()).create({ ownerId: owner.id })
    await saveRenterProfile(t.services, {
      userId: renter.id,
      profile: completeRenterProfile({ employment: [jobPaying(900_000)], occupants: [], pets: [] }),
    })
    const applied = await applyToListing(t.services, {
      renterId: renter.id,
      listingId: home.id,
      input: { moveInDate: '2027-03-01', leaseMonths: '12', note: '' },
    })
    await changeApplication(t.services, { applicationId: applied.id, actorId: owner.id, action: 'approved', input: { homeTaken: false } })
    const landlord = await actorOf(db(), owner)
    const row = await createLease(t.services, { actor: landlord, input: { applicationId: applied.id } })
    await sendLease(t.services, { leaseId: row.id, actor: landlord })
    await consentAndSign(t, row.id, renter, 'Robin Renter')
    await consentAndSign(t, row.id, owner, 'Maria Landlord')
    leaseId = row.id
  }, 120_000)
  afterAll(async () => {
    await pages?.close()
    await t?.close()
  })

  const post = (user: TestUser, pathname: string, fields: Record<string, string>) =>
    pages.app.request(formRequest(pathname, fields, { headers: { Cookie: user.cookie } }))
  const fields = {
    leaseId: '',
    category: 'plumbing',
    urgency: 'emergency',
    title: 'Water pouring through the ceiling',
    location: 'Bathroom',
    description: '',
    entryAllowed: 'yes',
    entryNotes: '',
    'window-date-0': '2099-02-01',
    'window-from-0': '08:00',
    'window-to-0': '10:00',
  }

  it('is filed through the form, listed for both sides, moved by the landlord, and 404 to anyone else', async () => {
    const list = await pages.get('/maintenance', renter.cookie)
    expect(list.html).toContain(`href="/maintenance/new?lease=${leaseId}"`)
    expect((await pages.get(`/maintenance/new?lease=${leaseId}`, renter.cookie)).html).toContain('call 911')
    const refused = await post(renter, '/maintenance/new', { ...fields, leaseId: String(leaseId), title: '' })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('Say in a few words what is wrong.')

    const filed = await post(renter, '/maintenance/new', { ...fields, leaseId: String(leaseId) })
    expect(filed.status).toBe(302)
    const path = filed.headers.get('Location')!
    expect(path).toMatch(/^\/maintenance\/\d+$/)
    const requestId = Number(path.split('/').pop())
    const page = await pages.get(path, renter.cookie)
    expect(page.status).toBe(200)
    expect(page.html).toContain('Water pouring through the ceiling')
    expect(page.html).toContain('08:00<!-- -->–<!-- -->10:00<!-- --> <span class="text-ink-soft">(<!-- -->Eastern Standard Time')
    expect((await pages.get('/maintenance', owner.cookie)).html).toContain(`href="${path}"`)

    expect((await post(owner, path, { intent: 'acknowledged' })).status).toBe(302)
    const scheduled = await callApi(t, 'POST', `/maintenance/${requestId}/schedule`, {
      cookie: owner.cookie,
      body: { date: '2099-02-01', time: '09:00' },
    })
    expect(scheduled.status).toBe(200)
    expect(scheduled.json.request.state).toBe('scheduled')
    expect((await callApi(t, 'GET', '/maintenance', { cookie: renter.cookie })).json.tenant[0].state).toBe('scheduled')
    const refusedStep = await callApi(t, 'POST', `/maintenance/${requestId}/close`, { cookie: renter.cookie })
    expect(refusedStep.status).toBe(409)

    // A third person: every page, form and API address is 404, and nothing changes.
    expect((await pages.get(path, stranger.cookie)).status).toBe(404)
    expect((await pages.get(`/maintenance/new?lease=${leaseId}`, stranger.cookie)).status).toBe(404)
    for (const intent of [
      'acknowledged',
      'scheduled',
      'started',
      'completed',
      'closed',
      'reopened',
      'cancelled',
      'photos',
      'thread',
      'x',
    ]) {
      expect((await post(stranger, path, { intent, note: 'mine now', date: '2099-03-01', time: '10:00' })).status).toBe(404)
    }
    expect((await post(stranger, '/maintenance/new', { ...fields, leaseId: String(leaseId) })).status).toBe(404)
    expect((await callApi(t, 'GET', `/maintenance/${requestId}`, { cookie: stranger.cookie })).status).toBe(404)
    for (const step of ['acknowledge', 'schedule', 'start', 'complete', 'close', 'reopen', 'cancel', 'thread', 'photos', 'nonsense']) {
      expect((await callApi(t, 'POST', `/maintenance/${requestId}/${step}`, { cookie: stranger.cookie, body: { note: 'x' } })).status).toBe(
        404,
      )
    }
    expect((await callApi(t, 'POST', '/maintenance', { cookie: stranger.cookie, body: { ...fields, leaseId } })).status).toBe(404)
    expect((await callApi(t, 'GET', '/maintenance', { cookie: stranger.cookie })).json).toEqual({ landlord: [], tenant: [], homes: [] })
    const after = await callApi(t, 'GET', `/maintenance/${requestId}`, { cookie: renter.cookie })
    expect(after.json.request.state).toBe('scheduled')
    expect(after.json.request.events).toHaveLength(3)

    // The request's thread opens in the chat.
    const thread = await post(renter, path, { intent: 'thread' })
    expect(thread.headers.get('Location')).toMatch(/^\/chat\/\d+$/)
    expect((await pages.get(path, owner.cookie)).html).toContain(`href="${thread.headers.get('Location')}"`)
    expect((await pages.app.request(`${TEST_ORIGIN}${path}`)).status).toBe(302)
  })
})
