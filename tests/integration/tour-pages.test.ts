// The tour pages as a browser receives them: the listing page's tour box, booking from it (and a time
// just taken), the Tours page with the landlord's day, a tour's page, the availability form — and 404
// to a third person on every tour address.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listingPath } from '#common/listings/listing-url.ts'
import { DEFAULT_AVAILABILITY } from '#common/tours/availability.ts'
import { profile } from '#server/db/schema.ts'
import { findOpenSlots, saveAvailability } from '#server/tours/index.server.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { createPageApp, type PageApp } from '#tests/support/page-app.ts'
import { createTestServices, formRequest, type TestServices } from '#tests/support/test-services.ts'
import { signUpVerifiedUser, type TestUser } from '#tests/support/users.ts'

describe('tour pages', () => {
  let t: TestServices
  let rendered: PageApp
  let owner: TestUser
  let renter: TestUser
  let stranger: TestUser
  const db = () => t.services.database.db

  beforeAll(async () => {
    t = await createTestServices()
    rendered = await createPageApp(t)
    owner = await signUpVerifiedUser(t, { name: 'Maria Landlord' })
    await db().update(profile).set({ role: 'landlord' }).where(eq(profile.email, owner.email))
    renter = await signUpVerifiedUser(t, { name: 'Robin Renter' })
    stranger = await signUpVerifiedUser(t, { name: 'Sam Stranger' })
  }, 120_000)
  afterAll(async () => {
    await rendered?.close()
    await t?.close()
  })

  it('books from the listing page, shows the tour to its two parties only, and answers a taken time with the next ones', async () => {
    const home = await listingFactory(db()).create({ ownerId: owner.id, title: 'Sunny loft over the bakery' })
    const windows = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '17:00' }))
    await saveAvailability(db(), { viewerId: owner.id, listingId: home.id, input: { ...DEFAULT_AVAILABILITY, windows, noticeHours: 2 } })

    const page = await rendered.get(listingPath(home), renter.cookie)
    expect(page.status).toBe(200)
    expect(page.html).toContain('Book a tour')
    expect(page.html).toMatch(/aria-label="Request a tour on \w+day, \w+ \d+ at \d+:\d\d [AP]M E[SD]T"/)
    expect(page.html.match(/Times are the home’s: [^<]{0,60}/)?.[0]).toMatch(/Times are the home’s: Eastern (Standard|Daylight) Time/)
    expect((await rendered.get(listingPath(home))).html).toContain('Log in to book a tour')

    const open = await findOpenSlots(db(), { listingId: home.id })
    const startsAt = open.days[1]!.slots[0]!.startsAt
    const booked = await rendered.app.request(
      formRequest(
        '/tours/new',
        { listingId: String(home.id), startsAt, partySize: '2', note: 'After work' },
        { headers: { Cookie: renter.cookie } },
      ),
    )
    expect(booked.status).toBe(302)
    const tourPath = booked.headers.get('Location')!
    expect(tourPath).toMatch(/^\/tours\/\d+$/)

    const taken = await rendered.app.request(
      formRequest('/tours/new', { listingId: String(home.id), startsAt, partySize: '1' }, { headers: { Cookie: stranger.cookie } }),
    )
    expect([taken.status, taken.headers.get('Location')]).toEqual([409, null])
    const takenHtml = await taken.text()
    expect(takenHtml).toContain('That time was just taken. Choose another time.')
    expect(takenHtml).toContain('The next open times:')

    const asRenter = await rendered.get(tourPath, renter.cookie)
    expect(asRenter.status).toBe(200)
    expect(asRenter.html).toContain('Sunny loft over the bakery')
    expect(asRenter.html).toContain('Move the tour')
    const asOwner = await rendered.get(tourPath, owner.cookie)
    expect(asOwner.html).toContain('Confirm the tour')
    expect((await rendered.get(tourPath, stranger.cookie)).status).toBe(404)
    expect((await rendered.get('/tours/999999999', renter.cookie)).status).toBe(404)
    expect((await rendered.get(tourPath)).status).toBe(302)

    const stray = await rendered.app.request(
      formRequest(tourPath, { intent: 'cancel', reason: 'Not mine' }, { headers: { Cookie: stranger.cookie } }),
    )
    expect(stray.status).toBe(404)
    expect((await rendered.get(`/tours/availability?listing=${home.id}`, stranger.cookie)).status).toBe(404)

    const mine = await rendered.get('/tours', renter.cookie)
    expect(mine.html).toContain('Sunny loft over the bakery')
    expect(mine.html).not.toContain('Your day')
    const day = await rendered.get(`/tours?date=${open.days[1]!.date}`, owner.cookie)
    expect(day.html).toContain('Your day')
    expect(day.html).toContain('Robin Renter')
    const listingPage = await rendered.get(listingPath(home), renter.cookie)
    expect(listingPage.html).toContain('Your tour (waiting for the landlord)')
  })

  it('saves the availability form and shows its refusals', async () => {
    const form = await rendered.get('/tours/availability', owner.cookie)
    expect(form.status).toBe(200)
    expect(form.html).toContain('Showing hours')
    const fields = {
      toursEnabled: 'on',
      'start-1': '10:00',
      'end-1': '09:00',
      tourMinutes: '30',
      noticeHours: '4',
      bufferMinutes: '0',
      partiesPerSlot: '1',
      blockedDates: '',
    }
    const refused = await rendered.app.request(formRequest('/tours/availability', fields, { headers: { Cookie: owner.cookie } }))
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('A window ends after it starts.')
    const saved = await rendered.app.request(
      formRequest(
        '/tours/availability',
        { ...fields, 'end-1': '16:00', blockedDates: '2026-12-25' },
        { headers: { Cookie: owner.cookie } },
      ),
    )
    expect(saved.status).toBe(302)
    const again = await rendered.get('/tours/availability', owner.cookie)
    expect(again.html).toContain('2026-12-25')
    expect(again.html).toContain('value="16:00"')
  })
})
