// The largest value of a PostgreSQL `integer` column (prices in cents, sizes, message sequence numbers),
// so schemas refuse what the database would reject. Safe for the browser.
export const MAX_INT32 = 2_147_483_647

/** Tours a renter may have waiting or confirmed with one landlord at once (common/tours). */
export const TOURS_PENDING_PER_LANDLORD = 3
/** Tour requests a renter may make in any 24 hours, across all landlords. */
export const TOUR_REQUESTS_PER_DAY = 6
/** Applications on one page of a landlord's review of a listing, and the JSON API's default page. */
export const REVIEW_PAGE_SIZE = 50
/** The most applications the JSON API answers on one page (`?perPage=`). */
export const REVIEW_PAGE_MAX = 100
