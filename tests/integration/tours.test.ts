// Tours on the real database: the landlord's availability, the tour process and its rules.
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOURS_PENDING_PER_LANDLORD } from '#common/limits.ts'
import { DEFAULT_AVAILABILITY } from '#common/tours/availability.ts'
import { listing, tour, tourEvent, tourSlot, user, userBlock } from '#server/db/schema.ts'
import { effectiveAvailability, findAvailability, saveAvailability, followDefaultAvailability } from '#server/tours/availability.server.ts'
import { findTour, listLandlordDay, listTours } from '#server/tours/read.server.ts'
import { storeTourRequest, storeTourReschedule } from '#server/tours/request.server.ts'
import { OWNER_TAKEN, SlotTakenError } from '#server/tours/rules.server.ts'
import { findOpenSlots } from '#server/tours/slots.server.ts'
import { expireUnansweredTours, storeTourTransition } from '#server/tours/transitions.server.ts'
import { listingFactory, type Person } from '#tests/support/listings.ts'
import { anotherHandle, createTestDatabase, type TestDatabase } from '#tests/support/test-database.ts'

let database: TestDatabase
const db = () => database.db
let listings: ReturnType<typeof listingFactory>

async function codeOf(promise: Promise<unknown>) {
  return promise.then(
    () => 'ok',
    (e: { code?: string; message: string; cause?: { message: string } }) => e.code ?? e.cause?.message ?? e.message,
  )
}

beforeAll(async () => {
  database = await createTestDatabase()
  listings = listingFactory(db())
})
afterAll(async () => {
  await database.drop()
})

describe('a listing time zone', () => {
  it('is stored from the coordinates by the listing write', async () => {
    const denver = await listings.create({ latitude: 39.7392, longitude: -104.9903, city: 'Denver', state: 'CO', zip: '80202' })
    const [row] = await db().select({ timeZone: listing.timeZone }).from(listing).where(eq(listing.id, denver.id))
    expect(row?.timeZone).toBe('America/Denver')
  })
})

describe('availability', () => {
  let landlord: Person
  beforeAll(async () => {
    landlord = await listings.landlord()
  })

  it('follows the account defaults until a listing has its own, and only for its owner', async () => {
    const home = await listings.create({ ownerId: landlord.id })
    expect(await findAvailability(db(), { viewerId: landlord.id, listingId: home.id })).toEqual({
      availability: DEFAULT_AVAILABILITY,
      isListingOwn: false,
      defaults: DEFAULT_AVAILABILITY,
    })
    const defaults = { ...DEFAULT_AVAILABILITY, tourMinutes: 20, blockedDates: ['2026-12-25', '2026-12-24', '2026-12-25'] }
    await saveAvailability(db(), { viewerId: landlord.id, input: defaults })
    const inherited = await findAvailability(db(), { viewerId: landlord.id, listingId: home.id })
    expect(inherited.availability).toMatchObject({ tourMinutes: 20, blockedDates: ['2026-12-24', '2026-12-25'] })
    const own = await saveAvailability(db(), { viewerId: landlord.id, listingId: home.id, input: { ...defaults, partiesPerSlot: 4 } })
    expect(own).toMatchObject({ isListingOwn: true, availability: { partiesPerSlot: 4 }, defaults: { partiesPerSlot: 1 } })
    expect(await effectiveAvailability(db(), { ownerId: landlord.id, listingId: home.id })).toMatchObject({ partiesPerSlot: 4 })
    expect((await followDefaultAvailability(db(), { viewerId: landlord.id, listingId: home.id })).availability.partiesPerSlot).toBe(1)
    expect(await effectiveAvailability(db(), { ownerId: landlord.id, listingId: home.id })).toMatchObject({
      partiesPerSlot: 1,
      tourMinutes: 20,
    })

    const other = await listings.landlord()
    const renter = await listings.renter()
    expect(await codeOf(findAvailability(db(), { viewerId: other.id, listingId: home.id }))).toBe('not-found')
    expect(await codeOf(saveAvailability(db(), { viewerId: other.id, listingId: home.id, input: defaults }))).toBe('not-found')
    expect(await codeOf(saveAvailability(db(), { viewerId: renter.id, input: defaults }))).toBe('forbidden')
  })

  it('refuses a tour length outside 15–60 minutes and a window that ends before it starts', async () => {
    const bad = { ...DEFAULT_AVAILABILITY, tourMinutes: 90, windows: [{ weekday: 1, start: '12:00', end: '09:00' }] }
    const error = await saveAvailability(db(), { viewerId: landlord.id, input: bad }).catch((e: { code: string; fieldErrors: object }) => e)
    expect(error).toMatchObject({ code: 'invalid' })
    expect(Object.keys((error as { fieldErrors: object }).fieldErrors).sort()).toEqual(['tourMinutes', 'windows.0.end'])
  })
})

