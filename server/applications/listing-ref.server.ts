// The home an application is for, as pages and the API name it: its address, rent and time zone.
import type { ApplicationListingRef } from '#common/applications/types.ts'
import { listingSlug } from '#common/listings/listing-url.ts'
import { listingTimeZone } from '#server/listings/index.server.ts'

type HomeColumns = {
  listingId: number
  title: string
  street: string
  unit: string | null
  city: string
  listingState: string
  listingRentCents: number | null
  rentCents: number | null
  timeZone: string | null
  latitude: number
  longitude: number
}

/** The rent is the one the application was sent with, else the listing's. */
export function listingRefOf(row: HomeColumns): ApplicationListingRef {
  return {
    id: row.listingId,
    slug: listingSlug({ id: row.listingId, title: row.title }),
    title: row.title,
    address: `${row.street}${row.unit ? `, ${row.unit}` : ''}`,
    city: row.city,
    state: row.listingState,
    rentCents: row.rentCents ?? row.listingRentCents ?? 0,
    timeZone: listingTimeZone(row),
  }
}
