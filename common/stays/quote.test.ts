import { describe, expect, it } from 'vitest'
import { quoteStay } from './quote.ts'

const base = { nightlyCents: 12_000, weekendNightlyCents: null, weeklyDiscountPercent: 0, cleaningFeeCents: 0 }

describe('the quote of a stay', () => {
  it('prices each night, Friday and Saturday at the weekend price, and adds the cleaning fee once', () => {
    // Thursday 3 December 2026 to Monday 7 December: Thursday, Friday, Saturday and Sunday nights.
    const quote = quoteStay({
      ...base,
      checkIn: '2026-12-03',
      checkOut: '2026-12-07',
      weekendNightlyCents: 15_000,
      cleaningFeeCents: 6_000,
    })
    expect(quote.perNight.map((n) => [n.date, n.cents])).toEqual([
      ['2026-12-03', 12_000],
      ['2026-12-04', 15_000],
      ['2026-12-05', 15_000],
      ['2026-12-06', 12_000],
    ])
    expect(quote).toMatchObject({ nights: 4, nightsCents: 54_000, discountCents: 0, cleaningFeeCents: 6_000, totalCents: 60_000 })
    expect(quote.lines).toEqual([
      { label: '2 nights × $120.00', cents: 24_000 },
      { label: '2 weekend nights × $150.00', cents: 30_000 },
      { label: 'Cleaning fee', cents: 6_000 },
    ])
    expect(quote.lines.reduce((sum, line) => sum + line.cents, 0)).toBe(quote.totalCents)
  })

  it('takes the weekly discount off the nights of 7 nights or more, never off the cleaning fee', () => {
    const six = quoteStay({ ...base, checkIn: '2026-12-01', checkOut: '2026-12-07', weeklyDiscountPercent: 10, cleaningFeeCents: 5_000 })
    expect(six).toMatchObject({ nights: 6, discountCents: 0, weeklyDiscountPercent: 0, totalCents: 77_000 })
    const seven = quoteStay({ ...base, checkIn: '2026-12-01', checkOut: '2026-12-08', weeklyDiscountPercent: 10, cleaningFeeCents: 5_000 })
    expect(seven).toMatchObject({ nights: 7, nightsCents: 84_000, discountCents: 8_400, totalCents: 80_600 })
    expect(seven.lines).toContainEqual({ label: 'Weekly discount (10%)', cents: -8_400 })
    expect(seven.lines.reduce((sum, line) => sum + line.cents, 0)).toBe(seven.totalCents)
  })

  it('rounds a discount of a fraction of a cent to the nearest cent', () => {
    const quote = quoteStay({ ...base, nightlyCents: 9_999, checkIn: '2026-12-01', checkOut: '2026-12-08', weeklyDiscountPercent: 15 })
    // 7 × 9,999 = 69,993; 15 % of it is 10,498.95.
    expect(quote).toMatchObject({ nightsCents: 69_993, discountCents: 10_499, totalCents: 59_494 })
  })

  it('counts the nights across the clock change by dates, not hours', () => {
    const spring = quoteStay({ ...base, checkIn: '2026-03-07', checkOut: '2026-03-10' })
    const autumn = quoteStay({ ...base, checkIn: '2026-10-31', checkOut: '2026-11-03' })
    expect([spring.nights, autumn.nights]).toEqual([3, 3])
  })
})
