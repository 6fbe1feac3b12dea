// How a listing's asking rent compares with the Cooper Index of its city and bedrooms group: what the server
// finds and the listing page shows.
import type { BedroomsGroupName } from './figures.ts'

export type RentComparison = {
  marketKey: string
  /** The city as the market names it. */
  marketName: string
  bedrooms: Exclude<BedroomsGroupName, 'all'>
  /** The month compared with, `YYYY-MM-01`: the latest with enough data and a level. */
  month: string
  /** The typical asking rent of that month (the index in dollars). */
  levelCents: number
  rentCents: number
  /** The listing's rent against the level as a fraction: 0.08 is 8 % above, -0.05 is 5 % below. */
  difference: number
  /** Half the width of the month's 90 % band, as a fraction of the index. */
  bandHalfWidth: number
  pairs: number
  /**
   * The asking rents the typical rent is the middle of, and half the width of its own 90 % band as a fraction of
   * it; null when not known (a month before the latest, or a run from before they were kept).
   */
  levelRents: number | null
  levelHalfWidth: number | null
}
