// The scroll-to-top button: present only past 160 px, it takes the page back to the
// top in 250 ms on an ease-out-cubic curve, or at once for people who ask for reduced motion.
import { useEffect, useRef, useState } from 'react'
import { ArrowUpIcon } from '#app/components/icons.tsx'
import { isPastThreshold, scrollPageToTop } from '#app/utils/scroll.ts'

export function ScrollToTop() {
  const [isVisible, setVisible] = useState(false)
  const stopRide = useRef<(() => void) | null>(null)

  useEffect(() => {
    const update = () => setVisible(isPastThreshold(window.scrollY))
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => {
      window.removeEventListener('scroll', update)
      stopRide.current?.()
    }
  }, [])

  if (!isVisible) return null

  const scrollToTop = () => {
    stopRide.current?.()
    // The button disappears at the top; keyboard focus goes to the page content instead of being lost.
    const main = document.getElementById('main')
    stopRide.current = scrollPageToTop(window, () => {
      stopRide.current = null
      if (document.activeElement === null || document.activeElement === document.body || isScrollButton(document.activeElement)) {
        main?.focus({ preventScroll: true })
      }
    })
  }

  return (
    <button
      type="button"
      data-scroll-to-top=""
      onClick={scrollToTop}
      className="fixed right-4 bottom-4 z-30 inline-flex size-12 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg ring-1 ring-white/40 hover:bg-brand-800 sm:right-6 sm:bottom-6 max-lg:[html[data-bottom-bar]_&]:bottom-24"
    >
      <ArrowUpIcon className="size-5" />
      <span className="sr-only">Scroll to top</span>
    </button>
  )
}

function isScrollButton(element: Element) {
  return element instanceof HTMLElement && element.dataset.scrollToTop !== undefined
}
