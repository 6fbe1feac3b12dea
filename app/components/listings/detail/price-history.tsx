// Every change of the asking price, as a small table with a sparkline beside it (the table is what
// assistive technology reads; the line is decoration).
import { formatCents, formatDate, isoDate } from '#app/utils/format.ts'
import type { ListingDetail } from '#common/listings/types.ts'

type Change = ListingDetail['priceHistory'][number]

function Sparkline({ changes }: { changes: Change[] }) {
  if (changes.length < 2) return null
  const amounts = changes.map((c) => c.amountCents)
  const min = Math.min(...amounts)
  const range = Math.max(...amounts) - min || 1
  const points = amounts.map((amount, i) => `${(i / (amounts.length - 1)) * 100},${28 - ((amount - min) / range) * 24}`).join(' ')
  return (
    <svg aria-hidden="true" viewBox="0 0 100 30" preserveAspectRatio="none" className="h-10 w-40 text-brand-700">
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="2" vectorEffect="non-scaling-stroke" />
    </svg>
  )
}

export function PriceHistory({ history }: { history: Change[] }) {
  if (history.length === 0) return <p className="text-ink-soft">No price changes recorded.</p>
  const lease = history.filter((c) => c.kind === 'lease')
  const newestFirst = [...history].reverse()
  return (
    <div className="space-y-3">
      <Sparkline changes={lease.length > 0 ? lease : history} />
      <table className="w-full max-w-lg text-left text-sm">
        <caption className="sr-only">Asking price changes, newest first</caption>
        <thead>
          <tr className="border-b border-gray-300">
            <th scope="col" className="py-2 font-semibold text-ink">
              Date
            </th>
            <th scope="col" className="py-2 font-semibold text-ink">
              Price
            </th>
            <th scope="col" className="py-2 text-right font-semibold text-ink">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {newestFirst.map((change, i) => (
            <tr key={`${change.changedAt}-${change.kind}-${i}`} className="border-b border-gray-100">
              <td className="py-2 text-ink">
                <time dateTime={isoDate(change.changedAt)}>{formatDate(change.changedAt)}</time>
              </td>
              <td className="py-2 text-ink">{change.kind === 'lease' ? 'Monthly rent' : 'Nightly'}</td>
              <td className="py-2 text-right text-ink">{formatCents(change.amountCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
