// A landlord's tour availability: the account's defaults, or one listing's own. Shared by the form in
// the browser and the server's write, and read by the slot computation (slots.ts).
import { z } from 'zod'

export const TOUR_MINUTES = { min: 15, max: 60 } as const
export const NOTICE_HOURS = { min: 0, max: 14 * 24 } as const
export const BUFFER_MINUTES = { min: 0, max: 120 } as const
export const PARTIES_PER_SLOT = { min: 1, max: 50 } as const
export const MAX_BLOCKED_DATES = 366

const clock = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Use a time like 09:30.')

/** One showing window of a weekday, in the listing's own time, "HH:MM" to "HH:MM". */
const windowSchema = z
  .object({ weekday: z.number().int().min(0).max(6), start: clock, end: clock })
  .refine((w) => w.start < w.end, { message: 'A window ends after it starts.', path: ['end'] })

export const availabilitySchema = z.object({
  toursEnabled: z.boolean(),
  windows: z.array(windowSchema).max(7 * 4),
  tourMinutes: z.number().int().min(TOUR_MINUTES.min).max(TOUR_MINUTES.max),
  noticeHours: z.number().int().min(NOTICE_HOURS.min).max(NOTICE_HOURS.max),
  bufferMinutes: z.number().int().min(BUFFER_MINUTES.min).max(BUFFER_MINUTES.max),
  partiesPerSlot: z.number().int().min(PARTIES_PER_SLOT.min).max(PARTIES_PER_SLOT.max),
  blockedDates: z
    .array(z.iso.date())
    .max(MAX_BLOCKED_DATES)
    .transform((dates) => [...new Set(dates)].sort()),
  autoConfirm: z.boolean(),
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
