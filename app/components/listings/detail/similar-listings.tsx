// Up to four similar homes as simple cards linking to their pages.
import { Link } from 'react-router'
import { ListingPhoto } from '#app/components/listings/listing-photo.tsx'
import { formatBathrooms, formatBedrooms, formatCents } from '#app/utils/format.ts'
import { listingPath } from '#common/listings/listing-url.ts'
import type { ListingSummary } from '#common/listings/types.ts'

export function SimilarListings({ listings }: { listings: ListingSummary[] }) {
  if (listings.length === 0) {
    return (
      <p className="text-ink-soft">
        No similar homes right now.{' '}
        <Link to="/properties" className="font-medium text-brand-800 underline">
          Browse all properties
        </Link>
        .
      </p>
    )
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {listings.map((home) => (
        <li key={home.id}>
          <ListingCard listing={home} />
        </li>
      ))}
    </ul>
  )
}

export function ListingCard({ listing }: { listing: ListingSummary }) {
  return (
    <Link
      to={listingPath(listing)}
      className="block h-full overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm hover:shadow-md focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      {listing.photo ? (
        <ListingPhoto photo={listing.photo} sizes="(min-width: 1024px) 16rem, 100vw" className="aspect-[3/2] w-full" />
      ) : (
        <div aria-hidden="true" className="aspect-[3/2] w-full bg-brand-50" />
      )}
      <div className="p-3">
        <p className="font-semibold text-ink">{listing.title}</p>
        <p className="mt-1 text-sm text-ink-soft">
          {listing.neighborhood ? `${listing.neighborhood}, ` : ''}
          {listing.city}, {listing.state}
        </p>
        <p className="mt-1 text-sm text-ink-soft">
          {formatBedrooms(listing.bedrooms)} · {formatBathrooms(listing.bathrooms)}
        </p>
        <p className="mt-2 font-bold text-ink">
          {formatCents(listing.allInMonthlyCents)}
          <span className="font-normal text-ink-soft">/month all-in</span>
        </p>
      </div>
    </Link>
  )
}
