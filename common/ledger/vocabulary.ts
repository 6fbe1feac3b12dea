// The words of the rent ledger: the kinds of transaction, the accounts entries post to, a payment's
// states and methods. Browser-safe; the database checks its columns against the same lists.

/** Charges raise what the tenant owes; a payment lowers it; a reversal undoes one earlier transaction. */
export const CHARGE_KINDS = ['rent', 'fee', 'deposit', 'late_fee'] as const
export type ChargeKind = (typeof CHARGE_KINDS)[number]
/** The charges a landlord may waive, in part or whole (never the deposit: it is held, not owed as income). */
export const WAIVABLE_KINDS = ['rent', 'fee', 'late_fee'] as const
/**
 * The deposit's move-out kinds (a deduction kept, a refund paid back) are reserved for the deposit return.
 * A waiver forgives part or all of one charge (`waives_id`), dated with that charge's due day.
 */
export const LEDGER_KINDS = [...CHARGE_KINDS, 'payment', 'reversal', 'deposit_deduction', 'deposit_refund', 'waiver'] as const
export type LedgerKind = (typeof LEDGER_KINDS)[number]

/**
 * The fixed chart of accounts. Amounts are signed cents, debit positive: tenant_receivable is what the
 * tenant owes (positive: owed); cash_received the money the landlord says they received; the income
 * accounts and deposit_held (what the landlord holds for the tenant) carry credits, so negative.
 * deduction_income and cash_refunded are for the deposit's return at move-out.
 */
export const LEDGER_ACCOUNTS = [
  'tenant_receivable',
  'rent_income',
  'fee_income',
  'late_fee_income',
  'deposit_held',
  'cash_received',
  'deduction_income',
  'cash_refunded',
] as const
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number]

export const PAYMENT_STATES = ['pending', 'confirmed', 'rejected', 'reversed'] as const
export type PaymentState = (typeof PAYMENT_STATES)[number]
export const PAYMENT_ACTIONS = ['recorded', 'reported', 'confirmed', 'rejected', 'reversed'] as const
export type PaymentAction = (typeof PAYMENT_ACTIONS)[number]
export const PAYMENT_METHODS = ['bank_transfer', 'check', 'cash', 'money_order', 'card', 'other'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  check: 'Check',
  cash: 'Cash',
  money_order: 'Money order',
  card: 'Card',
  other: 'Other',
}

/** How far ahead of its due day a charge is posted, and a reminder of it sent. */
export const CHARGE_LEAD_DAYS = 5
export const REMINDER_DAYS_BEFORE = 3

/** Reminders, and the tenants told once of a charge the landlord added or waived (`adjustment:<transaction>`). */
export const NOTICE_KINDS = ['due_soon', 'late', 'adjustment'] as const

/** Said on every ledger page and in every receipt. */
export const RECORDS_ONLY =
  'Cooper Home records rent payments; it does not take, hold or move money. Pay your landlord the way your lease says.'
