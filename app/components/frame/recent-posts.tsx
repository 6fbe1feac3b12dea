// The footer's "Recent posts": the newest knowledge-base articles, fetched once after the page loads
// (spec §7) so every page can be cached without them.
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { formatDate, isoDate } from '#app/utils/format.ts'

export type RecentPost = { slug: string; title: string; summary: string; publishedAt: string }

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

export function RecentPosts({ headingId }: { headingId: string }) {
  const { data, isPending, isError } = useQuery(recentPostsQuery)
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-sm font-semibold tracking-wider text-white uppercase">
        Recent posts
      </h2>
      {isPending ? (
        <p className="mt-4 text-sm text-gray-300">Loading recent posts…</p>
      ) : isError ? (
        <p className="mt-4 text-sm text-gray-300">
          Recent posts could not be loaded.{' '}
          <Link to="/knowledge" className="font-medium text-white underline underline-offset-2">
            Browse the knowledge base
          </Link>
          .
        </p>
      ) : data.length === 0 ? (
        <p className="mt-4 text-sm text-gray-300">No posts yet.</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {data.map((post) => (
            <li key={post.slug}>
              <Link
                to={`/knowledge/${post.slug}`}
                className="text-sm font-medium text-gray-100 hover:text-white hover:underline"
              >
                {post.title}
              </Link>
              <p className="mt-0.5 text-xs text-gray-300">
                <time dateTime={isoDate(post.publishedAt)}>{formatDate(post.publishedAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
