import { describe, expect, it } from 'vitest'
import { calendarDaysBetween, daysAgo } from './freshness.ts'

describe('daysAgo', () => {
  it('says today, yesterday, then days', () => {
    expect([0, 1, 2, 30].map(daysAgo)).toEqual(['today', 'yesterday', '2 days ago', '30 days ago'])
  })
})

describe('calendarDaysBetween', () => {
  it('counts calendar days in UTC, not 24-hour spans', () => {
    expect(calendarDaysBetween(new Date('2026-11-28T23:59:00Z'), new Date('2026-11-29T00:01:00Z'))).toBe(1)
    expect(calendarDaysBetween(new Date('2026-11-29T00:01:00Z'), new Date('2026-11-29T23:59:00Z'))).toBe(0)
    expect(calendarDaysBetween(new Date('2026-10-30T12:00:00Z'), new Date('2026-11-29T08:00:00Z'))).toBe(30)
  })

  it('never goes below today for a moment in the future', () => {
    expect(calendarDaysBetween(new Date('2026-12-01T00:00:00Z'), new Date('2026-11-29T00:00:00Z'))).toBe(0)
  })
})
