import { describe, expect, it } from 'vitest'
import { addDays, daysBetween, instantAt, isTimeZone, nightsOf, todayIn } from './dates.ts'

describe('stay dates', () => {
  it('counts nights by calendar dates across months, leap days and clock changes', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2)
    expect(nightsOf('2026-10-31', '2026-11-02')).toEqual(['2026-10-31', '2026-11-01'])
  })

  it('reads a check-in time on the listing’s wall clock, on the days clocks change too', () => {
    expect(instantAt('2026-03-08', '15:00', 'America/New_York').toISOString()).toBe('2026-03-08T19:00:00.000Z')
    expect(instantAt('2026-03-07', '15:00', 'America/New_York').toISOString()).toBe('2026-03-07T20:00:00.000Z')
    expect(instantAt('2026-11-01', '11:00', 'America/Denver').toISOString()).toBe('2026-11-01T18:00:00.000Z')
    // 02:30 does not exist in New York on 8 March 2026: the first half hour shown after it.
    expect(instantAt('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:00:00.000Z')
    // Phoenix keeps standard time all year.
    expect(instantAt('2026-07-01', '15:00', 'America/Phoenix').toISOString()).toBe('2026-07-01T22:00:00.000Z')
  })

  it('takes today from the listing’s zone, not the server’s', () => {
    const lateEvening = new Date('2026-12-01T03:30:00Z')
    expect(todayIn('America/Los_Angeles', lateEvening)).toBe('2026-11-30')
    expect(todayIn('America/New_York', lateEvening)).toBe('2026-11-30')
    expect(todayIn('UTC', lateEvening)).toBe('2026-12-01')
  })

  it('knows a zone by its IANA name', () => {
    expect(isTimeZone('America/Chicago')).toBe(true)
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false)
  })
})
