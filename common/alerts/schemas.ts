// The forms of saved searches and alerts, shared by the pages and the server's actions, and the
// shapes their loaders return.
import { z } from 'zod'
import { isSingleLine, plainText } from '#common/plain-text.ts'
import { MAX_SAVED_SEARCH_NAME } from './limits.ts'
import type { FilterWord } from './summary.ts'
import type { BelowIndex } from './types.ts'
import { ALERT_FREQUENCIES, BELOW_INDEX_PERCENT, type AlertFrequency, type AlertKind } from './vocabulary.ts'

const frequency = z.enum(ALERT_FREQUENCIES, { error: 'Choose how often to hear of new homes.' })

/** A name, 1–80 characters of plain text; empty means "name it after the search". */
const name = plainText('The name')
  .trim()
  .max(MAX_SAVED_SEARCH_NAME, { error: `The name can have at most ${MAX_SAVED_SEARCH_NAME} characters.` })
  .refine(isSingleLine, { error: 'The name must be one line of text.' })

/** The Cooper Index condition as typed: empty for none, else a whole percent from 1 to 50. */
const belowIndexPercent = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === '') return null
    const number = Number(value)
    if (!Number.isInteger(number) || number < BELOW_INDEX_PERCENT.min || number > BELOW_INDEX_PERCENT.max) {
      ctx.addIssue({
        code: 'custom',
        message: `The percentage below the Cooper Index must be a whole number from ${BELOW_INDEX_PERCENT.min} to ${BELOW_INDEX_PERCENT.max}.`,
      })
      return z.NEVER
    }
    return number
  })

/** An IANA time zone the browser reports; one this server does not know is ignored rather than refused. */
const timeZone = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((value) => (value && isKnownTimeZone(value) ? value : undefined))

export function isKnownTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}

/** "Save this search" on /properties: the search is the page's own address, the rest is typed. */
export const saveSearchSchema = z.object({
  name: name.default(''),
  frequency,
  belowIndexPercent: belowIndexPercent.default(null),
  timeZone,
})
export type SaveSearchInput = z.output<typeof saveSearchSchema>

/** A saved search's settings on its own page. */
export const savedSearchSettingsSchema = z.object({
  name: name.refine((value) => value !== '', { error: 'Give the search a name.' }),
  frequency,
  belowIndexPercent: belowIndexPercent.default(null),
})
export type SavedSearchSettings = z.output<typeof savedSearchSettingsSchema>

/** The saved search a form acts on. */
export const savedSearchIdSchema = z.object({
  id: z.coerce.number({ error: 'That saved search does not exist.' }).int().positive({ error: 'That saved search does not exist.' }),
})

/** The renter's alert settings. */
export const alertSettingsSchema = z.object({
  timeZone: z.string().trim().refine(isKnownTimeZone, { error: 'Choose a time zone from the list.' }),
  digestHour: z.coerce
    .number({ error: 'Choose the hour digests arrive.' })
    .int({ error: 'Choose the hour digests arrive.' })
    .min(0, { error: 'Choose the hour digests arrive.' })
    .max(23, { error: 'Choose the hour digests arrive.' }),
  savedHomesFrequency: frequency,
})
export type AlertSettings = z.output<typeof alertSettingsSchema>

/** A page of notifications: after which one (the cursor of the last shown). */
export const notificationsQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional().catch(undefined),
})

/** A saved search as the renter's pages show it. */
export type SavedSearchSummary = {
  id: number
  name: string
  query: string
  /** The search in words, one chip per filter. */
  words: FilterWord[]
  frequency: AlertFrequency
  belowIndexPercent: number | null
  isPaused: boolean
  /** What the search finds now (null when it no longer reads). */
  homesNow: { total: number; isTotalCapped: boolean } | null
  /** Homes announced since its renter last opened it. */
  newSinceSeen: number
  /** Why the search no longer reads (its dates have passed), or empty. */
  problems: string[]
  lastSeenAt: string
  createdAt: string
}

/** One notification: what happened to which home, and why it was told. */
export type AlertView = {
  id: number
  kind: AlertKind
  createdAt: string
  isRead: boolean
  listing: {
    id: number
    path: string | null
    title: string
    city: string | null
    state: string | null
    bedrooms: number | null
    priceCents: number | null
  }
  /** For a lower price: from and to, all-in monthly cents. */
  fromCents: number | null
  toCents: number | null
  /** The saved searches it is news for (those still kept). */
  searches: { id: number; name: string }[]
  belowIndex: BelowIndex | null
}

/** The renter's alert settings as the page shows them. */
export type AlertSettingsView = AlertSettings & { bouncedAt: string | null }

/** The Cooper Index's typical rent of one city and bedrooms group, as the condition compares with it. */
export type TypicalRentView = { levelCents: number; bandHalfWidth: number; pairs: number; month: string; marketName: string }

/**
 * What a saved search's Cooper Index condition compares with: each home with its own city's index
 * (the search names no city), the named city's typical rents by bedrooms group (null where the index
 * has too little data), or a city named without a state the index could be found by.
 */
export type IndexCoverage =
  | { kind: 'any-city' }
  | { kind: 'city-without-state'; place: string }
  | { kind: 'city'; place: string; groups: { bedrooms: string; typical: TypicalRentView | null }[] }
