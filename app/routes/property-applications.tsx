// /properties/:slug/applications: the landlord's review of one listing's applications, in order of
// arrival, and (?compare=<id>&compare=<id>…) 2–4 of them side by side. Only the listing's owner
// reads it; anyone else gets 404. A listing may have hundreds: the page shows REVIEW_PAGE_SIZE at a
// time (?page=<n>), the compared ones from any page.
import { data, Link } from 'react-router'
import type { Route } from './+types/property-applications'
import { appContext } from '#server/http/app-context.server.ts'
import { requireUser } from '#server/accounts/index.server.ts'
import { listListingApplications } from '#server/applications/index.server.ts'
import { withPageErrors } from '#server/http/route-errors.server.ts'
import { CriteriaSummary } from '#app/components/applications/criteria-summary.tsx'
import { ApplicationsTable, ComparisonTable } from '#app/components/applications/review-tables.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { useRevalidateOn } from '#app/realtime/provider.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { parsePositiveId } from '#common/ids.ts'
import { REVIEW_PAGE_SIZE } from '#common/limits.ts'
import { listingIdFromSlug } from '#common/listings/listing-url.ts'

export function meta() {
  return [...pageMeta('Applications', 'The applications for your home.'), { name: 'robots', content: 'noindex' }]
}

const COMPARE_MIN = 2
const COMPARE_MAX = 4

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const current = await requireUser(services, request)
  const listingId = listingIdFromSlug(params.slug)
  if (listingId === null) throw data('No such listing.', { status: 404 })
  const url = new URL(request.url)
  const asked = url.searchParams.getAll('compare')
  const chosen = [...new Set(asked.map(parsePositiveId).filter((id): id is number => id !== null))]
  const page = { number: parsePositiveId(url.searchParams.get('page') ?? '') ?? 1, size: REVIEW_PAGE_SIZE }
  const found = await withPageErrors(() =>
    listListingApplications(services.database.db, { listingId, ownerId: current.userId, page, chosen }),
  )
  const compared = found.chosen
  const compareProblem =
    asked.length === 0 || (compared.length >= COMPARE_MIN && compared.length <= COMPARE_MAX)
      ? null
      : `Choose ${COMPARE_MIN} to ${COMPARE_MAX} applications to compare; you chose ${compared.length}.`
  return { ...found, path: `/properties/${params.slug}`, chosen, compared: compareProblem ? [] : compared, compareProblem }
}

export default function PropertyApplications({ loaderData }: Route.ComponentProps) {
  const { listing, criteria, applications, total, page, path, chosen, compared, compareProblem } = loaderData
  const pageCount = Math.max(1, Math.ceil(total / page.size))
  const first = (page.number - 1) * page.size + 1
  // An application sent, answered or withdrawn elsewhere shows at once.
  useRevalidateOn((event) => event.type === 'application')
  return (
    <div className="space-y-8">
      <PageHeader kicker="Applications" title={listing.title}>
        <p>Every application for this home, in order of arrival. Tick two to four to compare them side by side.</p>
        <p className="mt-2 text-base">
          <Link to={path} className="text-brand-700 underline">
            See the home
          </Link>{' '}
          ·{' '}
          <Link to={`${path}/criteria`} className="text-brand-700 underline">
            Edit criteria
          </Link>{' '}
          ·{' '}
          <Link to="/my-listings" className="text-brand-700 underline">
            My listings
          </Link>
        </p>
      </PageHeader>

      <FormAlert id="compare-refusal" message={compareProblem} />
      {compared.length > 0 ? (
        <section aria-labelledby="compare-title" className="space-y-3">
          <h2 id="compare-title" className="text-xl font-semibold text-ink">
            Side by side
          </h2>
          <ComparisonTable applications={compared} />
          <p>
            <Link to={`${path}/applications`} className="text-brand-700 underline">
              Close the comparison
            </Link>
          </p>
        </section>
      ) : null}

      <section aria-labelledby="all-title" className="space-y-3">
        <h2 id="all-title" className="text-xl font-semibold text-ink">
          All applications
        </h2>
        {applications.length === 0 ? (
          <p className="text-ink">No applications yet.</p>
        ) : (
          <ApplicationsTable applications={applications} chosen={chosen} path={path} />
        )}
        {pageCount > 1 ? (
          <nav aria-label="Pages of applications" className="flex flex-wrap items-center gap-4">
            <span className="text-ink">
              Applications {first}–{first + applications.length - 1} of {total}
            </span>
            {page.number > 1 ? (
              <Link to={`${path}/applications?page=${page.number - 1}`} rel="prev" className="text-brand-700 underline">
                Previous
              </Link>
            ) : null}
            {page.number < pageCount ? (
              <Link to={`${path}/applications?page=${page.number + 1}`} rel="next" className="text-brand-700 underline">
                Next
              </Link>
            ) : null}
          </nav>
        ) : null}
        <p className="text-sm text-ink-soft">
          ✓ met · ✗ not met · ? needs your judgement. Open an application for its details and your decision.
        </p>
      </section>

      <section aria-labelledby="criteria-title" className="space-y-3">
        <h2 id="criteria-title" className="text-xl font-semibold text-ink">
          Your criteria now
        </h2>
        {criteria ? (
          <CriteriaSummary criteria={criteria} rentCents={listing.rentCents} />
        ) : (
          <p className="text-ink">
            You have not published criteria.{' '}
            <Link to={`${path}/criteria`} className="text-brand-700 underline">
              Publish them
            </Link>{' '}
            so renters know what you ask before they apply.
          </p>
        )}
      </section>
    </div>
  )
}
