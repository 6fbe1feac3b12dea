// The lease terms form's values as typed (strings, money in dollars) and their way to and from the terms
// the schema takes (money in integer cents): read from the posted form, filled from saved terms, turned
// into the schema's input, and the server's field errors put back on the form's names. Browser-safe: the
// page's live check of the state's rules reads the same values.
import type { FieldErrors } from '../forms.ts'
import type { LeaseTerms as CheckedTerms } from '../leasing/lease-check.ts'
import { centsOfDollars, dollarsOfCents, NOT_MONEY } from './dollars.ts'
import type { LeaseTerms, LeaseTermsInput } from './terms.ts'
import { FEE_FREQUENCIES, PAYERS, TERM_KINDS, UTILITIES, type Utility } from './vocabulary.ts'

export type YesNoUnknown = '' | 'yes' | 'no'

export type TermsFormValues = {
  tenants: { name: string; email: string }[]
  guarantorName: string
  guarantorEmail: string
  termKind: string
  startDate: string
  endDate: string
  rent: string
  dueDay: string
  graceDays: string
  lateFee: string
  deposit: string
  fees: { label: string; amount: string; frequency: string }[]
  utilities: Record<Utility, string>
  pets: string
  parking: string
  occupants: string
  clauses: string[]
  furnished: YesNoUnknown
  smallLandlord: YesNoUnknown
  unitsInBuilding: string
  leadPaintKnown: string
  leadPaintRecords: string
}

/** The form's buttons besides "Save": rows added and removed without JavaScript. */
export const ROW_INTENTS = ['add-tenant', 'remove-tenant', 'add-fee', 'remove-fee', 'add-clause', 'remove-clause'] as const
export type RowIntent = (typeof ROW_INTENTS)[number]

const yesNo = (value: boolean | undefined): YesNoUnknown => (value === undefined ? '' : value ? 'yes' : 'no')
const booleanOf = (value: YesNoUnknown) => (value === '' ? undefined : value === 'yes')

export function formValuesOfTerms(terms: LeaseTerms): TermsFormValues {
  const utilities = Object.fromEntries(UTILITIES.map((utility) => [utility, ''])) as Record<Utility, string>
  for (const item of terms.utilities) utilities[item.utility] = item.paidBy
  return {
    tenants: terms.tenants.length > 0 ? terms.tenants.map((person) => ({ ...person })) : [{ name: '', email: '' }],
    guarantorName: terms.guarantor?.name ?? '',
    guarantorEmail: terms.guarantor?.email ?? '',
    termKind: terms.termKind,
    startDate: terms.startDate,
    endDate: terms.endDate ?? '',
    rent: dollarsOfCents(terms.rentCents),
    dueDay: String(terms.dueDay),
    graceDays: String(terms.graceDays),
    lateFee: dollarsOfCents(terms.lateFeeCents),
    deposit: dollarsOfCents(terms.depositCents),
    fees: terms.otherFees.map((fee) => ({ label: fee.label, amount: dollarsOfCents(fee.amountCents), frequency: fee.frequency })),
    utilities,
    pets: terms.pets,
    parking: terms.parking,
    occupants: String(terms.occupants),
    clauses: [...terms.clauses],
    furnished: yesNo(terms.furnished),
    smallLandlord: yesNo(terms.smallLandlord),
    unitsInBuilding: terms.unitsInBuilding === undefined ? '' : String(terms.unitsInBuilding),
    leadPaintKnown: terms.leadPaintKnown,
    leadPaintRecords: terms.leadPaintRecords,
  }
}

/** The rows of a repeated field (`tenants.0.name`, `tenants.1.name`, …) in the order of their index. */
function rowsOf<Row>(form: FormData, prefix: string, read: (index: string) => Row): Row[] {
  const indexes = new Set<number>()
  for (const key of form.keys()) {
    const match = new RegExp(`^${prefix}\\.(\\d{1,2})(?:\\.|$)`).exec(key)
    if (match) indexes.add(Number(match[1]))
  }
  return [...indexes].sort((a, b) => a - b).map((index) => read(String(index)))
}

