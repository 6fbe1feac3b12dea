// Between listing rows and the shapes the area speaks: the stored columns of a valid listing, and one
// mapper from a row to what renters see (a summary, a detail) and to what a landlord entered.
import { listing } from '#server/db/schema.ts'
import { timeZoneAt } from './time-zone.ts'
import type { ValidListing } from '#common/listings/schemas.ts'
import type { PhotoView } from '#common/listings/photos.ts'
import type { ListingSummary } from '#common/listings/types.ts'
import type { Amenity, ListingStatus, ListingType, Utility } from '#common/listings/vocabulary.ts'

export type ListingRow = typeof listing.$inferSelect
type Fee = { name: string; monthlyCents: number }

/** Rent plus required fees; a listing offering only short stays counts 30 nights as its month. */
function allInMonthlyCents(input: ValidListing): number {
  const base = input.lease ? input.lease.monthlyRentCents : input.shortTerm!.nightlyCents * 30
  return base + input.fees.reduce((sum, fee) => sum + fee.monthlyCents, 0)
}

/** The stored columns of a valid listing, the all-in monthly cost included (the seed writes them too). */
export function listingColumns(input: ValidListing) {
  return {
    title: input.title,
    description: input.description,
    type: input.type,
    monthlyRentCents: input.lease?.monthlyRentCents ?? null,
    minTermMonths: input.lease?.minTermMonths ?? null,
    depositCents: input.lease?.depositCents ?? null,
    nightlyCents: input.shortTerm?.nightlyCents ?? null,
    minNights: input.shortTerm?.minNights ?? null,
    allInMonthlyCents: allInMonthlyCents(input),
    includedUtilities: input.includedUtilities,
    street: input.street,
    unit: input.unit,
    city: input.city,
    state: input.state,
    zip: input.zip,
    neighborhood: input.neighborhood,
    latitude: input.latitude,
    longitude: input.longitude,
    timeZone: timeZoneAt(input.latitude, input.longitude),
    bedrooms: input.bedrooms,
    bathroomHalves: Math.round(input.bathrooms * 2),
    interiorSqft: input.interiorSqft,
    yearBuilt: input.yearBuilt,
    amenities: input.amenities,
    allowsCats: input.allowsCats,
    allowsDogs: input.allowsDogs,
    petPolicy: input.petPolicy,
    isFurnished: input.isFurnished,
    availableFrom: input.availableFrom,
  }
}

const SUMMARY_KEYS = [
  'id',
  'title',
  'type',
  'status',
  'city',
  'state',
  'zip',
  'neighborhood',
  'latitude',
  'longitude',
  'bedrooms',
  'bathroomHalves',
  'interiorSqft',
  'allInMonthlyCents',
  'monthlyRentCents',
  'minTermMonths',
  'depositCents',
  'nightlyCents',
  'minNights',
  'amenities',
  'allowsCats',
  'allowsDogs',
  'isFurnished',
  'availableFrom',
  'createdAt',
  'lastConfirmedAt',
] as const
type SummaryKey = (typeof SUMMARY_KEYS)[number]
export type SummaryRow = Pick<ListingRow, SummaryKey>

/** The columns of a search item, from the listing table or anything with its column names (an alias, a subquery). */
export function summaryColumnsOf<Source extends Record<SummaryKey, unknown>>(source: Source): Pick<Source, SummaryKey> {
  return Object.fromEntries(SUMMARY_KEYS.map((key) => [key, source[key]])) as Pick<Source, SummaryKey>
}

export const summaryColumns = summaryColumnsOf(listing)

/** The home as both renters and its landlord see it: place, size, offers, pets and amenities. */
function homeOf(row: SummaryRow) {
  return {
    title: row.title,
    type: row.type as ListingType,
    city: row.city,
    state: row.state,
    zip: row.zip,
    neighborhood: row.neighborhood,
    latitude: row.latitude,
    longitude: row.longitude,
    bedrooms: row.bedrooms,
    bathrooms: row.bathroomHalves / 2,
    interiorSqft: row.interiorSqft,
    lease:
      row.monthlyRentCents === null
        ? null
        : { monthlyRentCents: row.monthlyRentCents, minTermMonths: row.minTermMonths!, depositCents: row.depositCents! },
    shortTerm: row.nightlyCents === null ? null : { nightlyCents: row.nightlyCents, minNights: row.minNights! },
    amenities: row.amenities as Amenity[],
    allowsCats: row.allowsCats,
    allowsDogs: row.allowsDogs,
    isFurnished: row.isFurnished,
    availableFrom: row.availableFrom,
  }
}

/** What only the listing's own page (and its landlord's form) shows. */
export function particularsOf(row: ListingRow, fees: Fee[]) {
  return {
    description: row.description,
    street: row.street,
    unit: row.unit,
    yearBuilt: row.yearBuilt,
    petPolicy: row.petPolicy,
    includedUtilities: row.includedUtilities as Utility[],
    fees,
  }
}

export function summaryOf(row: SummaryRow, photo: PhotoView | null = null): ListingSummary {
  return {
    id: row.id,
    ...homeOf(row),
    status: row.status as ListingStatus,
    currency: 'USD',
    allInMonthlyCents: row.allInMonthlyCents,
    createdAt: row.createdAt.toISOString(),
    lastConfirmedAt: row.lastConfirmedAt.toISOString(),
    photo,
  }
}

/** A stored listing back in the shape a landlord enters it, so a partial change can be validated whole. */
export function inputOf(row: ListingRow, fees: Fee[]): ValidListing {
  return { ...homeOf(row), ...particularsOf(row, fees) }
}
