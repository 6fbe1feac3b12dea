// What a signed lease charges and when, from its frozen terms; and how payments are applied to charges
// (oldest first), computed on read from the entries. Pure and browser-safe: the job posts what
// `chargesDue` lists, and the pages and the rent roll read `allocate`'s answer.
import type { LeaseTerms } from '../leases/terms.ts'
import type { ChargeKind } from './vocabulary.ts'

/** A charge the lease makes, with the key that makes posting it happen once. */
export type PlannedCharge = { key: string; kind: ChargeKind; memo: string; dueOn: string; amountCents: number }

export const PRORATION_RULE =
  'A first or last month that is not whole is charged by days: the monthly amount times the days of the lease in that month, divided by the days of the month, rounded to the cent. A partial first month is due on the start date; every other month on the due day.'

const pad = (n: number) => String(n).padStart(2, '0')
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()
const monthOf = (day: string) => day.slice(0, 7)

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

/** The monthly amount for the days of the lease within a month ('YYYY-MM'); 0 if none. */
export function proratedCents(monthlyCents: number, month: string, startDate: string, endDate: string | null): number {
  const [year, m] = month.split('-').map(Number) as [number, number]
  const last = daysIn(year, m)
  const first = `${month}-01`
  const end = `${month}-${pad(last)}`
  const from = startDate > first ? startDate : first
  const to = endDate !== null && endDate < end ? endDate : end
  if (from > to) return 0
  const days = Number(to.slice(8)) - Number(from.slice(8)) + 1
  return days === last ? monthlyCents : Math.round((monthlyCents * days) / last)
}

function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number]
  return m === 12 ? `${year + 1}-01` : `${year}-${pad(m + 1)}`
}

type ScheduleTerms = Pick<LeaseTerms, 'startDate' | 'endDate' | 'rentCents' | 'dueDay' | 'depositCents' | 'otherFees'>

/**
 * Every charge of a lease due on or before `until`: the deposit and one-time fees on the start date,
 * then each month's rent and monthly fees (prorated by PRORATION_RULE). A month-to-month lease goes on.
 */
export function chargesDue(leaseId: number, terms: ScheduleTerms, until: string): PlannedCharge[] {
  const charges: PlannedCharge[] = []
  const start = terms.startDate
  if (start > until) return charges
  if (terms.depositCents > 0) {
    charges.push({ key: `deposit:${leaseId}`, kind: 'deposit', memo: 'Security deposit', dueOn: start, amountCents: terms.depositCents })
  }
  terms.otherFees.forEach((fee, index) => {
    if (fee.frequency === 'once')
      charges.push({ key: `fee:${leaseId}:${index}`, kind: 'fee', memo: fee.label, dueOn: start, amountCents: fee.amountCents })
  })
  const lastMonth = terms.endDate === null ? monthOf(until) : monthOf(terms.endDate < until ? terms.endDate : until)
  for (let month = monthOf(start); month <= lastMonth; month = nextMonth(month)) {
    const partialStart = monthOf(start) === month && start.slice(8) !== '01'
    const dueOn = partialStart ? start : `${month}-${pad(terms.dueDay)}`
    if (dueOn > until) break
    const rent = proratedCents(terms.rentCents, month, start, terms.endDate)
    if (rent > 0) charges.push({ key: `rent:${leaseId}:${month}`, kind: 'rent', memo: `Rent for ${month}`, dueOn, amountCents: rent })
    terms.otherFees.forEach((fee, index) => {
      if (fee.frequency !== 'monthly') return
      const amount = proratedCents(fee.amountCents, month, start, terms.endDate)
      if (amount > 0)
        charges.push({
          key: `fee:${leaseId}:${index}:${month}`,
          kind: 'fee',
          memo: `${fee.label} for ${month}`,
          dueOn,
          amountCents: amount,
        })
    })
  }
  return charges
}

/**
 * A charge as the books hold it: what it added to the tenant's receivable, net of any reversal, and what
 * the landlord waived of it (forgiven, not paid: it is taken off this charge before any payment is applied).
 */
export type BookCharge = {
  id: number
  kind: ChargeKind
  memo: string
  dueOn: string
  amountCents: number
  lateAfter: string
  waivedCents?: number
}
export type ChargeStatus = 'paid' | 'partly_paid' | 'due' | 'late' | 'reversed' | 'waived'
export type AllocatedCharge = BookCharge & { waivedCents: number; paidCents: number; owedCents: number; status: ChargeStatus }

/**
 * Applies the credits (payments net of reversals, in cents) to the charges oldest first (by due day,
 * then id), each charge less what was waived of it. A charge is late when something is still owed after
 * `lateAfter` (its due day plus the lease's grace days). A charge whose amount was reversed to nothing is
 * 'reversed'; one waived whole is 'waived'.
 */
export function allocate(
  charges: readonly BookCharge[],
  creditCents: number,
  today: string,
): { charges: AllocatedCharge[]; unappliedCents: number } {
  let left = Math.max(0, creditCents)
  const ordered = [...charges].sort((a, b) => (a.dueOn === b.dueOn ? a.id - b.id : a.dueOn < b.dueOn ? -1 : 1))
  const allocated = ordered.map((charge): AllocatedCharge => {
    const waived = charge.waivedCents ?? 0
    if (charge.amountCents <= 0) return { ...charge, waivedCents: waived, paidCents: 0, owedCents: 0, status: 'reversed' }
    const due = charge.amountCents - waived
    if (due <= 0) return { ...charge, waivedCents: waived, paidCents: 0, owedCents: 0, status: 'waived' }
    const paid = Math.min(left, due)
    left -= paid
    const owed = due - paid
    const status: ChargeStatus = owed === 0 ? 'paid' : today > charge.lateAfter ? 'late' : paid > 0 ? 'partly_paid' : 'due'
    return { ...charge, waivedCents: waived, paidCents: paid, owedCents: owed, status }
  })
  return { charges: allocated, unappliedCents: left }
}
