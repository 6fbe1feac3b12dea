import { describe, expect, it } from 'vitest'
import { centsOfDollars, dollarsOfCents } from './dollars.ts'

describe('centsOfDollars', () => {
  it('reads dollars as people type them, to the exact cent', () => {
    expect(centsOfDollars('1,850.50')).toBe(185050)
    expect(centsOfDollars('1850')).toBe(185000)
    expect(centsOfDollars(' $2,400 ')).toBe(240000)
    expect(centsOfDollars('$ 75.5')).toBe(7550)
    expect(centsOfDollars('0.29')).toBe(29)
    expect(centsOfDollars('1 234 567.89')).toBe(123456789)
    expect(centsOfDollars('0')).toBe(0)
  })

  it('refuses what is not an amount of money', () => {
    for (const typed of ['', 'abc', '-5', '12.345', '1,85', '1,8500', '1e3', '12.', '.5', '$', 'NaN', '10000000000'])
      expect(centsOfDollars(typed), typed).toBeNull()
  })

  it('turns cents back into what the form shows', () => {
    expect(dollarsOfCents(185050)).toBe('1850.50')
    expect(dollarsOfCents(185000)).toBe('1850')
    expect(dollarsOfCents(5)).toBe('0.05')
    for (const cents of [0, 1, 99, 100, 185050, 99_999_999]) expect(centsOfDollars(dollarsOfCents(cents))).toBe(cents)
  })
})
