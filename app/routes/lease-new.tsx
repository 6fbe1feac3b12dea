// /leases/new: drafting a lease, from an approved application (`applicationId`) or for a tenant of one of
// the landlord's listings (`listingId`). A post drafts it and opens its terms form; a refusal goes back to
// the page it came from as a toast. A visit shows how to start one.
import { Link } from 'react-router'
import type { Route } from './+types/lease-new'
import { appContext } from '#server/http/app-context.server.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { parsePositiveId } from '#common/ids.ts'
import { requireUser, safeRedirectTo } from '#server/accounts/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { createLease } from '#server/leases/index.server.ts'
import { leaseActorOf } from './lease-edit.server.ts'

export function meta() {
  return [...pageMeta('Draft a lease', 'How to start a lease.'), { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context.get(appContext).services, request)
  return null
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext)
  const current = await requireUser(services, request)
  const form = await request.formData()
  const back = safeRedirectTo(form.get('redirectTo'), '/leases/new')
  const applicationId = parsePositiveId(String(form.get('applicationId') ?? ''))
  const listingId = parsePositiveId(String(form.get('listingId') ?? ''))
  const input = applicationId !== null ? { applicationId } : listingId !== null ? { listingId } : null
  if (!input) return redirectWithToast(back, { type: 'error', message: 'Start a lease from an approved application or from your listing.' })
  try {
    const lease = await createLease(services, { actor: leaseActorOf(current, request), input })
    return redirectWithToast(`/leases/${lease.id}/edit`, {
      type: 'success',
      message: 'The lease is drafted: check its terms, save, then review and send it.',
    })
  } catch (error) {
    if (!isAppError(error)) throw error
    return redirectWithToast(back, { type: 'error', message: error.message })
  }
}

export default function NewLeasePage() {
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader kicker="Leases" title="Draft a lease">
        <p>A lease starts from a home of yours, in one of two ways.</p>
      </PageHeader>
      <ul className="list-disc space-y-2 pl-5 text-ink">
        <li>
          From an application you approved: open it and choose <strong>Draft the lease</strong>. The tenants, the move-in date, the rent and
          the deposit are filled in for you.
        </li>
        <li>
          For a tenant who did not apply here: open your listing and choose <strong>Draft a lease for a tenant</strong>, then name the
          tenants yourself.
        </li>
      </ul>
      <p>
        <Link to="/my-listings" className="font-semibold text-brand-700 underline">
          Your listings
        </Link>
      </p>
    </div>
  )
}
