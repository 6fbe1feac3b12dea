// The open tour slots of a listing: showing windows read as wall-clock times in the listing's own IANA
// zone, turned into instants with the zone's offset on that very day, so the days clocks change are
// right. A wall time that does not exist (the hour skipped in March) gives no slot; one that happens
// twice (the hour repeated in November) gives one slot, at its first occurrence. The zones' rules
// come from the IANA database the JavaScript engine carries; in the United States daylight saving
// time runs from the second Sunday of March to the first Sunday of November (15 U.S.C. § 260a, as
// amended by the Energy Policy Act of 2005, § 110), and Arizona and Hawaii keep standard time all year.
import type { Availability } from './availability.ts'

export const SLOT_DAYS = 14

export type Slot = { startsAt: string; endsAt: string; remaining: number }
export type SlotDay = { date: string; weekday: number; slots: Slot[] }

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterOf(timeZone: string) {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

type WallTime = { year: number; month: number; day: number; hour: number; minute: number }

/** The wall-clock date and time of an instant in a zone. */
export function wallTimeOf(instant: number, timeZone: string): WallTime {
  const parts: Record<string, number> = {}
  for (const part of formatterOf(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! }
}

/** Minutes the zone is ahead of UTC at an instant (−300 for New York in winter). */
function offsetMinutes(instant: number, timeZone: string): number {
  const w = wallTimeOf(instant, timeZone)
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute)
  return Math.round((asUtc - Math.floor(instant / 60_000) * 60_000) / 60_000)
}

/** The first instant a zone's clocks show this wall time, or null when they skip it. */
export function instantOf(wall: WallTime, timeZone: string): number | null {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute)
  // The offset can only be one of those a few hours either side; try the earlier reading first.
  const candidates = [...new Set([offsetMinutes(asUtc - 12 * 3_600_000, timeZone), offsetMinutes(asUtc + 12 * 3_600_000, timeZone)])]
    .map((offset) => asUtc - offset * 60_000)
    .sort((a, b) => a - b)
  for (const instant of candidates) {
    const back = wallTimeOf(instant, timeZone)
    if (
      back.year === wall.year &&
      back.month === wall.month &&
      back.day === wall.day &&
      back.hour === wall.hour &&
      back.minute === wall.minute
    ) {
      return instant
    }
  }
  return null
}

const pad = (n: number) => String(n).padStart(2, '0')

/** "YYYY-MM-DD" of an instant in a zone. */
export function localDateOf(instant: number, timeZone: string): string {
  const w = wallTimeOf(instant, timeZone)
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5))

/**
 * Every slot of the next `days` local days (today included) that starts after the minimum notice,
 * with how many parties each still takes (`taken` counts the active tours by start instant, ISO).
 * A full slot is kept with `remaining: 0` only when `keepFull` is set.
 */
export function computeSlots({
  availability,
  timeZone,
  now,
  days = SLOT_DAYS,
  taken = new Map(),
  keepFull = false,
}: {
  availability: Availability
  timeZone: string
  now: Date
  days?: number
  taken?: ReadonlyMap<string, number>
  keepFull?: boolean
}): SlotDay[] {
  if (!availability.toursEnabled) return []
  const earliest = now.getTime() + availability.noticeHours * 3_600_000
  const blocked = new Set(availability.blockedDates)
  const today = wallTimeOf(now.getTime(), timeZone)
  const step = availability.tourMinutes + availability.bufferMinutes
  const result: SlotDay[] = []
  for (let offset = 0; offset < days; offset += 1) {
    // Calendar arithmetic on the date alone: a day is a day, whatever its length in hours.
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset))
    const [year, month, day, weekday] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), date.getUTCDay()]
    const key = `${year}-${pad(month)}-${pad(day)}`
    if (blocked.has(key)) continue
    const slots: Slot[] = []
    const seen = new Set<number>()
    // On all but two days a year the zone keeps one offset from before the day to after it: every
    // wall time of the day is then one subtraction away. On a day the clocks change, each is checked.
    const midnight = Date.UTC(year, month - 1, day)
    const before = offsetMinutes(midnight - 14 * 3_600_000, timeZone)
    const isSteady = before === offsetMinutes(midnight + 38 * 3_600_000, timeZone)
    const windows = availability.windows.filter((w) => w.weekday === weekday).sort((a, b) => a.start.localeCompare(b.start))
    for (const window of windows) {
      const end = minutesOf(window.end)
      for (let start = minutesOf(window.start); start + availability.tourMinutes <= end; start += step) {
        const instant = isSteady
          ? midnight + (start - before) * 60_000
          : instantOf({ year, month, day, hour: Math.floor(start / 60), minute: start % 60 }, timeZone)
        if (instant === null || instant < earliest || seen.has(instant)) continue
        seen.add(instant)
        const startsAt = new Date(instant).toISOString()
        const remaining = Math.max(0, availability.partiesPerSlot - (taken.get(startsAt) ?? 0))
        if (remaining === 0 && !keepFull) continue
        slots.push({ startsAt, endsAt: new Date(instant + availability.tourMinutes * 60_000).toISOString(), remaining })
      }
    }
    slots.sort((a, b) => a.startsAt.localeCompare(b.startsAt))
    if (slots.length > 0) result.push({ date: key, weekday, slots })
  }
  return result
}

/** Whether an instant is one of the listing's slots (open or full), so a request for any other time is refused. */
export function isSlotStart(args: { availability: Availability; timeZone: string; now: Date; startsAt: Date }): boolean {
  const iso = args.startsAt.toISOString()
  return computeSlots({ ...args, keepFull: true }).some((day) => day.slots.some((slot) => slot.startsAt === iso))
}
