// Short-term stays on the real database: the host's rules and blocks, the calendar anyone reads, the
// quote with every rule, each step of a booking and who may take it, the refunds the policies give,
// the expiry and completion sweeps, and the nights no two bookings can hold however they race.
import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_STAY_RULES, type StayRules } from '#common/stays/rules.ts'
import { stayBooking, stayBookingEvent, stayHold } from '#server/db/schema.ts'
import { addHostBlock, removeHostBlock } from '#server/stays/blocks.server.ts'
import { findStayCalendar } from '#server/stays/calendar.server.ts'
import { isNightsTaken, NightsTakenError } from '#server/stays/holds.server.ts'
import { findStayQuote } from '#server/stays/quote.server.ts'
import { findStayBooking, listStayBookings } from '#server/stays/read.server.ts'
import { STAY_REQUESTS_WAITING, storeStayRequest } from '#server/stays/request.server.ts'
import { findStayRules, saveStayRules } from '#server/stays/stay-rules.server.ts'
import { completeFinishedStays, expireUnansweredStays, storeStayTransition } from '#server/stays/transitions.server.ts'
import { listingFactory, type Person } from '#tests/support/listings.ts'
import { anotherHandle, createTestDatabase, testDatabaseKind, type TestDatabase } from '#tests/support/test-database.ts'

let database: TestDatabase
const db = () => database.db
let listings: ReturnType<typeof listingFactory>

/** Monday 1 March 2027, 10:00 in Wilmington (EST): "today" for every rule below. */
const NOW = new Date('2027-03-01T15:00:00Z')
const hoursAfter = (hours: number, from = NOW) => new Date(from.getTime() + hours * 3_600_000)

async function codeOf(promise: Promise<unknown>) {
  return promise.then(
    () => 'ok',
    (e: { code?: string; message: string }) => e.code ?? e.message,
  )
}

async function errorOf(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('expected a refusal')
    },
    (e: { code: string; message: string; fieldErrors?: Record<string, string[]> }) => e,
  )
}

beforeAll(async () => {
  database = await createTestDatabase()
  listings = listingFactory(db())
})
afterAll(async () => {
  await database.drop()
})

/** A published home in Wilmington (America/New_York) offered at $100 a night, two nights at least, with these rules. */
async function stayHome(rules: Partial<StayRules> = {}, minNights = 2) {
  const host = await listings.landlord()
  const home = await listings.create({ ownerId: host.id, shortTerm: { nightlyCents: 10_000, minNights } })
  await saveStayRules(db(), { viewerId: host.id, listingId: home.id, input: { ...DEFAULT_STAY_RULES, ...rules } })
  return { host, home }
}

const ask = (guest: Person, listingId: number, checkIn: string, checkOut: string, extra: object = {}, now = NOW) =>
  storeStayRequest(db(), { guestId: guest.id, listingId, input: { checkIn, checkOut, guests: 2, ...extra }, now })

const step = (name: 'accept' | 'decline' | 'cancel' | 'checkIn', viewerId: string, bookingId: number, now = NOW, input: object = {}) =>
  storeStayTransition(db(), { name, viewerId, bookingId, input, now })