const everyDay = (start = '08:00', end = '20:00') => [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start, end }))

/** A landlord's published home with its own availability, and the open times of its second day. */
async function tourableHome(overrides: Partial<typeof DEFAULT_AVAILABILITY> = {}) {
  const owner = await listings.landlord()
  const home = await listings.create({ ownerId: owner.id })
  await saveAvailability(db(), {
    viewerId: owner.id,
    listingId: home.id,
    input: { ...DEFAULT_AVAILABILITY, windows: everyDay(), noticeHours: 2, ...overrides },
  })
  const open = await findOpenSlots(db(), { listingId: home.id })
  const times = open.days[1]?.slots.map((s) => s.startsAt) ?? []
  return { owner, home, open, times }
}

const request = (renter: Person, listingId: number, startsAt: string, extra: object = {}) =>
  storeTourRequest(db(), { renterId: renter.id, listingId, input: { startsAt, partySize: 2, ...extra } })

describe('a slot is never overbooked', () => {
  it('lets exactly its capacity win among 50 simultaneous requests through five processes; the others hear it was just taken and the next free times', async () => {
    const { home, times } = await tourableHome({ partiesPerSlot: 3 })
    const renters = await Promise.all(Array.from({ length: 50 }, () => listings.renter()))
    // Each process lets one request at a time through the slot; across processes only the database holds capacity.
    const others = await Promise.all([1, 2, 3, 4].map(() => anotherHandle(database)))
    const handles = [db(), ...others.map((o) => o.db)]
    const results = await Promise.allSettled(
      renters.map((renter, i) =>
        storeTourRequest(handles[i % handles.length]!, {
          renterId: renter.id,
          listingId: home.id,
          input: { startsAt: times[0], partySize: 2 },
        }),
      ),
    )
    await Promise.all(others.map((o) => o.close()))
    const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as SlotTakenError] : []))
    expect(won).toHaveLength(3)
    expect(lost).toHaveLength(47)
    for (const error of lost) {
      expect(error).toBeInstanceOf(SlotTakenError)
      expect(error.message).toBe('That time was just taken. Choose another time.')
      expect(error.nextSlots.length).toBeGreaterThan(0)
      expect(error.nextSlots.map((s) => s.startsAt)).not.toContain(times[0])
    }
    const [slot] = await db().select().from(tourSlot).where(eq(tourSlot.listingId, home.id))
    expect(slot).toMatchObject({ capacity: 3, booked: 3 })
    const live = await db().select({ n: count() }).from(tour).where(eq(tour.listingId, home.id))
    expect(live[0]!.n).toBe(3)
    const open = await findOpenSlots(db(), { listingId: home.id })
    expect(open.days.flatMap((d) => d.slots).map((s) => s.startsAt)).not.toContain(times[0])

    // A place given back after the burst is found by the next request: the burst's "full" is not kept.
    await storeTourTransition(db(), { name: 'cancel', viewerId: won[0]!.renterId, tourId: won[0]!.id, input: { reason: 'Plans changed' } })
    expect(
      await codeOf(
        request(
          renters.find((r) => !won.some((w) => w.renterId === r.id))!,
          home.id,
          times[0]!,
        ),
      ),
    ).toBe('ok')
    expect(await codeOf(request(await listings.renter(), home.id, times[0]!))).toBe('conflict')
  })
})

