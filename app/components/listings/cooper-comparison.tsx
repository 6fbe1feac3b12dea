// The listing page's line comparing the home's asking rent with the typical rent of similar homes in its city,
// in dollars a month first, with how sure that typical rent is; the Cooper Index behind it (pairs, band) is one
// step away, in a disclosure. Nothing shows without a comparison.
import { Link } from 'react-router'
import { formatCents } from '#app/utils/format.ts'
import type { RentComparison } from '#common/cooper/comparison.ts'

const GROUP_WORDS: Record<RentComparison['bedrooms'], string> = {
  '0-1': 'studio and 1-bedroom homes',
  '2': '2-bedroom homes',
  '3+': 'homes with 3 or more bedrooms',
}

/** Below this (rounded) gap the rent reads as "about the same": the typical rent is itself an estimate. */
const SAME_BELOW_PERCENT = 2

const NBSP = '\u00a0'
const count = new Intl.NumberFormat('en-US')
const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** A fraction as a percentage for people: whole percents, a tenth below one. */
function percent(fraction: number): string {
  const value = Math.abs(fraction) * 100
  const text = value < 1 ? value.toFixed(1) : String(Math.round(value))
  return `${text}${NBSP}%`
}

/** "8 % above", "5 % below" or "about the same as". */
export function comparisonWords(difference: number): string {
  const rounded = Math.round(Math.abs(difference) * 100)
  if (rounded < SAME_BELOW_PERCENT) return 'About the same as'
  return `${rounded}${NBSP}% ${difference > 0 ? 'above' : 'below'}`
}

/** "$90" for a gap in cents, to the nearest $10: the typical rent is an estimate, not a price. */
function roundedDollars(cents: number): string {
  return formatCents(Math.max(10, Math.round(Math.abs(cents) / 1000) * 10) * 100)
}

/**
 * What a renter asks first: is this rent more or less than homes like it nearby, and by how much a month. A gap
 * inside the typical rent's own uncertainty (or under 2 %) reads as "about the typical rent".
 */
export function headlineWords(comparison: RentComparison): string {
  const { bedrooms, marketName, rentCents, levelCents, levelHalfWidth } = comparison
  const similar = `similar ${GROUP_WORDS[bedrooms]} in ${marketName}`
  const gap = rentCents - levelCents
  if (Math.abs(gap) <= levelCents * Math.max(levelHalfWidth ?? 0, SAME_BELOW_PERCENT / 100)) {
    return `About the typical rent of ${similar}`
  }
  return `About ${roundedDollars(gap)} a month ${gap > 0 ? 'more' : 'less'} than ${similar}`
}

export function CooperComparison({ comparison }: { comparison: RentComparison }) {
  const { marketKey, marketName, bedrooms, month, levelCents, rentCents, difference, bandHalfWidth, pairs, levelRents, levelHalfWidth } =
    comparison
  const market = `${GROUP_WORDS[bedrooms]} in ${marketName}`
  const typical = formatCents(Math.round(levelCents / 100) * 100)
  const spread =
    levelRents !== null && levelHalfWidth !== null
      ? ` It is the middle of ${count.format(levelRents)} asking ${levelRents === 1 ? 'rent' : 'rents'} of the last three months; nine times in ten the true figure lies between ${formatCents(Math.round((levelCents * (1 - levelHalfWidth)) / 100) * 100)} and ${formatCents(Math.round((levelCents * (1 + levelHalfWidth)) / 100) * 100)}.`
      : ''
  return (
    <div className="max-w-2xl rounded-xl border border-brand-100 bg-brand-50 px-4 py-3 text-ink">
      <p className="font-semibold">{headlineWords(comparison)}</p>
      <p className="mt-1 text-sm text-ink-soft">
        This home asks {formatCents(rentCents)} a month; the typical asking rent of {market} was {typical} in{' '}
        {monthName.format(new Date(month))}.{spread}
      </p>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-brand-800">How this compares with the Cooper Index</summary>
        <p className="mt-1">
          {comparisonWords(difference)} the{' '}
          <Link to={`/cooper/${marketKey}`} className="text-brand-800 underline underline-offset-2">
            {`Cooper Index for ${market}`}
          </Link>
          <span className="text-ink-soft">
            {' '}
            · {count.format(pairs)} {pairs === 1 ? 'pair' : 'pairs'} of lettings of the same homes · 90{NBSP}% band of the index ±
            {percent(bandHalfWidth)}
          </span>
        </p>
      </details>
    </div>
  )
}
