import { describe, expect, it } from 'vitest'
import { isDigestDue, localClock } from './digest-due.ts'

const HOUR = 3_600_000

describe('when a digest is due', () => {
  // Monday 30 November 2026, 13:00 UTC: 08:00 in New York, 05:00 in Los Angeles, 14:00 in Paris.
  const mondayAt13Utc = new Date('2026-11-30T13:00:00Z')

  it('reads the local hour and weekday of the renter’s time zone', () => {
    expect(localClock(mondayAt13Utc, 'America/New_York')).toEqual({ hour: 8, weekday: 1 })
    expect(localClock(mondayAt13Utc, 'America/Los_Angeles')).toEqual({ hour: 5, weekday: 1 })
    expect(localClock(new Date('2026-11-30T02:00:00Z'), 'America/New_York')).toEqual({ hour: 21, weekday: 7 })
    expect(localClock(mondayAt13Utc, 'Not/A_Zone')).toEqual({ hour: 13, weekday: 1 })
  })

  it('is due at the renter’s own hour, and up to three hours after it, not before', () => {
    const daily = { cadence: 'daily' as const, digestHour: 8, lastSentAt: null }
    expect(isDigestDue({ ...daily, now: mondayAt13Utc, timeZone: 'America/New_York' })).toBe(true)
    expect(isDigestDue({ ...daily, now: mondayAt13Utc, timeZone: 'America/Los_Angeles' })).toBe(false)
    expect(isDigestDue({ ...daily, now: new Date(mondayAt13Utc.getTime() + 3 * HOUR), timeZone: 'America/Los_Angeles' })).toBe(true)
    expect(isDigestDue({ ...daily, now: new Date(mondayAt13Utc.getTime() + 2 * HOUR), timeZone: 'America/New_York' })).toBe(true)
    expect(isDigestDue({ ...daily, now: new Date(mondayAt13Utc.getTime() + 3 * HOUR), timeZone: 'America/New_York' })).toBe(false)
  })

  it('keeps the local hour across a change of daylight saving time', () => {
    // 8:00 in New York is 12:00 UTC in summer, 13:00 UTC in winter.
    const daily = { cadence: 'daily' as const, digestHour: 8, lastSentAt: null, timeZone: 'America/New_York' }
    expect(isDigestDue({ ...daily, now: new Date('2026-07-01T12:00:00Z') })).toBe(true)
    expect(isDigestDue({ ...daily, now: new Date('2026-12-01T12:00:00Z') })).toBe(false)
  })

  it('sends a daily digest at most once in 20 hours, a weekly one only on the renter’s Monday', () => {
    const base = { digestHour: 8, timeZone: 'America/New_York', now: mondayAt13Utc }
    expect(isDigestDue({ ...base, cadence: 'daily', lastSentAt: new Date(mondayAt13Utc.getTime() - 24 * HOUR) })).toBe(true)
    expect(isDigestDue({ ...base, cadence: 'daily', lastSentAt: new Date(mondayAt13Utc.getTime() - 2 * HOUR) })).toBe(false)
    expect(isDigestDue({ ...base, cadence: 'weekly', lastSentAt: new Date(mondayAt13Utc.getTime() - 7 * 24 * HOUR) })).toBe(true)
    expect(isDigestDue({ ...base, cadence: 'weekly', lastSentAt: new Date(mondayAt13Utc.getTime() - 24 * HOUR) })).toBe(false)
    // Tuesday 8:00 in New York.
    expect(isDigestDue({ ...base, cadence: 'weekly', lastSentAt: null, now: new Date('2026-12-01T13:00:00Z') })).toBe(false)
    // Monday 8:00 in Tokyo is Sunday 23:00 UTC.
    expect(
      isDigestDue({ ...base, cadence: 'weekly', lastSentAt: null, timeZone: 'Asia/Tokyo', now: new Date('2026-11-29T23:00:00Z') }),
    ).toBe(true)
  })
})
