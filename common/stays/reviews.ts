// Reviews after a stay (decision 043): the categories each side rates, the published rules a review
// keeps (and an administrator's removal names), the limits, the one schema of a review and of a
// host's answer, and what the pages and the API return.
import { z } from 'zod'

/** Days after the check-out time in which guest and host may review each other. */
export const REVIEW_WINDOW_DAYS = 14
export const MAX_REVIEW_TEXT = 2000
export const MIN_REVIEW_TEXT = 20
export const MAX_REVIEW_ANSWER = 1000
export const MAX_REMOVAL_NOTE = 500
/** Reviews of a listing per page. */
export const REVIEWS_PER_PAGE = 5

/** Who wrote a review: the guest (of the home and its host) or the host (of the guest). */
export const REVIEW_SIDES = ['guest', 'host'] as const
export type ReviewSide = (typeof REVIEW_SIDES)[number]

/** What a guest rates of the stay. */
export const GUEST_CATEGORIES = ['cleanliness', 'accuracy', 'communication', 'location', 'value'] as const
/** What a host rates of a guest: how they left the home, how they kept in touch, and whether they kept the house rules. */
export const HOST_CATEGORIES = ['cleanliness', 'communication', 'houseRules'] as const
export type ReviewCategory = (typeof GUEST_CATEGORIES)[number] | (typeof HOST_CATEGORIES)[number]

export const CATEGORY_LABELS: Record<ReviewCategory, string> = {
  cleanliness: 'Cleanliness',
  accuracy: 'Accuracy',
  communication: 'Communication',
  location: 'Location',
  value: 'Value',
  houseRules: 'House rules',
}

export const CATEGORY_HINTS: Record<ReviewCategory, string> = {
  cleanliness: 'How clean the home was (a guest: how they left it).',
  accuracy: 'How well the listing described the home.',
  communication: 'How clearly and promptly the other side kept in touch.',
  location: 'The neighbourhood and getting around.',
  value: 'What the stay was worth for its price.',
  houseRules: 'Whether the guest kept the house rules.',
}

export const categoriesOf = (side: ReviewSide): readonly ReviewCategory[] => (side === 'guest' ? GUEST_CATEGORIES : HOST_CATEGORIES)

/**
 * The published rules of reviews. An administrator removes a review only for breaking one of them,
 * and the removal names it; the rule's key is stored with the removal.
 */
export const REVIEW_RULES = [
  { key: 'stay', title: 'About the stay', text: 'A review is about this stay: the home, the host or the guest as met during it.' },
  {
    key: 'incentive',
    title: 'Not bought',
    text: 'Reviews cannot be bought: no payment, discount, refund or favour may be offered or asked for a review, or for changing one. Only the two sides of a completed stay booked here can review it.',
  },
  {
    key: 'personal',
    title: 'No private details',
    text: 'No one’s address, phone number, e-mail, or private details of anyone’s life.',
  },
  {
    key: 'respect',
    title: 'Respectful',
    text: 'No insults, threats, or remarks about anyone’s race, religion, sex, disability, family or other protected trait.',
  },
  { key: 'spam', title: 'Not advertising', text: 'No advertising, links, or texts that are not a review.' },
] as const
export type ReviewRuleKey = (typeof REVIEW_RULES)[number]['key']
export const REVIEW_RULE_KEYS = REVIEW_RULES.map((r) => r.key) as [ReviewRuleKey, ...ReviewRuleKey[]]

/** A whole number of stars, or its digit as a form sends it. */
const stars = (label: string) => {
  const error = `Rate ${label} from 1 to 5 stars.`
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : value),
    z.number({ error }).int({ error }).min(1, { error }).max(5, { error }),
  )
}

const reviewText = z
  .string({ error: 'Write a few words about the stay.' })
  .trim()
  .min(MIN_REVIEW_TEXT, { error: `Write at least ${MIN_REVIEW_TEXT} characters.` })
  .max(MAX_REVIEW_TEXT, { error: `Keep the review to ${MAX_REVIEW_TEXT} characters.` })

export const guestReviewSchema = z.object({
  cleanliness: stars('cleanliness'),
  accuracy: stars('accuracy'),
  communication: stars('communication'),
  location: stars('location'),
  value: stars('value'),
  text: reviewText,
})

export const hostReviewSchema = z.object({
  cleanliness: stars('cleanliness'),
  communication: stars('communication'),
  houseRules: stars('house rules'),
  text: reviewText,
})

export const reviewAnswerSchema = z.object({
  answer: z
    .string({ error: 'Write the answer.' })
    .trim()
    .min(1, { error: 'Write the answer.' })
    .max(MAX_REVIEW_ANSWER, { error: `Keep the answer to ${MAX_REVIEW_ANSWER} characters.` }),
})

export const reviewRemovalSchema = z.object({
  rule: z.enum(REVIEW_RULE_KEYS, { error: 'Choose the rule the review breaks.' }),
  note: z
    .string()
    .trim()
    .max(MAX_REMOVAL_NOTE, { error: `Keep the note to ${MAX_REMOVAL_NOTE} characters.` })
    .default(''),
})

export const reviewPageSchema = z.object({
  page: z.coerce
    .number({ error: 'A page is a whole number from 1.' })
    .int({ error: 'A page is a whole number from 1.' })
    .min(1, { error: 'A page is a whole number from 1.' })
    .max(10_000, { error: 'No such page.' })
    .default(1),
})

export type ReviewStars = Partial<Record<ReviewCategory, number>>

/** A review as a page shows it. */
export type ReviewView = {
  id: number
  side: ReviewSide
  authorName: string
  stars: ReviewStars
  text: string
  submittedAt: string
  publishedAt: string | null
  answer: { text: string; at: string } | null
  removal: { at: string; rule: ReviewRuleKey; note: string } | null
  /** The stay's check-out date, as the listing's reviews say when it was. */
  stayedUntil: string
}

/** The reviews of one booking as one of its two sides reads them. */
export type BookingReviews = {
  /** The end of the window (the check-out time plus 14 days), or null while the stay is not completed. */
  windowEndsAt: string | null
  isOpen: boolean
  /** The viewer's own review: always theirs to read, published or not. */
  mine: ReviewView | null
  /** The other side's review: only once published. */
  theirs: ReviewView | null
  /** Whether the other side has written theirs (never what it says, until published). */
  isTheirsIn: boolean
  canReview: boolean
  /** The host may answer the guest's published review once. */
  canAnswer: boolean
}

/** A listing's published guest reviews: averages per category, their count, and a page of them. */
export type ListingReviews = {
  count: number
  averages: Record<(typeof GUEST_CATEGORIES)[number], number | null>
  overall: number | null
  page: number
  pages: number
  reviews: ReviewView[]
}
