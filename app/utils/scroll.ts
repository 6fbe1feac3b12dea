// The scroll-to-top button's rules: shown once the page is scrolled past 160 px, it takes the page
// back to the top in 250 ms on an ease-out-cubic curve, or at once for people who ask for reduced motion.

const SCROLL_TOP_THRESHOLD_PX = 160
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

/** The parts of the browser window the ride to the top uses. */
export type ScrollView = Pick<Window, 'scrollY' | 'scrollTo' | 'matchMedia' | 'requestAnimationFrame' | 'cancelAnimationFrame'> & {
  performance: Pick<Performance, 'now'>
}

/** Takes the page back to the top and calls `onArrive` there; returns a function that stops the ride. */
export function scrollPageToTop(view: ScrollView, onArrive: () => void): () => void {
  const startY = view.scrollY
  if (view.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    view.scrollTo({ top: 0, behavior: 'instant' })
    onArrive()
    return () => {}
  }
  let frame: number | null = null
  const startedAt = view.performance.now()
  const step = (now: number) => {
    const elapsed = now - startedAt
    view.scrollTo({ top: scrollPositionAt(startY, elapsed), behavior: 'instant' })
    if (elapsed < SCROLL_TOP_DURATION_MS) {
      frame = view.requestAnimationFrame(step)
    } else {
      frame = null
      onArrive()
    }
  }
  frame = view.requestAnimationFrame(step)
  return () => {
    if (frame !== null) view.cancelAnimationFrame(frame)
  }
}
