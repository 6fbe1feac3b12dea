// A listing's calendar sync as the host's pages and the JSON API see it: the export address, the
// imported calendars with how each fares, and the form that adds one.
import { z } from 'zod'
import { isSingleLine } from '../plain-text.ts'

export const MAX_FEEDS_PER_LISTING = 10

export const addFeedSchema = z.object({
  name: z
    .string({ error: 'Name the calendar (for example "Airbnb").' })
    .trim()
    .min(1, 'Name the calendar (for example "Airbnb").')
    .max(80, 'Keep the name within 80 characters.')
    .refine(isSingleLine, 'The name must be one line of text.'),
  url: z
    .string({ error: 'Give the address of the calendar to import.' })
    .trim()
    .min(1, 'Give the address of the calendar to import.')
    .max(2000, 'The address is longer than 2,000 characters.')
    .refine(isSingleLine, 'The address must be one line of text.'),
})

/** An event of an imported calendar that collides with a booking or a block here: nights [start, end). */
export type FeedConflict = { uid: string; start: string; end: string; summary: string }

export type FeedStatus =
  /** Added, not fetched yet. */
  | 'pending'
  /** The last fetch was imported. */
  | 'ok'
  /** The last fetch failed; the nights of the last good import stand. */
  | 'failing'

export type FeedView = {
  id: number
  name: string
  url: string
  status: FeedStatus
  lastFetchedAt: string | null
  lastImportedAt: string | null
  /** Why the last fetch failed, in words for the host; empty when it did not. */
  lastError: string
  /** Nights the calendar holds on the listing now. */
  nights: number
  conflicts: FeedConflict[]
}

export type CalendarSync = {
  listingId: number
  timeZone: string
  /** The private address other platforms import; null until the host makes one, and after revoking it. */
  exportUrl: string | null
  feeds: FeedView[]
  /** The hosts calendars may be imported from, as the operator configured them. */
  allowedHosts: string[]
}