describe('a listing’s rules', () => {
  it('are the defaults until the owner saves their own, and nobody else reads or writes them', async () => {
    const host = await listings.landlord()
    const home = await listings.create({ ownerId: host.id, shortTerm: { nightlyCents: 12_000, minNights: 3 } })
    expect(await findStayRules(db(), { viewerId: host.id, listingId: home.id })).toEqual({
      listingId: home.id,
      rules: DEFAULT_STAY_RULES,
      isListingOwn: false,
      nightlyCents: 12_000,
      minNights: 3,
    })
    const saved = await saveStayRules(db(), {
      viewerId: host.id,
      listingId: home.id,
      input: { ...DEFAULT_STAY_RULES, instantBook: true, cleaningFeeCents: 4_500, checkInDetails: 'Key box 4417 by the door.' },
    })
    expect(saved).toMatchObject({ isListingOwn: true, rules: { instantBook: true, cleaningFeeCents: 4_500 } })
    const stranger = await listings.renter()
    expect(await codeOf(findStayRules(db(), { viewerId: stranger.id, listingId: home.id }))).toBe('not-found')
    expect(await codeOf(saveStayRules(db(), { viewerId: stranger.id, listingId: home.id, input: DEFAULT_STAY_RULES }))).toBe('not-found')
    const leaseOnly = await listings.create({ ownerId: host.id })
    expect(await codeOf(findStayRules(db(), { viewerId: host.id, listingId: leaseOnly.id }))).toBe('not-found')
  })

  it('refuses values out of range field by field, and changes nothing', async () => {
    const { host, home } = await stayHome({ maxGuests: 6 })
    const refused = await errorOf(
      saveStayRules(db(), {
        viewerId: host.id,
        listingId: home.id,
        input: { ...DEFAULT_STAY_RULES, maxGuests: 0, checkInTime: '25:00', weeklyDiscountPercent: 95, cancellationPolicy: 'lenient' },
      }),
    )
    expect(refused.code).toBe('invalid')
    expect(Object.keys(refused.fieldErrors ?? {}).sort()).toEqual([
      'cancellationPolicy',
      'checkInTime',
      'maxGuests',
      'weeklyDiscountPercent',
    ])
    expect((await findStayRules(db(), { viewerId: host.id, listingId: home.id })).rules.maxGuests).toBe(6)
  })
})

describe('the quote', () => {
  it('prices the dates with the weekend price, the weekly discount and the cleaning fee, with the policy to read first', async () => {
    const { home } = await stayHome({
      weekendNightlyCents: 13_000,
      weeklyDiscountPercent: 10,
      cleaningFeeCents: 5_000,
      cancellationPolicy: 'strict',
    })
    // Wednesday 10 March to Wednesday 17 March 2027: 7 nights, Friday and Saturday at the weekend price.
    const { quote, policyText, timeZone, checkInAt } = await findStayQuote(db(), {
      listingId: home.id,
      input: { checkIn: '2027-03-10', checkOut: '2027-03-17', guests: '2' },
      now: NOW,
    })
    expect(quote).toMatchObject({ nights: 7, nightsCents: 76_000, discountCents: 7_600, cleaningFeeCents: 5_000, totalCents: 73_400 })
    expect(policyText.label).toBe('Strict')
    expect(timeZone).toBe('America/New_York')
    // Check-in at 15:00 in Wilmington, the first day of daylight saving time is 14 March: still EST on the 10th.
    expect(checkInAt).toBe('2027-03-10T20:00:00.000Z')
  })

  it('refuses each broken rule with a message saying the rule', async () => {
    const { home } = await stayHome({ maxNights: 5, maxGuests: 3, advanceNoticeDays: 2, bookingWindowDays: 60 })
    const quote = (input: object) => errorOf(findStayQuote(db(), { listingId: home.id, input: { guests: 2, ...input }, now: NOW }))
    expect((await quote({ checkIn: '2027-03-10', checkOut: '2027-03-11' })).fieldErrors).toEqual({
      checkOut: ['This home takes stays of at least 2 nights.'],
    })
    expect((await quote({ checkIn: '2027-03-10', checkOut: '2027-03-16' })).message).toBe('This home takes stays of at most 5 nights.')
    expect((await quote({ checkIn: '2027-03-10', checkOut: '2027-03-12', guests: 4 })).message).toBe('At most 3 guests can stay here.')
    expect((await quote({ checkIn: '2027-03-02', checkOut: '2027-03-04' })).message).toBe(
      'This home needs 2 days’ notice: the earliest check-in is Wed, Mar 3, 2027.',
    )
    expect((await quote({ checkIn: '2027-02-20', checkOut: '2027-02-22' })).message).toBe('Check-in cannot be in the past.')
    expect((await quote({ checkIn: '2027-04-28', checkOut: '2027-05-01' })).message).toBe(
      'Stays can be booked up to 60 days ahead: the latest check-out is Fri, Apr 30, 2027.',
    )
    expect((await quote({ checkIn: '2027-03-12', checkOut: '2027-03-10' })).fieldErrors).toEqual({
      checkOut: ['Check-out must be after check-in.'],
    })
    expect((await quote({ checkIn: 'soon', checkOut: '2027-03-10' })).code).toBe('invalid')
  })

  it('reads today and the same-day check-in time on the listing’s wall clock', async () => {
    const { home } = await stayHome({ advanceNoticeDays: 0 })
    const stay = { checkIn: '2027-03-01', checkOut: '2027-03-03', guests: 1 }
    // 14:59 in Wilmington: today's 15:00 check-in is still ahead.
    expect(await codeOf(findStayQuote(db(), { listingId: home.id, input: stay, now: new Date('2027-03-01T19:59:00Z') }))).toBe('ok')
    const late = await errorOf(findStayQuote(db(), { listingId: home.id, input: stay, now: new Date('2027-03-01T20:00:00Z') }))
    expect(late.message).toBe('Today’s check-in time has passed.')
  })
})

