import { describe, expect, it } from 'vitest'
import { idleFlight, runSingleFlight } from './single-flight.ts'

describe('runSingleFlight', () => {
  it('runs one pass at a time and folds every call made meanwhile into one more pass', async () => {
    const flight = idleFlight()
    let passes = 0
    let release: () => void = () => {}
    const pass = () => {
      passes += 1
      return new Promise<void>((resolve) => (release = resolve))
    }
    const first = runSingleFlight(flight, pass)
    expect(passes).toBe(1)
    await Promise.all([runSingleFlight(flight, pass), runSingleFlight(flight, pass), runSingleFlight(flight, pass)])
    expect(passes).toBe(1)
    release()
    await Promise.resolve()
    await Promise.resolve()
    expect(passes).toBe(2)
    release()
    await first
    expect(passes).toBe(2)
    expect(flight).toEqual({ isRunning: false, isStale: false })
  })

  it('is free again after a pass fails', async () => {
    const flight = idleFlight()
    await expect(runSingleFlight(flight, () => Promise.reject(new Error('offline')))).rejects.toThrow('offline')
    let ran = false
    await runSingleFlight(flight, async () => {
      ran = true
    })
    expect(ran).toBe(true)
  })
})
