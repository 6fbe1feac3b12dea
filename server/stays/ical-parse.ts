// An imported calendar read into the nights it takes on a listing, with ical.js (Mozilla's maintained
// iCalendar parser). All-day events take their dates (DTEND exclusive); timed events take every night
// any part of them falls in, a night being the 24 hours from noon of its date to noon of the next in
// the listing's zone. Recurring events are expanded over the next two years; cancelled ones are left
// out. Pure, so it is unit-tested.
import ICAL from 'ical.js'
import { instantOf, wallTimeOf } from '#common/tours/slots.ts'

/** Nights [start, end) an event of a feed takes, as dates in the listing's zone. */
export type FeedEvent = { uid: string; summary: string; start: string; end: string }

/** Why a calendar's text gave no events, in words for the host. */
export class FeedParseError extends Error {
  override name = 'FeedParseError'
}

export const HORIZON_DAYS = 730
/** More occurrences than any booking calendar has in two years; a bigger feed is refused, not cut. */
export const MAX_FEED_EVENTS = 5000
/**
 * Occurrences of recurrence rules stepped through in one calendar, from each rule's start: ical.js takes
 * tens of microseconds a step, so a rule that repeats every minute, or daily since 1900, must not hold
 * the process for seconds. A daily rule from ten years ago takes under 5,000.
 */
export const MAX_RULE_STEPS = 20_000
/** Steps between two turns of the event loop, so requests are answered while a calendar is read. */
const STEPS_PER_TURN = 250
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

const pad = (n: number) => String(n).padStart(2, '0')
const dateOf = (t: ICAL.Time) => `${String(t.year).padStart(4, '0')}-${pad(t.month)}-${pad(t.day)}`

function isZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return true
  } catch {
    return false
  }
}

/**
 * The instant of a date-time: UTC as written, a zone the calendar defines (VTIMEZONE) as ical.js
 * reads it, an IANA zone name the calendar only names, or otherwise (floating) the listing's zone.
 */
function instantOfTime(time: ICAL.Time, tzid: string | null, listingZone: string): number {
  const zone = time.zone
  if (zone && zone !== ICAL.Timezone.localTimezone && zone.tzid !== 'floating') return time.toUnixTime() * 1000
  const named = tzid && isZone(tzid) ? tzid : listingZone
  const wall = { year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute }
  // A wall time the clocks skip (the spring-forward hour) is read an hour later.
  return (
    instantOf(wall, named) ?? instantOf({ ...wall, hour: wall.hour + 1 }, named) ?? Date.UTC(time.year, time.month - 1, time.day, time.hour)
  )
}

/** The night an instant falls in: before noon it still belongs to the previous date's night. */
function nightOf(instant: number, timeZone: string): string {
  const w = wallTimeOf(instant, timeZone)
  const date = `${w.year}-${pad(w.month)}-${pad(w.day)}`
  return w.hour < 12 ? addDays(date, -1) : date
}

type Edge = { time: ICAL.Time; tzid: string | null }

/** The nights [start, end) from an event's start and end. */
function nightsOf(start: Edge, end: Edge | null, timeZone: string): { start: string; end: string } {
  const from = start.time.isDate ? dateOf(start.time) : nightOf(instantOfTime(start.time, start.tzid, timeZone), timeZone)
  let to = from
  if (end) {
    if (end.time.isDate) to = dateOf(end.time)
    else {
      const endsAt = instantOfTime(end.time, end.tzid, timeZone)
      const startsAt = start.time.isDate ? null : instantOfTime(start.time, start.tzid, timeZone)
      if (startsAt === null || endsAt > startsAt) to = addDays(nightOf(endsAt - 1, timeZone), 1)
    }
  }
  // An event without length (no end, or an end not after its start) takes the night it starts in.
  return { start: from, end: to > from ? to : addDays(from, 1) }
}

const tzidOf = (component: ICAL.Component, name: string): string | null => {
  const value = component.getFirstProperty(name)?.getParameter('tzid')
  return typeof value === 'string' ? value : null
}

