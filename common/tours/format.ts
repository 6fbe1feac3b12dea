// A tour's time as people read it: in the listing's zone, with the zone named, and the viewer's own
// zone named when it differs.

/** "Tuesday, December 8, 10:00 AM EST" in the given zone. */
export function formatTourTime(iso: string, timeZone: string, { withDate = true, locale = 'en-US' } = {}): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    ...(withDate ? { weekday: 'long', month: 'long', day: 'numeric' } : {}),
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso))
}

/** The time alone, without the zone: "10:00 AM". */
export function formatSlotTime(iso: string, timeZone: string, locale = 'en-US'): string {
  return new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso))
}

/** "Tuesday, December 8" for a "YYYY-MM-DD" day. */
export function formatDay(date: string, locale = 'en-US'): string {
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }).format(
    new Date(`${date}T12:00:00Z`),
  )
}

/** The zone's long name at an instant: "Eastern Standard Time". */
export function zoneName(timeZone: string, at = new Date(), locale = 'en-US'): string {
  const part = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'long' }).formatToParts(at).find((p) => p.type === 'timeZoneName')
  return part?.value ?? timeZone
}

/** Whether two zones show the same clock at an instant (New York and Detroit do; New York and Chicago do not). */
export function isSameClock(a: string, b: string, at = new Date()): boolean {
  const clock = (timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(at)
  return clock(a) === clock(b)
}