describe('the calendar', () => {
  it('shows each night open, booked, blocked or unavailable by rule, never who booked, and the host their blocks', async () => {
    const { host, home } = await stayHome({ preparationDays: 1, advanceNoticeDays: 1, bookingWindowDays: 45 })
    const guest = await listings.renter()
    await ask(guest, home.id, '2027-03-10', '2027-03-12')
    const block = await addHostBlock(db(), {
      viewerId: host.id,
      listingId: home.id,
      input: { start: '2027-03-20', end: '2027-03-22', note: 'Painting' },
    })
    const calendar = await findStayCalendar(db(), { listingId: home.id, input: { from: '2027-03', months: '2' }, now: NOW })
    const state = (date: string) => calendar.nights.find((n) => n.date === date)?.state
    expect(calendar).toMatchObject({ start: '2027-03-01', end: '2027-05-01', today: '2027-03-01', timeZone: 'America/New_York' })
    expect(calendar.nights).toHaveLength(61)
    expect(['2027-03-01', '2027-03-02', '2027-03-09', '2027-03-10', '2027-03-11', '2027-03-12', '2027-03-13'].map(state)).toEqual([
      'unavailable',
      'open',
      'open',
      'booked',
      'booked',
      'unavailable',
      'open',
    ])
    expect([state('2027-03-20'), state('2027-03-21'), state('2027-03-22')]).toEqual(['blocked', 'blocked', 'open'])
    expect([state('2027-04-14'), state('2027-04-15')]).toEqual(['open', 'unavailable'])
    expect(calendar.blocks).toBeUndefined()
    expect(JSON.stringify(calendar)).not.toContain(guest.id)
    expect(calendar.rules).not.toHaveProperty('checkInDetails')

    const asHost = await findStayCalendar(db(), { listingId: home.id, viewerId: host.id, input: { from: '2027-03' }, now: NOW })
    expect(asHost.blocks).toEqual([{ id: block.id, start: '2027-03-20', end: '2027-03-22', note: 'Painting' }])
    expect(await codeOf(removeHostBlock(db(), { viewerId: guest.id, listingId: home.id, blockId: block.id }))).toBe('not-found')
    await removeHostBlock(db(), { viewerId: host.id, listingId: home.id, blockId: block.id })
    const after = await findStayCalendar(db(), { listingId: home.id, input: { from: '2027-03' }, now: NOW })
    expect(after.nights.find((n) => n.date === '2027-03-20')?.state).toBe('open')
  })

  it('refuses a host block over booked nights, and a calendar of a listing not offered for stays', async () => {
    const { host, home } = await stayHome()
    await ask(await listings.renter(), home.id, '2027-03-10', '2027-03-12')
    const refused = await errorOf(
      addHostBlock(db(), { viewerId: host.id, listingId: home.id, input: { start: '2027-03-11', end: '2027-03-15' } }),
    )
    expect(refused).toMatchObject({
      code: 'conflict',
      message: 'Some of those nights are already taken (from Thu, Mar 11, 2027): block only open nights.',
    })
    const leaseOnly = await listings.create({ ownerId: host.id })
    expect(await codeOf(findStayCalendar(db(), { listingId: leaseOnly.id }))).toBe('not-found')
    const draft = await listings.create({ ownerId: host.id, status: 'draft', shortTerm: { nightlyCents: 9_000, minNights: 1 } })
    expect(await codeOf(findStayCalendar(db(), { listingId: draft.id }))).toBe('not-found')
    expect(await codeOf(findStayCalendar(db(), { listingId: draft.id, viewerId: host.id }))).toBe('ok')
  })
})

