// What the listing pages render: the shapes the listing area's reads return, shared by the server
// that builds them and the components that show them.
import type { PhotoView } from './photos.ts'
import type { HoldReason } from '#common/moderation/vocabulary.ts'
import type { Amenity, ListingStatus, ListingType, Utility } from './vocabulary.ts'

export type ListingSummary = {
  id: number
  title: string
  type: ListingType
  status: ListingStatus
  city: string
  state: string
  zip: string
  neighborhood: string
  latitude: number
  longitude: number
  bedrooms: number
  bathrooms: number
  interiorSqft: number
  currency: 'USD'
  allInMonthlyCents: number
  lease: { monthlyRentCents: number; minTermMonths: number; depositCents: number } | null
  shortTerm: { nightlyCents: number; minNights: number } | null
  amenities: Amenity[]
  allowsCats: boolean
  allowsDogs: boolean
  isFurnished: boolean
  availableFrom: string
  createdAt: string
  lastConfirmedAt: string
  /** The first ready photo, or null when there is none yet. */
  photo: PhotoView | null
}

export type ListingDetail = ListingSummary & {
  ownerId: string
  description: string
  street: string
  unit: string
  yearBuilt: number | null
  petPolicy: string
  includedUtilities: Utility[]
  fees: { name: string; monthlyCents: number }[]
  /** Every ready photo in the owner's order. */
  photos: PhotoView[]
  priceHistory: { kind: 'lease' | 'short-term'; amountCents: number; changedAt: string }[]
  updatedAt: string
}

/**
 * A home's asking price lowered while on the market: its headline price (the monthly rent, or the nightly
 * price of a home let only by the night) from `fromCents` to `toCents`, the price it asks now.
 */
export type PriceDrop = { kind: 'lease' | 'short-term'; fromCents: number; toCents: number; changedAt: string }

/** Counts stop here: "1,000+ homes" says enough, and a broad count over a million rows would cost more than the page. */
export const TOTAL_CAP = 1000

export type ListingPage = {
  items: ListingSummary[]
  nextCursor: string | null
  /** How many listings match, up to TOTAL_CAP; null on later pages unless asked for. */
  total: number | null
  /** True when more than TOTAL_CAP match (show "1,000+"). */
  isTotalCapped: boolean
  /** What the search read from its text, beyond words; null when nothing. */
  reading: SearchReading | null
}

/** A city near a search that found nothing, with how many homes there match the rest of the search. */
export type NearbyPlace = { city: string; state: string; homes: number; miles: number }

/** A group of homes on the search map: how many lie in one cell of the map's grid, and where. */
export type MapCluster = {
  /** The mean position of its homes, where its marker goes. */
  latitude: number
  longitude: number
  homes: number
  /** Where its homes lie (to within the finest grid's cells when counted from them): zooming to it spreads them out. */
  bounds: { south: number; west: number; north: number; east: number }
}

/** A home alone in its cell, drawn as a pin with its price. */
export type MapHome = Pick<ListingSummary, 'id' | 'title' | 'latitude' | 'longitude' | 'allInMonthlyCents' | 'city' | 'state'>

/** GET /api/properties/map: every home a search matches in the map's area, grouped by the zoom's grid. */
export type MapAnswer = {
  zoom: number
  /** Every matching home in the area: the clusters' homes and the lone homes together. */
  total: number
  clusters: MapCluster[]
  homes: MapHome[]
  /** Where the matching homes lie (their cells' centres), for a map to fit them; null when none match. */
  extent: { south: number; west: number; north: number; east: number } | null
}

/** What a search read from its text, for the page to say it: "2+ bedrooms in Austin, TX". */
export type SearchReading = {
  /** The place the text names, as the site spells it ("Austin, TX", "Park Slope", "Texas"); null when none. */
  place: string | null
  /** The text as typed when it was read as the nearest spelling of the place ("Brookyln"); null otherwise. */
  correctedFrom: string | null
  /** The least bedrooms the text asked for ("2 bedroom"); null when it did not. */
  beds: number | null
  /** The least bathrooms the text asked for ("1.5 baths"); null when it did not. */
  baths: number | null
  /**
   * The words sought, as typed, when every one is too common to search for ("the", "the the"): they
   * match nothing (and are not read as a place misspelt); null otherwise.
   */
  tooCommon: string | null
}

/** One of the landlord's own listings, with how renters respond to it. */
export type OwnerListing = {
  id: number
  title: string
  status: ListingStatus
  /** Why a held listing is out of search; 'removed' on one an administrator removed; null otherwise. */
  heldReason: HoldReason | 'removed' | null
  city: string
  state: string
  allInMonthlyCents: number
  /** Offered for short stays: it has booking rules and a calendar. */
  isShortTerm: boolean
  views: number
  saves: number
  /** How many renters have a conversation with the owner about it. */
  conversations: number
  lastConfirmedAt: string
  updatedAt: string
  /** When a published listing dropped out of search for want of confirmation; null while it shows. */
  hiddenSince: string | null
  /** Its cover photo (the first ready one), for a thumbnail; null without one. */
  photo: PhotoView | null
}

/** A page of the owner's listings, as "My listings" asks for it. */
export type OwnerListingPage = {
  items: OwnerListing[]
  /** How many of the owner's listings match the search and status. */
  total: number
  /** How many of the owner's listings match the search, per status (for the status filter). */
  byStatus: Record<ListingStatus, number>
}

/** What renters see of a landlord. Never the e-mail. */
export type LandlordCard = {
  name: string
  avatar: string
  memberSince: string
  publishedListings: number
}

/** A place the search box suggests as someone types: a city, a neighborhood or a ZIP code with homes. */
export type PlaceSuggestion = {
  kind: 'city' | 'neighborhood' | 'zip'
  /** How it reads in the list: "Austin, TX", "Park Slope", "11215". */
  label: string
  /** What it is, or where: "City", "Neighborhood", "Brooklyn, NY". */
  detail: string
  /** What choosing it puts in the search box. */
  value: string
  /** How many published homes it has. */
  homes: number
}
