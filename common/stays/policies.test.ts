import { describe, expect, it } from 'vitest'
import { CANCELLATION_POLICY_TEXT, guestRefund, HOST_CANCELLATION_RULE, refundOf, REQUEST_WITHDRAWN_RULE } from './policies.ts'
import { quoteStay } from './quote.ts'

// Five nights at $100 and a $50 cleaning fee: $550 in all.
const quote = quoteStay({
  checkIn: '2026-12-10',
  checkOut: '2026-12-15',
  nightlyCents: 10_000,
  weekendNightlyCents: null,
  weeklyDiscountPercent: 0,
  cleaningFeeCents: 5_000,
})
const checkInAt = new Date('2026-12-10T20:00:00Z')
const hoursBefore = (hours: number) => new Date(checkInAt.getTime() - hours * 3_600_000)
const longAgo = new Date('2026-10-01T00:00:00Z')

const refund = (policy: 'flexible' | 'moderate' | 'strict', at: Date, bookedAt = longAgo) =>
  guestRefund(policy, { quote, bookedAt, checkInAt, at }).refundCents

describe('the cancellation policies', () => {
  it('flexible: everything until 24 hours before check-in, then all but the first night', () => {
    expect(refund('flexible', hoursBefore(24))).toBe(55_000)
    expect(refund('flexible', hoursBefore(23.9))).toBe(45_000)
    expect(refund('flexible', hoursBefore(0.1))).toBe(45_000)
  })

  it('moderate: everything until 5 days before, then half of the nights and the cleaning fee', () => {
    expect(refund('moderate', hoursBefore(120))).toBe(55_000)
    expect(refund('moderate', hoursBefore(119))).toBe(25_000 + 5_000)
  })

  it('strict: everything within 48 hours of booking while check-in is 14+ days away, half until 7 days before, then the cleaning fee only', () => {
    const bookedAt = hoursBefore(20 * 24)
    expect(refund('strict', hoursBefore(19 * 24), bookedAt)).toBe(55_000)
    // Within 48 hours of booking, but check-in is 10 days away: the grace does not apply.
    expect(refund('strict', hoursBefore(10 * 24), hoursBefore(11 * 24))).toBe(30_000)
    // 14 days away, but booked three days ago.
    expect(refund('strict', hoursBefore(15 * 24), bookedAt)).toBe(30_000)
    expect(refund('strict', hoursBefore(7 * 24))).toBe(30_000)
    expect(refund('strict', hoursBefore(7 * 24 - 1))).toBe(5_000)
  })

  it('gives half a cent of an odd half to the guest and takes the first night after the weekly discount', () => {
    const odd = quoteStay({ ...quote, checkIn: '2026-12-10', checkOut: '2026-12-17', nightlyCents: 10_001, weeklyDiscountPercent: 10 })
    // Nights 70,007 less 7,001 discount = 63,006; half 31,503.
    const half = guestRefund('moderate', { quote: odd, bookedAt: longAgo, checkInAt, at: hoursBefore(1) })
    expect(half.refundCents).toBe(31_503 + 5_000)
    const flexible = guestRefund('flexible', { quote: odd, bookedAt: longAgo, checkInAt, at: hoursBefore(1) })
    expect(flexible.refundCents).toBe(odd.totalCents - 9_001)
  })

  it('refunds everything when the host cancels or the guest withdraws a request, whatever the policy', () => {
    const at = hoursBefore(1)
    const common = { policy: 'strict' as const, quote, bookedAt: longAgo, checkInAt, at }
    expect(refundOf({ ...common, by: 'host', state: 'confirmed' })).toEqual({ refundCents: 55_000, note: HOST_CANCELLATION_RULE })
    expect(refundOf({ ...common, by: 'guest', state: 'requested' })).toEqual({ refundCents: 55_000, note: REQUEST_WITHDRAWN_RULE })
    expect(refundOf({ ...common, by: 'guest', state: 'confirmed' })).toEqual({
      refundCents: 5_000,
      note: CANCELLATION_POLICY_TEXT.strict.rules[2],
    })
  })
})