describe('a booking', () => {
  it('is requested, accepted by the host only, and gives the guest the address and check-in details once confirmed', async () => {
    const { host, home } = await stayHome({ checkInDetails: 'The key is in box 4417.' })
    const guest = await listings.renter()
    const stranger = await listings.renter()
    const requested = await ask(guest, home.id, '2027-03-10', '2027-03-13', { message: 'Visiting family', timeZone: 'America/Los_Angeles' })
    expect(requested).toMatchObject({ state: 'requested', instant: false, totalCents: 30_000, guestTimeZone: 'America/Los_Angeles' })
    expect(requested.answerBy).toEqual(hoursAfter(24))
    const before = await findStayBooking(db(), { viewerId: guest.id, bookingId: requested.id })
    expect(before.listing.address).toBeNull()
    expect(before.checkInDetails).toBeNull()
    expect((await findStayBooking(db(), { viewerId: host.id, bookingId: requested.id })).listing.address).toBe(
      '1200 Delaware Avenue, 3B, Wilmington, DE 19806',
    )

    expect(await codeOf(step('accept', guest.id, requested.id))).toBe('forbidden')
    expect(await codeOf(step('accept', stranger.id, requested.id))).toBe('not-found')
    expect(await codeOf(findStayBooking(db(), { viewerId: stranger.id, bookingId: requested.id }))).toBe('not-found')
    const { row: accepted, action } = await step('accept', host.id, requested.id)
    expect([accepted.state, action, accepted.answerBy]).toEqual(['confirmed', 'accepted', null])
    expect(await codeOf(step('accept', host.id, requested.id))).toBe('conflict')

    const after = await findStayBooking(db(), { viewerId: guest.id, bookingId: requested.id })
    expect(after.listing.address).toBe('1200 Delaware Avenue, 3B, Wilmington, DE 19806')
    expect(after.checkInDetails).toBe('The key is in box 4417.')
    expect(after.events.map((e) => [e.action, e.fromState, e.toState, e.by])).toEqual([
      ['requested', null, 'requested', 'guest'],
      ['accepted', 'requested', 'confirmed', 'host'],
    ])
    expect((await listStayBookings(db(), { viewerId: guest.id, role: 'guest', when: 'upcoming', now: NOW })).map((b) => b.id)).toEqual([
      requested.id,
    ])
    expect((await listStayBookings(db(), { viewerId: host.id, role: 'host', when: 'upcoming', now: NOW })).map((b) => b.id)).toEqual([
      requested.id,
    ])
  })

  it('is confirmed at once where the host allows instant booking', async () => {
    const { home } = await stayHome({ instantBook: true })
    const booked = await ask(await listings.renter(), home.id, '2027-03-10', '2027-03-12')
    expect(booked).toMatchObject({ state: 'confirmed', instant: true, answerBy: null })
    const [event] = await db().select().from(stayBookingEvent).where(eq(stayBookingEvent.bookingId, booked.id))
    expect(event).toMatchObject({ action: 'instant_booked', toState: 'confirmed' })
  })

  it('cannot be asked of one’s own listing, nor more than a few at a time by one guest', async () => {
    const { host, home } = await stayHome()
    expect(await errorOf(ask(host, home.id, '2027-03-10', '2027-03-12'))).toMatchObject({
      code: 'forbidden',
      message: 'This is your own listing: block the nights on its calendar instead.',
    })
    const guest = await listings.renter()
    for (let i = 0; i < STAY_REQUESTS_WAITING; i += 1) await ask(guest, home.id, `2027-04-${10 + i * 3}`, `2027-04-${12 + i * 3}`)
    expect(await codeOf(ask(guest, home.id, '2027-05-10', '2027-05-12'))).toBe('rate-limited')
  })

  it('declined or expired gives its nights back; an expiry comes 24 hours on, or at check-in when that is sooner', async () => {
    const { host, home } = await stayHome({ advanceNoticeDays: 0 })
    const guest = await listings.renter()
    const declined = await ask(guest, home.id, '2027-03-10', '2027-03-12')
    await step('decline', host.id, declined.id, NOW, { reason: 'Family staying' })
    expect(await db().select().from(stayHold).where(eq(stayHold.bookingId, declined.id))).toEqual([])
    const again = await ask(await listings.renter(), home.id, '2027-03-10', '2027-03-12')
    expect(again.state).toBe('requested')

    // Asked at 10:00 for tonight: the check-in at 15:00 comes before 24 hours.
    const tonight = await ask(guest, home.id, '2027-03-01', '2027-03-03')
    expect(tonight.answerBy).toEqual(new Date('2027-03-01T20:00:00Z'))
    expect((await expireUnansweredStays(db(), { now: hoursAfter(4) })).filter((e) => e.row.listingId === home.id)).toEqual([])
    const expired = (await expireUnansweredStays(db(), { now: hoursAfter(5) })).filter((e) => e.row.listingId === home.id)
    expect(expired.map((e) => [e.row.id, e.row.state, e.action])).toEqual([[tonight.id, 'expired', 'expired']])
    expect(await codeOf(step('accept', host.id, tonight.id, hoursAfter(5)))).toBe('conflict')
    expect(await db().select().from(stayHold).where(eq(stayHold.bookingId, tonight.id))).toEqual([])
    // The other request is answered 24 hours after it was made.
    const later = await expireUnansweredStays(db(), { now: hoursAfter(24) })
    expect(later.filter((e) => e.row.listingId === home.id).map((e) => e.row.id)).toEqual([again.id])
  })

  it('is checked in on its day, not before, and completed by the sweep after the check-out time', async () => {
    const { host, home } = await stayHome({ instantBook: true })
    const guest = await listings.renter()
    const booked = await ask(guest, home.id, '2027-03-10', '2027-03-12')
    expect(await errorOf(step('checkIn', guest.id, booked.id, new Date('2027-03-10T04:59:00Z')))).toMatchObject({
      code: 'conflict',
      message: 'A guest checks in on the check-in day, not before.',
    })
    expect((await step('checkIn', host.id, booked.id, new Date('2027-03-10T05:00:00Z'))).row.state).toBe('checked_in')
    expect(await codeOf(step('cancel', guest.id, booked.id, new Date('2027-03-10T21:00:00Z'), { reason: 'Too late' }))).toBe('conflict')
    // Check-out at 11:00 EST on 12 March (daylight saving time begins on the 14th): 16:00 UTC.
    const early = await completeFinishedStays(db(), { now: new Date('2027-03-12T15:59:00Z') })
    expect(early.filter((c) => c.row.listingId === home.id)).toEqual([])
    const completed = (await completeFinishedStays(db(), { now: new Date('2027-03-12T16:00:00Z') })).filter(
      (c) => c.row.listingId === home.id,
    )
    expect(completed.map((c) => [c.row.id, c.row.state, c.action])).toEqual([[booked.id, 'completed', 'completed']])
    // A completed stay still holds its nights: they were stayed.
    expect(await db().select({ n: count() }).from(stayHold).where(eq(stayHold.bookingId, booked.id))).toEqual([{ n: 1 }])
  })

  it('keeps an event log the database will not let anyone change', async () => {
    const { home } = await stayHome()
    const booked = await ask(await listings.renter(), home.id, '2027-03-10', '2027-03-12')
    const change = db().execute(sql`update stay_booking_event set reason = 'rewritten' where booking_id = ${booked.id}`)
    expect(await codeOf(change)).not.toBe('ok')
    const removal = db().execute(sql`delete from stay_booking_event where booking_id = ${booked.id}`)
    expect(await codeOf(removal)).not.toBe('ok')
  })
})

