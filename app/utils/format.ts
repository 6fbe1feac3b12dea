// Dates as people read them. Fixed to UTC so the server's and the browser's renderings agree.

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

export function formatDate(value: Date | string): string {
  return dateFormat.format(typeof value === 'string' ? new Date(value) : value)
}

const dayMonthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })

/** A recent day, short: "Nov 12". */
export function formatDayMonth(value: Date | string): string {
  return dayMonthFormat.format(typeof value === 'string' ? new Date(value) : value)
}

/** The machine-readable form for a <time dateTime> attribute. */
export function isoDate(value: Date | string): string {
  return (typeof value === 'string' ? new Date(value) : value).toISOString().slice(0, 10)
}

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
const exactDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** Money from integer cents: "$1,850" when whole, "$1,850.50" otherwise. */
export function formatCents(cents: number): string {
  return cents % 100 === 0 ? wholeDollars.format(cents / 100) : exactDollars.format(cents / 100)
}

/** Bathrooms from half-steps in words: 2½ baths. */
export function formatBathrooms(bathrooms: number): string {
  const whole = Math.floor(bathrooms)
  const text = bathrooms === whole ? String(whole) : whole === 0 ? '½' : `${whole}½`
  return `${text} ${bathrooms === 1 ? 'bath' : 'baths'}`
}

export function formatBedrooms(bedrooms: number): string {
  return bedrooms === 0 ? 'Studio' : `${bedrooms} ${bedrooms === 1 ? 'bed' : 'beds'}`
}
