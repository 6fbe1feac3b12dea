// One notification: what happened ("New home for “Austin 2br”", "Price down from $2,100 to $1,950",
// "Leased", "No longer listed"), the home (a link while it still exists), its price and city, when,
// and for a below-index match how far below the Cooper Index typical rent and with what certainty.
import { Link } from 'react-router'
import { formatCents } from '#app/utils/format.ts'
import type { AlertView } from '#common/alerts/schemas.ts'
import { bandLabel } from './index-coverage.tsx'

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

const quoted = (searches: AlertView['searches']) => searches.map((search) => `“${search.name}”`).join(' and ')

/** What happened, in a few words. */
export function headlineOf(item: AlertView): string {
  const priceDown =
    item.fromCents !== null && item.toCents !== null
      ? `Price down from ${formatCents(item.fromCents)} to ${formatCents(item.toCents)}`
      : 'Price down'
  switch (item.kind) {
    case 'new-match':
      return item.searches.length > 0 ? `New home for ${quoted(item.searches)}` : 'New home for a saved search'
    case 'match-price-drop':
      return item.searches.length > 0 ? `${priceDown} (${quoted(item.searches)})` : priceDown
    case 'saved-price-drop':
      return `${priceDown} on a home you saved`
    case 'saved-leased':
      return 'Leased'
    case 'saved-withdrawn':
      return 'No longer listed'
  }
}

/** "12 % below the typical $2,100 for 2-bedroom homes in Austin (90 % band ±4 %, 312 repeat rents)". */
export function belowIndexLine(item: AlertView): string | null {
  const below = item.belowIndex
  if (!below) return null
  const bedrooms = item.listing.bedrooms
  const size =
    bedrooms === null
      ? 'homes of its size'
      : bedrooms <= 1
        ? 'studio and 1-bedroom homes'
        : bedrooms === 2
          ? '2-bedroom homes'
          : '3-bedroom and larger homes'
  const rents = `${below.pairs.toLocaleString('en-US')} repeat ${below.pairs === 1 ? 'rent' : 'rents'}`
  return `${Math.round(below.percentBelow)} % below the typical ${formatCents(below.levelCents)} for ${size} in ${below.marketName} (90 % band ${bandLabel(below.bandHalfWidth)}, ${rents})`
}

export function NotificationItem({ item }: { item: AlertView }) {
  const { listing } = item
  const where = [listing.city, listing.state].filter(Boolean).join(', ')
  const below = belowIndexLine(item)
  return (
    <article
      className={`space-y-1 rounded-lg border p-4 ${item.isRead ? 'border-gray-300 bg-white' : 'border-l-4 border-brand-700 bg-brand-50'}`}
      aria-labelledby={`alert-${item.id}`}
    >
      <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-ink">
        {item.isRead ? null : (
          <span className="rounded bg-brand-700 px-1.5 py-0.5 text-xs font-bold tracking-wide text-white uppercase">New</span>
        )}
        <span>{headlineOf(item)}</span>
      </p>
      <h2 id={`alert-${item.id}`} className="text-lg font-semibold">
        {listing.path ? (
          <Link to={listing.path} className="text-brand-800 hover:underline">
            {listing.title}
          </Link>
        ) : (
          listing.title
        )}
      </h2>
      <p className="flex flex-wrap gap-x-4 text-sm text-ink-soft">
        {listing.priceCents !== null ? <span>{formatCents(listing.priceCents)} a month, all in</span> : null}
        {where ? <span>{where}</span> : null}
        <time dateTime={item.createdAt}>{when.format(new Date(item.createdAt))} UTC</time>
      </p>
      {below ? <p className="text-sm font-medium text-brand-900">{below}</p> : null}
    </article>
  )
}
