// The stay pages as a browser without scripts reads them: a short-term listing's box prices the dates
// in its address and offers the request; a check-in alone asks for the check-out; a booking's page is
// its two parties' (the address held back from the guest until confirmed) and a third person's 404;
// a completed stay's review form, and the listing's reviews once both sides have sent theirs.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profile } from '#server/db/schema.ts'
import { listingPath as listingPathOf } from '#common/listings/listing-url.ts'
import { addDays, todayIn } from '#common/stays/dates.ts'
import { requestStay } from '#server/stays/index.server.ts'
import { storeStayTransition } from '#server/stays/transitions.server.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { createPageApp, type PageApp } from '#tests/support/page-app.ts'
import { createTestServices, formRequest, type TestServices } from '#tests/support/test-services.ts'
import { signUpVerifiedUser, type TestUser } from '#tests/support/users.ts'

describe('the stay pages', () => {
  let t: TestServices
  let pages: PageApp
  let host: TestUser
  let guest: TestUser
  let stranger: TestUser
  let listingPath: string
  let listingId: number
  const checkIn = addDays(todayIn('America/New_York', new Date()), 10)
  const checkOut = addDays(checkIn, 3)

  beforeAll(async () => {
    t = await createTestServices()
    pages = await createPageApp(t)
    host = await signUpVerifiedUser(t, { name: 'Hal Host' })
    guest = await signUpVerifiedUser(t, { name: 'Gwen Guest' })
    stranger = await signUpVerifiedUser(t, { name: 'Stan Stranger' })
    await t.services.database.db.update(profile).set({ role: 'landlord' }).where(eq(profile.userId, host.id))
    const home = await listingFactory(t.services.database.db).create({
      ownerId: host.id,
      title: 'Stay loft by the park',
      shortTerm: { nightlyCents: 12_000, minNights: 2 },
    })
    listingId = home.id
    listingPath = listingPathOf(home)
  }, 120_000)

  afterAll(async () => {
    await pages?.close()
    await t?.close()
  })

  it('prices the dates in the address and offers the request, before any script runs', async () => {
    const { status, html } = await pages.get(`${listingPath}?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`, guest.cookie)
    expect(status).toBe(200)
    expect(html).toContain('Book a stay')
    expect(html).toMatch(/3 nights × \$120\.00<\/th><td[^>]*>\$360\.00/)
    expect(html).toMatch(/Total<\/th><td[^>]*>\$360\.00/)
    expect(html).toContain('action="/stays/new"')
    expect(html).toContain('Request to book')
  })

  it('asks for the check-out once a check-in alone is chosen', async () => {
    const { html } = await pages.get(`${listingPath}?checkIn=${checkIn}&guests=1`, guest.cookie)
    expect(html).toContain('Now choose the check-out day.')
    expect(html).not.toContain('Request to book')
  })

  it('says why dates cannot be booked', async () => {
    const { html } = await pages.get(`${listingPath}?checkIn=${checkIn}&checkOut=${addDays(checkIn, 1)}&guests=1`, guest.cookie)
    expect(html).toContain('This home takes stays of at least 2 nights.')
    expect(html).not.toContain('Request to book')
  })

  it('shows a booking to its two parties only, the address to the guest once confirmed', async () => {
    const row = await requestStay(t.services, { guestId: guest.id, listingId, input: { checkIn, checkOut, guests: 2 } })
    const forGuest = await pages.get(`/stays/${row.id}`, guest.cookie)
    expect(forGuest.status).toBe(200)
    expect(forGuest.html).toContain('The street address and check-in details are shown here once the host confirms the stay.')
    expect(forGuest.html).not.toContain('1200 Delaware Avenue')
    const forHost = await pages.get(`/stays/${row.id}`, host.cookie)
    expect(forHost.html).toContain('Accept the request')
    expect(forHost.html).toContain('1200 Delaware Avenue')
    expect((await pages.get(`/stays/${row.id}`, stranger.cookie)).status).toBe(404)
    const list = await pages.get('/stays', host.cookie)
    expect(list.html).toContain('Requests to answer')
    expect(list.html).toContain('Gwen Guest')
  })

  it('offers each side of a completed stay its review form, and shows the reviews on the listing once both are in', async () => {
    const out = addDays(todayIn('America/New_York', new Date()), -1)
    const asked = new Date(Date.parse(`${addDays(out, -2)}T12:00:00Z`) - 5 * 86_400_000)
    const row = await requestStay(t.services, {
      guestId: guest.id,
      listingId,
      input: { checkIn: addDays(out, -2), checkOut: out, guests: 1 },
      now: asked,
    })
    await storeStayTransition(t.services.database.db, { name: 'accept', viewerId: host.id, bookingId: row.id, now: asked })
    await storeStayTransition(t.services.database.db, { name: 'complete', viewerId: null, bookingId: row.id })
    const page = await pages.get(`/stays/${row.id}`, guest.cookie)
    expect(page.html).toContain('Review your stay')
    expect(page.html.replaceAll('<!-- -->', '')).toMatch(
      /Reviews can be written until <\/span>\w+day, \w+ \d+ at 11:00 AM E[SD]T at the home/,
    )
    const post = (cookie: string, fields: Record<string, string>) =>
      pages.app.request(formRequest(`/stays/${row.id}`, fields, { headers: { Cookie: cookie } }))
    const stars = { cleanliness: '5', accuracy: '4', communication: '5', location: '4', value: '5' }
    const refused = await post(guest.cookie, { intent: 'review', ...stars, value: '9', text: 'Lovely loft, would stay again.' })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('Rate value from 1 to 5 stars.')
    expect((await post(guest.cookie, { intent: 'review', ...stars, text: 'Lovely loft, would stay again.' })).status).toBe(302)
    expect((await pages.get(listingPath, stranger.cookie)).html).toContain('No reviews yet.')
    const hostFields = {
      intent: 'review',
      cleanliness: '5',
      communication: '5',
      houseRules: '5',
      text: 'A quiet, careful guest. Welcome back.',
    }
    expect((await post(host.cookie, hostFields)).status).toBe(302)
    const listed = await pages.get(`${listingPath}?reviews=1`, stranger.cookie)
    expect(listed.html).toContain('Lovely loft, would stay again.')
    expect(listed.html.replaceAll('<!-- -->', '')).toMatch(/4\.6<span class="sr-only"> out of 5<\/span><\/span> overall · 1 review/)
    expect((await pages.get(`/stays/${row.id}`, host.cookie)).html).toContain('Answer publicly (once)')
  })
})
