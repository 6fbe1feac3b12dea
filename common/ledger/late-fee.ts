// The late fee a lease may post for one late rent: the lease's fee, capped by the state's rule where
// common/leasing/lease-rules.ts has one, after the longer of the lease's grace and the state's. Not legal advice.
import type { LeaseTerms } from '../leases/terms.ts'
import { lateFeeLimitCents } from '../leasing/lease-check.ts'
import { LATE_FEE_RULES } from '../leasing/lease-rules.ts'
import { isStateCode } from '../leasing/state-rules.ts'

export type LateFeePlan = { amountCents: number; graceDays: number; citation: string | null }

export function lateFeePlan(state: string, terms: Pick<LeaseTerms, 'rentCents' | 'lateFeeCents' | 'graceDays' | 'unitsInBuilding'>): LateFeePlan {
  if (!isStateCode(state)) return { amountCents: terms.lateFeeCents, graceDays: terms.graceDays, citation: null }
  const rule = LATE_FEE_RULES[state]
  const limit = lateFeeLimitCents(state, { monthlyRentCents: terms.rentCents, unitsInBuilding: terms.unitsInBuilding })
  const capped = limit.limitCents !== null && limit.cap.kind === 'cap' ? Math.min(terms.lateFeeCents, limit.limitCents) : terms.lateFeeCents
  return {
    amountCents: capped,
    // Without knowing whether the landlord keeps a local office, the longer grace applies (Delaware).
    graceDays: Math.max(terms.graceDays, (rule.graceDays ?? 0) + (rule.extraGraceDaysWithoutLocalOffice ?? 0)),
    citation: capped < terms.lateFeeCents ? limit.citation : (rule.citation ?? null),
  }
}
