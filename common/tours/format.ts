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