describe('a cancellation', () => {
  // $100 a night, 4 nights, $40 cleaning: $440.
  const cancelAt = async (policy: StayRules['cancellationPolicy'], by: 'guest' | 'host', now: Date, instantBook = true) => {
    const { host, home } = await stayHome({ instantBook, cancellationPolicy: policy, cleaningFeeCents: 4_000 })
    const guest = await listings.renter()
    const booked = await ask(guest, home.id, '2027-03-20', '2027-03-24')
    const { row } = await step('cancel', by === 'guest' ? guest.id : host.id, booked.id, now, { reason: 'Plans changed' })
    return row
  }
  // Check-in 20 March 2027 at 15:00 EDT = 19:00 UTC.
  const checkInAt = new Date('2027-03-20T19:00:00Z')
  const before = (hours: number) => hoursAfter(-hours, checkInAt)

  it('records the refund its policy gives and the line it came from, and frees the nights', async () => {
    expect(await cancelAt('moderate', 'guest', before(121))).toMatchObject({ state: 'cancelled', refundCents: 44_000 })
    expect(await cancelAt('moderate', 'guest', before(119))).toMatchObject({
      refundCents: 24_000,
      refundNote: 'Cancel later, before check-in: half of the nights’ price is refunded, and the cleaning fee in full.',
      reason: 'Plans changed',
    })
    expect((await cancelAt('flexible', 'guest', before(2))).refundCents).toBe(34_000)
    expect((await cancelAt('strict', 'guest', before(24))).refundCents).toBe(4_000)
    const byHost = await cancelAt('strict', 'host', before(1))
    expect(byHost).toMatchObject({ refundCents: 44_000, refundNote: 'Cancelled by the host: everything is refunded.' })
    expect(await db().select().from(stayHold).where(eq(stayHold.bookingId, byHost.id))).toEqual([])
    const withdrawn = await cancelAt('strict', 'guest', before(1), false)
    expect(withdrawn).toMatchObject({ refundCents: 44_000, refundNote: 'Withdrawn before the host accepted: nothing was due.' })
  })

  it('needs a reason, and is refused once the stay has begun', async () => {
    const { home } = await stayHome({ instantBook: true })
    const guest = await listings.renter()
    const booked = await ask(guest, home.id, '2027-03-10', '2027-03-12')
    expect((await errorOf(step('cancel', guest.id, booked.id, NOW, {}))).fieldErrors).toEqual({ reason: ['Say why, in a few words.'] })
    expect(await errorOf(step('cancel', guest.id, booked.id, new Date('2027-03-10T20:00:00Z'), { reason: 'Late' }))).toMatchObject({
      code: 'conflict',
      message: 'A stay that has begun cannot be cancelled.',
    })
  })
})

