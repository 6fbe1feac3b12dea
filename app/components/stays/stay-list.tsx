// A list of stays, for the guest's trips and the host's bookings alike: the dates and nights, which
// home, with whom, the total and the state.
import { Link } from 'react-router'
import { formatCents } from '#common/stays/quote.ts'
import type { BookingView } from '#common/stays/types.ts'
import { BOOKING_STATE_LABELS, type BookingState } from '#common/stays/vocabulary.ts'
import { formatDay } from '#common/tours/format.ts'

export function StayStateBadge({ state }: { state: BookingState }) {
  const tone =
    state === 'confirmed' || state === 'checked_in'
      ? 'bg-green-100 text-green-900'
      : state === 'requested'
        ? 'bg-amber-100 text-amber-900'
        : 'bg-gray-100 text-gray-800'
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{BOOKING_STATE_LABELS[state]}</span>
}

/** "Friday, December 4 to Monday, December 7 (3 nights)". */
export const stayDates = (stay: Pick<BookingView, 'checkIn' | 'checkOut' | 'nights'>) =>
  `${formatDay(stay.checkIn)} to ${formatDay(stay.checkOut)} (${stay.nights} ${stay.nights === 1 ? 'night' : 'nights'})`

export function StayList({ stays, empty }: { stays: BookingView[]; empty: string }) {
  if (stays.length === 0) return <p className="text-ink-soft">{empty}</p>
  return (
    <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
      {stays.map((stay) => (
        <li key={stay.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
          <div>
            <Link to={`/stays/${stay.id}`} className="font-semibold text-brand-700 underline">
              {stayDates(stay)}
            </Link>
            <p className="text-sm text-ink">
              {stay.listing.title}, {stay.listing.city}, {stay.listing.state}
            </p>
            <p className="text-sm text-ink-soft">
              {stay.role === 'host' ? `Guest: ${stay.guest.name}` : `Host: ${stay.host.name}`} · {stay.guests}{' '}
              {stay.guests === 1 ? 'guest' : 'guests'} · {formatCents(stay.totalCents, stay.currency)}
            </p>
          </div>
          <StayStateBadge state={stay.state} />
        </li>
      ))}
    </ul>
  )
}
