// The price of a stay, every line in integer cents: each night at the nightly price (Friday and
// Saturday nights at the weekend price, if the host set one), the weekly discount off the nights of a
// stay of 7 nights or more, and the cleaning fee once. The booking keeps the quote it was made with.
import { nightsOf, weekdayOf } from './dates.ts'

export const WEEKLY_NIGHTS = 7

export type StayQuote = {
  checkIn: string
  checkOut: string
  nights: number
  currency: string
  /** Each night and its price. */
  perNight: { date: string; cents: number; isWeekend: boolean }[]
  nightlyCents: number
  weekendNightlyCents: number | null
  /** The nights' sum before the discount. */
  nightsCents: number
  weeklyDiscountPercent: number
  discountCents: number
  cleaningFeeCents: number
  totalCents: number
  /** The lines a page shows, in order, their cents summing to the total. */
  lines: { label: string; cents: number }[]
}

/** Friday and Saturday nights: the nights before the weekend's days. */
export const isWeekendNight = (date: string) => {
  const weekday = weekdayOf(date)
  return weekday === 5 || weekday === 6
}

export function formatCents(cents: number, currency = 'USD'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100)
}

export function quoteStay({
  checkIn,
  checkOut,
  nightlyCents,
  weekendNightlyCents,
  weeklyDiscountPercent,
  cleaningFeeCents,
  currency = 'USD',
}: {
  checkIn: string
  checkOut: string
  nightlyCents: number
  weekendNightlyCents: number | null
  weeklyDiscountPercent: number
  cleaningFeeCents: number
  currency?: string
}): StayQuote {
  const perNight = nightsOf(checkIn, checkOut).map((date) => {
    const isWeekend = weekendNightlyCents !== null && isWeekendNight(date)
    return { date, cents: isWeekend ? weekendNightlyCents : nightlyCents, isWeekend }
  })
  const nightsCents = perNight.reduce((sum, night) => sum + night.cents, 0)
  const percent = perNight.length >= WEEKLY_NIGHTS ? weeklyDiscountPercent : 0
  // Half a cent of discount goes to the guest.
  const discountCents = Math.round((nightsCents * percent) / 100)
  const totalCents = nightsCents - discountCents + cleaningFeeCents
  const lines = [...nightLines(perNight, currency)]
  if (discountCents > 0) lines.push({ label: `Weekly discount (${percent}%)`, cents: -discountCents })
  if (cleaningFeeCents > 0) lines.push({ label: 'Cleaning fee', cents: cleaningFeeCents })
  return {
    checkIn,
    checkOut,
    nights: perNight.length,
    currency,
    perNight,
    nightlyCents,
    weekendNightlyCents,
    nightsCents,
    weeklyDiscountPercent: percent,
    discountCents,
    cleaningFeeCents,
    totalCents,
    lines,
  }
}

/** "4 nights × $120.00" and, if any, "2 weekend nights × $150.00". */
function nightLines(perNight: StayQuote['perNight'], currency: string) {
  const lines: { label: string; cents: number }[] = []
  for (const isWeekend of [false, true]) {
    const group = perNight.filter((night) => night.isWeekend === isWeekend)
    if (group.length === 0) continue
    const each = group[0]!.cents
    const what = `${group.length} ${isWeekend ? 'weekend ' : ''}${group.length === 1 ? 'night' : 'nights'}`
    lines.push({ label: `${what} × ${formatCents(each, currency)}`, cents: each * group.length })
  }
  return lines
}
