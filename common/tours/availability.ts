// A landlord's tour availability: the account's defaults, or one listing's own. Shared by the form in
// the browser and the server's write, and read by the slot computation (slots.ts).
import { z } from 'zod'

export const TOUR_MINUTES = { min: 15, max: 60 } as const
export const NOTICE_HOURS = { min: 0, max: 14 * 24 } as const
export const BUFFER_MINUTES = { min: 0, max: 120 } as const
export const PARTIES_PER_SLOT = { min: 1, max: 50 } as const
export const MAX_BLOCKED_DATES = 366

const clock = z.string({ error: 'Use a time like 09:30.' }).regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Use a time like 09:30.')

/** A whole number within bounds, with one message for a wrong type, a fraction and a value out of range. */
const whole = ({ min, max }: { min: number; max: number }, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message)

const WEEKDAY = 'Give the weekday as 0 (Sunday) to 6 (Saturday).'

/** One showing window of a weekday, in the listing's own time, "HH:MM" to "HH:MM". */
const windowSchema = z
  .object(
    { weekday: whole({ min: 0, max: 6 }, WEEKDAY), start: clock, end: clock },
    { error: 'Give each window a weekday, a start and an end.' },
  )
  .refine((w) => w.start < w.end, { message: 'A window ends after it starts.', path: ['end'] })

export const availabilitySchema = z.object({
  toursEnabled: z.boolean({ error: 'Say whether tours are on: true or false.' }),
  windows: z.array(windowSchema, { error: 'Give the showing windows as a list.' }).max(7 * 4, `At most ${7 * 4} showing windows.`),
  tourMinutes: whole(TOUR_MINUTES, `A tour lasts ${TOUR_MINUTES.min} to ${TOUR_MINUTES.max} minutes, in whole minutes.`),
  noticeHours: whole(NOTICE_HOURS, `The notice is ${NOTICE_HOURS.min} to ${NOTICE_HOURS.max} hours, in whole hours.`),
  bufferMinutes: whole(BUFFER_MINUTES, `The buffer is ${BUFFER_MINUTES.min} to ${BUFFER_MINUTES.max} minutes, in whole minutes.`),
  partiesPerSlot: whole(PARTIES_PER_SLOT, `A time takes ${PARTIES_PER_SLOT.min} to ${PARTIES_PER_SLOT.max} parties.`),
  blockedDates: z
    .array(z.iso.date({ error: 'Give each blocked date as YYYY-MM-DD.' }), { error: 'Give the blocked dates as a list of days.' })
    .max(MAX_BLOCKED_DATES, `At most ${MAX_BLOCKED_DATES} blocked dates.`)
    .transform((dates) => [...new Set(dates)].sort()),
  autoConfirm: z.boolean({ error: 'Say whether tours are confirmed at once: true or false.' }),
})

export type Availability = z.output<typeof availabilitySchema>

/** Until a landlord says otherwise: weekdays 10–18 and Saturday 10–14, half-hour tours, a day's notice, asked not auto-confirmed. */
export const DEFAULT_AVAILABILITY: Availability = {
  toursEnabled: true,
  windows: [...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '10:00', end: '18:00' })), { weekday: 6, start: '10:00', end: '14:00' }],
  tourMinutes: 30,
  noticeHours: 24,
  bufferMinutes: 0,
  partiesPerSlot: 1,
  blockedDates: [],
  autoConfirm: false,
}
