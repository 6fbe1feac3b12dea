// What the deposit pages and the JSON API show of a lease's deposit return. Browser-safe.
import type { Condition, InspectionKind } from '#common/inspections/vocabulary.ts'
import type { PaymentMethod } from '#common/ledger/vocabulary.ts'
import type { DeductionCategory, DepositReturnState } from './vocabulary.ts'

export type EvidencePhoto = { id: string; url: string | null }

/** An inspection item as evidence: its state, and for a move-out item the same item at move-in. */
export interface EvidenceItem {
  itemId: number
  kind: InspectionKind
  room: string
  item: string
  condition: Condition | null
  notes: string
  photos: EvidencePhoto[]
  moveIn: { condition: Condition | null; notes: string; photos: EvidencePhoto[] } | null
}

export interface DeductionView {
  id: number
  category: DeductionCategory
  amountCents: number
  reason: string
  evidence: EvidenceItem[]
}

export interface DepositView {
  leaseId: number
  address: string
  viewerRole: 'landlord' | 'tenant'
  /** The deposit the lease charged, what of it was paid (what is held), and whether it was paid in full. */
  chargedCents: number
  heldCents: number
  paidInFull: boolean
  /** What the tenant owes besides the deposit: the most an 'unpaid rent' deduction may take. */
  owedCents: number
  /** For a fixed term, the lease's end date, offered as the move-out day. */
  leaseEndDate: string | null
  state: 'not_ended' | DepositReturnState
  endedOn: string | null
  deadline: { state: string; days: number; isBusinessDays: boolean; citation: string; note: string | null } | null
  dueOn: string | null
  /** Past the deadline with the statement not sent; or, once sent, sent after it. */
  late: boolean
  deductions: DeductionView[]
  deductedCents: number
  refundCents: number
  sent: {
    at: string
    /** The day it was sent where the home is (the day the deadline is counted in). */
    on: string
    refundMethod: PaymentMethod | null
    refundPaidOn: string | null
    refundReference: string
    sha256: string
    pdfPath: string
  } | null
  /** Inspection items the landlord may cite (drafting only). */
  evidenceChoices: EvidenceItem[]
}
