// The scroll-to-top button's rules (spec §2, §9): shown past 160 px, a 250 ms ease-out-cubic ride.

export const SCROLL_TOP_THRESHOLD_PX = 160
export const SCROLL_TOP_DURATION_MS = 250

/** The button appears only once the page is scrolled more than the threshold. */
export function isPastThreshold(scrollY: number): boolean {
  return scrollY > SCROLL_TOP_THRESHOLD_PX
}

/** Fast at the start, gentle at the end: 1 - (1 - t)^3 for t in [0, 1]. */
export function easeOutCubic(t: number): number {
  const clamped = Math.min(1, Math.max(0, t))
  return 1 - (1 - clamped) ** 3
}

/** Where the page should be `elapsedMs` into a scroll from `startY` to the top. */
export function scrollPositionAt(startY: number, elapsedMs: number, durationMs = SCROLL_TOP_DURATION_MS): number {
  if (durationMs <= 0) return 0
  return startY * (1 - easeOutCubic(elapsedMs / durationMs))
}
