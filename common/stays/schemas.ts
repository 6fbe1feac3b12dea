// What a guest sends to price and request a stay, what a host sends to block nights, and what either
// side sends with an answer or a cancellation: one schema each for the pages' forms and the JSON API.
import { z } from 'zod'
import { daysBetween, isTimeZone } from './dates.ts'

export const MAX_STAY_MESSAGE = 1000
export const MAX_STAY_REASON = 500
export const MAX_BLOCK_NOTE = 200
/** The longest range one calendar read or one host block covers. */
export const MAX_RANGE_DAYS = 731

const EARLIEST = '2000-01-01'
const LATEST = '2200-12-31'

const date = (label: string) =>
  z.iso
    .date({ error: `${label} must be a date (YYYY-MM-DD).` })
    .refine((value) => value >= EARLIEST && value <= LATEST, { error: `${label} must be a date between 2000 and 2200.` })

const GUESTS = 'Say how many guests: 1 to 50.'

/** A whole number, or the digits of one as a form or a query string sends it. */
const guests = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : value),
  z.number({ error: GUESTS }).int(GUESTS).min(1, 'At least one guest stays.').max(50, GUESTS),
)

const stayDates = z
  .object({ checkIn: date('Check-in'), checkOut: date('Check-out'), guests })
  .refine((value) => value.checkOut > value.checkIn, { path: ['checkOut'], error: 'Check-out must be after check-in.' })
  .refine((value) => daysBetween(value.checkIn, value.checkOut) <= 365, { path: ['checkOut'], error: 'A stay is at most 365 nights.' })

/** The dates and guests a quote is asked for (the listing page's form, the API's query). */
export const stayQuoteSchema = stayDates

export const stayRequestSchema = z
  .object({
    checkIn: date('Check-in'),
    checkOut: date('Check-out'),
    guests,
    message: z
      .string({ error: 'Write the message as text.' })
      .trim()
      .max(MAX_STAY_MESSAGE, `At most ${MAX_STAY_MESSAGE} characters.`)
      .default(''),
    /** The guest's own IANA zone, as the browser knows it: deadlines are told in it too. */
    timeZone: z
      .string({ error: 'Give the time zone as its IANA name, like America/Chicago.' })
      .max(64, 'Give the time zone as its IANA name, like America/Chicago.')
      .refine((value) => value.length > 64 || isTimeZone(value), 'Give the time zone as its IANA name, like America/Chicago.')
      .optional(),
  })
  .refine((value) => value.checkOut > value.checkIn, { path: ['checkOut'], error: 'Check-out must be after check-in.' })
  .refine((value) => daysBetween(value.checkIn, value.checkOut) <= 365, { path: ['checkOut'], error: 'A stay is at most 365 nights.' })

export const hostBlockSchema = z
  .object({
    start: date('The first night'),
    /** The day after the last night blocked: a block is [start, end) like a stay. */
    end: date('The end'),
    note: z.string({ error: 'Write the note as text.' }).trim().max(MAX_BLOCK_NOTE, `At most ${MAX_BLOCK_NOTE} characters.`).default(''),
  })
  .refine((value) => value.end > value.start, { path: ['end'], error: 'The end must be after the first night.' })
  .refine((value) => daysBetween(value.start, value.end) <= MAX_RANGE_DAYS, {
    path: ['end'],
    error: `A block covers at most ${MAX_RANGE_DAYS} nights.`,
  })

export const stayCalendarQuerySchema = z.object({
  from: z
    .string({ error: 'Give the first month as YYYY-MM.' })
    .regex(/^(20\d\d|21\d\d)-(0[1-9]|1[0-2])$/, 'Give the first month as YYYY-MM.')
    .optional(),
  months: z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value),
    z
      .number({ error: 'Ask for 1 to 24 months.' })
      .int('Ask for 1 to 24 months.')
      .min(1, 'Ask for 1 to 24 months.')
      .max(24, 'Ask for 1 to 24 months.')
      .default(3),
  ),
})

/** The first and the day after the last of `months` months from a "YYYY-MM". */
export function monthRange(from: string, months: number): { start: string; end: string } {
  const year = Number(from.slice(0, 4))
  const month = Number(from.slice(5, 7)) - 1 + months
  const end = `${year + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-01`
  return { start: `${from}-01`, end }
}

export const stayReasonSchema = z.object({
  reason: z
    .string({ error: 'Say why, in a few words.' })
    .trim()
    .min(1, 'Say why, in a few words.')
    .max(MAX_STAY_REASON, `At most ${MAX_STAY_REASON} characters.`),
})

export const stayOptionalReasonSchema = z.object({
  reason: z
    .string({ error: 'Write the reason as text.' })
    .trim()
    .max(MAX_STAY_REASON, `At most ${MAX_STAY_REASON} characters.`)
    .default(''),
})
