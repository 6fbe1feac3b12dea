// A search's short stay (decision 044): the limits of its dates and guests, and what is wrong with
// them, as the search schema (schemas.ts) says it beside each field.

/** The most guests a stay's rules may allow (stay_rules_guests_check), and the longest stay searched for. */
export const MAX_STAY_GUESTS = 50
const MAX_STAY_NIGHTS = 365
/** How far ahead a check-out may be searched for: the longest booking window a host may set (common/stays/rules.ts). */
const MAX_STAY_AHEAD_DAYS = 730

const DAY_MS = 86_400_000
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS

/**
 * The earliest check-in searched for: yesterday in UTC, which is today or later on every listing's
 * calendar (no zone is more than a day behind UTC). Each listing's notice is the booking's to check.
 */
const earliestStayDay = (now = Date.now()) => Math.floor(now / DAY_MS) - 1

/** What is wrong with a search's dates and guests, as [field, message] pairs. */
export function stayIssues({ checkIn, checkOut, guests }: { checkIn?: string; checkOut?: string; guests?: number }): [string, string][] {
  if (checkIn === undefined && checkOut === undefined) {
    return guests === undefined ? [] : [['guests', 'Choose check-in and check-out dates to search by guests.']]
  }
  if (checkIn === undefined) return [['checkIn', 'Choose a check-in date as well as the check-out.']]
  if (checkOut === undefined) return [['checkOut', 'Choose a check-out date as well as the check-in.']]
  const from = dayOf(checkIn)
  const to = dayOf(checkOut)
  if (!Number.isFinite(from) || !Number.isFinite(to)) return []
  if (to <= from) return [['checkOut', 'Check-out must be after check-in.']]
  if (to - from > MAX_STAY_NIGHTS) return [['checkOut', `A stay can be at most ${MAX_STAY_NIGHTS} nights.`]]
  const earliest = earliestStayDay()
  if (from < earliest) return [['checkIn', 'Check-in cannot be in the past.']]
  if (to > earliest + 1 + MAX_STAY_AHEAD_DAYS) {
    return [['checkOut', `Stays can be searched up to ${MAX_STAY_AHEAD_DAYS} days ahead.`]]
  }
  return []
}
