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

// `Date#toISOString` was half the time of a 14-day computation (two per slot, 840 slots a fortnight
// of 15-minute tours): a slot starts on a whole minute, so its text is a day's prefix and a minute's.
const MINUTE_TEXT = Array.from({ length: 1440 }, (_, m) => `T${pad(Math.floor(m / 60))}:${pad(m % 60)}:00.000Z`)
const dayPrefixes = new Map<number, string>()

/** `new Date(instant).toISOString()`, quicker for whole minutes. */
export function isoOf(instant: number): string {
  if (instant % 60_000 !== 0) return new Date(instant).toISOString()
  const day = Math.floor(instant / 86_400_000)
  let prefix = dayPrefixes.get(day)
  if (prefix === undefined) {
    if (dayPrefixes.size > 4096) dayPrefixes.clear()
    prefix = new Date(day * 86_400_000).toISOString().slice(0, 10)
    dayPrefixes.set(day, prefix)
  }
  return prefix + MINUTE_TEXT[(instant - day * 86_400_000) / 60_000]!
}

/** A time the landlord is already taken elsewhere (a confirmed tour of another of their homes), in epoch ms. */
export type Busy = { startsAt: number; endsAt: number }

/** Busy times merged into disjoint spans sorted by start, so one binary search answers an overlap. */
function mergeBusy(busy: readonly Busy[]): Busy[] {
  const sorted = [...busy].sort((a, b) => a.startsAt - b.startsAt)
  const merged: Busy[] = []
  for (const span of sorted) {
    const last = merged.at(-1)
    if (last && span.startsAt <= last.endsAt) last.endsAt = Math.max(last.endsAt, span.endsAt)
    else merged.push({ ...span })
  }
  return merged
}

function overlapsBusy(merged: readonly Busy[], startsAt: number, endsAt: number): boolean {
  // The last span starting before the slot ends is the only one that can reach into it.
  let [low, high] = [0, merged.length - 1]
  let found = -1
  while (low <= high) {
    const mid = (low + high) >> 1
    if (merged[mid]!.startsAt < endsAt) {
      found = mid
      low = mid + 1
    } else high = mid - 1
  }
  return found >= 0 && merged[found]!.endsAt > startsAt
}

/**
 * Every slot of the next `days` local days (today included) that starts after the minimum notice,
 * with how many parties each still takes (`taken` counts the active tours by start instant, ISO). A
 * slot overlapping a `busy` time of the landlord's takes no one. A full slot is kept with
 * `remaining: 0` only when `keepFull` is set; `onlyDate` computes that one local day alone.
 */
export function computeSlots({
  availability,
  timeZone,
  now,
  days = SLOT_DAYS,
  taken = new Map(),
  busy = [],
  keepFull = false,
  onlyDate,
}: {
  availability: Availability
  timeZone: string
  now: Date
  days?: number
  taken?: ReadonlyMap<string, number>
  busy?: readonly Busy[]
  keepFull?: boolean
  onlyDate?: string
}): SlotDay[] {
  if (!availability.toursEnabled) return []
  const earliest = now.getTime() + availability.noticeHours * 3_600_000
  const blocked = new Set(availability.blockedDates)
  const merged = mergeBusy(busy)
  const today = wallTimeOf(now.getTime(), timeZone)
  const step = availability.tourMinutes + availability.bufferMinutes
  const length = availability.tourMinutes * 60_000
  const result: SlotDay[] = []
  for (let offset = 0; offset < days; offset += 1) {
    // Calendar arithmetic on the date alone: a day is a day, whatever its length in hours.
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset))
    const [year, month, day, weekday] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), date.getUTCDay()]
    const key = `${year}-${pad(month)}-${pad(day)}`
    if (blocked.has(key) || (onlyDate !== undefined && key !== onlyDate)) continue
    const starts: number[] = []
    const seen = new Set<number>()
    // On all but two days a year the zone keeps one offset from before the day to after it: every
    // wall time of the day is then one subtraction away. On a day the clocks change, each is checked.
    const midnight = Date.UTC(year, month - 1, day)
    const before = offsetMinutes(midnight - 14 * 3_600_000, timeZone)
    const isSteady = before === offsetMinutes(midnight + 38 * 3_600_000, timeZone)
    for (const window of availability.windows) {
      if (window.weekday !== weekday) continue
      const end = minutesOf(window.end)
      for (let start = minutesOf(window.start); start + availability.tourMinutes <= end; start += step) {
        const instant = isSteady
          ? midnight + (start - before) * 60_000
          : instantOf({ year, month, day, hour: Math.floor(start / 60), minute: start % 60 }, timeZone)
        if (instant === null || instant < earliest || seen.has(instant)) continue
        seen.add(instant)
        starts.push(instant)
      }
    }
    starts.sort((a, b) => a - b)
    const slots: Slot[] = []
    for (const instant of starts) {
      const startsAt = isoOf(instant)
      const isBusy = merged.length > 0 && overlapsBusy(merged, instant, instant + length)
      const remaining = isBusy ? 0 : Math.max(0, availability.partiesPerSlot - (taken.get(startsAt) ?? 0))
      if (remaining === 0 && !keepFull) continue
      slots.push({ startsAt, endsAt: isoOf(instant + length), remaining })
    }
    if (slots.length > 0) result.push({ date: key, weekday, slots })
  }
  return result
}

/** Whether an instant is one of the listing's slots (open or full), so a request for any other time is refused. */
export function isSlotStart(args: { availability: Availability; timeZone: string; now: Date; startsAt: Date }): boolean {
  const iso = args.startsAt.toISOString()
  const onlyDate = localDateOf(args.startsAt.getTime(), args.timeZone)
  return computeSlots({ ...args, keepFull: true, onlyDate }).some((day) => day.slots.some((slot) => slot.startsAt === iso))
}
