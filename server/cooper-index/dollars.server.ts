// The Cooper Index in dollars: the typical asking rent of a reference window anchors the index's level, and the
// other months move with the index.
import type { IndexMonth } from './repeat-rent.server.ts'

/**
 * The typical asking rent: the mean of the rents between the 35th and 65th percentiles (the band Zillow's ZORI
 * uses), percentiles by linear interpolation. Null for no rents.
 */
export function dollarAnchor(rentsCents: readonly number[]): number | null {
  const sorted = rentsCents.filter((rent) => Number.isFinite(rent)).sort((a, b) => a - b)
  if (sorted.length === 0) return null
  const low = percentileOfSorted(sorted, 0.35)
  const high = percentileOfSorted(sorted, 0.65)
  let sum = 0
  let count = 0
  for (const rent of sorted) {
    if (rent >= low && rent <= high) {
      sum += rent
      count++
    }
  }
  return count > 0 ? sum / count : (low + high) / 2
}

function percentileOfSorted(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q
  const below = Math.floor(position)
  const above = Math.min(below + 1, sorted.length - 1)
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below)
}

/**
 * The index in dollars: the anchor rent is the level at `anchorMonth`, the other months move with the index.
 * Null where a month, or the anchor month, has no index.
 */
export function inDollars(months: readonly IndexMonth[], anchorCents: number, anchorMonth: number): (number | null)[] {
  const anchorIndex = months.find((month) => month.month === anchorMonth)?.index ?? null
  return months.map((month) => (anchorIndex === null || month.index === null ? null : (anchorCents * month.index) / anchorIndex / 100))
}
