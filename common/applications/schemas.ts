// What a landlord publishes as a listing's criteria, what a renter sends to apply, and what either side
// sends to move an application: one schema each for the page's form and the JSON API.
import { z } from 'zod'
import { MAX_INT32 } from '../limits.ts'
import {
  APPROVAL_CONDITIONS,
  DECLINE_REASONS,
  MAX_APPLICATION_NOTE,
  MAX_CRITERIA_TEXT,
  MAX_DECISION_TEXT,
  PET_POLICIES,
} from './vocabulary.ts'

const MAX_INFO_NOTE = 1000
const MAX_WITHDRAW_REASON = 500

const text = (label: string, max: number) =>
  z
    .string({ error: `Write ${label} as text.` })
    .trim()
    .max(max, `At most ${max} characters.`)

/** A form's empty field is "not set"; a JSON client may also send null. */
const emptyToNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : value)

/** The digits of a whole number as a form sends them become the number; anything else stays as sent and is refused. */
const digits = (value: unknown) => (typeof value === 'string' && /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : value)

/** A form checkbox sends "on" when ticked and nothing when not; a JSON client sends a boolean. */
const checkbox = (value: unknown) => {
  if (value === undefined || value === '' || value === 'off' || value === 'false') return false
  if (value === 'on' || value === 'true') return true
  return value
}

/** A calendar date as YYYY-MM-DD that exists (no 2025-02-30). */
const isRealDate = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`)
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value
}
const date = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isRealDate, message)

/** An optional list a form may send as one value: `reasons=income` or `reasons=income&reasons=other`. */
const choices = <T extends readonly [string, ...string[]]>(values: T, chooseOne: string, unknown: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? [value] : value === undefined ? [] : value),
    z
      .array(z.enum(values, unknown), { error: chooseOne })
      .min(1, chooseOne)
      .transform((list) => [...new Set(list)]),
  )

const INCOME_MULTIPLE = 'Give the income multiple as a number from 1 to 10, e.g. 3 or 2.5.'
const MAX_OCCUPANTS = 'Give the most people who may live here: a whole number from 1 to 30.'
const MOVE_IN_FROM = 'Give the earliest move-in date as YYYY-MM-DD.'
const MOVE_IN_TO = 'Give the latest move-in date as YYYY-MM-DD.'

export const criteriaInputSchema = z
  .object({
    /** × the monthly rent the household's monthly income should reach; null: no income criterion. */
    incomeMultiple: z.preprocess(
      (value) => {
        const empty = emptyToNull(value)
        return typeof empty === 'string' && /^\s*\d{1,2}(\.\d+)?\s*$/.test(empty) ? Number(empty) : empty
      },
      z
        .number({ error: INCOME_MULTIPLE })
        .min(1, INCOME_MULTIPLE)
        .max(10, INCOME_MULTIPLE)
        .refine(
          (multiple) => Math.abs(multiple * 10 - Math.round(multiple * 10)) < 1e-9,
          'Give the income multiple with at most one decimal, e.g. 2.5.',
        )
        .nullable(),
    ),
    petPolicy: z.enum(PET_POLICIES, 'Choose which pets are welcome.'),
    maxOccupants: z.preprocess(
      (value) => digits(emptyToNull(value)),
      z.number({ error: MAX_OCCUPANTS }).int(MAX_OCCUPANTS).min(1, MAX_OCCUPANTS).max(30, MAX_OCCUPANTS).nullable(),
    ),
    moveInFrom: z.preprocess(emptyToNull, date(MOVE_IN_FROM).nullable()),
    moveInTo: z.preprocess(emptyToNull, date(MOVE_IN_TO).nullable()),
    otherRequirements: text('the other requirements', MAX_CRITERIA_TEXT).default(''),
    /** Whether the listing takes applications now (a form's checkbox: unticked sends nothing, which is false). */
    accepting: z.preprocess(checkbox, z.boolean({ error: 'Say whether you take applications: tick the box or leave it empty.' })),
  })
  .refine((criteria) => !criteria.moveInFrom || !criteria.moveInTo || criteria.moveInFrom <= criteria.moveInTo, {
    message: 'The latest move-in date cannot come before the earliest.',
    path: ['moveInTo'],
  })
export type CriteriaInput = z.infer<typeof criteriaInputSchema>

const LEASE_MONTHS = 'Give the lease length in months: a whole number from 1 to 60.'

export const applySchema = z.object({
  moveInDate: date('Give the move-in date you want as YYYY-MM-DD.'),
  leaseMonths: z.preprocess(digits, z.number({ error: LEASE_MONTHS }).int(LEASE_MONTHS).min(1, LEASE_MONTHS).max(60, LEASE_MONTHS)),
  note: text('the note', MAX_APPLICATION_NOTE).default(''),
})

export const infoRequestSchema = z.object({
  text: text('what you need', MAX_DECISION_TEXT).min(1, 'Say what you need from the applicant.'),
})

export const infoProvidedSchema = z.object({
  note: text('the note', MAX_INFO_NOTE).min(1, 'Say what you have added or changed.'),
})

export const declineSchema = z
  .object({
    reasons: choices(DECLINE_REASONS, 'Choose at least one reason.', 'Choose reasons from the list.'),
    text: text('the explanation', MAX_DECISION_TEXT).default(''),
  })
  .refine((decline) => !decline.reasons.includes('other') || decline.text !== '', {
    message: 'Explain the other reason.',
    path: ['text'],
  })

const DEPOSIT = 'Give the deposit in cents as a whole number.'

export const conditionalApprovalSchema = z
  .object({
    conditions: choices(APPROVAL_CONDITIONS, 'Choose at least one condition.', 'Choose conditions from the list.'),
    text: text('the conditions', MAX_DECISION_TEXT).default(''),
    depositCents: z.preprocess(
      (value) => digits(emptyToNull(value)),
      z
        .number({ error: DEPOSIT })
        .int(DEPOSIT)
        .min(1, 'The deposit must be more than zero.')
        .max(MAX_INT32, 'The deposit is too large.')
        .nullable(),
    ),
  })
  .refine((approval) => !approval.conditions.includes('higher_deposit') || approval.depositCents !== null, {
    message: 'Give the deposit you ask for.',
    path: ['depositCents'],
  })
  .refine((approval) => !approval.conditions.includes('other') || approval.text !== '', {
    message: 'Explain the other condition.',
    path: ['text'],
  })

export const approveSchema = z.object({
  /** The home is let: the listing's other open applications are declined and it stops taking new ones. */
  homeTaken: z.preprocess(
    (value) => (value === undefined ? true : checkbox(value)),
    z.boolean({ error: 'Say whether the home is now taken.' }),
  ),
})

export const withdrawSchema = z.object({
  reason: text('the reason', MAX_WITHDRAW_REASON).default(''),
})

/** The renter invites an adult who will live there to join their application with their own account. */
export const coApplicantInviteSchema = z.object({
  email: z
    .string({ error: 'Enter their e-mail address.' })
    .trim()
    .toLowerCase()
    .min(1, 'Enter their e-mail address.')
    .max(254, 'That e-mail address is too long.')
    .pipe(z.email('Enter an e-mail address like name@example.com.')),
})
