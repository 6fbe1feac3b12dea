// What the payment forms and the JSON API send: a payment (method, day paid, amount in cents, reference)
// and a reason to reject or reverse one. Browser-safe.
import { z } from 'zod'
import { plainText } from '../plain-text.ts'
import { PAYMENT_METHODS } from './vocabulary.ts'

const isRealDate = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`)
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value
}

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
export type PaymentInput = z.output<typeof paymentSchema>

export const reasonSchema = z.object({
  reason: plainText('The reason').trim().min(1, 'Say why.').max(500, 'The reason can have at most 500 characters.'),
})