const isCancelled = (component: ICAL.Component) => String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED'

function rootOf(text: string): ICAL.Component {
  let parsed: unknown
  try {
    parsed = ICAL.parse(text)
  } catch (error) {
    throw new FeedParseError(`The calendar is not valid iCalendar: ${error instanceof Error ? error.message : String(error)}.`)
  }
  // Several top-level objects in one file: the first calendar counts.
  const first = Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed[0] : parsed
  const root = new ICAL.Component(first as unknown[])
  if (root.name !== 'vcalendar') throw new FeedParseError('The file is not a calendar (no VCALENDAR).')
  return root
}

/**
 * The events of a calendar that take nights from today up to two years ahead, each clipped to that
 * span; throws a FeedParseError when the text is not a calendar or holds more than MAX_FEED_EVENTS.
 */
export async function readFeedEvents(text: string, { timeZone, today }: { timeZone: string; today: string }): Promise<FeedEvent[]> {
  const root = rootOf(text)
  const horizon = addDays(today, HORIZON_DAYS)
  const components = root.getAllSubcomponents('vevent')
  const exceptions = new Map<string, ICAL.Component[]>()
  for (const component of components) {
    if (!component.hasProperty('recurrence-id')) continue
    const uid = String(component.getFirstPropertyValue('uid') ?? '')
    exceptions.set(uid, [...(exceptions.get(uid) ?? []), component])
  }

  const events: FeedEvent[] = []
  let steps = 0
  const add = (uid: string, summary: string, nights: { start: string; end: string }) => {
    const start = nights.start < today ? today : nights.start
    const end = nights.end > horizon ? horizon : nights.end
    if (start >= end) return
    if (events.length >= MAX_FEED_EVENTS) {
      throw new FeedParseError(`The calendar has more than ${MAX_FEED_EVENTS} events in the next two years.`)
    }
    events.push({ uid, summary: summary.slice(0, 200), start, end })
  }

  for (const component of components) {
    if (component.hasProperty('recurrence-id') || isCancelled(component) || !component.hasProperty('dtstart')) continue
    const uid = String(component.getFirstPropertyValue('uid') ?? '')
    const moved = exceptions.get(uid) ?? []
    let event: ICAL.Event
    try {
      // Given its exceptions, ical.js does not search the whole calendar for them at each event (which
      // made a calendar of thousands of events take seconds).
      event = new ICAL.Event(component, { exceptions: moved })
    } catch {
      continue
    }
    const summary = String(event.summary ?? '')
    const startTzid = tzidOf(component, 'dtstart')
    if (!event.isRecurring()) {
      const end = component.hasProperty('dtend') || component.hasProperty('duration') ? event.endDate : null
      add(
        uid,
        summary,
        nightsOf({ time: event.startDate, tzid: startTzid }, end && { time: end, tzid: tzidOf(component, 'dtend') ?? startTzid }, timeZone),
      )
      continue
    }
    // A rule that ended before today, with no occurrence moved, has nothing to give.
    const until = (component.getFirstPropertyValue('rrule') as ICAL.Recur | null)?.until
    if (until && dateOf(until) < today && moved.length === 0 && !component.hasProperty('rdate')) continue
    const iterator = event.iterator()
    for (;;) {
      steps += 1
      if (steps > MAX_RULE_STEPS) {
        throw new FeedParseError('The calendar repeats its events too often, or from too long ago, to be read.')
      }
      if (steps % STEPS_PER_TURN === 0) await nextTurn()
      const next = iterator.next()
      if (!next) break
      if (dateOf(next) > horizon) break
      const details = event.getOccurrenceDetails(next)
      const item = details.item.component
      if (isCancelled(item)) continue
      const tzid = item === component ? startTzid : tzidOf(item, 'dtstart')
      const nights = nightsOf({ time: details.startDate, tzid }, { time: details.endDate, tzid }, timeZone)
      add(uid, String(details.item.summary ?? summary), nights)
    }
  }
  return events
}
