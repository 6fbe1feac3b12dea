// The words of saved searches and alerts, shared by the pages, the API, the jobs and the tables' checks.

/** How often a saved search's renter hears of new homes: each at once, in a digest, or only on the site. */
export const ALERT_FREQUENCIES = ['instant', 'daily', 'weekly', 'never'] as const
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number]

export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  instant: 'Instantly',
  daily: 'Once a day',
  weekly: 'Once a week',
  never: 'Never (just saved)',
}

/**
 * What happened to a listing that may interest someone, as the listing's trigger records it
 * (migration saved_search_rules): it went on the market, its price went down while on it, it was
 * leased, or it left the market otherwise (archived, back to draft, deleted).
 */
export const LISTING_ALERT_CHANGES = ['published', 'price-drop', 'leased', 'withdrawn'] as const
export type ListingAlertChange = (typeof LISTING_ALERT_CHANGES)[number]

/**
 * What an alert tells its renter: a new home for a saved search, a lower price on a home a saved
 * search matches, or news of a home they saved (a lower price, leased, withdrawn).
 */
export const ALERT_KINDS = ['new-match', 'match-price-drop', 'saved-price-drop', 'saved-leased', 'saved-withdrawn'] as const
export type AlertKind = (typeof ALERT_KINDS)[number]

/** The Cooper Index condition of a saved search: at least this many percent below the typical rent. */
export const BELOW_INDEX_PERCENT = { min: 1, max: 50 } as const

/** The most saved searches one renter keeps. */
export const MAX_SAVED_SEARCHES = 50

/** The most homes a digest lists; the rest are a link away. */
export const DIGEST_MOST_HOMES = 20

/** The hour of the renter's day (0–23, their own time zone) at which digests go out, unless they choose another. */
export const DEFAULT_DIGEST_HOUR = 8