describe('nights are never held twice', () => {
  it('keeps the preparation days after a stay in its hold', async () => {
    const { home } = await stayHome({ preparationDays: 2 })
    await ask(await listings.renter(), home.id, '2027-03-10', '2027-03-12')
    const refused = await errorOf(ask(await listings.renter(), home.id, '2027-03-13', '2027-03-15'))
    expect(refused).toBeInstanceOf(NightsTakenError)
    expect(refused.message).toBe(
      'Those dates are taken: the night of Sat, Mar 13, 2027 (the host keeps days after each stay free to prepare). ' +
        'The nearest free stays of the same length: Sat, Mar 6, 2027 to Mon, Mar 8, 2027 or Sun, Mar 14, 2027 to Tue, Mar 16, 2027.',
    )
    // Arriving two days after check-out is fine; and a stay ending where the next begins needs its own preparation days free.
    expect(await codeOf(ask(await listings.renter(), home.id, '2027-03-14', '2027-03-16'))).toBe('ok')
    expect(await codeOf(ask(await listings.renter(), home.id, '2027-03-06', '2027-03-08'))).toBe('ok')
    expect(await codeOf(ask(await listings.renter(), home.id, '2027-03-04', '2027-03-06'))).toBe('conflict')
  })

  it('is kept by the database itself: of 50 overlapping holds written at once past every check, one commits', async () => {
    const { home } = await stayHome()
    const others = await Promise.all([1, 2, 3, 4].map(() => anotherHandle(database)))
    const handles = [db(), ...others.map((o) => o.db)]
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        handles[i % handles.length]!.transaction(async (tx) => {
          await tx
            .insert(stayHold)
            .values({ listingId: home.id, kind: 'host_block', nights: `[2027-03-${10 + (i % 3)},2027-03-${14 + (i % 3)})` })
        }),
      ),
    )
    await Promise.all(others.map((o) => o.close()))
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []))
    expect(results.length - refused.length).toBe(1)
    expect(refused.every(isNightsTaken)).toBe(true)
  })

  it('lets exactly one of 50 simultaneous requests for overlapping dates hold them; the other 49 hear the nights taken and the nearest free ones', async () => {
    const { home } = await stayHome({ instantBook: true })
    const guests = await Promise.all(Array.from({ length: 50 }, () => listings.renter()))
    // Five handles, as five server processes have: only the database holds the nights across them.
    const others = await Promise.all([1, 2, 3, 4].map(() => anotherHandle(database)))
    const handles = [db(), ...others.map((o) => o.db)]
    // Three overlapping stays of three nights: 10–13, 11–14 and 12–15 March all share the night of the 12th.
    const checkIns = ['2027-03-10', '2027-03-11', '2027-03-12']
    const results = await Promise.allSettled(
      guests.map((guest, i) => {
        const checkIn = checkIns[i % 3]!
        const checkOut = `2027-03-${Number(checkIn.slice(8)) + 3}`
        return storeStayRequest(handles[i % handles.length]!, {
          guestId: guest.id,
          listingId: home.id,
          input: { checkIn, checkOut, guests: 2 },
          now: NOW,
        })
      }),
    )
    await Promise.all(others.map((o) => o.close()))
    const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as NightsTakenError] : []))
    console.info(`[stays] 50 concurrent requests on ${testDatabaseKind()}: ${won.length} held the nights, ${lost.length} answered 409`)
    expect(won).toHaveLength(1)
    expect(lost).toHaveLength(49)
    const winner = won[0]!
    for (const error of lost) {
      expect(error).toBeInstanceOf(NightsTakenError)
      expect(error.code).toBe('conflict')
      expect(error.message).toMatch(/^Those dates are taken: the nights? of .+\. The nearest free stays of the same length: /)
      expect(error.taken.length).toBeGreaterThan(0)
      for (const range of error.taken) expect(range.start >= winner.checkIn && range.end <= winner.checkOut).toBe(true)
      const { before, after } = error.nearest
      expect(before && before.checkOut <= winner.checkIn).toBe(true)
      expect(after && after.checkIn >= winner.checkOut).toBe(true)
    }
    const holds = await db().select({ n: count() }).from(stayHold).where(eq(stayHold.listingId, home.id))
    const bookings = await db().select({ n: count() }).from(stayBooking).where(eq(stayBooking.listingId, home.id))
    expect([holds[0]!.n, bookings[0]!.n]).toEqual([1, 1])
  })
})
