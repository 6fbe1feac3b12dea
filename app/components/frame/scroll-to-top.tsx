// The scroll-to-top button (spec §2, §9): present only past 160 px, it takes the page back to the
// top in 250 ms on an ease-out-cubic curve, or at once for people who ask for reduced motion.
import { useEffect, useRef, useState } from 'react'
import { ArrowUpIcon } from '#app/components/icons.tsx'
import { SCROLL_TOP_DURATION_MS, isPastThreshold, scrollPositionAt } from '#app/utils/scroll.ts'

export function ScrollToTop() {
  const [isVisible, setVisible] = useState(false)
  const frame = useRef<number | null>(null)

  useEffect(() => {
    const update = () => setVisible(isPastThreshold(window.scrollY))
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => {
      window.removeEventListener('scroll', update)
      if (frame.current !== null) cancelAnimationFrame(frame.current)
    }
  }, [])

  if (!isVisible) return null

  const scrollToTop = () => {
    if (frame.current !== null) cancelAnimationFrame(frame.current)
    // The button disappears at the top; keyboard focus goes to the page content instead of being lost.
    const main = document.getElementById('main')
    const finish = () => {
      frame.current = null
      if (document.activeElement === null || document.activeElement === document.body || isScrollButton(document.activeElement)) {
        main?.focus({ preventScroll: true })
      }
    }
    const startY = window.scrollY
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      window.scrollTo({ top: 0, behavior: 'instant' })
      finish()
      return
    }
    const startedAt = performance.now()
    const step = (now: number) => {
      const elapsed = now - startedAt
      window.scrollTo({ top: scrollPositionAt(startY, elapsed), behavior: 'instant' })
      if (elapsed < SCROLL_TOP_DURATION_MS) frame.current = requestAnimationFrame(step)
      else finish()
    }
    frame.current = requestAnimationFrame(step)
  }

  return (
    <button
      type="button"
      data-scroll-to-top=""
      onClick={scrollToTop}
      className="fixed right-4 bottom-4 z-30 inline-flex size-12 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg ring-1 ring-white/40 hover:bg-brand-800 sm:right-6 sm:bottom-6"
    >
      <ArrowUpIcon className="size-5" />
      <span className="sr-only">Scroll to top</span>
    </button>
  )
}

function isScrollButton(element: Element) {
  return element instanceof HTMLElement && element.dataset.scrollToTop !== undefined
}
