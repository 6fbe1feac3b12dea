// What a tenant sends to file a maintenance request, and what either side sends to move one: one schema
// for the pages' forms and the JSON API. Dates and times are the listing's wall clock, in its zone.
import { z } from 'zod'
import { MAINTENANCE_CATEGORIES, MAINTENANCE_URGENCIES, MAX_TIME_WINDOWS } from './vocabulary.ts'

export const MAX_TITLE = 120
export const MAX_TEXT = 4000
export const MAX_NOTE = 1000

const DATE = /^\d{4}-\d{2}-\d{2}$/
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/

const date = z.string({ error: 'Choose a date.' }).regex(DATE, 'Choose a date.')
const time = z.string({ error: 'Choose a time.' }).regex(TIME, 'Choose a time, like 09:30.')

export const timeWindowSchema = z
  .object({ date, from: time, to: time })
  .refine((window) => window.from < window.to, { message: 'A window ends after it starts.', path: ['to'] })
export type TimeWindow = z.infer<typeof timeWindowSchema>

/** "yes"/"no" as a form sends it, or a boolean from the API. */
const yesNo = z.preprocess(
  (value) => (value === 'yes' ? true : value === 'no' ? false : value),
  z.boolean({ error: 'Say whether someone may come in when nobody is home.' }),
)

export const fileRequestSchema = z.object({
  leaseId: z.coerce.number({ error: 'Choose the home.' }).int('Choose the home.').positive('Choose the home.'),
  category: z.enum(MAINTENANCE_CATEGORIES, { error: 'Choose what kind of problem it is.' }),
  urgency: z.enum(MAINTENANCE_URGENCIES, { error: 'Choose how urgent it is.' }),
  title: z
    .string({ error: 'Say in a few words what is wrong.' })
    .trim()
    .min(3, 'Say in a few words what is wrong.')
    .max(MAX_TITLE, `At most ${MAX_TITLE} characters.`),
  location: z
    .string({ error: 'Say where in the home it is.' })
    .trim()
    .min(2, 'Say where in the home it is.')
    .max(MAX_TITLE, `At most ${MAX_TITLE} characters.`),
  description: z.string({ error: 'Write the details as text.' }).trim().max(MAX_TEXT, `At most ${MAX_TEXT} characters.`).default(''),
  entryAllowed: yesNo,
  entryNotes: z.string({ error: 'Write the notes as text.' }).trim().max(MAX_NOTE, `At most ${MAX_NOTE} characters.`).default(''),
  windows: z.array(timeWindowSchema).max(MAX_TIME_WINDOWS, `At most ${MAX_TIME_WINDOWS} time windows.`).default([]),
})

export const scheduleSchema = z.object({
  date,
  time,
  note: z.string({ error: 'Write the note as text.' }).trim().max(MAX_NOTE, `At most ${MAX_NOTE} characters.`).default(''),
})

/** A step's optional note; the landlord's cancellation needs a reason (the domain checks). */
export const stepNoteSchema = z.object({
  note: z.string({ error: 'Write the note as text.' }).trim().max(MAX_NOTE, `At most ${MAX_NOTE} characters.`).default(''),
})

/** The file form's rows of windows: window-date-0, window-from-0, window-to-0 …; blank rows are skipped. */
export function fileRequestFromForm(form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : undefined
  }
  const windows: Record<string, string | undefined>[] = []
  for (let row = 0; row < MAX_TIME_WINDOWS; row++) {
    const window = { date: text(`window-date-${row}`), from: text(`window-from-${row}`), to: text(`window-to-${row}`) }
    if (window.date || window.from || window.to) windows.push(window)
  }
  return {
    leaseId: text('leaseId'),
    category: text('category'),
    urgency: text('urgency'),
    title: text('title'),
    location: text('location'),
    description: text('description'),
    entryAllowed: text('entryAllowed'),
    entryNotes: text('entryNotes'),
    windows,
  }
}
