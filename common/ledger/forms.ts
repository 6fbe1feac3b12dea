// What the payment forms and the JSON API send: a payment (method, day paid, amount in cents, reference),
// a reason to reject or reverse one, and the landlord's adjustments: a charge waived (amount, reason) and
// a charge added (description, amount, due day). Browser-safe.
import { z } from 'zod'
import { isSingleLine, plainText } from '../plain-text.ts'
import { PAYMENT_METHODS } from './vocabulary.ts'

const isRealDate = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`)
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value
}

const day = (what: string) =>
  z
    .string({ error: `Give ${what} (YYYY-MM-DD).` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Give ${what} (YYYY-MM-DD).`)
    .refine(isRealDate, `${what[0]!.toUpperCase()}${what.slice(1)} must be a date that exists.`)
    .refine(
      (value) => value >= '2000-01-01' && value <= '2200-12-31',
      `${what[0]!.toUpperCase()}${what.slice(1)} must be between 2000 and 2200.`,
    )

export const paymentSchema = z.object({
  method: z.enum(PAYMENT_METHODS, 'Choose how it was paid.'),
  paidOn: z
    .string({ error: 'Give the day it was paid (YYYY-MM-DD).' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the day it was paid (YYYY-MM-DD).')
    .refine(isRealDate, 'The day paid must be a date that exists.')
    .refine((value) => value >= '2000-01-01' && value <= '2200-12-31', 'The day paid must be between 2000 and 2200.'),
  amountCents: z
    .number({ error: 'The amount must be a number of cents.' })
    .int('The amount must be a whole number of cents.')
    .min(1, 'The amount must be more than zero.')
    .max(100_000_000, 'The amount is too large.'),
  reference: plainText('The reference').trim().max(120, 'The reference can have at most 120 characters.').default(''),
})

export const reasonSchema = z.object({
  reason: plainText('The reason').trim().min(1, 'Say why.').max(500, 'The reason can have at most 500 characters.'),
})

/** A waiver: how much of one charge is forgiven (at most what is still owed on it), and why. */
export const waiverSchema = z.object({
  amountCents: z
    .number({ error: 'The amount must be a number of cents.' })
    .int('The amount must be a whole number of cents.')
    .min(1, 'The amount must be more than zero.')
    .max(100_000_000, 'The amount is too large.'),
  reason: plainText('The reason')
    .trim()
    .min(3, 'Say why, in at least 3 characters.')
    .max(500, 'The reason can have at most 500 characters.'),
})

/** Most a landlord may add as one charge: $1,000,000. */
export const MAX_ADDED_CHARGE_CENTS = 100_000_000

/** A one-off charge the landlord adds (a utility bill passed on, a repair the tenant caused). */
export const addedChargeSchema = z.object({
  description: plainText('The description')
    .trim()
    .min(3, 'Describe the charge in at least 3 characters.')
    .max(200, 'The description can have at most 200 characters.')
    .refine(isSingleLine, 'The description must be one line.'),
  amountCents: z
    .number({ error: 'The amount must be a number of cents.' })
    .int('The amount must be a whole number of cents.')
    .min(1, 'The amount must be more than zero.')
    .max(MAX_ADDED_CHARGE_CENTS, 'A charge can be at most $1,000,000.'),
  dueOn: day('the day it is due'),
})
