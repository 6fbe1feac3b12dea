// /applications: the renter's applications, newest first: the home, its state and when it was sent.
import { Link } from 'react-router'
import type { Route } from './+types/applications'
import { appContext } from '#server/http/app-context.server.ts'
import { requireUser } from '#server/accounts/index.server.ts'
import { listRenterApplications } from '#server/applications/index.server.ts'
import { ApplicationStateBadge } from '#app/components/applications/state-badge.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { formatCents, formatDate, isoDate } from '#app/utils/format.ts'
import { useRevalidateOn } from '#app/realtime/provider.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export function meta() {
  return [
    ...pageMeta('Your applications', 'The homes you applied for and where each application stands.'),
    { name: 'robots', content: 'noindex' },
  ]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const current = await requireUser(services, request)
  return { applications: await listRenterApplications(services.database.db, current.userId) }
}

export default function Applications({ loaderData }: Route.ComponentProps) {
  const { applications } = loaderData
  // An application sent, answered or withdrawn elsewhere shows at once.
  useRevalidateOn((event) => event.type === 'application')
  return (
    <div className="space-y-8">
      <PageHeader kicker="Applications" title="Your applications">
        <p>The homes you applied for and where each application stands.</p>
        <p className="mt-2 text-base">
          <Link to="/userprofile/application" className="text-brand-700 underline">
            My application
          </Link>
        </p>
      </PageHeader>
      {applications.length === 0 ? (
        <p className="text-ink">
          You have not applied for a home yet. Fill in{' '}
          <Link to="/userprofile/application" className="text-brand-700 underline">
            your application
          </Link>{' '}
          once, then apply from any home’s page in one step.
        </p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
          {applications.map((application) => (
            <li key={application.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
              <div className="min-w-0">
                <Link to={`/applications/${application.id}`} className="font-semibold text-brand-700 underline">
                  {application.listing.title}
                </Link>
                <p className="text-sm text-ink-soft">
                  {application.listing.address}, {application.listing.city}, {application.listing.state} ·{' '}
                  {formatCents(application.listing.rentCents)} a month
                </p>
                <p className="text-sm text-ink-soft">
                  {application.submittedAt ? (
                    <>
                      Sent <time dateTime={isoDate(application.submittedAt)}>{formatDate(application.submittedAt)}</time>
                    </>
                  ) : (
                    'Not sent'
                  )}{' '}
                  ·{' '}
                  <Link to={`/properties/${application.listing.slug}`} className="underline">
                    See the home<span className="sr-only"> “{application.listing.title}”</span>
                  </Link>
                </p>
              </div>
              <ApplicationStateBadge state={application.state} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
