// The largest value of a PostgreSQL `integer` column (prices in cents, sizes, message sequence numbers),
// so schemas refuse what the database would reject. Safe for the browser.
export const MAX_INT32 = 2_147_483_647
