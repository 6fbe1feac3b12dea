// What people report about listings and stay reviews, why a listing is held out of search, and what
// administrators did about it: the vocabularies shared by the database, the forms and the console.

export const LISTING_REPORT_REASONS = [
  { value: 'scam', label: 'Scam, or asks for money before a tour' },
  { value: 'not-available', label: 'The home is not available' },
  { value: 'wrong-details', label: 'Wrong details (price, address, photos)' },
  { value: 'discriminatory', label: 'Discriminatory' },
  { value: 'other', label: 'Something else' },
] as const
export type ListingReportReason = (typeof LISTING_REPORT_REASONS)[number]['value']
export const LISTING_REPORT_REASON_VALUES = LISTING_REPORT_REASONS.map((r) => r.value) as [ListingReportReason, ...ListingReportReason[]]
export const LISTING_REPORT_REASON_LABELS = Object.fromEntries(LISTING_REPORT_REASONS.map((r) => [r.value, r.label])) as Record<
  ListingReportReason,
  string
>

/** A report's own words, and an administrator's reason, at most this long. */
export const REPORT_TEXT_MAX = 1000
export const ADMIN_REASON_MAX = 1000

/**
 * Open reports by this many different people hold a published listing out of search
 * (docs/decisions/048-listing-reports-threshold.md says why three).
 */
export const REPORTS_TO_HOLD = 3

/** Why a listing is held: several reports, payment words in its text, or its owner banned. */
export const HOLD_REASONS = ['reports', 'payment-words', 'owner-banned'] as const
export type HoldReason = (typeof HOLD_REASONS)[number]

/** The owner reads why in plain words. */
export const HOLD_REASON_TEXT: Record<HoldReason, string> = {
  reports: 'Several people reported it. An administrator will look at the reports soon.',
  'payment-words':
    'Its title or description asks for payment by wire transfer, gift cards or cryptocurrency, which is how most rental scams take money. Edit the text to remove that request and it goes back into search; otherwise an administrator will look soon.',
  'owner-banned': 'Your account is suspended, so your listings are out of search.',
}

/** Short label for the console and the owner's list. */
export const HOLD_REASON_LABELS: Record<HoldReason, string> = {
  reports: 'Reported by several people',
  'payment-words': 'Asks for wire transfer, gift cards or crypto',
  'owner-banned': 'Owner banned',
}

/** What an administrator did with a listing report. */
export const LISTING_REPORT_RESOLUTIONS = ['approved', 'unpublished', 'removed'] as const
export type ListingReportResolution = (typeof LISTING_REPORT_RESOLUTIONS)[number]
export const LISTING_REPORT_RESOLUTION_LABELS: Record<ListingReportResolution, string> = {
  approved: 'Listing approved',
  unpublished: 'Listing unpublished',
  removed: 'Listing removed',
}

/** What an administrator did with a review report. */
export const REVIEW_REPORT_RESOLUTIONS = ['dismissed', 'review-removed'] as const
export type ReviewReportResolution = (typeof REVIEW_REPORT_RESOLUTIONS)[number]
export const REVIEW_REPORT_RESOLUTION_LABELS: Record<ReviewReportResolution, string> = {
  dismissed: 'Report dismissed',
  'review-removed': 'Review removed',
}
