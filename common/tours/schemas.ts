// What a renter sends to request or move a tour, and what either side sends to end one: one schema for
// the page's form and the JSON API.
import { z } from 'zod'
import { MAX_PARTY_SIZE, MAX_TOUR_NOTE, MAX_TOUR_REASON } from './vocabulary.ts'

const startsAt = z.iso.datetime({ offset: true, message: 'Choose one of the times shown.' }).transform((value) => new Date(value))

export const tourRequestSchema = z.object({
  startsAt,
  partySize: z.coerce.number().int().min(1, 'At least one person comes.').max(MAX_PARTY_SIZE, `At most ${MAX_PARTY_SIZE} people per tour.`),
  note: z.string().trim().max(MAX_TOUR_NOTE, `At most ${MAX_TOUR_NOTE} characters.`).default(''),
})

export const tourRescheduleSchema = z.object({ startsAt })

export const tourReasonSchema = z.object({
  reason: z.string().trim().min(1, 'Say why, in a few words.').max(MAX_TOUR_REASON, `At most ${MAX_TOUR_REASON} characters.`),
})

export const tourOptionalReasonSchema = z.object({
  reason: z.string().trim().max(MAX_TOUR_REASON, `At most ${MAX_TOUR_REASON} characters.`).default(''),
})
