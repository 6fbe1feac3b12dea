// /leases: the signed-in person's leases, as landlord and as tenant or guarantor, newest activity first:
// the home, the state, each party signed or not, and the ones awaiting the viewer's signature first in view.
import { Link } from 'react-router'
import type { Route } from './+types/leases'
import { appContext } from '#server/http/app-context.server.ts'
import { requireUser } from '#server/accounts/index.server.ts'
import { listLeases } from '#server/leases/index.server.ts'
import { LeaseStateBadge, LeaseTime } from '#app/components/leases/lease-parts.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { useRevalidateOn } from '#app/realtime/provider.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { LEASE_ROLE_LABELS, SIGNING_STATES } from '#common/leases/vocabulary.ts'

export function meta() {
  return [...pageMeta('Leases', 'Your leases and where each signature stands.'), { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const current = await requireUser(services, request)
  return { leases: await listLeases(services.database.db, { userId: current.userId, email: current.user.email }) }
}

export default function Leases({ loaderData }: Route.ComponentProps) {
  const { leases } = loaderData
  // A lease sent, signed or voided elsewhere shows at once.
  useRevalidateOn((event) => event.type === 'lease')
  return (
    <div className="space-y-8">
      <PageHeader kicker="Leases" title="Leases">
        <p>The leases you signed or are asked to sign, and those you sent as a landlord.</p>
        <p className="mt-2 text-base">
          <Link to="/leases/verify" className="text-brand-700 underline">
            Check a lease PDF
          </Link>
          {' · '}
          <Link to="/rent" className="text-brand-700 underline">
            Rent roll of the leases you let
          </Link>
        </p>
      </PageHeader>
      {leases.length === 0 ? (
        <div className="max-w-3xl space-y-2 text-ink">
          <p>You have no lease yet.</p>
          <p className="text-ink-soft">
            A lease is the rental agreement between a landlord and the tenants, signed here electronically. When a landlord approves your
            application, they draft the lease and send it for signature: it then appears on this page and you get an e-mail. Landlords draft
            a lease from an approved application on its page.
          </p>
          <p>
            <Link to="/applications" className="text-brand-700 underline">
              Your applications
            </Link>
          </p>
        </div>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
          {leases.map((lease) => {
            const isOpen = (SIGNING_STATES as readonly string[]).includes(lease.state)
            return (
              <li key={lease.id} className={`space-y-2 p-4 ${lease.awaitingYou ? 'border-l-4 border-sun-500 bg-sun-100/40' : ''}`}>
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <Link to={`/leases/${lease.id}`} className="font-semibold break-words text-brand-700 underline">
                      {lease.title}
                    </Link>
                    <p className="text-sm text-ink-soft">
                      {lease.kind === 'amendment' ? 'Amendment' : 'Lease'} · you are the {LEASE_ROLE_LABELS[lease.viewerRole].toLowerCase()}{' '}
                      · version {lease.version}
                    </p>
                  </div>
                  <LeaseStateBadge state={lease.state} />
                </div>
                {lease.awaitingYou ? <p className="text-sm font-bold text-ink">Awaiting your signature</p> : null}
                {lease.parties.length > 0 ? (
                  <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                    {lease.parties.map((party) => (
                      <li key={`${party.role}:${party.name}`}>
                        {party.name} <span className="text-ink-soft">({LEASE_ROLE_LABELS[party.role].toLowerCase()})</span>:{' '}
                        {party.signed ? (
                          <span className="font-semibold text-green-800">signed</span>
                        ) : (
                          <span className="text-amber-900">not yet</span>
                        )}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {isOpen && lease.expiresAt ? (
                  <p className="text-sm text-ink-soft">
                    Expires unless signed by everyone by <LeaseTime iso={lease.expiresAt} />
                  </p>
                ) : null}
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
