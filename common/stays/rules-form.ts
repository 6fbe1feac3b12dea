// The host's rules form of a short-term listing: its fields as the form shows them (money in dollars,
// numbers as typed) and the same values as the rules the API takes. Money the form cannot read as
// dollars is refused here, in dollars' words; everything else is judged by stayRulesSchema itself.
import { centsOfDollars, dollarsOfCents, NOT_MONEY } from '#common/leases/dollars.ts'
import type { FieldErrors } from '#common/forms.ts'
import type { StayRules } from './rules.ts'

export const STAY_RULES_FIELDS = [
  'instantBook',
  'maxNights',
  'maxGuests',
  'advanceNoticeDays',
  'preparationDays',
  'bookingWindowDays',
  'checkInTime',
  'checkOutTime',
  'weekendNightlyCents',
  'weeklyDiscountPercent',
  'cleaningFeeCents',
  'cancellationPolicy',
  'checkInDetails',
] as const
export type StayRulesField = (typeof STAY_RULES_FIELDS)[number]
export type StayRulesValues = Record<StayRulesField, string>

const MONEY_FIELDS = ['cleaningFeeCents', 'weekendNightlyCents'] as const satisfies readonly StayRulesField[]
const WHOLE_FIELDS = [
  'maxNights',
  'maxGuests',
  'advanceNoticeDays',
  'preparationDays',
  'bookingWindowDays',
  'weeklyDiscountPercent',
] as const satisfies readonly StayRulesField[]

export function stayRulesValuesOf(rules: StayRules): StayRulesValues {
  return {
    instantBook: rules.instantBook ? 'true' : 'false',
    maxNights: String(rules.maxNights),
    maxGuests: String(rules.maxGuests),
    advanceNoticeDays: String(rules.advanceNoticeDays),
    preparationDays: String(rules.preparationDays),
    bookingWindowDays: String(rules.bookingWindowDays),
    checkInTime: rules.checkInTime,
    checkOutTime: rules.checkOutTime,
    weekendNightlyCents: rules.weekendNightlyCents === null ? '' : dollarsOfCents(rules.weekendNightlyCents),
    weeklyDiscountPercent: String(rules.weeklyDiscountPercent),
    cleaningFeeCents: dollarsOfCents(rules.cleaningFeeCents),
    cancellationPolicy: rules.cancellationPolicy,
    checkInDetails: rules.checkInDetails,
  }
}

/**
 * The form's values as the rules' input: whole numbers as numbers (anything else is left for the
 * schema to refuse), dollars as cents, an empty weekend price as none. Money that is not an amount
 * comes back as a field error of its own.
 */
export function stayRulesInputOf(values: StayRulesValues): { input: Record<string, unknown>; moneyErrors: FieldErrors } {
  const input: Record<string, unknown> = {
    instantBook: values.instantBook === 'true' ? true : values.instantBook === 'false' ? false : values.instantBook,
    checkInTime: values.checkInTime.trim(),
    checkOutTime: values.checkOutTime.trim(),
    cancellationPolicy: values.cancellationPolicy,
    checkInDetails: values.checkInDetails,
  }
  for (const field of WHOLE_FIELDS) {
    const typed = values[field].trim()
    input[field] = /^\d{1,6}$/.test(typed) ? Number(typed) : typed
  }
  const moneyErrors: FieldErrors = {}
  for (const field of MONEY_FIELDS) {
    const typed = values[field].trim()
    if (typed === '') {
      // No weekend price: the nightly price on weekends too; no cleaning fee: none.
      input[field] = field === 'weekendNightlyCents' ? null : 0
      continue
    }
    const cents = centsOfDollars(typed)
    if (cents === null) moneyErrors[field] = [NOT_MONEY]
    input[field] = cents ?? 0
  }
  return { input, moneyErrors }
}
