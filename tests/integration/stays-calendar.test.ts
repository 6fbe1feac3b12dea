// A listing's calendar sync through the real HTTP app and job queue: the export address, and calendars
// imported from a feed server on 127.0.0.1 (the one address the test's policy lets through). A round
// trip through ical.js: listing A's export imported into listing B gives B the same nights.
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localDateOf } from '#common/tours/slots.ts'
import type { PublicNews } from '#server/realtime/events.server.ts'
import { profile, stayBooking, stayCalendarFeed, stayHold } from '#server/db/schema.ts'
import { findListings } from '#server/listings/search/find-listings.server.ts'
import { addDays } from '#server/stays/ical-parse.ts'
import { startFeedServer, type FeedServer } from '#tests/support/calendar-feeds.ts'
import { establishedUser } from '#tests/support/chat.ts'
import { callApi, type ApiCall } from '#tests/support/json-api.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { createTestServices, TEST_ORIGIN, type TestServices } from '#tests/support/test-services.ts'
import type { TestUser } from '#tests/support/users.ts'

let t: TestServices
let feeds: FeedServer
let host: TestUser
let guest: TestUser
let stranger: TestUser
let listingA: number
let listingB: number
let leaseOnly: number
let today: string
const news: PublicNews[] = []

const api = (method: string, pathname: string, call?: ApiCall) => callApi(t, method, pathname, call)
const day = (n: number) => addDays(today, n)
const SHORT_TERM = { lease: null, shortTerm: { nightlyCents: 14_500, minNights: 2 } }

async function nightsOf(listingId: number, kind?: string) {
  const rows = await t.services.database.db
    .select({ start: sql<string>`lower(${stayHold.nights})::text`, end: sql<string>`upper(${stayHold.nights})::text` })
    .from(stayHold)
    .where(and(eq(stayHold.listingId, listingId), kind ? eq(stayHold.kind, kind) : undefined))
    .orderBy(sql`lower(${stayHold.nights})`)
  return rows.map((r) => `${r.start}..${r.end}`)
}

