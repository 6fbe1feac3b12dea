// A listing in a list of results: cover photo, the all-in monthly cost first (what the renter will
// really pay), then the rent alone (and a recent price drop, where the page passes one), the size, the
// place and how lately the landlord confirmed it available. The whole card links to the listing.
// Compact enough for two columns beside the map.
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { HomeIcon } from '#app/components/icons.tsx'
import { formatBathrooms, formatBedrooms, formatCents, formatDayMonth, isoDate } from '#app/utils/format.ts'
import { calendarDaysBetween, daysAgo } from '#common/listings/freshness.ts'
import { listingPath } from '#common/listings/listing-url.ts'
import type { ListingSummary, PriceDrop } from '#common/listings/types.ts'
import { ListingPhoto, type DrawnPhoto } from './listing-photo.tsx'

/**
 * What a card (and a marker on the results map) shows of a listing. Search pages send only this,
 * so a page of twenty homes costs the browser a few kilobytes less to download and read.
 */
export type ListingCardData = Pick<
  ListingSummary,
  | 'id'
  | 'title'
  | 'allInMonthlyCents'
  | 'neighborhood'
  | 'city'
  | 'state'
  | 'bedrooms'
  | 'bathrooms'
  | 'interiorSqft'
  | 'latitude'
  | 'longitude'
  | 'lastConfirmedAt'
> & {
  /** The cover as a card draws it (no thumbhash: cards show its average colour). */
  photo: DrawnPhoto | null
  lease: Pick<NonNullable<ListingSummary['lease']>, 'monthlyRentCents'> | null
  shortTerm: Pick<NonNullable<ListingSummary['shortTerm']>, 'nightlyCents'> | null
  /** Whole days since the landlord last confirmed the home available, counted by the server. */
  confirmedDaysAgo: number
}

/** A card's data, its days since confirmation counted now, on the server that renders the page. */
export function cardDataOf(listing: ListingSummary): ListingCardData {
  return {
    id: listing.id,
    title: listing.title,
    allInMonthlyCents: listing.allInMonthlyCents,
    lease: listing.lease && { monthlyRentCents: listing.lease.monthlyRentCents },
    shortTerm: listing.shortTerm && { nightlyCents: listing.shortTerm.nightlyCents },
    neighborhood: listing.neighborhood,
    city: listing.city,
    state: listing.state,
    photo: listing.photo && {
      alt: listing.photo.alt,
      width: listing.photo.width,
      height: listing.photo.height,
      colour: listing.photo.colour,
      src: listing.photo.src,
      srcSet: listing.photo.srcSet,
    },
    bedrooms: listing.bedrooms,
    bathrooms: listing.bathrooms,
    interiorSqft: listing.interiorSqft,
    latitude: listing.latitude,
    longitude: listing.longitude,
    lastConfirmedAt: listing.lastConfirmedAt,
    confirmedDaysAgo: calendarDaysBetween(new Date(listing.lastConfirmedAt), new Date()),
  }
}

/** The costs a card shows: the all-in month, the rent alone when fees add to it, the nightly price. */
export function listingCosts(listing: Pick<ListingCardData, 'allInMonthlyCents' | 'lease' | 'shortTerm'>) {
  const rent = listing.lease?.monthlyRentCents ?? null
  return {
    allIn: `${formatCents(listing.allInMonthlyCents)}/mo all-in`,
    rent: rent !== null && rent !== listing.allInMonthlyCents ? `${formatCents(rent)}/mo rent before fees` : null,
    nightly: listing.shortTerm ? `${formatCents(listing.shortTerm.nightlyCents)}/night` : null,
    /** A home offered only for short stays counts 30 nights as its month. */
    isNightsBased: rent === null,
  }
}

/** A price drop in words: "Rent $150 less since Nov 12", and the price it replaced ("$2,050/mo"), which the card strikes through. */
export function priceDropWords(drop: PriceDrop) {
  return {
    less: `${drop.kind === 'lease' ? 'Rent' : 'Nightly price'} ${formatCents(drop.fromCents - drop.toCents)} less since`,
    since: formatDayMonth(drop.changedAt),
    was: `${formatCents(drop.fromCents)}${drop.kind === 'lease' ? '/mo' : '/night'}`,
  }
}

