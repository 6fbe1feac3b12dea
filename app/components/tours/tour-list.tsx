// A list of tours, for the renter's and the landlord's side alike: when (in the home's zone), which
// home and where, with whom, and its state.
import { Link } from 'react-router'
import { formatTourTime } from '#common/tours/format.ts'
import type { TourView } from '#common/tours/types.ts'
import { TOUR_STATE_LABELS } from '#common/tours/vocabulary.ts'

export function TourStateBadge({ state }: { state: TourView['state'] }) {
  const tone =
    state === 'confirmed'
      ? 'bg-green-100 text-green-900'
      : state === 'requested'
        ? 'bg-amber-100 text-amber-900'
        : 'bg-gray-100 text-gray-800'
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{TOUR_STATE_LABELS[state]}</span>
}

export function TourList({ tours, empty }: { tours: TourView[]; empty: string }) {
  if (tours.length === 0) return <p className="text-ink-soft">{empty}</p>
  return (
    <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
      {tours.map((tour) => (
        <li key={tour.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
          <div>
            <Link to={`/tours/${tour.id}`} className="font-semibold text-brand-700 underline">
              {formatTourTime(tour.startsAt, tour.timeZone)}
            </Link>
            <p className="text-sm text-ink">{tour.listing.title}</p>
            <p className="text-sm text-ink-soft">{tour.listing.address}</p>
            <p className="text-sm text-ink-soft">
              {tour.role === 'landlord' ? `Renter: ${tour.renter.name}` : `Landlord: ${tour.landlord.name}`} · party of {tour.partySize}
            </p>
          </div>
          <TourStateBadge state={tour.state} />
        </li>
      ))}
    </ul>
  )
}
