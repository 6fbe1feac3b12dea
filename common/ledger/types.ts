// What the ledger pages and the JSON API answer. Browser-safe.
import type { ChargeStatus } from './schedule.ts'
import type { ChargeKind, PaymentMethod, PaymentState } from './vocabulary.ts'

export type LedgerView = {
  leaseId: number
  address: string
  viewerSide: 'landlord' | 'tenant'
  today: string
  currency: 'USD'
  /** The books' balance: every charge posted, less every credit (negative: paid ahead). */
  balanceCents: number
  /** What is owed on charges due by today; charges posted ahead of their day are not owed yet. */
  owedNowCents: number
  /** Credits not yet applied to a posted charge. */
  unappliedCents: number
  rentCents: number
  dueDay: number
  graceDays: number
  lateFeeCents: number
  lateFeeCitation: string | null
  charges: {
    id: number
    kind: ChargeKind
    memo: string
    dueOn: string
    amountCents: number
    /** Forgiven by the landlord: each waiver with its amount, day and reason. */
    waivedCents: number
    waivers: { amountCents: number; on: string; reason: string }[]
    paidCents: number
    owedCents: number
    status: ChargeStatus
  }[]
  payments: {
    id: number
    state: PaymentState
    method: PaymentMethod
    paidOn: string
    amountCents: number
    reference: string
    reportedBy: string
    reason: string
    receiptPath: string | null
  }[]
  statementYears: number[]
  /** What the viewer may do: report a payment (tenant); record, answer, waive a charge and add one (landlord). */
  actions: ('record' | 'report' | 'answer' | 'waive' | 'charge')[]
}

export type RentRollRow = {
  leaseId: number
  address: string
  tenants: string
  /** Charged with a due day in the month. */
  dueCents: number
  /** Payments (net of reversals) dated in the month. */
  paidCents: number
  /** Owed at the end of the month (or today, if sooner) on charges past their grace. */
  lateCents: number
  balanceCents: number
  pendingCount: number
}

export type RentRoll = { month: string; rows: RentRollRow[]; totals: Omit<RentRollRow, 'leaseId' | 'address' | 'tenants'> }
