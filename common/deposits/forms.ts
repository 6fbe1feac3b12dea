// What the deposit's forms send, checked alike in the browser and on the server.
import { z } from 'zod'
import { centsOfDollars, NOT_MONEY } from '#common/leases/dollars.ts'
import { PAYMENT_METHODS } from '#common/ledger/vocabulary.ts'
import { DEDUCTION_CATEGORIES } from './vocabulary.ts'

const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Give a date like 2027-06-30.')
  .refine(
    (day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    'Give a real date.',
  )

export const moveOutSchema = z.object({ endedOn: isoDay })

const dollars = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const cents = centsOfDollars(String(value))
  if (cents === null || cents <= 0) {
    ctx.addIssue({ code: 'custom', message: cents === 0 ? 'Give an amount above zero.' : NOT_MONEY })
    return z.NEVER
  }
  return cents
})

const evidence = z
  .union([z.array(z.union([z.string(), z.number()])), z.string(), z.number()])
  .optional()
  .transform((value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]).map(Number))
  .pipe(z.array(z.number().int().positive('Choose evidence from the inspections.')).max(20, 'Choose at most 20 items.'))

export const deductionSchema = z.object({
  amount: dollars,
  category: z.enum(DEDUCTION_CATEGORIES, 'Choose what the deduction is for.'),
  reason: z.string().trim().min(3, 'Say in words why this is deducted.').max(1000, 'Keep the reason under 1,000 characters.'),
  evidence,
})

export const sendStatementSchema = z.object({
  /** Required when there is a refund; the server checks that. */
  method: z.union([z.enum(PAYMENT_METHODS, 'Choose how the refund was paid.'), z.literal('')]).default(''),
  paidOn: z.union([isoDay, z.literal('')]).default(''),
  reference: z.string().trim().max(200, 'Keep the reference under 200 characters.').default(''),
  confirm: z.union([z.literal('on'), z.literal(true), z.literal('true')], 'Confirm that the statement is final once sent.'),
})
