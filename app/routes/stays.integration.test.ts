// The stay pages as a browser without scripts reads them: a short-term listing's box prices the dates
// in its address and offers the request; a check-in alone asks for the check-out; a booking's page is
// its two parties' (the address held back from the guest until confirmed) and a third person's 404.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profile } from '#server/db/schema.ts'
import { listingPath as listingPathOf } from '#common/listings/listing-url.ts'
import { addDays, todayIn } from '#common/stays/dates.ts'
import { requestStay } from '#server/stays/index.server.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { createPageApp, type PageApp } from '#tests/support/page-app.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'
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
})
