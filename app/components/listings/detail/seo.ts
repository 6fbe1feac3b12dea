// What search engines and link previews read from a listing page: the description, Open Graph tags,
// the canonical address and schema.org JSON-LD for the home and its offer.
import { formatBathrooms, formatBedrooms, formatCents } from '#app/utils/format.ts'
import { streetLine } from '#common/listings/address.ts'
import type { ListingDetail } from '#common/listings/types.ts'
import { LISTING_TYPE_LABELS, type ListingType } from '#common/listings/vocabulary.ts'

type SeoListing = Pick<
  ListingDetail,
  | 'title'
  | 'description'
  | 'type'
  | 'status'
  | 'street'
  | 'unit'
  | 'city'
  | 'state'
  | 'zip'
  | 'neighborhood'
  | 'latitude'
  | 'longitude'
  | 'bedrooms'
  | 'bathrooms'
  | 'interiorSqft'
  | 'yearBuilt'
  | 'allInMonthlyCents'
  | 'lease'
  | 'shortTerm'
  | 'availableFrom'
  | 'photos'
>

export function typeLabel(type: ListingType): string {
  return LISTING_TYPE_LABELS[type]
}

// schema.org has no condo or townhouse type of its own; both are residences of the nearest kind.
const SCHEMA_TYPES: Record<ListingType, string> = {
  apartment: 'Apartment',
  studio: 'Apartment',
  condo: 'Apartment',
  room: 'Room',
  house: 'SingleFamilyResidence',
  townhouse: 'House',
}

/** One line for the meta description: what, where and the all-in price, then the landlord's words. */
export function listingDescription(listing: SeoListing): string {
  const summary = `${formatBedrooms(listing.bedrooms)}, ${formatBathrooms(listing.bathrooms)} ${typeLabel(listing.type).toLowerCase()} in ${listing.city}, ${listing.state} — ${formatCents(listing.allInMonthlyCents)}/month all-in.`
  const words = listing.description.replace(/\s+/g, ' ').trim()
  const full = words ? `${summary} ${words}` : summary
  return full.length > 160 ? `${full.slice(0, 157).trimEnd()}…` : full
}

/** schema.org JSON-LD for the home, with an Offer of its monthly price in USD. */
export function listingJsonLd(listing: SeoListing, { url, origin }: { url: string; origin: string }) {
  const monthly = listing.lease?.monthlyRentCents ?? listing.allInMonthlyCents
  return {
    '@context': 'https://schema.org',
    '@type': SCHEMA_TYPES[listing.type],
    name: listing.title,
    description: listing.description,
    url,
    ...(listing.photos.length > 0 ? { image: listing.photos.map((photo) => `${origin}${photo.src}`) } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: streetLine(listing.street, listing.unit),
      addressLocality: listing.city,
      addressRegion: listing.state,
      postalCode: listing.zip,
      addressCountry: 'US',
    },
    geo: { '@type': 'GeoCoordinates', latitude: listing.latitude, longitude: listing.longitude },
    numberOfRooms: listing.bedrooms,
    numberOfBedrooms: listing.bedrooms,
    numberOfBathroomsTotal: listing.bathrooms,
    floorSize: { '@type': 'QuantitativeValue', value: listing.interiorSqft, unitCode: 'FTK' },
    ...(listing.yearBuilt ? { yearBuilt: listing.yearBuilt } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: (monthly / 100).toFixed(2),
      priceCurrency: 'USD',
      availability: listing.status === 'published' ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      availabilityStarts: listing.availableFrom,
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: (monthly / 100).toFixed(2),
        priceCurrency: 'USD',
        unitCode: 'MON',
      },
    },
  }
}

/**
 * JSON for inside a <script> element: `<`, `>` and `&` become escapes, so no text in the data (a
 * title containing "</script>", say) can end the element early.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
