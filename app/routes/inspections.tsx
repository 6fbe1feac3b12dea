// /leases/:id/inspections: the move-in and move-out inspections of a signed lease, for its landlord and
// tenants (anyone else: 404): where each stands, and the way to each.
import { Link } from 'react-router'
import type { Route } from './+types/inspections'
import { LeaseTime } from '#app/components/leases/lease-parts.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { useRevalidateOn } from '#app/realtime/provider.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { INSPECTION_KIND_LABELS, INSPECTION_SLUGS, INSPECTION_STATE_LABELS } from '#common/inspections/vocabulary.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { inspectionsPage } from './inspection.server.ts'

export function meta() {
  return [...pageMeta('Inspections', 'The move-in and move-out inspections of a lease.'), { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return inspectionsPage(context.get(appContext).services, request, params.id)
}

export default function InspectionsPage({ loaderData }: Route.ComponentProps) {
  const { overview } = loaderData
  useRevalidateOn((event) => event.type === 'lease' && event.leaseId === overview.leaseId)
  return (
    <div className="space-y-8">
      <PageHeader kicker={`Inspections · you are the ${overview.viewerRole}`} title={overview.address}>
        <p className="text-base">
          <Link to={`/leases/${overview.leaseId}`} className="text-brand-700 underline">
            The lease
          </Link>
        </p>
      </PageHeader>
      <p className="max-w-3xl text-ink">
        At move-in and again at move-out, landlord and tenant record the condition of each room together, with photos, and both sign the
        record. The move-out shows each item beside its move-in state. Cooper Home keeps the record; it does not decide deposits. This is
        not legal advice.
      </p>
      <ul className="grid max-w-4xl gap-4 sm:grid-cols-2">
        {overview.inspections.map((entry) => (
          <li key={entry.kind} className="space-y-2 rounded-xl border border-gray-200 bg-white p-4">
            <h2 className="text-lg font-semibold text-ink">{INSPECTION_KIND_LABELS[entry.kind]}</h2>
            <p className="text-sm text-ink">
              {entry.state === 'not_started' ? 'Not started' : INSPECTION_STATE_LABELS[entry.state]}
              {entry.signedAt ? (
                <>
                  {' '}
                  · <LeaseTime iso={entry.signedAt} />
                </>
              ) : null}
            </p>
            {entry.state !== 'not_started' || entry.canStart ? (
              <Link
                to={`/leases/${overview.leaseId}/inspections/${INSPECTION_SLUGS[entry.kind]}`}
                className="inline-flex rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
              >
                {entry.state === 'not_started' ? 'Open' : 'Open'} the {INSPECTION_KIND_LABELS[entry.kind].toLowerCase()}
              </Link>
            ) : (
              <p className="text-sm text-ink-soft">Starts once the move-in inspection is signed by everyone.</p>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}
