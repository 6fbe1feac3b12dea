// TanStack Query's settings for data fetched after the page loads (spec §8, §9): unused data is
// kept 5 minutes; a failed fetch is retried 3 times, waiting 1 s, then 2 s, then 4 s (capped at 30 s).
import { QueryClient } from '@tanstack/react-query'

export const QUERY_GC_TIME_MS = 5 * 60 * 1000
export const QUERY_RETRIES = 3
export const QUERY_RETRY_BASE_DELAY_MS = 1000
export const QUERY_RETRY_MAX_DELAY_MS = 30_000

/** The wait before retry number `failureCount + 1`. */
export function retryDelay(failureCount: number): number {
  return Math.min(QUERY_RETRY_BASE_DELAY_MS * 2 ** failureCount, QUERY_RETRY_MAX_DELAY_MS)
}

export const queryDefaults = {
  gcTime: QUERY_GC_TIME_MS,
  retry: QUERY_RETRIES,
  retryDelay,
} as const

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { ...queryDefaults } } })
}

let browserClient: QueryClient | undefined

/** The one client of this browser tab, made on first use (data is only fetched after the page loads). */
export function browserQueryClient(): QueryClient {
  browserClient ??= createQueryClient()
  return browserClient
}
