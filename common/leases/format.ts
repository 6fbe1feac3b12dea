// How a lease writes its terms in words, the same on its pages and in its document. Browser-safe.
import { formatDollars } from '../leasing/state-rules.ts'
import type { LeaseTerms } from './terms.ts'

const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

/** A calendar date (YYYY-MM-DD) in words: March 1, 2027. */
export function formatLeaseDate(date: string): string {
  return longDate.format(new Date(`${date}T00:00:00Z`))
}

/** Money as a lease writes it, to the cent: $2,400.00. */
export function formatLeaseMoney(cents: number): string {
  const dollars = formatDollars(cents)
  return cents % 100 === 0 ? `${dollars}.00` : dollars
}

/** 1st, 2nd, 3rd, 4th, … 21st, 22nd. */
export function ordinal(n: number): string {
  const tens = n % 100
  if (tens >= 11 && tens <= 13) return `${n}th`
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`
}

/** Names joined as a sentence does: "A", "A and B", "A, B and C". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? ''
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

/** The term in words. */
export function termWords(terms: Pick<LeaseTerms, 'termKind' | 'startDate' | 'endDate'>): string {
  if (terms.termKind === 'month_to_month' || terms.endDate === null) {
    return `Month to month, beginning ${formatLeaseDate(terms.startDate)}`
  }
  return `From ${formatLeaseDate(terms.startDate)} to ${formatLeaseDate(terms.endDate)}`
}

export function lateFeeWords(terms: Pick<LeaseTerms, 'lateFeeCents' | 'graceDays'>): string {
  if (terms.lateFeeCents === 0) return 'No late fee'
  const grace = terms.graceDays === 1 ? '1 day' : `${terms.graceDays} days`
  return `${formatLeaseMoney(terms.lateFeeCents)} if rent is not paid within ${grace} after it is due`
}
