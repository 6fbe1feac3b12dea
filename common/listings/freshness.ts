// How fresh a listing is: whole calendar days since its landlord last confirmed it available, said
// as a person would ("today", "yesterday", "3 days ago"). The server counts the days, so a page
// and its hydration read the same words whatever the browser's clock says.

const DAY_MS = 24 * 60 * 60 * 1000

/** Whole calendar days (UTC) between two instants: 0 today, 1 yesterday; never negative. */
export function calendarDaysBetween(earlier: Date, later: Date): number {
  const day = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
  return Math.max(0, Math.round((day(later) - day(earlier)) / DAY_MS))
}

/** "today", "yesterday" or "N days ago", from a whole number of days. */
export function daysAgo(days: number): string {
  if (days <= 0) return 'today'
  if (days === 1) return 'yesterday'
  return `${days} days ago`
}
