// /my-listings: all of a landlord's listings, a page at a time, with a search by title and a status
// filter; each row with its thumbnail, counts and forms (my-listings.tsx). A GET form, so it works
// without JavaScript; with it, the status applies as it is chosen.
import { data, Form, Link, useSubmit } from 'react-router'
import type { Route } from './+types/my-listings'
import { appContext } from '#server/http/app-context.server.ts'
import { requireUser } from '#server/accounts/index.server.ts'
import { shouldAskForSecondFactor } from './second-factor-request.server.ts'
import { SecondFactorNotice } from '#app/components/profile/second-factor-notice.tsx'
import { findOwnerListings } from '#server/listings/index.server.ts'
import { countWaitingApplications } from '#server/applications/index.server.ts'
import { countToursThisWeek } from '#server/tours/index.server.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { MY_LISTINGS_PATH, MyListingRows, statusLabel, type ListingActivity } from '#app/components/listings/my-listings.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { answerOfIssues } from '#common/forms.ts'
import { ownerListingsQuerySchema, OWNER_LISTINGS_PAGE_SIZE } from '#common/listings/schemas.ts'
import { LISTING_STATUSES } from '#common/listings/vocabulary.ts'

export function meta() {
  return [
    ...pageMeta('My listings', 'Your homes on Cooper Home: how renters respond to them, and what to do next.'),
    { name: 'robots', content: 'noindex' },
  ]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const current = await requireUser(services, request)
  const url = new URL(request.url)
  const parsed = ownerListingsQuerySchema.safeParse(Object.fromEntries(url.searchParams))
  if (!parsed.success) {
    const problems = Object.values(answerOfIssues(parsed.error).fieldErrors).flat()
    return data(
      {
        problems,
        query: { q: '', status: null, page: 1 },
        listings: null,
        activity: {},
        returnTo: MY_LISTINGS_PATH,
        askForSecondFactor: await shouldAskForSecondFactor(services, current.userId),
      },
      { status: 400 },
    )
  }
  const query = parsed.data
  const listings = await findOwnerListings(services.database.db, {
    ownerId: current.userId,
    q: query.q,
    status: query.status,
    offset: (query.page - 1) * OWNER_LISTINGS_PAGE_SIZE,
    limit: OWNER_LISTINGS_PAGE_SIZE,
  })
  // Each listing on this page: its tours in the next seven days and its applications waiting for a decision.
  const listingIds = listings.items.map((item) => item.id)
  const [tours, waiting, askForSecondFactor] = await Promise.all([
    countToursThisWeek(services.database.db, { ownerId: current.userId, listingIds }),
    countWaitingApplications(services.database.db, { ownerId: current.userId, listingIds }),
    shouldAskForSecondFactor(services, current.userId),
  ])
  const activity: Record<number, ListingActivity> = Object.fromEntries(
    listingIds.map((id) => [id, { toursThisWeek: tours.get(id) ?? 0, applicationsWaiting: waiting.get(id) ?? 0 }]),
  )
  return { problems: [] as string[], query, listings, activity, returnTo: `${url.pathname}${url.search}`, askForSecondFactor }
}

/** The same search on another page. */
function pageHref(query: { q: string; status: string | null }, page: number) {
  const params = new URLSearchParams()
  if (query.q) params.set('q', query.q)
  if (query.status) params.set('status', query.status)
  if (page > 1) params.set('page', String(page))
  const search = params.toString()
  return search ? `${MY_LISTINGS_PATH}?${search}` : MY_LISTINGS_PATH
}

export default function MyListingsPage({ loaderData }: Route.ComponentProps) {
  const { problems, query, listings, activity, returnTo, askForSecondFactor } = loaderData
  const submit = useSubmit()
  const all = listings ? Object.values(listings.byStatus).reduce((sum, n) => sum + n, 0) : 0
  const pages = listings ? Math.max(1, Math.ceil(listings.total / OWNER_LISTINGS_PAGE_SIZE)) : 1
  const first = (query.page - 1) * OWNER_LISTINGS_PAGE_SIZE + 1
  const last = listings ? first + listings.items.length - 1 : 0
  return (
    <div className="space-y-6">
      <PageHeader kicker="Landlords" title="My listings">
        <p>Your homes on Cooper Home, how many renters viewed, saved and asked about them, and what to do next.</p>
        <p className="mt-2 text-base">
          <Link to="/tours" className="text-brand-700 underline">
            Tours of your homes
          </Link>{' '}
          ·{' '}
          <Link to="/tours/availability" className="text-brand-700 underline">
            Tour availability
          </Link>{' '}
          ·{' '}
          <Link to="/stays" className="text-brand-700 underline">
            Stays in your homes
          </Link>
        </p>
      </PageHeader>

      {askForSecondFactor ? <SecondFactorNotice /> : null}

      {problems.length > 0 ? (
        <div role="alert" className="rounded-lg border-2 border-red-700 bg-red-50 p-4 text-sm text-red-800">
          <p className="font-semibold">This address asks for something that does not exist:</p>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          <Link to={MY_LISTINGS_PATH} className="mt-2 inline-block font-semibold underline">
            See all your listings
          </Link>
        </div>
      ) : null}

      <div className="flex flex-wrap items-end justify-between gap-4">
        <Form method="get" role="search" aria-label="Your listings" className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="my-listings-q" className="block text-sm font-semibold text-ink">
              Title contains
            </label>
            <input
              id="my-listings-q"
              type="search"
              name="q"
              defaultValue={query.q}
              maxLength={200}
              className="mt-1 w-64 max-w-full rounded-lg border border-gray-400 bg-white px-3 py-2 text-base text-ink"
            />
          </div>
          <div>
            <label htmlFor="my-listings-status" className="block text-sm font-semibold text-ink">
              Status
            </label>
            <select
              id="my-listings-status"
              name="status"
              defaultValue={query.status ?? ''}
              onChange={(event) => submit(event.currentTarget.form)}
              className="mt-1 rounded-lg border border-gray-400 bg-white px-3 py-2 text-base text-ink"
            >
              <option value="">{`All (${all.toLocaleString('en-US')})`}</option>
              {LISTING_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {`${statusLabel(status)} (${(listings?.byStatus[status] ?? 0).toLocaleString('en-US')})`}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50">
            Show
          </button>
        </Form>
        <Link
          to="/properties/new"
          className="inline-flex rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          Add a listing
        </Link>
      </div>

      {listings ? (
        <section aria-labelledby="my-listings-count" className="space-y-4">
          <p id="my-listings-count" role="status" className="font-semibold text-ink">
            {listings.total === 0
              ? query.q || query.status
                ? 'None of your listings match.'
                : 'You have no listings yet. Add your first home: it takes a few minutes.'
              : `${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${listings.total.toLocaleString('en-US')} listings`}
          </p>
          {listings.items.length > 0 ? (
            <MyListingRows listings={listings.items} returnTo={returnTo} activity={activity} headingLevel={2} />
          ) : null}
          {pages > 1 ? (
            <nav aria-label="Pages" className="flex items-center justify-between gap-3">
              {query.page > 1 ? (
                <Link to={pageHref(query, query.page - 1)} className="font-semibold text-brand-800 underline underline-offset-2">
                  <span aria-hidden="true">← </span>Previous page
                </Link>
              ) : (
                <span />
              )}
              <span className="text-sm text-ink-soft">
                Page {query.page} of {pages}
              </span>
              {query.page < pages ? (
                <Link to={pageHref(query, query.page + 1)} className="font-semibold text-brand-800 underline underline-offset-2">
                  Next page<span aria-hidden="true"> →</span>
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </section>
      ) : null}
    </div>
  )
}
