// The fixed vocabularies of a listing (types, statuses, amenities, utilities), shared by the
// database schema, the zod schemas and, later, the forms and filters of the UI.

export const LISTING_TYPES = ['apartment', 'house', 'condo', 'townhouse', 'studio', 'room'] as const
export type ListingType = (typeof LISTING_TYPES)[number]

/** How each type reads on a page. */
export const LISTING_TYPE_LABELS: Record<ListingType, string> = {
  apartment: 'Apartment',
  house: 'House',
  condo: 'Condo',
  townhouse: 'Townhouse',
  studio: 'Studio',
  room: 'Room',
}

/** 'held': out of search until an administrator looks (common/moderation/vocabulary.ts says why). */
export const LISTING_STATUSES = ['draft', 'published', 'leased', 'archived', 'held'] as const
export type ListingStatus = (typeof LISTING_STATUSES)[number]

/**
 * The documented amenity set: a listing may only name these, so filters mean the same everywhere.
 * Append only: an amenity's position is its bit in the stored `amenity_bits` column.
 */
export const AMENITIES = [
  { value: 'in-unit-laundry', label: 'In-unit laundry' },
  { value: 'parking', label: 'Parking' },
  { value: 'air-conditioning', label: 'Air conditioning' },
  { value: 'dishwasher', label: 'Dishwasher' },
  { value: 'elevator', label: 'Elevator' },
  { value: 'gym', label: 'Gym' },
  { value: 'pool', label: 'Pool' },
  { value: 'doorman', label: 'Doorman' },
  { value: 'ev-charging', label: 'EV charging' },
  { value: 'outdoor-space', label: 'Outdoor space' },
  { value: 'wheelchair-access', label: 'Wheelchair access' },
  { value: 'storage', label: 'Storage' },
] as const
export const AMENITY_VALUES = AMENITIES.map((a) => a.value) as [Amenity, ...Amenity[]]
export type Amenity = (typeof AMENITIES)[number]['value']

export const UTILITIES = [
  { value: 'water', label: 'Water' },
  { value: 'sewer', label: 'Sewer' },
  { value: 'trash', label: 'Trash' },
  { value: 'gas', label: 'Gas' },
  { value: 'electricity', label: 'Electricity' },
  { value: 'heat', label: 'Heat' },
  { value: 'internet', label: 'Internet' },
] as const
export const UTILITY_VALUES = UTILITIES.map((u) => u.value) as [Utility, ...Utility[]]
export type Utility = (typeof UTILITIES)[number]['value']

export const LISTING_SORTS = ['newest', 'price-asc', 'price-desc', 'largest'] as const
export type ListingSort = (typeof LISTING_SORTS)[number]

export const OFFERS = ['lease', 'short-term'] as const

/** A published listing not confirmed available for this long drops out of search. */
export const CONFIRMATION_DAYS = 30

/** A price lowered on the market counts as a price drop (on the home page) for this long. */
export const PRICE_DROP_DAYS = 30
