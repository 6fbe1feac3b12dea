// "My listings": on /userprofile the most recently changed, on /my-listings all of them a page at a
// time. Each row has a thumbnail, its status, views, saves, conversations and last confirmation, and
// small forms to publish, mark leased, archive, delete or confirm it available. Every form posts to
// /properties/:slug/manage, comes back where it was sent from, and works without JavaScript.
import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { ListingPhoto } from '#app/components/listings/listing-photo.tsx'
import { ProfileSection } from '#app/components/profile/fields.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { formatCents, formatDate, isoDate } from '#app/utils/format.ts'
import { listingPath } from '#common/listings/listing-url.ts'
import type { OwnerListing } from '#common/listings/types.ts'
import type { ListingStatus } from '#common/listings/vocabulary.ts'
import { HOLD_REASON_TEXT } from '#common/moderation/vocabulary.ts'

export const MY_LISTINGS_PATH = '/my-listings'

const statusBadges: Record<ListingStatus, { label: string; className: string }> = {
  draft: { label: 'Draft', className: 'bg-gray-100 text-ink' },
  published: { label: 'Published', className: 'bg-brand-100 text-brand-800' },
  leased: { label: 'Leased', className: 'bg-sun-100 text-ink' },
  archived: { label: 'Archived', className: 'bg-gray-200 text-ink' },
  held: { label: 'Held for review', className: 'bg-red-100 text-red-900' },
}

export const statusLabel = (status: ListingStatus) => statusBadges[status].label

function AddListing() {
  return (
    <Link
      to="/properties/new"
      className="inline-flex rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
    >
      Add a listing
    </Link>
  )
}

/** The profile's section: the most recently changed listings, and the way to all of them. */
export function MyListings({ items, total, isLandlord }: { items: OwnerListing[]; total: number; isLandlord: boolean }) {
  if (!isLandlord && total === 0) return null
  return (
    <ProfileSection
      id="my-listings"
      title="My listings"
      description="Your homes on Cooper Home, how many renters viewed, saved and asked about them, and what to do next."
    >
      <div className="space-y-5">
        <div className="flex flex-wrap items-center gap-4">
          <AddListing />
          {total > items.length ? (
            <Link to={MY_LISTINGS_PATH} className="font-semibold text-brand-800 underline underline-offset-2">
              See all {total.toLocaleString('en-US')} listings
            </Link>
          ) : null}
        </div>
        {total === 0 ? (
          <p className="text-ink">You have no listings yet. Add your first home: it takes a few minutes.</p>
        ) : (
          <MyListingRows listings={items} returnTo="/userprofile#my-listings" />
        )}
      </div>
    </ProfileSection>
  )
}

/** A listing's tours in the next seven days and applications waiting for a decision (on /my-listings). */
export type ListingActivity = { toursThisWeek: number; applicationsWaiting: number }

/**
 * The rows of the owner's listings; each form comes back to `returnTo`. Each title is a heading one level
 * under the heading the list sits beneath (`headingLevel`: 2 under the page's title, 3 under a section's).
 */
export function MyListingRows({
  listings,
  returnTo,
  activity,
  headingLevel = 3,
}: {
  listings: OwnerListing[]
  returnTo: string
  activity?: Record<number, ListingActivity>
  headingLevel?: 2 | 3
}) {
  return (
    <ul className="divide-y divide-gray-200 border-y border-gray-200">
      {listings.map((item) => (
        <MyListing key={item.id} item={item} returnTo={returnTo} activity={activity?.[item.id]} headingLevel={headingLevel} />
      ))}
    </ul>
  )
}

