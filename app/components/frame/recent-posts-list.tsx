// The footer's "Recent posts" list as it looks loading, failed or loaded: the same markup on the server
// and in both halves of recent-posts.tsx.
import { Link } from 'react-router'
import { formatDate, isoDate } from '#app/utils/format.ts'

export type RecentPost = { slug: string; title: string; summary: string; publishedAt: string }

export type RecentPostsState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; posts: RecentPost[] }

export function RecentPostsList({ headingId, state }: { headingId: string; state: RecentPostsState }) {
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-sm font-semibold tracking-wider text-white uppercase">
        Recent posts
      </h2>
      {state.kind === 'loading' ? (
        <p className="mt-4 text-sm text-gray-300">Loading recent posts…</p>
      ) : state.kind === 'failed' ? (
        <p className="mt-4 text-sm text-gray-300">
          Recent posts could not be loaded.{' '}
          <Link to="/knowledge" className="font-medium text-white underline underline-offset-2">
            Browse the knowledge base
          </Link>
          .
        </p>
      ) : state.posts.length === 0 ? (
        <p className="mt-4 text-sm text-gray-300">No posts yet.</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {state.posts.map((post) => (
            <li key={post.slug}>
              <Link to={`/knowledge/${post.slug}`} className="text-sm font-medium text-gray-100 hover:text-white hover:underline">
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
