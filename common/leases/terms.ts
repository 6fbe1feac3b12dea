// What a lease says, as the landlord's form and the JSON API send it: the parties, the term, the money
// in integer cents, and the rest of the deal. One schema for both; the form sends dollars and its page
// turns them into cents before parsing. Browser-safe.
import { z } from 'zod'
import { plainText } from '../plain-text.ts'
import {
  FEE_FREQUENCIES,
  MAX_LEASE_CLAUSE,
  MAX_LEASE_CLAUSES,
  MAX_LEASE_REASON,
  MAX_LEASE_TENANTS,
  MAX_OTHER_FEES,
  MAX_SIGNATURE_DRAWING,
  PAYERS,
  TERM_KINDS,
  UTILITIES,
} from './vocabulary.ts'

const MAX_CENTS = 100_000_000 // $1,000,000: far above any rent, far below integer overflow.

const cents = (label: string) =>
  z
    .number({ error: `${label} must be a number of cents.` })
    .int({ error: `${label} must be a whole number of cents.` })
    .min(0, { error: `${label} cannot be negative.` })
    .max(MAX_CENTS, { error: `${label} is too large.` })

const text = (label: string, max: number) =>
  plainText(label)
    .trim()
    .max(max, { error: `${label} can have at most ${max} characters.` })

