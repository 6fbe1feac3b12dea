// The listing page's line comparing the home's asking rent with the Cooper Index of its city and bedroom count,
// with how many pairs stand behind that month and how wide its 90 % band is. Nothing shows without a comparison.
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

export function CooperComparison({ comparison }: { comparison: RentComparison }) {
  const { marketKey, marketName, bedrooms, month, levelCents, rentCents, difference, bandHalfWidth, pairs } = comparison
  const market = `${GROUP_WORDS[bedrooms]} in ${marketName}`
  return (
    <div className="max-w-2xl rounded-xl border border-brand-100 bg-brand-50 px-4 py-3 text-ink">
      <p className="font-semibold">
        {comparisonWords(difference)} the{' '}
        <Link to={`/cooper/${marketKey}`} className="text-brand-800 underline underline-offset-2">
          {`Cooper Index for ${market}`}
        </Link>
        <span className="font-normal text-ink-soft">
          {' '}
          · {count.format(pairs)} {pairs === 1 ? 'pair' : 'pairs'} · 90{NBSP}% band ±{percent(bandHalfWidth)}
        </span>
      </p>
      <p className="mt-1 text-sm text-ink-soft">
        This home asks {formatCents(rentCents)} a month; the typical asking rent of {market} was{' '}
        {formatCents(Math.round(levelCents / 100) * 100)} in {monthName.format(new Date(month))}.
      </p>
    </div>
  )
}