describe('a landlord is at one home at a time', () => {
  /** Two homes of one landlord with the same hours; the second's own availability is `second`. */
  async function twoHomes(first: Partial<typeof DEFAULT_AVAILABILITY>, second: Partial<typeof DEFAULT_AVAILABILITY> = first) {
    const { owner, home, times } = await tourableHome(first)
    const other = await listings.create({ ownerId: owner.id })
    await saveAvailability(db(), {
      viewerId: owner.id,
      listingId: other.id,
      input: { ...DEFAULT_AVAILABILITY, windows: everyDay(), noticeHours: 2, ...second },
    })
    return { owner, home, other, times }
  }
  const confirmedAt = async (ownerId: string, startsAt: string) =>
    db()
      .select({ listingId: tour.listingId })
      .from(tour)
      .where(and(eq(tour.landlordId, ownerId), eq(tour.state, 'confirmed'), eq(tour.startsAt, new Date(startsAt))))

  it('confirms at once at one home only among simultaneous requests at two; an open house at that home still takes several', async () => {
    const { owner, home, other, times } = await twoHomes({ autoConfirm: true, partiesPerSlot: 3 })
    const renters = await Promise.all(Array.from({ length: 20 }, () => listings.renter()))
    const results = await Promise.allSettled(renters.map((renter, i) => request(renter, i % 2 ? home.id : other.id, times[0]!)))
    const confirmed = await confirmedAt(owner.id, times[0]!)
    expect(new Set(confirmed.map((r) => r.listingId)).size).toBe(1)
    expect(confirmed).toHaveLength(3)
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3)
    for (const result of results) if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(SlotTakenError)
    const loser = confirmed[0]!.listingId === home.id ? other.id : home.id
    const open = await findOpenSlots(db(), { listingId: loser })
    expect(open.days.flatMap((d) => d.slots).map((s) => s.startsAt)).not.toContain(times[0])
    // No place is left held there: each request at that home was refused before or inside its transaction.
    const slots = await db().select({ n: count() }).from(tourSlot).where(eq(tourSlot.listingId, loser))
    expect(slots[0]!.n).toBe(0)
  })

  it('refuses the landlord a confirmation that overlaps one at another home, also when both are sent at once', async () => {
    const { owner, home, other, times } = await twoHomes({ autoConfirm: false })
    const [a, b] = [await listings.renter(), await listings.renter()]
    const first = await request(a, home.id, times[0]!)
    const second = await request(b, other.id, times[0]!)
    const answers = await Promise.allSettled(
      [first, second].map((t) => storeTourTransition(db(), { name: 'confirm', viewerId: owner.id, tourId: t.id })),
    )
    expect(answers.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const refused = answers.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(refused.reason).toMatchObject({ code: 'conflict', message: OWNER_TAKEN })
    expect(await confirmedAt(owner.id, times[0]!)).toHaveLength(1)
    // The other home no longer offers that time, and a request for it hears it was taken.
    const [confirmedHome] = await confirmedAt(owner.id, times[0]!)
    const elsewhere = confirmedHome!.listingId === home.id ? other.id : home.id
    const open = await findOpenSlots(db(), { listingId: elsewhere })
    expect(open.days.flatMap((d) => d.slots).map((s) => s.startsAt)).not.toContain(times[0])
    const late = await request(await listings.renter(), elsewhere, times[0]!).catch((e: unknown) => e)
    expect(late).toBeInstanceOf(SlotTakenError)
    // Once the confirmed tour is cancelled, the other one can be confirmed.
    const held = confirmedHome!.listingId === home.id ? first : second
    const waiting = held === first ? second : first
    await storeTourTransition(db(), { name: 'cancel', viewerId: owner.id, tourId: held.id, input: { reason: 'Called away' } })
    expect((await storeTourTransition(db(), { name: 'confirm', viewerId: owner.id, tourId: waiting.id })).state).toBe('confirmed')
  })
})

