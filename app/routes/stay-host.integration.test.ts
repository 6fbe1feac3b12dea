// The host's side of short stays in pages, as a browser without scripts sends and reads them: the rules
// form saves or refuses in words (changing nothing), nights are blocked and freed, the calendar sync's
// export link is replaced (the old one answering 404) and a loopback calendar is refused; none of it
// exists for anyone but the owner. A booking keeps the times it was made under; the host cancels a
// request with its refund written; /stays lists ended bookings as past.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profile } from '#server/db/schema.ts'
import { listingPath as listingPathOf } from '#common/listings/listing-url.ts'
import { addDays, instantAt, todayIn } from '#common/stays/dates.ts'
import { readCalendarSync } from '#server/stays/ical.server.ts'
import { findStayBooking, findStayCalendar, findStayRules, requestStay } from '#server/stays/index.server.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { createPageApp, type PageApp } from '#tests/support/page-app.ts'
import { createTestServices, formRequest, TEST_ORIGIN, type TestServices } from '#tests/support/test-services.ts'
import { signUpVerifiedUser, type TestUser } from '#tests/support/users.ts'

const ZONE = 'America/New_York'

const RULES = {
  intent: 'rules',
  instantBook: 'false',
  maxNights: '14',
  maxGuests: '4',
  advanceNoticeDays: '1',
  preparationDays: '1',
  bookingWindowDays: '300',
  checkInTime: '16:00',
  checkOutTime: '10:30',
  weekendNightlyCents: '150',
  weeklyDiscountPercent: '10',
  cleaningFeeCents: '45.50',
  cancellationPolicy: 'strict',
  checkInDetails: 'Key box by the door.',
}

