// What the alerts area's pages, jobs and mail share about a match.
import type { AlertFrequency } from './vocabulary.ts'

/**
 * How far below the Cooper Index's typical rent a home was listed, when a saved search asked for it:
 * its rent, the typical rent of its city and bedrooms (the level of the latest month with enough
 * data), the band's half width as a fraction of it, and the repeat-rent pairs behind it (the certainty).
 */
export type BelowIndex = {
  /** How far below the typical rent, in percent (12.5 is 12.5 % below). */
  percentBelow: number
  levelCents: number
  rentCents: number
  bandHalfWidth: number
  pairs: number
  marketName: string
  /** The index's month compared with, `YYYY-MM-01`. */
  month: string
}

/** A saved search a listing matches as it stands: whose, how often its renter hears, and the index comparison when it asked for one. */
export type ListingMatch = {
  savedSearchId: number
  userId: string
  frequency: AlertFrequency
  belowIndex: BelowIndex | null
}
