// The reusable application ("My application"): one zod schema for the page's form, the JSON API and the
// snapshot an application carries. It asks only what a landlord needs to decide: no Social Security
// number, no date of birth, nothing about race, colour, religion, sex, national origin, familial
// status or disability (Fair Housing Act, 42 U.S.C. § 3604; HUD guidance on screening, 2024).
import { z } from 'zod'
import { MAX_INT32 } from '../limits.ts'
import { ADDRESS_HISTORY_YEARS, PET_KINDS, PET_SIZES } from './vocabulary.ts'

const text = (label: string, max: number) =>
  z
    .string({ error: `Write ${label} as text.` })
    .trim()
    .max(max, `At most ${max} characters.`)
const required = (label: string, max: number) => text(label, max).min(1, `Enter ${label}.`)
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Give the month as YYYY-MM.')
const cents = (label: string) =>
  z
    .number({ error: `Enter ${label} in dollars.` })
    .int()
    .min(0, `${label} cannot be negative.`)
    .max(MAX_INT32, `${label} is too large.`)

export const addressSchema = z.object({
  street: required('the street address', 200),
  city: required('the city', 100),
  state: z.string().regex(/^[A-Z]{2}$/, 'Choose the state.'),
  postalCode: z.string().regex(/^\d{5}$/, 'Enter a 5-digit ZIP code.'),
  /** The month they moved in. */
  from: month,
  /** The month they moved out; empty for the current address. */
  to: month.or(z.literal('')).default(''),
  monthlyRentCents: cents('The rent').nullable().default(null),
  landlordName: text('the landlord’s name', 120).default(''),
  landlordPhone: text('the landlord’s phone', 40).default(''),
  landlordEmail: z.email('Enter the landlord’s e-mail address.').or(z.literal('')).default(''),
})

export const employmentSchema = z.object({
  employer: required('the employer', 120),
  position: text('the position', 120).default(''),
  from: month,
  monthlyIncomeCents: cents('The monthly income'),
  contactName: text('the contact’s name', 120).default(''),
  contactPhone: text('the contact’s phone', 40).default(''),
})

export const otherIncomeSchema = z.object({
  /** e.g. "Housing Choice Voucher", "Pension", "Child support": a voucher counts as income. */
  source: required('the source', 120),
  monthlyCents: cents('The monthly amount'),
})

export const occupantSchema = z.object({
  name: required('the name', 120),
  adult: z.boolean(),
})

export const petSchema = z.object({
  kind: z.enum(PET_KINDS, 'Choose the kind of pet.'),
  size: z.enum(PET_SIZES, 'Choose the size.'),
  description: text('the description', 200).default(''),
})

export const vehicleSchema = z.object({
  description: required('the vehicle', 120),
  plate: text('the plate', 20).default(''),
})

export const renterProfileSchema = z.object({
  legalName: required('your legal name', 120),
  email: z.email('Enter an e-mail address.'),
  phone: required('a phone number', 40),
  addresses: z.array(addressSchema).min(1, 'Give your current address.').max(10),
  employment: z.array(employmentSchema).max(5).default([]),
  otherIncome: z.array(otherIncomeSchema).max(5).default([]),
  occupants: z.array(occupantSchema).max(20).default([]),
  pets: z.array(petSchema).max(10).default([]),
  vehicles: z.array(vehicleSchema).max(5).default([]),
  emergencyContact: z.object({
    name: required('the emergency contact’s name', 120),
    phone: required('the emergency contact’s phone', 40),
    relationship: text('the relationship', 60).default(''),
  }),
  /** Private documents (server/documents/) the applicant attaches to every application they send. */
  documentIds: z.array(z.number().int().positive()).max(20).default([]),
})
export type RenterProfile = z.infer<typeof renterProfileSchema>

/** Monthly income from every source, in cents: employment and other income (vouchers included). */
export function monthlyIncomeCents(profile: Pick<RenterProfile, 'employment' | 'otherIncome'>): number {
  return (
    profile.employment.reduce((sum, job) => sum + job.monthlyIncomeCents, 0) +
    profile.otherIncome.reduce((sum, income) => sum + income.monthlyCents, 0)
  )
}

/**
 * What is still missing before the profile can be sent: the address history must reach back
 * ADDRESS_HISTORY_YEARS years from `today` (YYYY-MM-DD). Empty when complete.
 */
export function missingFromProfile(profile: RenterProfile, today: string): string[] {
  const missing: string[] = []
  const earliest = profile.addresses.map((address) => address.from).sort()[0]
  const [year, monthOfYear] = today.split('-').map(Number)
  const needed = `${String(year! - ADDRESS_HISTORY_YEARS)}-${String(monthOfYear).padStart(2, '0')}`
  if (!earliest || earliest > needed) missing.push(`Addresses reaching back ${ADDRESS_HISTORY_YEARS} years (to ${needed})`)
  if (!profile.addresses.some((address) => address.to === '')) missing.push('Your current address (with no move-out month)')
  if (monthlyIncomeCents(profile) === 0) missing.push('Your income: employment or other income, vouchers included')
  return missing
}
