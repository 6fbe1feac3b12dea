// /maintenance: the maintenance requests of the signed-in person. A landlord sees every open request
// across their homes, the most urgent first and then the oldest; a tenant of a fully signed lease sees
// their home's requests and files a new one from here.
import { Link } from 'react-router'
import type { Route } from './+types/maintenance'
import { appContext } from '#server/http/app-context.server.ts'
import { requireUser } from '#server/accounts/index.server.ts'
import { listRequests, listTenantHomes } from '#server/maintenance/index.server.ts'
import { HomeTime, RequestStateBadge, UrgencyBadge } from '#app/components/maintenance/maintenance-parts.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { useRevalidateOn } from '#app/realtime/provider.tsx'
import { formatWhen } from '#app/components/applications/format.ts'
import { pageMeta } from '#app/utils/meta.ts'
import type { MaintenanceSummary } from '#common/maintenance/types.ts'
import { CATEGORY_LABELS } from '#common/maintenance/vocabulary.ts'

export function meta() {
  return [...pageMeta('Maintenance', 'Repairs asked for and answered.'), { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const current = await requireUser(services, request)
  const viewer = { userId: current.userId, email: current.user.email }
  const [requests, homes] = await Promise.all([listRequests(services.database.db, viewer), listTenantHomes(services.database.db, viewer)])
  return { ...requests, homes }
}

function RequestList({ requests, label }: { requests: MaintenanceSummary[]; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
      {requests.map((request) => (
        <li key={request.id} className={`space-y-1 p-4 ${request.urgency === 'emergency' ? 'border-l-4 border-red-700' : ''}`}>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <Link to={`/maintenance/${request.id}`} className="min-w-0 font-semibold break-words text-brand-700 underline">
              {request.title}
            </Link>
            <span className="flex gap-2">
              <UrgencyBadge urgency={request.urgency} />
              <RequestStateBadge state={request.state} />
            </span>
          </div>
          <p className="text-sm text-ink-soft">
            {CATEGORY_LABELS[request.category]} · {request.address}
          </p>
          <p className="text-sm text-ink">
            Filed {formatWhen(request.createdAt, request.timeZone)}
            {request.scheduledFor && request.state === 'scheduled' ? (
              <>
                {' '}
                · visit <HomeTime iso={request.scheduledFor} timeZone={request.timeZone} />
              </>
            ) : null}
          </p>
        </li>
      ))}
    </ul>
  )
}

export default function Maintenance({ loaderData }: Route.ComponentProps) {
  const { landlord, tenant, homes } = loaderData
  useRevalidateOn((event) => event.type === 'maintenance')
  return (
    <div className="space-y-8">
      <PageHeader kicker="Your home" title="Maintenance">
        <p>Repairs a tenant asks for and the landlord answers, each with its timeline, photos and messages.</p>
        <p className="mt-2 text-base text-ink-soft">
          Cooper Home passes requests between you; it does not send repairers, and it does not take payments.
        </p>
      </PageHeader>

      {homes.length > 0 ? (
        <section aria-labelledby="file-title" className="space-y-3">
          <h2 id="file-title" className="text-xl font-semibold text-ink">
            Ask for a repair
          </h2>
          <ul className="space-y-2">
            {homes.map((home) => (
              <li key={home.leaseId}>
                <Link
                  to={`/maintenance/new?lease=${home.leaseId}`}
                  className="inline-block rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
                >
                  File a request for {home.address}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {landlord.length > 0 ? (
        <section aria-labelledby="open-title" className="space-y-3">
          <h2 id="open-title" className="text-xl font-semibold text-ink">
            Open requests in your homes
          </h2>
          <p className="text-ink-soft">Most urgent first, then the oldest.</p>
          <RequestList requests={landlord} label="Open requests in your homes" />
        </section>
      ) : null}

      {tenant.length > 0 ? (
        <section aria-labelledby="mine-title" className="space-y-3">
          <h2 id="mine-title" className="text-xl font-semibold text-ink">
            Your requests
          </h2>
          <RequestList requests={tenant} label="Your requests" />
        </section>
      ) : null}

      {landlord.length === 0 && tenant.length === 0 ? (
        <div className="max-w-3xl space-y-2 text-ink">
          <p>There are no open maintenance requests for you.</p>
          <p className="text-ink-soft">
            Tenants file requests for the home of a lease signed by everyone; landlords see them here. Your leases are on the{' '}
            <Link to="/leases" className="text-brand-700 underline">
              Leases
            </Link>{' '}
            page.
          </p>
        </div>
      ) : null}
    </div>
  )
}
