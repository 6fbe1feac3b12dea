// TanStack Query's settings for data fetched after the page loads: unused data is kept 5 minutes;
// a failed fetch is retried 3 times, waiting 1 s, then 2 s, then 4 s (never more than 30 s).
import { QueryClient } from '@tanstack/react-query'

const QUERY_GC_TIME_MS = 5 * 60 * 1000
const QUERY_RETRIES = 3
const QUERY_RETRY_BASE_DELAY_MS = 1000
const QUERY_RETRY_MAX_DELAY_MS = 30_000

/** The wait before retry number `failureCount + 1`. */
function retryDelay(failureCount: number): number {
  return Math.min(QUERY_RETRY_BASE_DELAY_MS * 2 ** failureCount, QUERY_RETRY_MAX_DELAY_MS)
}

const queryDefaults = {
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
