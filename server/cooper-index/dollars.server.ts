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

/** The share trimmed from each end by dollarAnchor (below the 35th and above the 65th percentile). */
const TRIMMED_EACH_SIDE = 0.35

/**
 * How sure the typical asking rent is: the number of rents behind it and the half-width of its 90 % band as a
 * fraction of it, from the standard error of a trimmed mean (Tukey and McLaughlin, 1963: the winsorized standard
 * deviation over (1 − 2γ)·√n, γ the share trimmed from each end). Null with fewer than two rents.
 */
export function dollarAnchorSpread(rentsCents: readonly number[]): { rents: number; halfWidth: number } | null {
  const sorted = rentsCents.filter((rent) => Number.isFinite(rent)).sort((a, b) => a - b)
  const n = sorted.length
  const anchor = dollarAnchor(sorted)
  if (n < 2 || anchor === null || anchor <= 0) return null
  const low = percentileOfSorted(sorted, TRIMMED_EACH_SIDE)
  const high = percentileOfSorted(sorted, 1 - TRIMMED_EACH_SIDE)
  let sum = 0
  for (const rent of sorted) sum += Math.min(Math.max(rent, low), high)
  const mean = sum / n
  let squares = 0
  for (const rent of sorted) squares += (Math.min(Math.max(rent, low), high) - mean) ** 2
  const standardError = Math.sqrt(squares / (n - 1)) / ((1 - 2 * TRIMMED_EACH_SIDE) * Math.sqrt(n))
  return { rents: n, halfWidth: (1.645 * standardError) / anchor }
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