describe('the host’s stays page', () => {
  let t: TestServices
  let pages: PageApp
  let host: TestUser
  let guest: TestUser
  let stranger: TestUser
  let listingId: number
  let page: string
  const day = (n: number) => addDays(todayIn(ZONE, new Date()), n)

  const post = (user: TestUser, fields: Record<string, string>) =>
    pages.app.request(formRequest(`${page}/stays`, fields, { headers: { Cookie: user.cookie } }))

  beforeAll(async () => {
    t = await createTestServices()
    pages = await createPageApp(t)
    host = await signUpVerifiedUser(t, { name: 'Hana Host' })
    guest = await signUpVerifiedUser(t, { name: 'Gil Guest' })
    stranger = await signUpVerifiedUser(t, { name: 'Sid Stranger' })
    const { db } = t.services.database
    await db.update(profile).set({ role: 'landlord' }).where(eq(profile.userId, host.id))
    const home = await listingFactory(db).create({
      ownerId: host.id,
      title: 'Host page loft',
      shortTerm: { nightlyCents: 12_000, minNights: 2 },
    })
    listingId = home.id
    page = listingPathOf(home)
  }, 120_000)

  afterAll(async () => {
    await pages?.close()
    await t?.close()
  })

  it('saves the rules form, refuses bad input in words changing nothing, and is the owner’s only', async () => {
    const { db } = t.services.database
    const shown = await pages.get(`${page}/stays`, host.cookie)
    expect(shown.status).toBe(200)
    expect(shown.html).toContain('Booking rules')
    expect(shown.html).toContain('Calendar sync')
    expect((await pages.get(`${page}/stays`, stranger.cookie)).status).toBe(404)
    expect((await post(stranger, RULES)).status).toBe(404)

    const refused = await post(host, { ...RULES, maxNights: '0', cleaningFeeCents: 'lots', checkInTime: '25:00' })
    expect(refused.status).toBe(400)
    const html = await refused.text()
    expect(html).toContain('Maximum nights must be at least 1.')
    expect(html).toContain('Enter an amount in dollars, like 1,850 or 1850.50.')
    expect(html).toContain('Check-in time must be a time (HH:MM).')
    expect(html).toContain('href="#field-maxNights"')
    expect((await findStayRules(db, { viewerId: host.id, listingId })).isListingOwn).toBe(false)
    // Fewer maximum nights than the listing's minimum stay is refused by the same function as the API.
    expect((await post(host, { ...RULES, maxNights: '1' })).status).toBe(400)

    expect((await post(host, RULES)).status).toBe(302)
    const saved = await findStayRules(db, { viewerId: host.id, listingId })
    expect(saved.rules).toMatchObject({
      maxNights: 14,
      checkInTime: '16:00',
      checkOutTime: '10:30',
      weekendNightlyCents: 15_000,
      cleaningFeeCents: 4_550,
      weeklyDiscountPercent: 10,
      cancellationPolicy: 'strict',
    })
  })

  it('blocks nights, refuses a block over taken ones, and frees them again', async () => {
    const { db } = t.services.database
    expect((await post(host, { intent: 'block', start: day(20), end: day(23), note: 'Painters' })).status).toBe(302)
    const calendar = await findStayCalendar(db, { listingId, viewerId: host.id, input: { months: 3 } })
    const block = calendar.blocks!.find((b) => b.start === day(20))!
    expect(block).toMatchObject({ end: day(23), note: 'Painters' })
    expect(calendar.nights.find((n) => n.date === day(21))?.state).toBe('blocked')
    expect((await pages.get(`${page}/stays`, host.cookie)).html).toContain('Painters')

    const overlapping = await post(host, { intent: 'block', start: day(22), end: day(25), note: '' })
    expect(overlapping.status).toBe(409)
    expect(await overlapping.text()).toContain('Some of those nights are already taken')
    expect((await post(host, { intent: 'block', start: day(25), end: day(24), note: '' })).status).toBe(400)
    expect((await post(stranger, { intent: 'unblock', blockId: String(block.id) })).status).toBe(404)

    expect((await post(host, { intent: 'unblock', blockId: String(block.id) })).status).toBe(302)
    const after = await findStayCalendar(db, { listingId, viewerId: host.id, input: { months: 3 } })
    expect(after.blocks).toEqual([])
  })

  it('replaces the export link (the old one answers 404) and refuses a loopback calendar', async () => {
    const { db } = t.services.database
    const syncOf = () => readCalendarSync(db, { viewerId: host.id, listingId, publicUrl: TEST_ORIGIN, policy: t.services.calendarPolicy })
    expect((await post(host, { intent: 'new-export' })).status).toBe(302)
    const first = (await syncOf()).exportUrl!
    expect((await pages.get(`${page}/stays`, host.cookie)).html).toContain(first)
    const fileOf = (url: string) => t.app.request(`${TEST_ORIGIN}${new URL(url).pathname}`)
    expect((await fileOf(first)).status).toBe(200)
    expect((await post(host, { intent: 'new-export' })).status).toBe(302)
    const second = (await syncOf()).exportUrl!
    expect(second).not.toBe(first)
    expect((await fileOf(first)).status).toBe(404)
    expect((await fileOf(second)).status).toBe(200)

    const loopback = await post(host, { intent: 'add-feed', name: 'Mine', url: 'http://127.0.0.1/calendar.ics' })
    expect(loopback.status).toBe(400)
    expect(await loopback.text()).toContain('Calendars from 127.0.0.1 cannot be imported on this site.')
    expect((await syncOf()).feeds).toEqual([])
  })

  it('shows a booking its own times after the rules change, lets the host cancel a request, and lists ended stays as past', async () => {
    const { db } = t.services.database
    const checkIn = day(40)
    const kept = await requestStay(t.services, { guestId: guest.id, listingId, input: { checkIn, checkOut: day(43), guests: 2 } })
    const other = await requestStay(t.services, { guestId: guest.id, listingId, input: { checkIn: day(50), checkOut: day(52), guests: 1 } })
    expect((await post(host, { ...RULES, checkInTime: '18:00', checkOutTime: '09:00' })).status).toBe(302)
    const booking = await findStayBooking(db, { viewerId: guest.id, bookingId: kept.id })
    expect(booking.checkInAt).toBe(instantAt(checkIn, '16:00', ZONE).toISOString())
    expect(booking.checkOutAt).toBe(instantAt(day(43), '10:30', ZONE).toISOString())
    const stayPage = await pages.get(`/stays/${kept.id}`, host.cookie)
    expect(stayPage.html).toContain('4:00 PM')
    expect(stayPage.html).not.toContain('6:00 PM')
    expect(stayPage.html).toContain('Cancel the request')

    const cancelled = await pages.app.request(
      formRequest(`/stays/${other.id}`, { intent: 'cancel', reason: 'The flat is not ready.' }, { headers: { Cookie: host.cookie } }),
    )
    expect(cancelled.status).toBe(302)
    const gone = await findStayBooking(db, { viewerId: guest.id, bookingId: other.id })
    expect(gone).toMatchObject({ state: 'cancelled', refundCents: gone.totalCents })
    expect(gone.refundNote).not.toBe('')

    const list = (await pages.get('/stays', host.cookie)).html
    const upcoming = list.slice(list.indexOf('Upcoming guests'), list.indexOf('Past and ended guests'))
    const past = list.slice(list.indexOf('Past and ended guests'))
    expect(list).toContain('Past and ended guests')
    expect(upcoming).not.toContain(`/stays/${other.id}"`)
    expect(past).toContain(`/stays/${other.id}"`)
    expect(list.slice(list.indexOf('Requests to answer'), list.indexOf('Upcoming trips'))).toContain(`/stays/${kept.id}"`)
  })
})
