// "Saved homes" on /userprofile: the renter's saved listings with their all-in cost and a button to
// take each one off the list, or a way to start looking when there are none.
import { Link } from 'react-router'
import { ListingCard } from '#app/components/listings/detail/similar-listings.tsx'
import { SaveButton } from '#app/components/listings/save-button.tsx'
import type { ListingSummary } from '#common/listings/types.ts'

export function SavedList({ listings }: { listings: ListingSummary[] }) {
  if (listings.length === 0) {
    return (
      <p className="text-ink">
        You have not saved any homes yet.{' '}
        <Link to="/properties" className="font-medium text-brand-800 underline">
          Browse properties
        </Link>{' '}
        and press Save on the ones you like.
      </p>
    )
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {listings.map((home) => (
        <li key={home.id} className="flex flex-col gap-2">
          <ListingCard listing={home} />
          <SaveButton listing={home} saved redirectTo="/userprofile#saved" />
        </li>
      ))}
    </ul>
  )
}