function MyListing({
  item,
  returnTo,
  activity,
  headingLevel,
}: {
  item: OwnerListing
  returnTo: string
  activity?: ListingActivity
  headingLevel: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const path = listingPath(item)
  const badge = statusBadges[item.status]
  const named = (label: string) => (
    <>
      {label}
      <span className="sr-only"> “{item.title}”</span>
    </>
  )
  return (
    <li className="py-4" aria-labelledby={`my-listing-${item.id}`}>
      <div className="flex items-start gap-3">
        {item.photo ? (
          <ListingPhoto photo={item.photo} sizes="6rem" className="h-16 w-24 shrink-0 rounded-lg" />
        ) : (
          <span className="flex h-16 w-24 shrink-0 items-center justify-center rounded-lg bg-gray-100 text-center text-xs text-ink-soft">
            No photo
          </span>
        )}
        <div className="min-w-0 flex-1">
          <Heading id={`my-listing-${item.id}`} className="font-semibold text-ink">
            <Link to={path} className="underline decoration-gray-300 underline-offset-4 hover:decoration-brand-700">
              {item.title}
            </Link>
          </Heading>
          <p className="mt-0.5 text-sm text-ink-soft">
            {item.city}, {item.state} · {formatCents(item.allInMonthlyCents)} a month all-in
          </p>
        </div>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge.className}`}>{badge.label}</span>
      </div>

      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:max-w-2xl sm:grid-cols-4">
        <Fact label="Views">{item.views.toLocaleString('en-US')}</Fact>
        <Fact label="Saves">{item.saves.toLocaleString('en-US')}</Fact>
        <Fact label="Conversations">{item.conversations.toLocaleString('en-US')}</Fact>
        <Fact label="Last confirmed">
          <time dateTime={isoDate(item.lastConfirmedAt)}>{formatDate(item.lastConfirmedAt)}</time>
        </Fact>
      </dl>
      {activity ? (
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link to="/tours" className="font-semibold text-brand-800 underline underline-offset-2">
            Tours this week: {activity.toursThisWeek}
            <span className="sr-only"> for “{item.title}”</span>
          </Link>
          <Link to={`${path}/applications`} className="font-semibold text-brand-800 underline underline-offset-2">
            Applications waiting: {activity.applicationsWaiting}
            <span className="sr-only"> for “{item.title}”</span>
          </Link>
          <Link to={`${path}/criteria`} className="text-brand-800 underline underline-offset-2">
            {named('Application criteria')}
          </Link>
          {item.isShortTerm ? (
            <Link to={`${path}/stays`} className="text-brand-800 underline underline-offset-2">
              {named('Short stays: rules and calendar')}
            </Link>
          ) : null}
        </p>
      ) : null}

      {item.hiddenSince ? (
        <p className="mt-3 rounded-lg border border-sun-500 bg-sun-100 px-3 py-2 text-sm font-medium text-ink">
          Hidden from search since <time dateTime={isoDate(item.hiddenSince)}>{formatDate(item.hiddenSince)}</time>: confirm it is still
          available.
        </p>
      ) : null}

      {item.status === 'held' && item.heldReason && item.heldReason !== 'removed' ? (
        <p className="mt-3 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-900">
          Held for review, out of search: {HOLD_REASON_TEXT[item.heldReason]}
        </p>
      ) : null}
      {item.heldReason === 'removed' ? (
        <p className="mt-3 rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 text-sm font-medium text-ink">
          An administrator removed this listing: it cannot be published again.
        </p>
      ) : null}

      <div className="mt-3 flex flex-wrap items-center gap-2">
        {item.status === 'held' || item.heldReason === 'removed' ? null : item.status === 'published' ? (
          <ManageForm path={path} returnTo={returnTo} intent="confirm" variant={item.hiddenSince ? 'primary' : 'secondary'}>
            {named('Confirm still available')}
          </ManageForm>
        ) : (
          <ManageForm path={path} returnTo={returnTo} intent="publish" variant="primary">
            {named(item.status === 'draft' ? 'Publish' : 'Publish again')}
          </ManageForm>
        )}
        <Link
          to={`${path}/edit`}
          className="inline-flex items-center rounded-lg border border-gray-400 bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-gray-50"
        >
          {named('Edit')}
        </Link>
        {item.status === 'published' ? (
          <ManageForm path={path} returnTo={returnTo} intent="leased">
            {named('Mark leased')}
          </ManageForm>
        ) : null}
        {item.status === 'published' || item.status === 'leased' || item.status === 'held' ? (
          <ManageForm path={path} returnTo={returnTo} intent="archive">
            {named('Archive')}
          </ManageForm>
        ) : null}
        <details className="group">
          <summary className="inline-flex cursor-pointer list-none items-center rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50 [&::-webkit-details-marker]:hidden">
            {named('Delete…')}
          </summary>
          <div className="mt-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            <p>Delete “{item.title}” for good? Its photos, views and saves go with it. This cannot be undone.</p>
            <ManageForm path={path} returnTo={returnTo} intent="delete" variant="danger" className="mt-2">
              {named('Delete for good')}
            </ManageForm>
          </div>
        </details>
      </div>
    </li>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-ink-soft">{label}</dt>
      <dd className="font-semibold text-ink">{children}</dd>
    </div>
  )
}

function ManageForm({
  path,
  returnTo,
  intent,
  variant = 'secondary',
  className,
  children,
}: {
  path: string
  returnTo: string
  intent: 'publish' | 'leased' | 'archive' | 'delete' | 'confirm'
  variant?: 'primary' | 'secondary' | 'danger'
  className?: string
  children: ReactNode
}) {
  return (
    <Form method="post" action={`${path}/manage`} className={className}>
      <input type="hidden" name="redirectTo" value={returnTo} />
      {intent === 'delete' ? <input type="hidden" name="confirmed" value="yes" /> : null}
      <Button variant={variant} name="intent" value={intent}>
        {children}
      </Button>
    </Form>
  )
}