export function listingPlace(listing: Pick<ListingCardData, 'neighborhood' | 'city' | 'state'>): string {
  return [listing.neighborhood, `${listing.city}, ${listing.state}`].filter(Boolean).join(' · ')
}

/** Drawn where a listing has no ready photo yet: a neutral house, not a fake photo. */
function PhotoPlaceholder() {
  return (
    <div className="flex size-full items-center justify-center bg-gradient-to-br from-brand-50 to-brand-100 text-brand-600">
      <HomeIcon className="size-12" />
      <span className="sr-only">No photo yet</span>
    </div>
  )
}

function PriceDropLine({ drop }: { drop: PriceDrop }) {
  const words = priceDropWords(drop)
  return (
    <p className="text-sm font-semibold text-green-900">
      {words.less} <time dateTime={isoDate(drop.changedAt)}>{words.since}</time>
      <span className="font-normal text-ink-soft">
        , was <s>{words.was}</s>
      </span>
    </p>
  )
}

export function ListingCard({
  listing,
  drop = null,
  action,
  headingLevel = 3,
  priority = false,
}: {
  listing: ListingCardData
  /** Its price lowered lately: a badge on the photo and the drop beside the price (pages that read drops pass them). */
  drop?: PriceDrop | null
  /** A control drawn over the photo, above the card's link (the Save button). */
  action?: ReactNode
  headingLevel?: 2 | 3
  /** The first card of a page of results: its photo is the page's largest paint, loaded at once. */
  priority?: boolean
}) {
  const costs = listingCosts(listing)
  const Heading = `h${headingLevel}` as const
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm transition hover:border-brand-300 hover:shadow-md lg:rounded-xl">
      <div className="relative aspect-[4/3] bg-gray-100 lg:aspect-[16/10]">
        {listing.photo ? (
          <ListingPhoto
            photo={listing.photo}
            sizes="(min-width: 1280px) 25vw, (min-width: 640px) 50vw, 100vw"
            className="size-full"
            priority={priority}
          />
        ) : (
          <PhotoPlaceholder />
        )}
        {drop ? (
          <span
            aria-hidden="true"
            className="absolute top-3 left-3 rounded-full bg-sun-300 px-2.5 py-1 text-xs font-bold text-ink shadow-sm"
          >
            Price cut
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-0.5 p-4 lg:p-3">
        <p className="text-xl font-bold text-ink lg:text-lg">
          {formatCents(listing.allInMonthlyCents)}
          <span className="text-base font-semibold text-ink-soft lg:text-sm">/mo all-in</span>
          <span className="sr-only">{costs.isNightsBased ? ' for 30 nights' : ''}</span>
        </p>
        {costs.rent || costs.nightly ? (
          <p className="text-sm text-ink-soft">
            {[costs.rent, costs.nightly && (costs.isNightsBased ? `${costs.nightly}, 30 nights a month` : `or ${costs.nightly}`)]
              .filter(Boolean)
              .join(' · ')}
          </p>
        ) : null}
        {drop ? <PriceDropLine drop={drop} /> : null}
        <p className="text-sm font-semibold text-ink">
          {[
            formatBedrooms(listing.bedrooms),
            formatBathrooms(listing.bathrooms),
            `${listing.interiorSqft.toLocaleString('en-US')} sq ft`,
          ].join(' · ')}
        </p>
        <Heading className="mt-1 text-base font-semibold text-ink lg:line-clamp-2 lg:text-sm">
          <Link to={listingPath(listing)} className="after:absolute after:inset-0 after:content-[''] group-hover:underline">
            {listing.title}
          </Link>
        </Heading>
        <p className="text-sm text-ink-soft lg:truncate">{listingPlace(listing)}</p>
        <p className="mt-auto pt-1.5 text-xs text-ink-soft">
          Confirmed available <time dateTime={listing.lastConfirmedAt}>{daysAgo(listing.confirmedDaysAgo)}</time>
        </p>
      </div>
      {action ? <div className="absolute top-3 right-3 z-10">{action}</div> : null}
    </article>
  )
}
