import { describe, expect, it } from 'vitest'
import { createQueryClient, queryDefaults, retryDelay } from './query-client.ts'

describe('query defaults', () => {
  it('keep unused data for 5 minutes and retry 3 times', () => {
    expect(queryDefaults.gcTime).toBe(300_000)
    expect(queryDefaults.retry).toBe(3)
  })

  it('wait 1 s before the first retry and double each time, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000])
  })

  it('are what the app query client uses', () => {
    const options = createQueryClient().getDefaultOptions().queries
    expect(options?.gcTime).toBe(300_000)
    expect(options?.retry).toBe(3)
    expect(options?.retryDelay).toBe(retryDelay)
  })
})

describe('a failing fetch', () => {
  it('is tried once and retried 3 times before the query fails', async () => {
    const client = createQueryClient()
    let calls = 0
    // The app's retry count, without the real waits.
    const result = client.fetchQuery({
      queryKey: ['always-fails'],
      queryFn: async () => {
        calls++
        throw new Error('offline')
      },
      retryDelay: 0,
    })
    await expect(result).rejects.toThrow('offline')
    expect(calls).toBe(4)
  })
})
