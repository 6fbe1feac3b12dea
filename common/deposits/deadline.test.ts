import { describe, expect, it } from 'vitest'
import { stateRule } from '#common/leasing/state-rules.ts'
import { depositDueOn, federalHolidays } from './deadline.ts'

const iso = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10)

describe('the deposit return deadline', () => {
  it('counts calendar days from the day after the tenancy ended, across months and leap days', () => {
    expect(depositDueOn('2026-01-31', { days: 30, isBusinessDays: false })).toBe('2026-03-02')
    expect(depositDueOn('2028-02-10', { days: 20, isBusinessDays: false })).toBe('2028-03-01')
    expect(depositDueOn('2026-12-20', { days: 14, isBusinessDays: false })).toBe('2027-01-03')
  })

  it('counts business days without weekends or federal holidays as observed', () => {
    // Friday 2026-11-20: 14 business days skip two weekends, Thanksgiving (26 Nov) and a third weekend.
    expect(depositDueOn('2026-11-20', { days: 14, isBusinessDays: true })).toBe('2026-12-11')
    // Over Christmas 2027 (a Saturday, observed Friday 24 Dec) and New Year 2028 (a Saturday, observed Friday 31 Dec).
    expect(depositDueOn('2027-12-22', { days: 3, isBusinessDays: true })).toBe('2027-12-28')
    expect(depositDueOn('2027-12-29', { days: 2, isBusinessDays: true })).toBe('2028-01-03')
  })

  it('knows the federal holidays of a year as observed', () => {
    expect(federalHolidays(2026).map(iso)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
      '2027-01-01',
    ])
    expect(federalHolidays(2027).map(iso)).toContain('2027-12-31')
  })

  it("uses each state's deadline from the rules table", () => {
    const arizona = stateRule('AZ').depositReturn!
    expect(arizona).toMatchObject({ days: 14, isBusinessDays: true })
    const delaware = stateRule('DE').depositReturn!
    expect(depositDueOn('2026-06-30', delaware)).toBe('2026-07-20')
  })
})
