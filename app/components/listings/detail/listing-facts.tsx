// The facts of a listing page: key facts, the all-in monthly cost, amenities, pets and availability.
import type { ReactNode } from 'react'
import { formatBathrooms, formatBedrooms, formatCents, formatDate } from '#app/utils/format.ts'
import type { ListingDetail } from '#common/listings/types.ts'
import { daysAgo } from '#common/listings/freshness.ts'
import { AMENITIES, UTILITIES } from '#common/listings/vocabulary.ts'
import { typeLabel } from './seo.ts'

/** A listing as the page receives it: the owner's id stays on the server. */
type PageListing = Omit<ListingDetail, 'ownerId'>

export function DetailSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="border-t border-gray-200 pt-6">
      <h2 id={`${id}-title`} className="text-xl font-bold text-ink">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  )
}

const sqft = new Intl.NumberFormat('en-US')

/**
 * When the home can be moved into: "now" once its date has come (today is the loader's UTC date,
 * so the server's page and the browser's agree), else the date.
 */
export function availableWhen(availableFrom: string, today: string): string {
  return availableFrom <= today ? 'now' : `from ${formatDate(availableFrom)}`
}

export function KeyFacts({ listing, today }: { listing: PageListing; today: string }) {
  const when = availableWhen(listing.availableFrom, today)
  // Only when the landlord says: "not stated" would tell a renter nothing.
  const built: [string, string][] = listing.yearBuilt === null ? [] : [['Built', String(listing.yearBuilt)]]
  const facts: [string, string][] = [
    ['Type', typeLabel(listing.type)],
    ['Bedrooms', formatBedrooms(listing.bedrooms)],
    ['Bathrooms', formatBathrooms(listing.bathrooms)],
    ['Interior', `${sqft.format(listing.interiorSqft)} sq ft`],
    ...built,
    ['Furnished', listing.isFurnished ? 'Furnished' : 'Unfurnished'],
    ['Available', when === 'now' ? 'Now' : formatDate(listing.availableFrom)],
  ]
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-4">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt className="text-sm text-ink-soft">{term}</dt>
          <dd className="font-semibold text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** Rent plus each required fee, summed to the all-in monthly cost, then the other terms. */
export function CostBreakdown({ listing }: { listing: PageListing }) {
  const utilities = UTILITIES.filter((u) => listing.includedUtilities.includes(u.value)).map((u) => u.label)
  const base = listing.lease
    ? { label: 'Monthly rent', cents: listing.lease.monthlyRentCents }
    : { label: `Short stay, 30 nights at ${formatCents(listing.shortTerm!.nightlyCents)}`, cents: listing.shortTerm!.nightlyCents * 30 }
  return (
    <div className="space-y-5">
      <table className="w-full max-w-lg text-left">
        <caption className="sr-only">All-in monthly cost</caption>
        <tbody>
          <tr>
            <th scope="row" className="py-1.5 font-normal text-ink">
              {base.label}
            </th>
            <td className="py-1.5 text-right text-ink">{formatCents(base.cents)}</td>
          </tr>
          {listing.fees.map((fee) => (
            <tr key={fee.name}>
              <th scope="row" className="py-1.5 font-normal text-ink">
                {fee.name} <span className="text-sm text-ink-soft">(required)</span>
              </th>
              <td className="py-1.5 text-right text-ink">{formatCents(fee.monthlyCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-ink">
            <th scope="row" className="pt-2 text-lg font-bold text-ink">
              All-in monthly cost
            </th>
            <td className="pt-2 text-right text-lg font-bold text-ink">{formatCents(listing.allInMonthlyCents)}</td>
          </tr>
        </tfoot>
      </table>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {listing.lease ? (
          <>
            <Term label="Security deposit">{formatCents(listing.lease.depositCents)}</Term>
            <Term label="Minimum lease">
              {listing.lease.minTermMonths} {listing.lease.minTermMonths === 1 ? 'month' : 'months'}
            </Term>
          </>
        ) : null}
        {listing.shortTerm ? (
          <>
            <Term label="Short stays">{formatCents(listing.shortTerm.nightlyCents)} a night</Term>
            <Term label="Minimum stay">
              {listing.shortTerm.minNights} {listing.shortTerm.minNights === 1 ? 'night' : 'nights'}
            </Term>
          </>
        ) : null}
        <Term label="Utilities included">{utilities.length > 0 ? utilities.join(', ') : 'None'}</Term>
      </dl>
    </div>
  )
}

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-ink-soft">{label}</dt>
      <dd className="font-semibold text-ink">{children}</dd>
    </div>
  )
}

export function Amenities({ listing }: { listing: PageListing }) {
  const labels = AMENITIES.filter((a) => listing.amenities.includes(a.value)).map((a) => a.label)
  if (labels.length === 0) return <p className="text-ink-soft">The landlord lists no amenities.</p>
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {labels.map((label) => (
        <li key={label} className="flex items-center gap-2 text-ink">
          <span aria-hidden="true" className="text-brand-700">
            ✓
          </span>
          {label}
        </li>
      ))}
    </ul>
  )
}

export function PetPolicy({ listing }: { listing: PageListing }) {
  return (
    <div className="space-y-2">
      <dl className="flex flex-wrap gap-x-8 gap-y-2">
        <Term label="Cats">{listing.allowsCats ? 'Allowed' : 'Not allowed'}</Term>
        <Term label="Dogs">{listing.allowsDogs ? 'Allowed' : 'Not allowed'}</Term>
      </dl>
      {listing.petPolicy ? <p className="text-ink">{listing.petPolicy}</p> : null}
    </div>
  )
}

export function Availability({ listing, today, confirmedDaysAgo }: { listing: PageListing; today: string; confirmedDaysAgo: number }) {
  const status =
    listing.status === 'leased'
      ? 'This home has been leased.'
      : listing.status === 'archived'
        ? 'This listing is archived.'
        : `Available ${availableWhen(listing.availableFrom, today)}.`
  return (
    <div className="space-y-1 text-ink">
      <p className="font-semibold">{status}</p>
      <p className="text-ink-soft">
        Last confirmed available <time dateTime={listing.lastConfirmedAt}>{daysAgo(confirmedDaysAgo)}</time>.
      </p>
    </div>
  )
}
