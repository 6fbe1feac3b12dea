import { describe, expect, it } from 'vitest'
import { SCROLL_TOP_DURATION_MS, easeOutCubic, isPastThreshold, scrollPositionAt } from './scroll.ts'

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

describe('scrollPositionAt', () => {
  it('goes from the start position to the top in 250 ms', () => {
    expect(SCROLL_TOP_DURATION_MS).toBe(250)
    expect(scrollPositionAt(1000, 0)).toBe(1000)
    expect(scrollPositionAt(1000, 125)).toBe(125)
    expect(scrollPositionAt(1000, 250)).toBe(0)
    expect(scrollPositionAt(1000, 400)).toBe(0)
  })

  it('is at the top at once when there is no time to animate', () => {
    expect(scrollPositionAt(800, 0, 0)).toBe(0)
  })
})
