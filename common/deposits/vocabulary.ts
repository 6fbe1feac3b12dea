// The words of a deposit's return at move-out: what a deduction is for, and what the pages say. Browser-safe;
// the database checks its columns against the same lists.

export const DEDUCTION_CATEGORIES = ['unpaid_rent', 'cleaning', 'damage', 'keys', 'other'] as const
export type DeductionCategory = (typeof DEDUCTION_CATEGORIES)[number]
export const DEDUCTION_CATEGORY_LABELS: Record<DeductionCategory, string> = {
  unpaid_rent: 'Unpaid rent',
  cleaning: 'Cleaning beyond normal wear',
  damage: 'Damage beyond normal wear and tear',
  keys: 'Unreturned keys',
  other: 'Other',
}

export const DEPOSIT_RETURN_STATES = ['drafting', 'sent'] as const
export type DepositReturnState = (typeof DEPOSIT_RETURN_STATES)[number]

/** Reminders to the landlord: this many days before the deadline, once each. */
export const DEPOSIT_REMINDER_DAYS = [7, 1] as const

export const NOT_LEGAL_ADVICE = 'This is not legal advice.'

/** Said on every deposit page and in every statement. */
export const DEPOSIT_RECORDS_ONLY =
  'Cooper Home records the deposit and its return; it does not take, hold or move money. The landlord pays the refund the way they say here.'

/** The return's deadline in words: a plain day, not an instant, in no time zone. */
export function dueOnInWords(dueOn: string): string {
  const day = new Date(`${dueOn}T12:00:00Z`)
  const words = new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(day)
  return `${words}: the whole of that day where the home is`
}
