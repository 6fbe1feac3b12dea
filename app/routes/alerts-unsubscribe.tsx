// /alerts/unsubscribe/:token: the page an alert e-mail's unsubscribe link opens. It says what the link
// would stop and stops it with one button; after, what stopped and how to undo it. No session is
// needed: the token is the grant. The button posts to the one-click handler
// (server/http/alerts-unsubscribe.server.ts, the same POST mail providers send), which comes back here
// with ?done. A forged or altered link is a 400 page that changes nothing.
import { Link, data } from 'react-router'
import type { Route } from './+types/alerts-unsubscribe'
import { readUnsubscribeLink } from '#server/alerts/index.server.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export function meta() {
  return [...pageMeta('Unsubscribe from alerts', 'Stop alert e-mails from Cooper Home.'), { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const reading = await readUnsubscribeLink(services.database.db, params.token)
  const headers = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }
  if (reading.status === 'invalid') return data({ reading, isDone: false }, { status: 400, headers })
  return data({ reading, isDone: new URL(request.url).searchParams.has('done') }, { headers })
}

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2'

export default function AlertsUnsubscribe({ loaderData, params }: Route.ComponentProps) {
  const { reading, isDone } = loaderData
  if (reading.status === 'invalid') {
    return (
      <div className="max-w-2xl space-y-6">
        <PageHeader title="This unsubscribe link is not valid" />
        <p role="alert" className="rounded-lg border border-red-700 bg-red-50 p-4 text-ink">
          It may have been changed or cut short. Nothing was changed. Use the link from the e-mail as it came, or change your alerts on your{' '}
          <Link to="/searches" className={linkClass}>
            saved searches
          </Link>{' '}
          page.
        </p>
      </div>
    )
  }
  if (isDone) {
    return (
      <div className="max-w-2xl space-y-6">
        <PageHeader title="You are unsubscribed">
          <p>You will no longer get {reading.stops}.</p>
        </PageHeader>
        <p className="text-ink">
          Your saved searches stay saved, and what they find still shows on Cooper Home. Changed your mind?{' '}
          <Link to={reading.frequencyPath} className={linkClass}>
            Choose how often to hear again
          </Link>{' '}
          (you log in first).
        </p>
      </div>
    )
  }
  return (
    <div className="max-w-2xl space-y-6">
      <PageHeader title="Unsubscribe from alert e-mails">
        <p>This stops {reading.stops}.</p>
      </PageHeader>
      {/* A plain form: it posts the page, not a data request, to the one-click handler. */}
      <form method="post" action={`/alerts/unsubscribe/${params.token}`} className="space-y-3">
        <Button>Unsubscribe</Button>
      </form>
      <p className="text-ink">
        Your saved searches stay saved either way. Rather hear less often?{' '}
        <Link to={reading.frequencyPath} className={linkClass}>
          Change how often instead
        </Link>
        .
      </p>
    </div>
  )
}