const calendarOf = (...events: [uid: string, start: string, end: string, summary?: string][]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Other platform//EN',
    ...events.flatMap(([uid, start, end, summary = 'Reserved']) => [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      `DTSTART;VALUE=DATE:${start.replaceAll('-', '')}`,
      `DTEND;VALUE=DATE:${end.replaceAll('-', '')}`,
      `SUMMARY:${summary}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n')

async function addFeed(listingId: number, name: string, path: string) {
  const added = await api('POST', `/properties/${listingId}/calendar-sync/feeds`, {
    cookie: host.cookie,
    body: { name, url: feeds.urlOf(path) },
  })
  expect(added.status).toBe(201)
  return added.json.feed.id as number
}

async function feedOf(listingId: number, feedId: number) {
  const sync = await api('GET', `/properties/${listingId}/calendar-sync`, { cookie: host.cookie })
  return sync.json.feeds.find((f: { id: number }) => f.id === feedId)
}

async function exportText(url: string) {
  const response = await t.app.request(url)
  return { status: response.status, headers: response.headers, text: await response.text() }
}

beforeAll(async () => {
  feeds = await startFeedServer()
  t = await createTestServices(
    {},
    { calendarPolicy: { hosts: [], allowsHttp: true, localServer: { address: feeds.address, port: feeds.port }, timeoutMs: 1000 } },
  )
  host = await establishedUser(t, { name: 'Harper Host' })
  guest = await establishedUser(t, { name: 'Gale Guest' })
  stranger = await establishedUser(t, { name: 'Sam Stranger' })
  await t.services.database.db.update(profile).set({ role: 'landlord' }).where(eq(profile.userId, host.id))
  const listings = listingFactory(t.services.database.db)
  listingA = (await listings.create({ ownerId: host.id, ...SHORT_TERM })).id
  listingB = (await listings.create({ ownerId: host.id, ...SHORT_TERM, title: 'Loft by the river' })).id
  leaseOnly = (await listings.create({ ownerId: host.id })).id
  today = localDateOf(Date.now(), 'America/New_York')
  t.services.realtime.subscribe((n) => void news.push(n))
})
afterAll(async () => {
  await t?.close()
  await feeds?.close()
})

describe('the calendar sync API', () => {
  it('is for the listing host only, and only for a listing offered for short stays', async () => {
    expect((await api('GET', `/properties/${listingA}/calendar-sync`)).status).toBe(401)
    expect((await api('GET', `/properties/${listingA}/calendar-sync`, { cookie: stranger.cookie })).status).toBe(404)
    expect((await api('POST', `/properties/${listingA}/calendar-sync/export`, { cookie: stranger.cookie })).status).toBe(404)
    expect((await api('GET', '/properties/abc/calendar-sync', { cookie: host.cookie })).status).toBe(404)
    const lease = await api('GET', `/properties/${leaseOnly}/calendar-sync`, { cookie: host.cookie })
    expect(lease.status).toBe(409)
    expect(lease.json.detail).toMatch(/not offered for short stays/)
    const own = await api('GET', `/properties/${listingA}/calendar-sync`, { cookie: host.cookie })
    expect(own.status).toBe(200)
    expect(own.json).toMatchObject({ listingId: listingA, timeZone: 'America/New_York', exportUrl: null, feeds: [] })
  })

  it('makes, replaces and revokes the private export address; an old or unknown token is 404', async () => {
    const made = await api('POST', `/properties/${listingA}/calendar-sync/export`, { cookie: host.cookie })
    expect(made.status).toBe(200)
    const first = made.json.exportUrl as string
    expect(first).toMatch(new RegExp(`^${TEST_ORIGIN}/stays/calendar/[A-Za-z0-9_-]{43}\\.ics$`))
    const served = await exportText(first)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(served.headers.get('cache-control')).toBe('private, no-store')
    expect(served.text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\nPRODID:/)

    const replaced = (await api('POST', `/properties/${listingA}/calendar-sync/export`, { cookie: host.cookie })).json.exportUrl as string
    expect(replaced).not.toBe(first)
    expect((await exportText(first)).status).toBe(404)
    expect((await exportText(replaced)).status).toBe(200)

    const revoked = await api('DELETE', `/properties/${listingA}/calendar-sync/export`, { cookie: host.cookie })
    expect(revoked.json.exportUrl).toBeNull()
    expect((await exportText(replaced)).status).toBe(404)
    expect((await exportText(`${TEST_ORIGIN}/stays/calendar/${'A'.repeat(43)}.ics`)).status).toBe(404)
    expect((await exportText(`${TEST_ORIGIN}/stays/calendar/short.ics`)).status).toBe(404)
  })

  it('refuses a bad calendar to import with a clear 400, a second copy with 409, and adds a good one', async () => {
    const path = `/properties/${listingB}/calendar-sync/feeds`
    const cases: [unknown, RegExp][] = [
      [{ name: 'Airbnb', url: 'not an address' }, /not a web address/],
      [{ name: 'Airbnb', url: 'https://evil.example/cal.ics' }, /evil\.example cannot be imported/],
      [{ name: 'Airbnb', url: 'ftp://127.0.0.1/cal.ics' }, /must start with https:\/\/ or http:\/\//],
      [{ name: '', url: feeds.urlOf('/x.ics') }, /Some fields need attention/],
      [{ name: 'x'.repeat(81), url: feeds.urlOf('/x.ics') }, /Some fields need attention/],
      [{ url: feeds.urlOf('/x.ics') }, /Some fields need attention/],
    ]
    for (const [body, detail] of cases) {
      const refused = await api('POST', path, { cookie: host.cookie, body })
      expect(refused.status, JSON.stringify(body)).toBe(400)
      expect(refused.json.detail).toMatch(detail)
    }
    expect((await api('POST', path, { cookie: host.cookie, body: [] })).status).toBe(400)
    expect((await api('POST', path, { cookie: stranger.cookie, body: { name: 'Mine', url: feeds.urlOf('/x.ics') } })).status).toBe(404)

    const feedId = await addFeed(listingB, 'Other platform', '/x.ics')
    expect((await feedOf(listingB, feedId)).status).toBe('pending')
    const twice = await api('POST', path, { cookie: host.cookie, body: { name: 'Again', url: feeds.urlOf('/x.ics') } })
    expect(twice.status).toBe(409)
    expect((await api('DELETE', `${path}/${feedId}`, { cookie: stranger.cookie })).status).toBe(404)
    expect((await api('DELETE', `${path}/${feedId}`, { cookie: host.cookie })).status).toBe(200)
    expect((await api('DELETE', `${path}/${feedId}`, { cookie: host.cookie })).status).toBe(404)
    await t.services.jobs.runUntilIdle()
  })
})

describe('importing a calendar', () => {
  it("gives listing B exactly listing A's nights: booked, blocked and imported, through the export and the fetch", async () => {
    const { db } = t.services.database
    const [booking] = await db
      .insert(stayBooking)
      .values({
        listingId: listingA,
        guestId: guest.id,
        hostId: host.id,
        checkIn: day(10),
        checkOut: day(14),
        guests: 2,
        timeZone: 'America/New_York',
        checkInTime: '15:00',
        checkOutTime: '11:00',
        state: 'confirmed',
        instant: false,
        quote: {},
        totalCents: 58_000,
        currency: 'USD',
        cancellationPolicy: 'moderate',
      })
      .returning({ id: stayBooking.id })
    // The booking's nights and its preparation day after.
    await db.insert(stayHold).values([
      { listingId: listingA, nights: `[${day(10)},${day(15)})`, kind: 'booking', bookingId: booking!.id },
      { listingId: listingA, nights: `[${day(20)},${day(23)})`, kind: 'host_block', label: 'Painters in' },
      { listingId: listingA, nights: `[${day(1)},${day(2)})`, kind: 'host_block' },
    ])
    const exportUrl = (await api('POST', `/properties/${listingA}/calendar-sync/export`, { cookie: host.cookie })).json.exportUrl as string
    const exported = await exportText(exportUrl)
    expect(exported.text).not.toMatch(/Gale|Painters|@example\.com/)
    feeds.set('/a.ics', { calendar: exported.text })

    const feedId = await addFeed(listingB, 'Listing A', '/a.ics')
    await t.services.jobs.runUntilIdle()
    expect(await nightsOf(listingB)).toEqual(await nightsOf(listingA))
    expect(await feedOf(listingB, feedId)).toMatchObject({ status: 'ok', lastError: '', nights: 1 + 5 + 3, conflicts: [] })
    // Imported nights are exported in turn, with UIDs that survive the next import.
    const exportB = (await api('POST', `/properties/${listingB}/calendar-sync/export`, { cookie: host.cookie })).json.exportUrl as string
    const uids = async () => (await exportText(exportB)).text.split('\r\n').filter((l) => l.startsWith('UID:'))
    const before = await uids()
    expect(before).toHaveLength(3)
    await t.services.jobs.send('stay-calendar-feed', { feedId })
    await t.services.jobs.runUntilIdle()
    expect(await uids()).toEqual(before)
  })

  it('keeps the last good import when a fetch times out, is too big, is not a calendar or fails, and says why', async () => {
    const feedId = (
      await t.services.database.db
        .select()
        .from(stayCalendarFeed)
        .where(eq(stayCalendarFeed.url, feeds.urlOf('/a.ics')))
    )[0]!.id
    const held = await nightsOf(listingB)
    const good = feeds
    const answers: [Parameters<FeedServer['set']>[1], RegExp][] = [
      [{ hang: true }, /did not answer within 1 second\./],
      [{ calendar: `BEGIN:VCALENDAR\r\nX-PAD:${'x'.repeat(1_100_000)}\r\nEND:VCALENDAR\r\n` }, /larger than 1 MB/],
      [{ status: 200, body: '<html>Sign in to see your calendar</html>' }, /did not give a calendar/],
      [{ status: 500, body: 'oops' }, /answered 500/],
      [{ status: 200, body: 'BEGIN:VCALENDAR\r\nthis is not; iCalendar\r\n' }, /not valid iCalendar/],
    ]
    for (const [answer, error] of answers) {
      good.set('/a.ics', answer)
      await t.services.jobs.send('stay-calendar-feed', { feedId })
      await t.services.jobs.runUntilIdle()
      const feed = await feedOf(listingB, feedId)
      expect(feed.status).toBe('failing')
      expect(feed.lastError).toMatch(error)
      expect(await nightsOf(listingB)).toEqual(held)
    }
  })

  it('records an event colliding with a booking or block here, holds its free nights, and tells the host once', async () => {
    await t.services.database.db.insert(stayHold).values({ listingId: listingB, nights: `[${day(40)},${day(43)})`, kind: 'host_block' })
    feeds.set('/c.ics', {
      calendar: calendarOf(
        ['clash@other', day(41), day(45), 'Reserved - Taylor'],
        ['free@other', day(50), day(52)],
        ['inside@other', day(40), day(41)],
      ),
    })
    const mailsBefore = t.mail.messages.filter((m) => /Calendar conflict/.test(m.subject)).length
    const feedId = await addFeed(listingB, 'Vacation rentals', '/c.ics')
    await t.services.jobs.runUntilIdle()
    const feed = await feedOf(listingB, feedId)
    expect(feed.status).toBe('ok')
    expect(feed.conflicts).toEqual([
      { uid: 'clash@other', start: day(41), end: day(45), summary: 'Reserved - Taylor' },
      { uid: 'inside@other', start: day(40), end: day(41), summary: 'Reserved' },
    ])
    expect(feed.nights).toBe(2 + 2)
    expect(await nightsOf(listingB, 'import')).toEqual(expect.arrayContaining([`${day(43)}..${day(45)}`, `${day(50)}..${day(52)}`]))
    const mail = await t.mail.waitFor(host.email, { subject: /Calendar conflict/ })
    expect(mail.subject).toBe('Calendar conflict: Loft by the river')
    expect(mail.text).toContain('"Vacation rentals"')
    expect(mail.text).toContain('(4 nights): Reserved - Taylor')
    expect(news.filter((n) => n.kind === 'stay-calendar')).toEqual([
      { kind: 'stay-calendar', listingId: listingB, feedId, conflicts: 2, userIds: [host.id] },
    ])

    // The schedule fetches every feed again: the same conflicts are not mailed again.
    await t.services.jobs.send('stay-calendar-sync')
    await t.services.jobs.runUntilIdle()
    expect(feeds.hits.get('/c.ics')).toBe(2)
    expect(t.mail.messages.filter((m) => /Calendar conflict/.test(m.subject))).toHaveLength(mailsBefore + 1)
    expect(news.filter((n) => n.kind === 'stay-calendar')).toHaveLength(1)
  })

  it('fetches one calendar now for its host, at most once a minute, and removing it frees its nights', async () => {
    feeds.set('/now.ics', { calendar: calendarOf(['now@other', day(60), day(62)]) })
    const feedId = await addFeed(listingB, 'Fetched now', '/now.ics')
    const path = `/properties/${listingB}/calendar-sync/feeds/${feedId}`
    expect((await api('POST', `${path}/fetch`, { cookie: stranger.cookie })).status).toBe(404)
    const fetched = await api('POST', `${path}/fetch`, { cookie: host.cookie })
    expect(fetched.status).toBe(200)
    expect(fetched.json.feed).toMatchObject({ id: feedId, status: 'ok', nights: 2 })
    const again = await api('POST', `${path}/fetch`, { cookie: host.cookie })
    expect(again.status).toBe(429)
    expect(again.json.detail).toMatch(/less than a minute ago/)
    expect((await api('POST', `/properties/${listingB}/calendar-sync/feeds/999999/fetch`, { cookie: host.cookie })).status).toBe(404)

    expect(await nightsOf(listingB, 'import')).toContain(`${day(60)}..${day(62)}`)
    expect((await api('DELETE', path, { cookie: host.cookie })).status).toBe(200)
    expect(await nightsOf(listingB, 'import')).not.toContain(`${day(60)}..${day(62)}`)
    await t.services.jobs.runUntilIdle()
  })
})

describe('the search for dates', () => {
  it('finds a short-term listing only while its nights are free, as each hold, block, import and cancellation changes them', async () => {
    const listingC = (await listingFactory(t.services.database.db).create({ ownerId: host.id, ...SHORT_TERM, title: 'Cabin by the dunes' }))
      .id
    /** Whether listing C is found for [from, to) (days from today) by the in-memory index and by PostgreSQL alike. */
    const found = async (from: number, to: number, guests?: number) => {
      const search = { checkIn: day(from), checkOut: day(to), guests, limit: 50 }
      const api = await t.app.request(`/api/properties?${new URLSearchParams(JSON.parse(JSON.stringify(search)))}`)
      const ids = ((await api.json()) as { items: { id: number }[] }).items.map((item) => item.id)
      const inDatabase = (await findListings(t.services.database.db, { search, plan: 'database' })).items.map((item) => item.id)
      expect(inDatabase, `${from}..${to}`).toEqual(ids)
      expect(ids, 'a lease-only listing is never found for dates').not.toContain(leaseOnly)
      return ids.includes(listingC)
    }
    expect(await found(60, 63)).toBe(true)
    // The rules: at least 2 nights, at most 4 guests (the defaults).
    expect(await found(60, 61)).toBe(false)
    expect(await found(60, 63, 5)).toBe(false)

    const blocked = await api('POST', `/properties/${listingC}/stay-blocks`, {
      cookie: host.cookie,
      body: { start: day(60), end: day(61) },
    })
    expect(blocked.status).toBe(201)
    expect(await found(60, 63)).toBe(false)
    // The night before the block is free to leave on the block's first day.
    expect(await found(58, 60)).toBe(true)
    expect((await api('DELETE', `/properties/${listingC}/stay-blocks/${blocked.json.block.id}`, { cookie: host.cookie })).status).toBe(200)
    expect(await found(60, 63)).toBe(true)

    const asked = await api('POST', `/properties/${listingC}/stays`, {
      cookie: guest.cookie,
      body: { checkIn: day(61), checkOut: day(63), guests: 2 },
    })
    expect(asked.status).toBe(201)
    expect(await found(60, 63)).toBe(false)
    expect(await found(63, 65)).toBe(true)
    const cancelled = await api('POST', `/stays/${asked.json.booking.id}/cancel`, {
      cookie: guest.cookie,
      body: { reason: 'Plans changed' },
    })
    expect(cancelled.status).toBe(200)
    expect(await found(60, 63)).toBe(true)

    feeds.set('/dunes.ics', { calendar: calendarOf(['dunes@other', day(62), day(64)]) })
    await addFeed(listingC, 'Dunes elsewhere', '/dunes.ics')
    await t.services.jobs.runUntilIdle()
    expect(await nightsOf(listingC, 'import')).toEqual([`${day(62)}..${day(64)}`])
    expect(await found(60, 63)).toBe(false)
    expect(await found(60, 62)).toBe(true)
  })
})
