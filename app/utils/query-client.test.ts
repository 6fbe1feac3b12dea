import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from './query-client.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** Runs a query whose fetch always fails, and returns the times (ms after the start) of every attempt. */
async function attemptTimes(retry?: number): Promise<number[]> {
  const client = createQueryClient()
  const started = Date.now()
  const times: number[] = []
  const result = client.fetchQuery({
    queryKey: ['always-fails'],
    queryFn: async () => {
      times.push(Date.now() - started)
      throw new Error('offline')
    },
    ...(retry === undefined ? {} : { retry }),
  })
  const settled = expect(result).rejects.toThrow('offline')
  await vi.runAllTimersAsync()
  await settled
  return times
}

describe('a failing fetch', () => {
  it('is tried once and retried 3 times, after 1 s, 2 s and 4 s, before the query fails', async () => {
    expect(await attemptTimes()).toEqual([0, 1000, 3000, 7000])
  })

  it('never waits more than 30 s between retries', async () => {
    const times = await attemptTimes(7)
    const waits = times.slice(1).map((time, i) => time - times[i]!)
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000])
  })
})

describe('fetched data nobody uses any more', () => {
  it('stays in the cache for 5 minutes and is then dropped', async () => {
    const client = createQueryClient()
    await client.prefetchQuery({ queryKey: ['listing', 1], queryFn: async () => ({ id: 1 }) })
    expect(client.getQueryData(['listing', 1])).toEqual({ id: 1 })
    await vi.advanceTimersByTimeAsync(5 * 60 * 1000 - 1)
    expect(client.getQueryData(['listing', 1])).toEqual({ id: 1 })
    await vi.advanceTimersByTimeAsync(1)
    expect(client.getQueryData(['listing', 1])).toBeUndefined()
  })
})
