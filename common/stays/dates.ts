// Plain calendar dates ("YYYY-MM-DD") as a stay counts them: nights are dates, a stay is the half-open
// range [check-in, check-out), and no arithmetic here goes through an instant, so no clock change can
// move a night. Instants (a check-in time, "today") come from the listing's zone through its wall clock.
import { instantOf, localDateOf } from '#common/tours/slots.ts'

const DAY_MS = 86_400_000

const utcOf = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)))

/** The date `days` after (or before, when negative) a date. */
export function addDays(date: string, days: number): string {
  return new Date(utcOf(date) + days * DAY_MS).toISOString().slice(0, 10)
}

/** Whole days from `from` to `to` (the nights of a stay from check-in to check-out). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcOf(to) - utcOf(from)) / DAY_MS)
}

/** 0 for Sunday … 6 for Saturday. */
export function weekdayOf(date: string): number {
  return new Date(utcOf(date)).getUTCDay()
}

/** Every night of [from, to). */
export function nightsOf(from: string, to: string): string[] {
  return Array.from({ length: Math.max(0, daysBetween(from, to)) }, (_, i) => addDays(from, i))
}

/** Today's date on the listing's wall clock. */
export const todayIn = (timeZone: string, now: Date) => localDateOf(now.getTime(), timeZone)

/**
 * The instant a date's wall-clock time ("15:00") happens in a zone. A time the clocks skip (02:30 on
 * the spring-forward day) becomes the first half hour the clocks do show after it (03:00), so a
 * check-in time is never lost.
 */
export function instantAt(date: string, clock: string, timeZone: string): Date {
  const wall = { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) }
  const hour = Number(clock.slice(0, 2))
  const minute = Number(clock.slice(3, 5))
  for (let shift = 0; shift <= 120; shift += 30) {
    const total = hour * 60 + minute + shift
    const found = instantOf({ ...wall, hour: Math.floor(total / 60), minute: total % 60 }, timeZone)
    if (found !== null) return new Date(found)
  }
  throw new Error(`no instant for ${date} ${clock} in ${timeZone}`)
}

/** Whether a string names a zone this engine knows ("America/Chicago"); "Mars/Base" does not. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}