const isRealDate = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`)
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value
}

const date = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD).` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD).`)
    .refine(isRealDate, `${label} must be a date that exists.`)
    .refine((value) => value >= '2000-01-01' && value <= '2200-12-31', `${label} must be between 2000 and 2200.`)

const wholeNumber = (label: string, min: number, max: number) => {
  const message = `${label} must be a whole number from ${min} to ${max}.`
  return z.number({ error: message }).int(message).min(min, message).max(max, message)
}

export const personSchema = z.object(
  {
    name: text('Name', 120).min(2, 'Enter the full name.'),
    email: z
      .string({ error: 'Enter an e-mail address.' })
      .trim()
      .toLowerCase()
      .max(254, 'The e-mail address is too long.')
      .pipe(z.email('Enter a valid e-mail address.')),
  },
  { error: 'Give each person as a name and an e-mail address.' },
)

export const leaseTermsSchema = z
  .object({
    tenants: z
      .array(personSchema, { error: 'Name the tenants.' })
      .min(1, 'Name at least one tenant.')
      .max(MAX_LEASE_TENANTS, `At most ${MAX_LEASE_TENANTS} tenants sign one lease.`),
    guarantor: personSchema.nullable().default(null),
    termKind: z.enum(TERM_KINDS, 'Choose fixed dates or month to month.'),
    startDate: date('The start date'),
    /** The last day of a fixed term; null for month to month. */
    endDate: date('The end date').nullable().default(null),
    rentCents: cents('The monthly rent').min(1, 'The monthly rent must be more than zero.'),
    /** The day of the month rent is due. */
    dueDay: wholeNumber('The due day', 1, 28),
    /** Whole days after the due day before the late fee applies. */
    graceDays: wholeNumber('The grace period', 0, 30),
    /** 0: no late fee. */
    lateFeeCents: cents('The late fee'),
    depositCents: cents('The security deposit'),
    otherFees: z
      .array(
        z.object(
          {
            label: text('The fee name', 60).min(1, 'Name the fee.'),
            amountCents: cents('The fee').min(1, 'A fee must be more than zero.'),
            frequency: z.enum(FEE_FREQUENCIES, 'Say whether the fee is paid once or monthly.'),
          },
          { error: 'Give each fee as a name, an amount and how often it is paid.' },
        ),
        { error: 'List the other fees.' },
      )
      .max(MAX_OTHER_FEES, `At most ${MAX_OTHER_FEES} other fees.`)
      .default([]),
    utilities: z
      .array(
        z.object(
          { utility: z.enum(UTILITIES, 'Choose utilities from the list.'), paidBy: z.enum(PAYERS, 'Say who pays.') },
          { error: 'Give each utility with who pays it.' },
        ),
        { error: 'List the utilities.' },
      )
      .max(UTILITIES.length)
      .default([])
      .refine((list) => new Set(list.map((item) => item.utility)).size === list.length, 'Name each utility once.'),
    pets: text('Pets', 500).default(''),
    parking: text('Parking', 500).default(''),
    occupants: wholeNumber('The number of occupants', 1, 30),
    /** For a home built before 1978: lead-based paint or hazards the landlord knows of, and the records given ('' = none). */
    leadPaintKnown: text('What you know of lead-based paint', 1000).default(''),
    leadPaintRecords: text('The lead-based paint records', 1000).default(''),
    clauses: z
      .array(text('A clause', MAX_LEASE_CLAUSE).min(1, 'A clause cannot be empty.'), { error: 'List the clauses as text.' })
      .max(MAX_LEASE_CLAUSES, `At most ${MAX_LEASE_CLAUSES} clauses.`)
      .default([]),
    /** What the landlord knows about the home, for the state's rules (left out: unknown). */
    furnished: z.boolean({ error: 'Say whether the home is furnished: true or false.' }).optional(),
    smallLandlord: z.boolean({ error: 'Say whether you are a small landlord: true or false.' }).optional(),
    unitsInBuilding: wholeNumber('The number of units in the building', 1, 10_000).optional(),
  })
  .superRefine((terms, ctx) => {
    if (terms.termKind === 'fixed' && terms.endDate === null) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'A fixed term needs an end date.' })
    }
    if (terms.termKind === 'month_to_month' && terms.endDate !== null) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'A month-to-month lease has no end date.' })
    }
    if (terms.endDate !== null && terms.endDate <= terms.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The end date must come after the start date.' })
    }
    if (terms.occupants < terms.tenants.length) {
      ctx.addIssue({ code: 'custom', path: ['occupants'], message: 'Every tenant lives in the home: count them among the occupants.' })
    }
    const emails = [...terms.tenants, ...(terms.guarantor ? [terms.guarantor] : [])].map((person) => person.email)
    if (new Set(emails).size !== emails.length) {
      ctx.addIssue({ code: 'custom', path: ['tenants'], message: 'Each signer needs their own e-mail address.' })
    }
  })
export type LeaseTerms = z.output<typeof leaseTermsSchema>
export type LeaseTermsInput = z.input<typeof leaseTermsSchema>

/** A new lease: from an approved application, or from scratch for a listing of the landlord's. */
export const newLeaseSchema = z.union(
  [
    z.object({ applicationId: z.number({ error: 'Give the application as a number.' }).int().positive() }),
    z.object({ listingId: z.number({ error: 'Give the listing as a number.' }).int().positive() }),
  ],
  { error: 'Name the approved application (applicationId) or the listing (listingId) by its number.' },
)

const reason = (what: string) => text('The reason', MAX_LEASE_REASON).min(1, `Say why you ${what}.`)
export const declineLeaseSchema = z.object({ reason: reason('decline') })
export const voidLeaseSchema = z.object({ reason: reason('void the lease') })

/** A signature: the name typed, the drawing if any (an SVG path), the box ticked, and the hash of the document seen. */
export const signLeaseSchema = z.object({
  typedName: text('Your typed name', 120).min(2, 'Type your full name as your signature.'),
  drawing: z
    .string({ error: 'The drawing could not be read: draw it again or leave it out.' })
    .max(MAX_SIGNATURE_DRAWING, 'The drawing is too large: draw it again more simply.')
    .regex(
      /^(?:[ML]\s?-?\d{1,4}(?:\.\d{1,2})?[ ,]-?\d{1,4}(?:\.\d{1,2})?\s*)*$/,
      'The drawing could not be read: draw it again or leave it out.',
    )
    .default(''),
  confirm: z.literal(true, 'Tick the box to confirm you sign this lease.'),
  documentSha256: z.string({ error: 'The document you read is not named.' }).regex(/^[0-9a-f]{64}$/, 'The document you read is not named.'),
})

export const consentSchema = z.object({
  agree: z.literal(true, 'Tick the box to agree to sign electronically.'),
})

/** `/leases/verify`: the SHA-256 the browser computed of the file held. Nothing else is sent. */
export const verifySchema = z.object({
  sha256: z.string({ error: 'Choose a PDF file to check.' }).regex(/^[0-9a-f]{64}$/, 'Choose a PDF file to check.'),
})