export function readTermsForm(form: FormData): TermsFormValues {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const choice = (name: string, allowed: readonly string[]) => (allowed.includes(text(name)) ? text(name) : '')
  const answer = (name: string): YesNoUnknown => (text(name) === 'yes' ? 'yes' : text(name) === 'no' ? 'no' : '')
  return {
    tenants: rowsOf(form, 'tenants', (i) => ({ name: text(`tenants.${i}.name`), email: text(`tenants.${i}.email`) })),
    guarantorName: text('guarantorName'),
    guarantorEmail: text('guarantorEmail'),
    termKind: choice('termKind', TERM_KINDS),
    startDate: text('startDate'),
    endDate: text('endDate'),
    rent: text('rent'),
    dueDay: text('dueDay'),
    graceDays: text('graceDays'),
    lateFee: text('lateFee'),
    deposit: text('deposit'),
    fees: rowsOf(form, 'fees', (i) => ({
      label: text(`fees.${i}.label`),
      amount: text(`fees.${i}.amount`),
      frequency: choice(`fees.${i}.frequency`, FEE_FREQUENCIES),
    })),
    utilities: Object.fromEntries(UTILITIES.map((utility) => [utility, choice(`utility.${utility}`, PAYERS)])) as Record<Utility, string>,
    pets: text('pets'),
    parking: text('parking'),
    occupants: text('occupants'),
    clauses: rowsOf(form, 'clauses', (i) => text(`clauses.${i}`)),
    furnished: answer('furnished'),
    smallLandlord: answer('smallLandlord'),
    unitsInBuilding: text('unitsInBuilding'),
    leadPaintKnown: text('leadPaintKnown'),
    leadPaintRecords: text('leadPaintRecords'),
  }
}

/** The values without the rows left blank (an added tenant, fee or clause never filled in), before saving. */
export function withoutBlankRows(values: TermsFormValues): TermsFormValues {
  return {
    ...values,
    tenants: values.tenants.filter((person) => person.name.trim() || person.email.trim()),
    fees: values.fees.filter((fee) => fee.label.trim() || fee.amount.trim()),
    clauses: values.clauses.filter((clause) => clause.trim()),
  }
}

/** A whole number as typed, or the text itself for the schema to refuse with its own words. */
const wholeOrText = (typed: string): number | string => (/^\s*\d{1,6}\s*$/.test(typed) ? Number(typed) : typed.trim())

/**
 * The schema's input from the form's values, money in cents. A money field that is not an amount is
 * refused here, by its own name, before the schema sees anything.
 */
export function termsInputOf(values: TermsFormValues): { ok: true; input: LeaseTermsInput } | { ok: false; fieldErrors: FieldErrors } {
  const fieldErrors: FieldErrors = {}
  const money = (name: string, typed: string, blankIsZero = false) => {
    if (blankIsZero && typed.trim() === '') return 0
    const cents = centsOfDollars(typed)
    if (cents === null) fieldErrors[name] = [NOT_MONEY]
    return cents ?? 0
  }
  const hasGuarantor = values.guarantorName.trim() !== '' || values.guarantorEmail.trim() !== ''
  const input = {
    tenants: values.tenants,
    guarantor: hasGuarantor ? { name: values.guarantorName, email: values.guarantorEmail } : null,
    termKind: values.termKind,
    startDate: values.startDate.trim(),
    endDate: values.termKind === 'month_to_month' || values.endDate.trim() === '' ? null : values.endDate.trim(),
    rentCents: money('rent', values.rent),
    dueDay: wholeOrText(values.dueDay),
    graceDays: wholeOrText(values.graceDays),
    lateFeeCents: money('lateFee', values.lateFee, true),
    depositCents: money('deposit', values.deposit, true),
    otherFees: values.fees.map((fee, i) => ({
      label: fee.label,
      amountCents: money(`fees.${i}.amount`, fee.amount),
      frequency: fee.frequency,
    })),
    utilities: UTILITIES.filter((utility) => values.utilities[utility]).map((utility) => ({ utility, paidBy: values.utilities[utility] })),
    pets: values.pets,
    parking: values.parking,
    occupants: wholeOrText(values.occupants),
    leadPaintKnown: values.leadPaintKnown,
    leadPaintRecords: values.leadPaintRecords,
    clauses: values.clauses,
    furnished: booleanOf(values.furnished),
    smallLandlord: booleanOf(values.smallLandlord),
    unitsInBuilding: values.unitsInBuilding.trim() === '' ? undefined : wholeOrText(values.unitsInBuilding),
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors }
  return { ok: true, input: input as LeaseTermsInput }
}

