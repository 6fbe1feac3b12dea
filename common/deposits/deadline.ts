// When a deposit must be returned: the state's deadline (common/leasing/state-rules.ts) counted from
// the day the tenancy ended. Calendar days run straight on; business days leave out Saturdays,
// Sundays and the federal legal holidays as observed (5 U.S.C. § 6103(a), (b)). A state's own holidays
// are not counted out, so the date given is never later than the law's. Dates are plain ISO days.
import type { DepositReturnDeadline } from '#common/leasing/state-rules.ts'

const DAY_MS = 86_400_000

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS
const isoOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10)
const weekday = (day: number) => new Date(day * DAY_MS).getUTCDay()

/** The day of the `nth` (1-based) `weekdayWanted` in a month, or its last when nth is -1. */
function nthWeekday(year: number, month: number, weekdayWanted: number, nth: number): number {
  if (nth === -1) {
    const last = Date.UTC(year, month + 1, 0) / DAY_MS
    return last - ((weekday(last) - weekdayWanted + 7) % 7)
  }
  const first = Date.UTC(year, month, 1) / DAY_MS
  return first + ((weekdayWanted - weekday(first) + 7) % 7) + (nth - 1) * 7
}

/** A fixed-date holiday on a Saturday is observed the Friday before, on a Sunday the Monday after (5 U.S.C. § 6103(b)). */
function observed(year: number, month: number, date: number): number {
  const day = Date.UTC(year, month, date) / DAY_MS
  const dow = weekday(day)
  return dow === 6 ? day - 1 : dow === 0 ? day + 1 : day
}

/** The federal legal holidays of a year as observed, as day numbers (5 U.S.C. § 6103(a)). */
export function federalHolidays(year: number): number[] {
  return [
    observed(year, 0, 1), // New Year's Day
    nthWeekday(year, 0, 1, 3), // Birthday of Martin Luther King, Jr.
    nthWeekday(year, 1, 1, 3), // Washington's Birthday
    nthWeekday(year, 4, 1, -1), // Memorial Day
    observed(year, 5, 19), // Juneteenth National Independence Day
    observed(year, 6, 4), // Independence Day
    nthWeekday(year, 8, 1, 1), // Labor Day
    nthWeekday(year, 9, 1, 2), // Columbus Day
    observed(year, 10, 11), // Veterans Day
    nthWeekday(year, 10, 4, 4), // Thanksgiving Day
    observed(year, 11, 25), // Christmas Day
    // New Year's Day of the next year observed on this year's 31 December.
    observed(year + 1, 0, 1),
  ]
}

function isBusinessDay(day: number): boolean {
  const dow = weekday(day)
  if (dow === 0 || dow === 6) return false
  const year = new Date(day * DAY_MS).getUTCFullYear()
  return !federalHolidays(year).includes(day)
}

/** The last day the deposit may be returned on, counting `deadline.days` from the day after `endedOn`. */
export function depositDueOn(endedOn: string, deadline: Pick<DepositReturnDeadline, 'days' | 'isBusinessDays'>): string {
  const start = dayNumber(endedOn)
  if (!deadline.isBusinessDays) return isoOfDay(start + deadline.days)
  let day = start
  for (let counted = 0; counted < deadline.days;) {
    day += 1
    if (isBusinessDay(day)) counted += 1
  }
  return isoOfDay(day)
}
