// The footer's "Recent posts": the newest knowledge-base articles, fetched once after the page loads
// so every page can be cached without them. The fetching (TanStack Query, with the app's
// retries and cache lifetime) is its own chunk, loaded after the page: it is most of what the
// browser would otherwise download first for a list that arrives later anyway.
import { useEffect, useState, type ComponentType } from 'react'
import { RecentPostsList } from './recent-posts-list.tsx'

/** The list, loading until the fetching chunk has arrived and fetched (the same markup on the server). */
export function RecentPosts({ headingId }: { headingId: string }) {
  const [Live, setLive] = useState<ComponentType<{ headingId: string }> | null>(null)
  const [isUnavailable, setUnavailable] = useState(false)
  useEffect(() => {
    let isCurrent = true
    import('./recent-posts-live.tsx').then(
      (module) => isCurrent && setLive(() => module.RecentPostsLive),
      () => isCurrent && setUnavailable(true),
    )
    return () => {
      isCurrent = false
    }
  }, [])
  if (Live) return <Live headingId={headingId} />
  return <RecentPostsList headingId={headingId} state={isUnavailable ? { kind: 'failed' } : { kind: 'loading' }} />
}
