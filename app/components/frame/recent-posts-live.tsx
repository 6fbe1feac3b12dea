// The fetching half of the footer's "Recent posts", loaded after the page (see recent-posts.tsx):
// one query through the site's TanStack Query client, fetched once per visit.
import { QueryClientProvider, useQuery } from '@tanstack/react-query'
import { browserQueryClient } from '#app/utils/query-client.ts'
import { RecentPostsList, type RecentPost } from './recent-posts-list.tsx'

export const recentPostsQuery = {
  queryKey: ['recent-posts'],
  queryFn: fetchRecentPosts,
  // Fetched once per visit: neither a focus change nor a remount asks again.
  staleTime: Number.POSITIVE_INFINITY,
  refetchOnWindowFocus: false,
} as const

export async function fetchRecentPosts(): Promise<RecentPost[]> {
  const response = await fetch('/api/recent-posts', { headers: { Accept: 'application/json' } })
  if (!response.ok) throw new Error(`GET /api/recent-posts answered ${response.status}`)
  return (await response.json()) as RecentPost[]
}

function RecentPostsQuery({ headingId }: { headingId: string }) {
  const { data, isPending, isError } = useQuery(recentPostsQuery)
  return (
    <RecentPostsList
      headingId={headingId}
      state={isPending ? { kind: 'loading' } : isError ? { kind: 'failed' } : { kind: 'loaded', posts: data }}
    />
  )
}

export function RecentPostsLive({ headingId }: { headingId: string }) {
  return (
    <QueryClientProvider client={browserQueryClient()}>
      <RecentPostsQuery headingId={headingId} />
    </QueryClientProvider>
  )
}
