// What the deposit's forms send, checked alike in the browser and on the server.
import { z } from 'zod'
import { centsOfDollars, NOT_MONEY } from '#common/leases/dollars.ts'
import { plainText } from '#common/plain-text.ts'
import { PAYMENT_METHODS } from '#common/ledger/vocabulary.ts'
import { DEDUCTION_CATEGORIES } from './vocabulary.ts'

const GIVE_A_DATE = 'Give a date like 2027-06-30.'
const isoDay = z
  .string({ error: GIVE_A_DATE })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, GIVE_A_DATE)
  .refine(
    (day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    'Give a real date.',
  )
  // A day the deadline can be counted from: the database holds no date past year 9999.
  .refine((day) => day >= '2000-01-01' && day <= '2200-12-31', 'Give a date between 2000 and 2200.')

export const moveOutSchema = z.object({ endedOn: isoDay })

const dollars = z.union([z.string(), z.number()], { error: NOT_MONEY }).transform((value, ctx) => {
  const cents = centsOfDollars(String(value))
  if (cents === null || cents <= 0) {
    ctx.addIssue({ code: 'custom', message: cents === 0 ? 'Give an amount above zero.' : NOT_MONEY })
    return z.NEVER
  }
  return cents
})

const NOT_EVIDENCE = 'Choose evidence from the inspections.'
const evidence = z
  .union([z.array(z.union([z.string(), z.number()])), z.string(), z.number()], { error: NOT_EVIDENCE })
  .optional()
  .transform((value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]).map(Number))
  .pipe(z.array(z.number({ error: NOT_EVIDENCE }).int(NOT_EVIDENCE).positive(NOT_EVIDENCE)).max(20, 'Choose at most 20 items.'))

export const deductionSchema = z.object({
  amount: dollars,
  category: z.enum(DEDUCTION_CATEGORIES, 'Choose what the deduction is for.'),
  reason: plainText('The reason', { error: 'Say in words why this is deducted.' })
    .trim()
    .min(3, 'Say in words why this is deducted.')
    .max(1000, 'Keep the reason under 1,000 characters.'),
  evidence,
})

export const sendStatementSchema = z.object({
  /** Required when there is a refund; the server checks that. */
  method: z.union([z.enum(PAYMENT_METHODS), z.literal('')], { error: 'Choose how the refund was paid.' }).default(''),
  paidOn: z.union([isoDay, z.literal('')], { error: GIVE_A_DATE }).default(''),
  reference: plainText('The reference').trim().max(200, 'Keep the reference under 200 characters.').default(''),
  confirm: z.union([z.literal('on'), z.literal(true), z.literal('true')], 'Confirm that the statement is final once sent.'),
})
