// The cancellation policies a host chooses from, as one table: the words the pages show and the refund
// each gives for a cancellation at a given instant. They follow Airbnb's published standard policies
// for stays shorter than 28 nights (its Help Centre's "Cancellation policies for your listing":
// Flexible, Moderate, Strict). Every refund is recorded in the booking, not paid: no payment processor is reachable from
// this site, so the money is the parties' to settle, and the pages say so.
import type { StayQuote } from './quote.ts'
import type { CancellationPolicy } from './vocabulary.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

export type PolicyText = { label: string; summary: string; rules: string[] }

export const CANCELLATION_POLICY_TEXT: Record<CancellationPolicy, PolicyText> = {
  flexible: {
    label: 'Flexible',
    summary: 'Full refund until 24 hours before check-in.',
    rules: [
      'Cancel at least 24 hours before the check-in time: everything is refunded.',
      'Cancel later, before check-in: the first night is not refunded; the other nights and the cleaning fee are.',
    ],
  },
  moderate: {
    label: 'Moderate',
    summary: 'Full refund until 5 days before check-in, then half of the nights.',
    rules: [
      'Cancel at least 5 days (120 hours) before the check-in time: everything is refunded.',
      'Cancel later, before check-in: half of the nights’ price is refunded, and the cleaning fee in full.',
    ],
  },
  strict: {
    label: 'Strict',
    summary: 'Full refund within 48 hours of booking if check-in is 14 or more days away; half until 7 days before; none after.',
    rules: [
      'Cancel within 48 hours of booking, while check-in is still at least 14 days away: everything is refunded.',
      'Cancel at least 7 days before the check-in time: half of the nights’ price is refunded, and the cleaning fee in full.',
      'Cancel later, before check-in: the nights are not refunded; the cleaning fee is.',
    ],
  },
}

export const HOST_CANCELLATION_RULE = 'Cancelled by the host: everything is refunded.'
export const REQUEST_WITHDRAWN_RULE = 'Withdrawn before the host accepted: nothing was due.'

export type Refund = { refundCents: number; note: string }

type Priced = Pick<StayQuote, 'perNight' | 'nightsCents' | 'discountCents' | 'cleaningFeeCents' | 'totalCents' | 'weeklyDiscountPercent'>

/** The nights' price after the discount, and the first night's share of it. */
function nightsAfterDiscount(quote: Priced) {
  const nights = quote.nightsCents - quote.discountCents
  const first = Math.round(((quote.perNight[0]?.cents ?? 0) * (100 - quote.weeklyDiscountPercent)) / 100)
  return { nights, first: Math.min(first, nights) }
}

/**
 * What a guest's cancellation of a confirmed booking gives back under a policy, at `at` (before
 * check-in: after it a booking is not cancelled). Half a cent goes to the guest.
 */
export function guestRefund(
  policy: CancellationPolicy,
  { quote, bookedAt, checkInAt, at }: { quote: Priced; bookedAt: Date; checkInAt: Date; at: Date },
): Refund {
  const ahead = checkInAt.getTime() - at.getTime()
  const { nights, first } = nightsAfterDiscount(quote)
  const full = { refundCents: quote.totalCents }
  const half = { refundCents: Math.ceil(nights / 2) + quote.cleaningFeeCents }
  const rules = CANCELLATION_POLICY_TEXT[policy].rules
  switch (policy) {
    case 'flexible':
      return ahead >= DAY ? { ...full, note: rules[0]! } : { refundCents: quote.totalCents - first, note: rules[1]! }
    case 'moderate':
      return ahead >= 5 * DAY ? { ...full, note: rules[0]! } : { ...half, note: rules[1]! }
    case 'strict':
      if (at.getTime() - bookedAt.getTime() <= 48 * HOUR && ahead >= 14 * DAY) return { ...full, note: rules[0]! }
      return ahead >= 7 * DAY ? { ...half, note: rules[1]! } : { refundCents: quote.cleaningFeeCents, note: rules[2]! }
  }
}

/** The refund of any cancellation: the host's and a request not yet accepted give everything back. */
export function refundOf({
  by,
  state,
  policy,
  ...when
}: {
  by: 'guest' | 'host'
  state: 'requested' | 'confirmed'
  policy: CancellationPolicy
  quote: Priced
  bookedAt: Date
  checkInAt: Date
  at: Date
}): Refund {
  if (by === 'host') return { refundCents: when.quote.totalCents, note: HOST_CANCELLATION_RULE }
  if (state === 'requested') return { refundCents: when.quote.totalCents, note: REQUEST_WITHDRAWN_RULE }
  return guestRefund(policy, when)
}