const FIELD_OF_PATH: Record<string, string> = {
  rentCents: 'rent',
  lateFeeCents: 'lateFee',
  depositCents: 'deposit',
  'guarantor.name': 'guarantorName',
  'guarantor.email': 'guarantorEmail',
  guarantor: 'guarantorName',
  otherFees: 'fees',
  terms: 'deposit',
}

/** The server's field errors (keyed by the schema's paths) under the form's field names. */
export function formFieldErrors(errors: FieldErrors): FieldErrors {
  const named: FieldErrors = {}
  for (const [path, messages] of Object.entries(errors)) {
    const name =
      FIELD_OF_PATH[path] ??
      path
        .replace(/^otherFees\.(\d+)\.amountCents$/, 'fees.$1.amount')
        .replace(/^otherFees\./, 'fees.')
        .replace(/^utilities(\..*)?$/, 'utilities')
    ;(named[name] ??= []).push(...messages)
  }
  return named
}

/** The facts the state's rules check, from the form as it stands; null while the money is not readable yet. */
export function checkedFactsOf(values: TermsFormValues, yearBuilt: number | null): CheckedTerms | null {
  const rent = centsOfDollars(values.rent)
  const deposit = values.deposit.trim() === '' ? 0 : centsOfDollars(values.deposit)
  const lateFee = values.lateFee.trim() === '' ? 0 : centsOfDollars(values.lateFee)
  const grace = /^\s*\d{1,3}\s*$/.test(values.graceDays) ? Number(values.graceDays) : null
  if (rent === null || deposit === null || lateFee === null || grace === null) return null
  const units = /^\s*\d{1,5}\s*$/.test(values.unitsInBuilding) ? Number(values.unitsInBuilding) : undefined
  const furnished = booleanOf(values.furnished)
  const smallLandlord = booleanOf(values.smallLandlord)
  return {
    monthlyRentCents: rent,
    depositCents: deposit,
    lateFeeCents: lateFee,
    lateFeeGraceDays: grace,
    yearBuilt,
    ...(furnished === undefined ? {} : { furnished }),
    ...(smallLandlord === undefined ? {} : { smallLandlord }),
    ...(units === undefined ? {} : { unitsInBuilding: units }),
  }
}

/** The form's values after an "Add …" or "Remove …" button: a row more or less, nothing else changed. */
export function withRowChange(
  values: TermsFormValues,
  intent: RowIntent,
  index: number,
  limits: { tenants: number; fees: number; clauses: number },
) {
  const drop = <T>(rows: T[]) => rows.filter((_, i) => i !== index)
  switch (intent) {
    case 'add-tenant':
      return values.tenants.length >= limits.tenants ? values : { ...values, tenants: [...values.tenants, { name: '', email: '' }] }
    case 'remove-tenant':
      return { ...values, tenants: drop(values.tenants) }
    case 'add-fee':
      return values.fees.length >= limits.fees
        ? values
        : { ...values, fees: [...values.fees, { label: '', amount: '', frequency: 'once' }] }
    case 'remove-fee':
      return { ...values, fees: drop(values.fees) }
    case 'add-clause':
      return values.clauses.length >= limits.clauses ? values : { ...values, clauses: [...values.clauses, ''] }
    case 'remove-clause':
      return { ...values, clauses: drop(values.clauses) }
  }
}
