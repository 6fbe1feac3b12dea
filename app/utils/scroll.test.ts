import { describe, expect, it, vi } from 'vitest'
import { easeOutCubic, isPastThreshold, scrollPageToTop, type ScrollView } from './scroll.ts'

/** A window scrolled to `scrollY`, whose animation frames run only when the test says so. */
function fakeWindow({ scrollY = 1000, reducedMotion = false } = {}) {
  let now = 10_000
  let frames = new Map<number, FrameRequestCallback>()
  let nextFrame = 1
  const scrollTo = vi.fn()
  const cancelAnimationFrame = vi.fn((id: number) => void frames.delete(id))
  const view = {
    scrollY,
    scrollTo,
    matchMedia: (query: string) => ({ matches: reducedMotion && query === '(prefers-reduced-motion: reduce)' }),
    requestAnimationFrame: (callback: FrameRequestCallback) => {
      frames.set(nextFrame, callback)
      return nextFrame++
    },
    cancelAnimationFrame,
    performance: { now: () => now },
  } as unknown as ScrollView
  return {
    view,
    scrollTo,
    cancelAnimationFrame,
    pendingFrames: () => frames.size,
    /** Runs the frames waiting now, `ms` after the ride began. */
    runFramesAt(ms: number) {
      const due = frames
      frames = new Map()
      for (const callback of due.values()) callback(10_000 + ms)
      now = 10_000 + ms
    },
    tops: () => scrollTo.mock.calls.map(([options]) => (options as ScrollToOptions).top ?? Number.NaN),
  }
}

describe('isPastThreshold', () => {
  it('is false up to and including 160 px and true beyond', () => {
    expect(isPastThreshold(0)).toBe(false)
    expect(isPastThreshold(160)).toBe(false)
    expect(isPastThreshold(161)).toBe(true)
    expect(isPastThreshold(5000)).toBe(true)
  })
})

describe('easeOutCubic', () => {
  it('starts at 0, ends at 1 and is 0.875 half way', () => {
    expect(easeOutCubic(0)).toBe(0)
    expect(easeOutCubic(1)).toBe(1)
    expect(easeOutCubic(0.5)).toBe(0.875)
  })

  it('never goes backwards', () => {
    let previous = easeOutCubic(0)
    for (let i = 1; i <= 100; i++) {
      const value = easeOutCubic(i / 100)
      expect(value).toBeGreaterThan(previous)
      previous = value
    }
  })

  it('stays within [0, 1] outside the unit interval', () => {
    expect(easeOutCubic(-1)).toBe(0)
    expect(easeOutCubic(2)).toBe(1)
  })
})

describe('scrollPageToTop', () => {
  it('rides from where the page is to the top in 250 ms, fast at first, then arrives', () => {
    const window = fakeWindow({ scrollY: 1000 })
    const onArrive = vi.fn()
    scrollPageToTop(window.view, onArrive)
    expect(window.scrollTo).not.toHaveBeenCalled()
    for (const ms of [0, 125, 200]) window.runFramesAt(ms)
    expect(window.tops().map((top) => Math.round(top))).toEqual([1000, 125, 8])
    expect(onArrive).not.toHaveBeenCalled()
    window.runFramesAt(250)
    expect(window.tops().at(-1)).toBe(0)
    expect(window.scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'instant' })
    expect(onArrive).toHaveBeenCalledOnce()
    expect(window.pendingFrames()).toBe(0)
  })

  it('goes to the top at once, without animation, for people who ask for reduced motion', () => {
    const window = fakeWindow({ scrollY: 800, reducedMotion: true })
    const onArrive = vi.fn()
    scrollPageToTop(window.view, onArrive)
    expect(window.scrollTo).toHaveBeenCalledExactlyOnceWith({ top: 0, behavior: 'instant' })
    expect(onArrive).toHaveBeenCalledOnce()
    expect(window.pendingFrames()).toBe(0)
  })

  it('stops where it is when stopped half way', () => {
    const window = fakeWindow({ scrollY: 1000 })
    const onArrive = vi.fn()
    const stop = scrollPageToTop(window.view, onArrive)
    window.runFramesAt(0)
    window.runFramesAt(125)
    stop()
    expect(window.cancelAnimationFrame).toHaveBeenCalledOnce()
    expect(window.pendingFrames()).toBe(0)
    expect(window.tops()).toEqual([1000, 125])
    expect(onArrive).not.toHaveBeenCalled()
  })
})
