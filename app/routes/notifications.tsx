// /notifications: the renter's alerts newest first, a page at a time; the ones not seen before are
// marked "New" (a word and a border, not colour alone), and opening the page marks them read.
import { Form, Link, useLocation } from 'react-router'
import type { Route } from './+types/notifications'
import { appContext } from '#server/http/app-context.server.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { NotificationItem } from '#app/components/alerts/notification-item.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { loadNotificationsPage, notificationsAction } from './notifications.server.ts'

export function meta() {
  return [
    ...pageMeta('Notifications', 'News of the homes your saved searches found and the homes you saved.'),
    { name: 'robots', content: 'noindex' },
  ]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadNotificationsPage(context.get(appContext).services, request)
}

export async function action({ request, context }: Route.ActionArgs) {
  return notificationsAction(context.get(appContext).services, request)
}

export default function NotificationsPage({ loaderData }: Route.ComponentProps) {
  const { items, nextBefore, isFirstPage } = loaderData
  const location = useLocation()
  const hasUnread = items.some((item) => !item.isRead)
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader kicker="Alerts" title="Notifications">
        <p>
          New homes for your{' '}
          <Link to="/searches" className="text-brand-700 underline">
            saved searches
          </Link>{' '}
          and news of the homes you saved.
        </p>
      </PageHeader>

      <Form method="post">
        <input type="hidden" name="intent" value="mark-all-read" />
        <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
        <Button variant="secondary">Mark all as read</Button>
      </Form>

      {items.length === 0 ? (
        <section className="rounded-lg border border-dashed border-gray-400 bg-white p-6">
          <h2 className="text-lg font-semibold">{isFirstPage ? 'No notifications yet' : 'No older notifications'}</h2>
          <p className="mt-2">
            Save a search on the{' '}
            <Link to="/properties" className="font-semibold text-brand-700 underline">
              Properties
            </Link>{' '}
            page, or save homes you like: new matches, lower prices and homes that are leased show up here.
          </p>
        </section>
      ) : (
        <>
          {hasUnread ? <p className="text-sm text-ink-soft">Notifications marked “New” arrived since you last opened this page.</p> : null}
          <ul className="space-y-3" aria-label="Notifications, newest first">
            {items.map((item) => (
              <li key={item.id}>
                <NotificationItem item={item} />
              </li>
            ))}
          </ul>
        </>
      )}

      <nav aria-label="Older and newer notifications" className="flex gap-4">
        {isFirstPage ? null : (
          <Link to="/notifications" className="font-semibold text-brand-700 underline">
            Newest notifications
          </Link>
        )}
        {nextBefore ? (
          <Link to={`/notifications?before=${nextBefore}`} className="font-semibold text-brand-700 underline">
            Older notifications
          </Link>
        ) : null}
      </nav>
    </div>
  )
}
