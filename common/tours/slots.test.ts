import { describe, expect, it } from 'vitest'
import { DEFAULT_AVAILABILITY, type Availability } from './availability.ts'
import { computeSlots, instantOf, isoOf, isSlotStart, localDateOf } from './slots.ts'

const sunday = (start: string, end: string) => ({ weekday: 0, start, end })
const hourly = (windows: Availability['windows']): Availability => ({
  ...DEFAULT_AVAILABILITY,
  windows,
  tourMinutes: 60,
  noticeHours: 0,
})
const startsOn = (days: ReturnType<typeof computeSlots>, date: string) => days.find((d) => d.date === date)?.slots.map((s) => s.startsAt)

describe('slots on the days clocks change (US rules: second Sunday of March, first Sunday of November)', () => {
  const night = hourly([sunday('01:00', '04:00'), sunday('10:00', '11:00')])

  it('skips the hour New York and Los Angeles lose on 8 March 2026', () => {
    const now = new Date('2026-03-07T12:00:00Z')
    expect(startsOn(computeSlots({ availability: night, timeZone: 'America/New_York', now, days: 3 }), '2026-03-08')).toEqual([
      '2026-03-08T06:00:00.000Z', // 01:00 EST
      '2026-03-08T07:00:00.000Z', // 03:00 EDT: 02:00 never happens
      '2026-03-08T14:00:00.000Z', // 10:00 EDT
    ])
    expect(startsOn(computeSlots({ availability: night, timeZone: 'America/Los_Angeles', now, days: 3 }), '2026-03-08')).toEqual([
      '2026-03-08T09:00:00.000Z', // 01:00 PST
      '2026-03-08T10:00:00.000Z', // 03:00 PDT
      '2026-03-08T17:00:00.000Z', // 10:00 PDT
    ])
  })

  it('gives the hour New York and Los Angeles repeat on 1 November 2026 once', () => {
    const now = new Date('2026-10-31T12:00:00Z')
    expect(startsOn(computeSlots({ availability: night, timeZone: 'America/New_York', now, days: 3 }), '2026-11-01')).toEqual([
      '2026-11-01T05:00:00.000Z', // 01:00 EDT, the first of the two
      '2026-11-01T07:00:00.000Z', // 02:00 EST
      '2026-11-01T08:00:00.000Z', // 03:00 EST
      '2026-11-01T15:00:00.000Z', // 10:00 EST
    ])
    expect(startsOn(computeSlots({ availability: night, timeZone: 'America/Los_Angeles', now, days: 3 }), '2026-11-01')).toEqual([
      '2026-11-01T08:00:00.000Z',
      '2026-11-01T10:00:00.000Z',
      '2026-11-01T11:00:00.000Z',
      '2026-11-01T18:00:00.000Z',
    ])
  })

  it('keeps 10:00 at 10:00 local across the change, and Phoenix, which keeps no daylight time, at one offset', () => {
    const daily = hourly([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '10:00', end: '11:00' })))
    const now = new Date('2026-03-07T08:00:00Z')
    const at = (timeZone: string) => computeSlots({ availability: daily, timeZone, now, days: 3 }).map((d) => d.slots[0]!.startsAt)
    expect(at('America/Chicago')).toEqual(['2026-03-07T16:00:00.000Z', '2026-03-08T15:00:00.000Z', '2026-03-09T15:00:00.000Z'])
    expect(at('America/Phoenix')).toEqual(['2026-03-07T17:00:00.000Z', '2026-03-08T17:00:00.000Z', '2026-03-09T17:00:00.000Z'])
    const fall = computeSlots({ availability: daily, timeZone: 'America/Denver', now: new Date('2026-10-31T08:00:00Z'), days: 3 })
    expect(fall.map((d) => d.slots[0]!.startsAt)).toEqual([
      '2026-10-31T16:00:00.000Z',
      '2026-11-01T17:00:00.000Z',
      '2026-11-02T17:00:00.000Z',
    ])
  })

  it('turns wall times into instants and back', () => {
    expect(instantOf({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, 'America/New_York')).toBeNull()
    expect(instantOf({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, 'America/New_York')).toBe(Date.parse('2026-11-01T05:30:00Z'))
    expect(localDateOf(Date.parse('2026-11-01T03:30:00Z'), 'America/Los_Angeles')).toBe('2026-10-31')
  })
})

