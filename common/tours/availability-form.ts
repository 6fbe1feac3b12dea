// The availability form's fields (one showing window per weekday, blocked dates one a line) to the
// availability the schema checks, and back. Shared by the page and its action.
import type { Availability } from './availability.ts'

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const
export const TOUR_MINUTE_CHOICES = [15, 20, 30, 45, 60] as const

const numberOf = (value: FormDataEntryValue | null) => (value === null || String(value).trim() === '' ? Number.NaN : Number(value))

/** What the form posted, as the availability input (the schema judges it). */
export function availabilityFromForm(form: FormData): unknown {
  const windows = WEEKDAYS.flatMap((_, weekday) => {
    const start = String(form.get(`start-${weekday}`) ?? '').trim()
    const end = String(form.get(`end-${weekday}`) ?? '').trim()
    return start || end ? [{ weekday, start, end }] : []
  })
  return {
    toursEnabled: form.get('toursEnabled') === 'on',
    autoConfirm: form.get('autoConfirm') === 'on',
    windows,
    tourMinutes: numberOf(form.get('tourMinutes')),
    noticeHours: numberOf(form.get('noticeHours')),
    bufferMinutes: numberOf(form.get('bufferMinutes')),
    partiesPerSlot: numberOf(form.get('partiesPerSlot')),
    blockedDates: String(form.get('blockedDates') ?? '')
      .split(/[\s,]+/)
      .filter(Boolean),
  }
}

/** The first window of a weekday, for the form's two time fields. */
export function windowOf(availability: Availability, weekday: number) {
  return availability.windows.find((w) => w.weekday === weekday) ?? { start: '', end: '' }
}
