// What a renter sends to request or move a tour, and what either side sends to end one: one schema for
// the page's form and the JSON API.
import { z } from 'zod'
import { MAX_PARTY_SIZE, MAX_TOUR_NOTE, MAX_TOUR_REASON } from './vocabulary.ts'

const startsAt = z.iso.datetime({ offset: true, message: 'Choose one of the times shown.' }).transform((value) => new Date(value))

const PARTY_SIZE = `Say how many people come: 1 to ${MAX_PARTY_SIZE}.`

/** A whole number, or the digits of one as a form sends it; anything else (true, [3], "1e400") is not a party size. */
const partySize = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: PARTY_SIZE })
    .int(PARTY_SIZE)
    .min(1, 'At least one person comes.')
    .max(MAX_PARTY_SIZE, `At most ${MAX_PARTY_SIZE} people per tour.`),
)

export const tourRequestSchema = z.object({
  startsAt,
  partySize,
  note: z.string({ error: 'Write the note as text.' }).trim().max(MAX_TOUR_NOTE, `At most ${MAX_TOUR_NOTE} characters.`).default(''),
})

export const tourRescheduleSchema = z.object({ startsAt })

export const tourReasonSchema = z.object({
  reason: z
    .string({ error: 'Say why, in a few words.' })
    .trim()
    .min(1, 'Say why, in a few words.')
    .max(MAX_TOUR_REASON, `At most ${MAX_TOUR_REASON} characters.`),
})

export const tourOptionalReasonSchema = z.object({
  reason: z
    .string({ error: 'Write the reason as text.' })
    .trim()
    .max(MAX_TOUR_REASON, `At most ${MAX_TOUR_REASON} characters.`)
    .default(''),
})
