// /admin/reports: one queue of what people reported — chat messages, listings, stay reviews — the open
// reports oldest first, then the latest resolved ones with what was done and by whom. A review is
// acted on here; a listing or a message on the page each link to. The work is in admin-reports.server.ts.
import { ConsoleHeader, ConsoleNav } from '#app/components/admin/console-nav.tsx'
import { Link } from 'react-router'
import type { Route } from './+types/admin-reports'
import { appContext } from '#server/http/app-context.server.ts'
import { ActionForm, When } from '#app/components/moderation/moderation-parts.tsx'
import { siteConfig } from '#common/site-config.ts'
import { refusalText } from '#common/forms.ts'
import { REVIEW_RULES } from '#common/stays/reviews.ts'
import { adminReportsAction, loadAdminReports, type QueueItem } from './admin-reports.server.ts'

export function meta() {
  return [{ title: `Reports · Console · ${siteConfig.name}` }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAdminReports(context.get(appContext).services, request)
}

export async function action({ request, context }: Route.ActionArgs) {
  return adminReportsAction(context.get(appContext).services, request)
}

const KIND_LABELS: Record<QueueItem['kind'], string> = { message: 'Message', listing: 'Listing', review: 'Review' }

function ReportRow({ item, failure }: { item: QueueItem; failure?: string }) {
  const titleId = `${item.key}-title`
  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm">
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{KIND_LABELS[item.kind]}</p>
      <h3 id={titleId} className="mt-1 font-bold text-ink">
        {item.subject}
      </h3>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
        <dt className="font-semibold text-ink">Reported by</dt>
        <dd className="text-ink">
          {item.reporterName}, <When iso={item.reportedAt} />
        </dd>
        <dt className="font-semibold text-ink">Reason</dt>
        <dd className="break-words whitespace-pre-line text-ink">{item.reason}</dd>
        {item.quoted ? (
          <>
            <dt className="font-semibold text-ink">{item.kind === 'review' ? 'Review' : 'Message'}</dt>
            <dd className="rounded-lg bg-gray-100 px-3 py-2 break-words whitespace-pre-line text-ink">{item.quoted}</dd>
          </>
        ) : null}
        {item.resolution && item.resolvedAt ? (
          <>
            <dt className="font-semibold text-ink">Done</dt>
            <dd className="text-ink">
              {item.resolution} by {item.resolvedBy ?? 'an administrator'}, <When iso={item.resolvedAt} />
              {item.resolutionNote ? `: ${item.resolutionNote}` : ''}
            </dd>
          </>
        ) : null}
      </dl>
      {failure ? (
        <p role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-900">
          {failure}
        </p>
      ) : null}
      {!item.resolution && item.actHref ? (
        <p className="mt-3">
          <Link to={item.actHref} className="text-sm font-semibold text-brand-800 underline underline-offset-2">
            {item.kind === 'listing' ? 'Act on the listing' : 'Act on the message'}
            <span className="sr-only"> ({item.subject})</span>
          </Link>
        </p>
      ) : null}
      {!item.resolution && item.reviewId !== null ? (
        <div className="mt-3 grid items-start gap-3 sm:grid-cols-2">
          <ActionForm
            idPrefix={`${item.key}-dismiss`}
            summary="Dismiss: the review stays…"
            hidden={{ intent: 'dismiss-review', reviewId: item.reviewId }}
            reasonLabel="Why it stays"
            button="Dismiss the reports"
          />
          <ActionForm
            idPrefix={`${item.key}-remove`}
            summary="Remove the review…"
            hidden={{ intent: 'remove-review', reviewId: item.reviewId }}
            reasonLabel="Note, kept with the removal"
            confirms="Remove this review for breaking the rule chosen."
            button="Remove the review"
            variant="danger"
          >
            <div>
              <label htmlFor={`${item.key}-rule`} className="block text-sm font-semibold text-ink">
                Rule it breaks
              </label>
              <select
                id={`${item.key}-rule`}
                name="rule"
                required
                className="mt-1 block w-full rounded-md border border-gray-400 px-3 py-2 text-sm text-ink"
              >
                {REVIEW_RULES.map((rule) => (
                  <option key={rule.key} value={rule.key}>
                    {rule.title}
                  </option>
                ))}
              </select>
            </div>
          </ActionForm>
        </div>
      ) : null}
    </article>
  )
}

export default function AdminReports({ loaderData, actionData }: Route.ComponentProps) {
  const { open, resolved } = loaderData
  const failure = actionData ? refusalText(actionData) : undefined
  const failedKey = open.find((item) => item.reviewId !== null && item.reviewId === actionData?.reviewId)?.key
  return (
    <div className="space-y-8">
      <ConsoleNav current="reports" />
      <ConsoleHeader title="Reports" />
      {failure && !failedKey ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
          {failure}
        </p>
      ) : null}
      <section aria-labelledby="open-reports" className="space-y-3">
        <h2 id="open-reports" className="text-xl font-bold text-ink">
          Open, oldest first ({open.length})
        </h2>
        {open.length === 0 ? (
          <p className="text-ink-soft">No report is waiting.</p>
        ) : (
          <ol className="space-y-3">
            {open.map((item) => (
              <li key={item.key}>
                <ReportRow item={item} failure={item.key === failedKey ? failure : undefined} />
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="resolved-reports" className="space-y-3">
        <h2 id="resolved-reports" className="text-xl font-bold text-ink">
          Resolved lately ({resolved.length})
        </h2>
        {resolved.length === 0 ? (
          <p className="text-ink-soft">No report has been resolved yet.</p>
        ) : (
          <ol className="space-y-3">
            {resolved.map((item) => (
              <li key={item.key}>
                <ReportRow item={item} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  )
}