describe('the tour process', () => {
  it('goes requested → confirmed → completed, each step in the log, and only for its two parties', async () => {
    const { owner, home, times } = await tourableHome()
    const renter = await listings.renter()
    const stranger = await listings.renter()
    const requested = await request(renter, home.id, times[0]!, { note: 'We have a dog; can we bring her?' })
    expect(requested).toMatchObject({ state: 'requested', partySize: 2, timeZone: 'America/New_York', sequence: 0 })
    expect(requested.answerBy.getTime()).toBeLessThanOrEqual(Math.min(Date.now() + 24 * 3_600_000 + 5_000, requested.startsAt.getTime()))

    expect(await codeOf(storeTourTransition(db(), { name: 'confirm', viewerId: renter.id, tourId: requested.id }))).toBe('forbidden')
    for (const name of ['confirm', 'cancel', 'decline'] as const) {
      expect(await codeOf(storeTourTransition(db(), { name, viewerId: stranger.id, tourId: requested.id, input: { reason: 'x' } }))).toBe(
        'not-found',
      )
    }
    expect(await codeOf(findTour(db(), { viewerId: stranger.id, tourId: requested.id }))).toBe('not-found')

    await storeTourTransition(db(), { name: 'confirm', viewerId: owner.id, tourId: requested.id })
    expect(await codeOf(storeTourTransition(db(), { name: 'complete', viewerId: owner.id, tourId: requested.id }))).toBe('conflict')
    const later = new Date(requested.endsAt.getTime() + 60_000)
    const done = await storeTourTransition(db(), { name: 'complete', viewerId: owner.id, tourId: requested.id, now: later })
    expect(done).toMatchObject({ state: 'completed', sequence: 2 })

    const seen = await findTour(db(), { viewerId: renter.id, tourId: requested.id })
    expect(seen).toMatchObject({ role: 'renter', listing: { id: home.id, address: '1200 Delaware Avenue, 3B, Wilmington, DE 19806' } })
    expect(seen.events.map((e) => [e.action, e.fromState, e.toState, e.by])).toEqual([
      ['requested', null, 'requested', 'renter'],
      ['confirmed', 'requested', 'confirmed', 'landlord'],
      ['completed', 'confirmed', 'completed', 'landlord'],
    ])
    expect((await findTour(db(), { viewerId: owner.id, tourId: requested.id })).role).toBe('landlord')
  })

  it('cancels from either side with a reason, declines, marks no-shows after the time, and frees the place', async () => {
    const { owner, home, times } = await tourableHome()
    const [a, b, c] = [await listings.renter(), await listings.renter(), await listings.renter()]
    const first = await request(a, home.id, times[0]!)
    expect(await codeOf(storeTourTransition(db(), { name: 'cancel', viewerId: a.id, tourId: first.id, input: { reason: ' ' } }))).toBe(
      'invalid',
    )
    const cancelled = await storeTourTransition(db(), {
      name: 'cancel',
      viewerId: a.id,
      tourId: first.id,
      input: { reason: 'Found a place' },
    })
    expect(cancelled).toMatchObject({ state: 'cancelled', reason: 'Found a place' })
    const second = await request(b, home.id, times[0]!) // the place is free again
    await storeTourTransition(db(), { name: 'decline', viewerId: owner.id, tourId: second.id, input: { reason: 'Shown already' } })
    const third = await request(c, home.id, times[0]!)
    await storeTourTransition(db(), { name: 'confirm', viewerId: owner.id, tourId: third.id })
    expect(await codeOf(storeTourTransition(db(), { name: 'decline', viewerId: owner.id, tourId: third.id }))).toBe('conflict')
    const noShow = await storeTourTransition(db(), {
      name: 'noShow',
      viewerId: owner.id,
      tourId: third.id,
      now: new Date(third.startsAt.getTime() + 600_000),
    })
    expect(noShow.state).toBe('no_show')
    const byLandlord = await request(a, home.id, times[1]!)
    await storeTourTransition(db(), { name: 'cancel', viewerId: owner.id, tourId: byLandlord.id, input: { reason: 'A repair that day' } })
    expect((await findTour(db(), { viewerId: a.id, tourId: byLandlord.id })).events.at(-1)).toMatchObject({
      action: 'cancelled',
      by: 'landlord',
      reason: 'A repair that day',
    })
  })

  it('confirms at once when the landlord chose so', async () => {
    const { home, times } = await tourableHome({ autoConfirm: true })
    expect((await request(await listings.renter(), home.id, times[0]!)).state).toBe('confirmed')
  })

  it('reschedules in one transaction: the new place taken and the old one freed, or neither', async () => {
    const { home, times } = await tourableHome()
    const [renter, other] = [await listings.renter(), await listings.renter()]
    const booked = await request(renter, home.id, times[0]!)
    await request(other, home.id, times[2]!)
    const error = await storeTourReschedule(db(), { viewerId: renter.id, tourId: booked.id, input: { startsAt: times[2] } }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(SlotTakenError)
    expect((await findTour(db(), { viewerId: renter.id, tourId: booked.id })).startsAt).toBe(times[0])
    expect(await codeOf(storeTourReschedule(db(), { viewerId: other.id, tourId: booked.id, input: { startsAt: times[1] } }))).toBe(
      'not-found',
    )

    const moved = await storeTourReschedule(db(), { viewerId: renter.id, tourId: booked.id, input: { startsAt: times[1] } })
    expect(moved).toMatchObject({ state: 'requested', sequence: 1, uid: booked.uid })
    expect(moved.startsAt.toISOString()).toBe(times[1])
    const slots = await db().select().from(tourSlot).where(eq(tourSlot.listingId, home.id))
    const bookedAt = Object.fromEntries(slots.map((s) => [s.startsAt.toISOString(), s.booked]))
    expect([bookedAt[times[0]!], bookedAt[times[1]!], bookedAt[times[2]!]]).toEqual([0, 1, 1])
    expect((await findTour(db(), { viewerId: renter.id, tourId: booked.id })).events.at(-1)).toMatchObject({
      action: 'rescheduled',
      startsAt: times[1],
    })
  })

  it('expires a request not answered in 24 hours or by its start, and frees the place', async () => {
    const { home, times } = await tourableHome()
    const asked = await request(await listings.renter(), home.id, times[0]!)
    const early = await expireUnansweredTours(db(), { now: new Date(asked.answerBy.getTime() - 1000) })
    expect(early.map((t) => t.id)).not.toContain(asked.id)
    const expired = await expireUnansweredTours(db(), { now: new Date(asked.answerBy.getTime() + 1000) })
    expect(expired.filter((t) => t.id === asked.id).map((t) => t.state)).toEqual(['expired'])
    expect((await findTour(db(), { viewerId: asked.renterId, tourId: asked.id })).events.at(-1)).toMatchObject({
      action: 'expired',
      by: 'site',
    })
    const [slot] = await db().select().from(tourSlot).where(eq(tourSlot.listingId, home.id))
    expect(slot?.booked).toBe(0)
  })
})

describe('what a request is refused for', () => {
  it('refuses a past time, one inside the notice, a time that is no slot, and a home with tours off', async () => {
    const { home, open } = await tourableHome({ noticeHours: 48 })
    const renter = await listings.renter()
    expect(open.days[0]!.slots[0]!.startsAt > new Date(Date.now() + 47 * 3_600_000).toISOString()).toBe(true)
    expect(await codeOf(request(renter, home.id, new Date(Date.now() - 3_600_000).toISOString()))).toBe('invalid')
    const soon = new Date(Math.ceil((Date.now() + 3 * 3_600_000) / 1_800_000) * 1_800_000).toISOString()
    expect(await codeOf(request(renter, home.id, soon))).toBe('invalid')
    const offGrid = new Date(Date.parse(open.days[0]!.slots[0]!.startsAt) + 10 * 60_000).toISOString()
    expect(await codeOf(request(renter, home.id, offGrid))).toBe('invalid')
    const off = await tourableHome({ toursEnabled: false })
    expect(off.open.days).toEqual([])
    expect(await codeOf(request(renter, off.home.id, open.days[0]!.slots[0]!.startsAt))).toBe('conflict')
  })

  it('refuses blocked people, the owner, a second live tour of a home, and more pending tours than the limit', async () => {
    const { owner, home, times } = await tourableHome()
    const renter = await listings.renter()
    await db().insert(userBlock).values({ blockerId: owner.id, blockedId: renter.id })
    expect(await codeOf(request(renter, home.id, times[0]!))).toBe('forbidden')
    expect(
      await codeOf(storeTourRequest(db(), { renterId: owner.id, listingId: home.id, input: { startsAt: times[0], partySize: 1 } })),
    ).toBe('invalid')

    const keen = await listings.renter()
    await request(keen, home.id, times[0]!)
    expect(await codeOf(request(keen, home.id, times[1]!))).toBe('conflict')
    for (let i = 1; i < TOURS_PENDING_PER_LANDLORD; i += 1) {
      const another = await listings.create({ ownerId: owner.id })
      await saveAvailability(db(), {
        viewerId: owner.id,
        listingId: another.id,
        input: { ...DEFAULT_AVAILABILITY, windows: everyDay(), noticeHours: 2 },
      })
      await request(keen, another.id, times[0]!)
    }
    const oneMore = await listings.create({ ownerId: owner.id })
    await saveAvailability(db(), {
      viewerId: owner.id,
      listingId: oneMore.id,
      input: { ...DEFAULT_AVAILABILITY, windows: everyDay(), noticeHours: 2 },
    })
    expect(await codeOf(request(keen, oneMore.id, times[0]!))).toBe('rate-limited')
    expect(await codeOf(request(keen, 999_999_999, times[0]!))).toBe('not-found')
  })
})

describe('the tour log', () => {
  it('is append-only in the database, and goes with an account that is deleted', async () => {
    const { home, times } = await tourableHome()
    const renter = await listings.renter()
    const booked = await request(renter, home.id, times[0]!)
    expect(await codeOf(db().update(tourEvent).set({ reason: 'rewritten' }).where(eq(tourEvent.tourId, booked.id)))).toMatch(/append-only/)
    expect(await codeOf(db().delete(tourEvent).where(eq(tourEvent.tourId, booked.id)))).toMatch(/append-only/)
    expect(await db().select().from(tourEvent).where(eq(tourEvent.tourId, booked.id))).toHaveLength(1)
    await db().delete(user).where(eq(user.id, renter.id))
    expect(await db().select().from(tourEvent).where(eq(tourEvent.tourId, booked.id))).toHaveLength(0)
  })
})

describe("the landlord's day", () => {
  it('gathers the tours of one date across listings, each on its own zone’s calendar', async () => {
    const owner = await listings.landlord()
    const east = await listings.create({ ownerId: owner.id })
    const west = await listings.create({
      ownerId: owner.id,
      latitude: 34.0522,
      longitude: -118.2437,
      city: 'Los Angeles',
      state: 'CA',
      zip: '90012',
    })
    for (const home of [east, west]) {
      await saveAvailability(db(), {
        viewerId: owner.id,
        listingId: home.id,
        input: { ...DEFAULT_AVAILABILITY, windows: everyDay('08:00', '23:00'), noticeHours: 2 },
      })
    }
    const westOpen = await findOpenSlots(db(), { listingId: west.id })
    expect(westOpen.timeZone).toBe('America/Los_Angeles')
    const day = westOpen.days[1]!
    // 22:30 in Los Angeles is already the next day in UTC.
    const lateWest = day.slots.at(-1)!
    expect(lateWest.startsAt.slice(0, 10) > day.date).toBe(true)
    const eastOpen = await findOpenSlots(db(), { listingId: east.id })
    const eastSame = eastOpen.days.find((d) => d.date === day.date)!.slots[0]!
    const renter = await listings.renter()
    await request(renter, west.id, lateWest.startsAt)
    await request(renter, east.id, eastSame.startsAt)
    const tours = await listLandlordDay(db(), { viewerId: owner.id, date: day.date })
    expect(tours.map((t) => [t.listing.id, t.startsAt])).toEqual([
      [east.id, eastSame.startsAt],
      [west.id, lateWest.startsAt],
    ])
    expect(await listLandlordDay(db(), { viewerId: renter.id, date: day.date })).toEqual([])
    expect((await listTours(db(), { viewerId: renter.id, when: 'upcoming' })).map((t) => t.listing.id)).toEqual([east.id, west.id])
  })
})
