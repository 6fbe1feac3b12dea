// How a short-term listing is booked beyond its nightly price and minimum nights (which the listing
// itself carries): the defaults a listing without its own rules books on, and the schema of the host's
// form and the JSON API's body.
import { z } from 'zod'
import { CANCELLATION_POLICIES, type CancellationPolicy } from './vocabulary.ts'

export type StayRules = {
  instantBook: boolean
  maxNights: number
  maxGuests: number
  /** Whole days between the day of booking and check-in, on the listing's calendar (0: same day). */
  advanceNoticeDays: number
  /** Nights kept free after each stay. */
  preparationDays: number
  /** How far ahead a check-out may be, in days from today on the listing's calendar. */
  bookingWindowDays: number
  /** "HH:MM" on the listing's wall clock. */
  checkInTime: string
  checkOutTime: string
  cleaningFeeCents: number
  /** Friday and Saturday nights' price; null when they cost the nightly price. */
  weekendNightlyCents: number | null
  weeklyDiscountPercent: number
  cancellationPolicy: CancellationPolicy
  /** Shown to the guest once a booking is confirmed, never before. */
  checkInDetails: string
}

/** A listing without rules of its own: asked for, a month at most, a day's notice, a year ahead. */
export const DEFAULT_STAY_RULES: StayRules = {
  instantBook: false,
  maxNights: 30,
  maxGuests: 4,
  advanceNoticeDays: 1,
  preparationDays: 0,
  bookingWindowDays: 365,
  checkInTime: '15:00',
  checkOutTime: '11:00',
  cleaningFeeCents: 0,
  weekendNightlyCents: null,
  weeklyDiscountPercent: 0,
  cancellationPolicy: 'moderate',
  checkInDetails: '',
}

export const MAX_CHECK_IN_DETAILS = 2000
const MAX_CENTS = 100_000_000

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .int({ error: `${label} must be a whole number.` })
    .min(min, { error: `${label} must be at least ${min}.` })
    .max(max, { error: `${label} must be at most ${max}.` })

const clock = (label: string) =>
  z.string({ error: `${label} must be a time (HH:MM).` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time (HH:MM).`)

const cents = (label: string) =>
  z
    .number({ error: `${label} must be a number of cents.` })
    .int({ error: `${label} must be a whole number of cents.` })
    .min(0, { error: `${label} cannot be negative.` })
    .max(MAX_CENTS, { error: `${label} is too large.` })

export const stayRulesSchema = z.object({
  instantBook: z.boolean({ error: 'Say whether guests may book at once (true or false).' }),
  maxNights: whole('Maximum nights', 1, 365),
  maxGuests: whole('Maximum guests', 1, 50),
  advanceNoticeDays: whole('Advance notice', 0, 30),
  preparationDays: whole('Preparation days', 0, 7),
  bookingWindowDays: whole('Booking window', 1, 730),
  checkInTime: clock('Check-in time'),
  checkOutTime: clock('Check-out time'),
  cleaningFeeCents: cents('Cleaning fee'),
  weekendNightlyCents: cents('Weekend price').min(1, { error: 'Weekend price must be more than zero, or empty.' }).nullable(),
  weeklyDiscountPercent: whole('Weekly discount', 0, 90),
  cancellationPolicy: z.enum(CANCELLATION_POLICIES, { error: `Choose a cancellation policy: ${CANCELLATION_POLICIES.join(', ')}.` }),
  checkInDetails: z
    .string({ error: 'Write the check-in details as text.' })
    .trim()
    .max(MAX_CHECK_IN_DETAILS, `At most ${MAX_CHECK_IN_DETAILS} characters.`)
    .default(''),
}) satisfies z.ZodType<StayRules, unknown>