describe('the rules of a slot', () => {
  const weekdays: Availability = { ...DEFAULT_AVAILABILITY, noticeHours: 0 }
  const monday = new Date('2026-12-07T05:00:00Z') // midnight in New York

  it('steps by the tour and the buffer, and a tour ends inside its window', () => {
    const slots = computeSlots({
      availability: { ...weekdays, tourMinutes: 45, bufferMinutes: 15 },
      timeZone: 'America/New_York',
      now: monday,
      days: 1,
    })
    expect(slots[0]!.slots.map((s) => s.startsAt.slice(11, 16))).toEqual([
      '15:00',
      '16:00',
      '17:00',
      '18:00',
      '19:00',
      '20:00',
      '21:00',
      '22:00',
    ])
    expect(slots[0]!.slots.at(-1)!.endsAt).toBe('2026-12-07T22:45:00.000Z')
  })

  it('keeps the minimum notice, skips blocked dates, and offers nothing when tours are off', () => {
    const noon = new Date('2026-12-07T17:00:00Z')
    const withNotice = computeSlots({ availability: { ...weekdays, noticeHours: 2 }, timeZone: 'America/New_York', now: noon, days: 1 })
    expect(withNotice[0]!.slots[0]!.startsAt).toBe('2026-12-07T19:00:00.000Z')
    const blocked = computeSlots({
      availability: { ...weekdays, blockedDates: ['2026-12-08'] },
      timeZone: 'America/New_York',
      now: monday,
      days: 3,
    })
    expect(blocked.map((d) => d.date)).toEqual(['2026-12-07', '2026-12-09'])
    expect(computeSlots({ availability: { ...weekdays, toursEnabled: false }, timeZone: 'America/New_York', now: monday })).toEqual([])
  })

  it('counts the parties a slot still takes and leaves a full one out', () => {
    const taken = new Map([
      ['2026-12-07T15:00:00.000Z', 2],
      ['2026-12-07T15:30:00.000Z', 1],
    ])
    const [day] = computeSlots({
      availability: { ...weekdays, partiesPerSlot: 2 },
      timeZone: 'America/New_York',
      now: monday,
      days: 1,
      taken,
    })
    expect(day!.slots.slice(0, 2)).toEqual([
      { startsAt: '2026-12-07T15:30:00.000Z', endsAt: '2026-12-07T16:00:00.000Z', remaining: 1 },
      { startsAt: '2026-12-07T16:00:00.000Z', endsAt: '2026-12-07T16:30:00.000Z', remaining: 2 },
    ])
    expect(
      isSlotStart({ availability: weekdays, timeZone: 'America/New_York', now: monday, startsAt: new Date('2026-12-07T15:00:00Z') }),
    ).toBe(true)
    expect(
      isSlotStart({ availability: weekdays, timeZone: 'America/New_York', now: monday, startsAt: new Date('2026-12-07T15:10:00Z') }),
    ).toBe(false)
  })

  it('offers fourteen days from today, today as the listing zone reckons it', () => {
    const daily: Availability = {
      ...weekdays,
      windows: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '10:00' })),
    }
    // 03:00 UTC on the 8th is 19:00 on the 7th in Los Angeles: the 7th's tour is past, the 20th is the last day.
    const days = computeSlots({ availability: daily, timeZone: 'America/Los_Angeles', now: new Date('2026-12-08T03:00:00Z') })
    expect(days).toHaveLength(13)
    expect([days[0]!.date, days.at(-1)!.date]).toEqual(['2026-12-08', '2026-12-20'])
    const morning = computeSlots({ availability: daily, timeZone: 'America/Los_Angeles', now: new Date('2026-12-07T16:00:00Z') })
    expect([morning.length, morning[0]!.date, morning.at(-1)!.date]).toEqual([14, '2026-12-07', '2026-12-20'])
  })

  it('offers no time the landlord is taken at another home, and keeps it as full when asked', () => {
    const at = (iso: string) => new Date(iso).getTime()
    // 10:15–10:45 in New York at another home: the 10:00 and 10:30 tours overlap it, 11:00 does not.
    const busy = [{ startsAt: at('2026-12-07T15:15:00Z'), endsAt: at('2026-12-07T15:45:00Z') }]
    const [day] = computeSlots({ availability: weekdays, timeZone: 'America/New_York', now: monday, days: 1, busy })
    expect(day!.slots.slice(0, 2).map((s) => s.startsAt)).toEqual(['2026-12-07T16:00:00.000Z', '2026-12-07T16:30:00.000Z'])
    const [kept] = computeSlots({ availability: weekdays, timeZone: 'America/New_York', now: monday, days: 1, busy, keepFull: true })
    expect(kept!.slots.find((s) => s.startsAt === '2026-12-07T15:00:00.000Z')?.remaining).toBe(0)
  })
})

describe('isoOf', () => {
  it('writes an instant as toISOString does', () => {
    for (const instant of [0, 60_000, 1_796_000_000_000, 1_796_000_000_123, 1_796_083_140_000, Date.UTC(2028, 1, 29, 23, 59)]) {
      expect(isoOf(instant)).toBe(new Date(instant).toISOString())
    }
  })
})
