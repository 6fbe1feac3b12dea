// Dates as people read them. Fixed to UTC so the server's and the browser's renderings agree.

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

export function formatDate(value: Date | string): string {
  return dateFormat.format(typeof value === 'string' ? new Date(value) : value)
}

/** The machine-readable form for a <time dateTime> attribute. */
export function isoDate(value: Date | string): string {
  return (typeof value === 'string' ? new Date(value) : value).toISOString().slice(0, 10)
}
