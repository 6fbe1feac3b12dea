// The largest value of a PostgreSQL `integer` column (prices in cents, sizes, message sequence numbers),
// so schemas refuse what the database would reject. Safe for the browser.
export const MAX_INT32 = 2_147_483_647

/** Tours a renter may have waiting or confirmed with one landlord at once (common/tours). */
export const TOURS_PENDING_PER_LANDLORD = 3
/** Tour requests a renter may make in any 24 hours, across all landlords. */
export const TOUR_REQUESTS_PER_DAY = 6
