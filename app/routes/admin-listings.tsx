// /admin/listings: the listings administrators look at — held ones and those with open reports first,
// oldest first — or any listing found by its title or its owner's e-mail, each with the reports against
// it; approve, unpublish (the owner is told why) or remove. The work is in admin-listings.server.ts.
import { ConsoleHeader, ConsoleNav } from '#app/components/admin/console-nav.tsx'
import { Form, Link } from 'react-router'
import type { Route } from './+types/admin-listings'
import { appContext } from '#server/http/app-context.server.ts'
import { ActionForm, When } from '#app/components/moderation/moderation-parts.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { siteConfig } from '#common/site-config.ts'
import { refusalText } from '#common/forms.ts'
import { listingPath } from '#common/listings/listing-url.ts'
import { HOLD_REASON_LABELS, LISTING_REPORT_REASON_LABELS, LISTING_REPORT_RESOLUTION_LABELS } from '#common/moderation/vocabulary.ts'
import { adminListingsAction, loadAdminListings } from './admin-listings.server.ts'

export function meta() {
  return [{ title: `Listings · Console · ${siteConfig.name}` }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAdminListings(context.get(appContext).services, request)
}

export async function action({ request, context }: Route.ActionArgs) {
  return adminListingsAction(context.get(appContext).services, request)
}

type Listing = Route.ComponentProps['loaderData']['listings'][number]

const STATUS_LABELS: Record<Listing['status'], string> = {
  draft: 'Draft',
  published: 'Published',
  leased: 'Leased',
  archived: 'Archived',
  held: 'Held for review',
}

function ListingCard({ item, q, failure }: { item: Listing; q: string; failure?: string }) {
  const titleId = `listing-${item.id}-title`
  const status = item.heldReason === 'removed' ? 'Removed' : STATUS_LABELS[item.status]
  const canUnpublish = item.status === 'published' || item.status === 'held'
  const canApprove = (item.status === 'held' && item.heldReason !== 'owner-banned') || item.openReports > 0
  const hidden = { listingId: item.id, q }
  return (
    <article
      id={`listing-${item.id}`}
      aria-labelledby={titleId}
      className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} className="text-lg font-bold text-ink">
          <Link to={listingPath(item)} className="underline decoration-gray-300 underline-offset-4 hover:decoration-brand-700">
            {item.title}
          </Link>
        </h2>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${item.status === 'held' ? 'bg-red-100 text-red-900' : 'bg-gray-100 text-ink'}`}
        >
          {status}
        </span>
      </div>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
        <dt className="font-semibold text-ink">Owner</dt>
        <dd className="break-words text-ink">
          {item.owner.name} ({item.owner.email})
        </dd>
        {item.heldReason && item.heldReason !== 'removed' && item.heldAt ? (
          <>
            <dt className="font-semibold text-ink">Held</dt>
            <dd className="text-ink">
              {HOLD_REASON_LABELS[item.heldReason]}, since <When iso={item.heldAt} />
            </dd>
          </>
        ) : null}
        {item.paymentWords.length > 0 ? (
          <>
            <dt className="font-semibold text-ink">Payment words</dt>
            <dd className="text-ink">
              {item.paymentWords.join(', ')}
              {item.isTextApproved ? ' (this text was approved)' : ''}
            </dd>
          </>
        ) : null}
        <dt className="font-semibold text-ink">Open reports</dt>
        <dd className="text-ink">{item.openReports}</dd>
      </dl>
      {item.reports.length > 0 ? (
        <section aria-label={`Reports of “${item.title}”`} className="mt-3">
          <ol className="space-y-2">
            {item.reports.map((report) => (
              <li
                key={report.id}
                className={`rounded-lg px-3 py-2 text-sm ${report.resolution ? 'bg-gray-50 text-ink-soft' : 'bg-sun-100 text-ink'}`}
              >
                <p>
                  <span className="font-semibold">{LISTING_REPORT_REASON_LABELS[report.reason]}</span> — {report.reporter.name} (
                  {report.reporter.email}), <When iso={report.createdAt} />
                </p>
                {report.text ? <p className="mt-1 whitespace-pre-line">{report.text}</p> : null}
                {report.resolution && report.resolvedAt ? (
                  <p className="mt-1">
                    {LISTING_REPORT_RESOLUTION_LABELS[report.resolution]} by {report.resolvedBy}, <When iso={report.resolvedAt} />
                    {report.resolutionNote ? `: ${report.resolutionNote}` : ''}
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {failure ? (
        <p role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-900">
          {failure}
        </p>
      ) : null}
      <div className="mt-4 grid items-start gap-3 sm:grid-cols-3">
        {canApprove ? (
          <ActionForm
            idPrefix={`approve-${item.id}`}
            summary="Approve…"
            hidden={{ ...hidden, intent: 'approve' }}
            reasonLabel="Note on the approval"
            isReasonOptional
            button={item.status === 'held' ? 'Approve and put back in search' : 'Approve: the reports are unfounded'}
            variant="primary"
          />
        ) : null}
        {canUnpublish ? (
          <ActionForm
            idPrefix={`unpublish-${item.id}`}
            summary="Unpublish…"
            hidden={{ ...hidden, intent: 'unpublish' }}
            reasonLabel="Why it is unpublished (sent to the owner)"
            confirms="Unpublish this listing and e-mail the owner the reason."
            button="Unpublish"
          />
        ) : null}
        {item.heldReason !== 'removed' ? (
          <ActionForm
            idPrefix={`remove-${item.id}`}
            summary="Remove…"
            hidden={{ ...hidden, intent: 'remove' }}
            reasonLabel="Why it is removed (sent to the owner)"
            confirms="Remove this listing for good: it is archived and cannot be published again."
            button="Remove"
            variant="danger"
          />
        ) : null}
      </div>
    </article>
  )
}

export default function AdminListings({ loaderData, actionData }: Route.ComponentProps) {
  const { q, listings } = loaderData
  const failure = actionData ? refusalText(actionData) : undefined
  const failedId = actionData?.listingId
  const isListed = failedId !== undefined && listings.some((item) => item.id === failedId)
  return (
    <div className="space-y-6">
      <ConsoleNav current="listings" />
      <ConsoleHeader title="Listings" />
      {failure && !isListed ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
          {failure}
        </p>
      ) : null}
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 sm:max-w-md">
          <label htmlFor="admin-listings-q" className="block text-sm font-semibold text-ink">
            Find by title or owner e-mail
          </label>
          <input
            id="admin-listings-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={200}
            className="mt-1 block w-full rounded-md border border-gray-400 px-3 py-2 text-ink"
          />
        </div>
        <Button variant="secondary">Search</Button>
        {q ? (
          <Link to="/admin/listings" className="py-2 text-sm font-semibold text-brand-800 underline underline-offset-2">
            Held and reported listings
          </Link>
        ) : null}
      </Form>
      <p role="status" className="font-semibold text-ink">
        {q
          ? `${listings.length} listing${listings.length === 1 ? '' : 's'} found; held and reported ones first.`
          : listings.length === 0
            ? 'No listing is held or reported. Search to find any listing.'
            : `${listings.length} held or reported listing${listings.length === 1 ? '' : 's'}, oldest first.`}
      </p>
      <ol className="space-y-4">
        {listings.map((item) => (
          <li key={item.id}>
            <ListingCard item={item} q={q} failure={failedId === item.id ? failure : undefined} />
          </li>
        ))}
      </ol>
    </div>
  )
}
