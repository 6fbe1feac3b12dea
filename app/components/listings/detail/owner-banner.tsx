// What the owner (or an administrator) sees above their listing: its status, and the way to edit or
// publish it. The server checks who may change it again on every request.
import { Form } from 'react-router'
import type { ListingStatus } from '#common/listings/vocabulary.ts'
import { HOLD_REASON_TEXT, type HoldReason } from '#common/moderation/vocabulary.ts'

const STATUS_TEXT: Record<ListingStatus, string> = {
  draft: 'Draft — only you can see this.',
  published: 'Published — renters can find this home.',
  leased: 'Leased — renters can still see it, marked as leased.',
  archived: 'Archived — only you can see this.',
  held: 'Held for review — out of search until an administrator looks.',
}

export function OwnerBanner({
  path,
  status,
  listingId,
  isOwner,
  hold = null,
}: {
  path: string
  status: ListingStatus
  listingId: number
  isOwner: boolean
  /** Why it is held; null when not held. */
  hold?: HoldReason | null
}) {
  return (
    <aside
      aria-label="Your listing"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-sun-500 bg-sun-100 px-4 py-3"
    >
      <div>
        <p className="font-semibold text-ink">{STATUS_TEXT[status]}</p>
        {hold ? <p className="mt-1 text-sm text-ink">{HOLD_REASON_TEXT[hold]}</p> : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <a
          href={`${path}/edit`}
          className="rounded-md border border-gray-400 bg-white px-3 py-2 text-sm font-semibold text-ink hover:bg-gray-50"
        >
          Edit
        </a>
        {status === 'draft' ? (
          <Form method="post" action={`${path}/manage`}>
            <input type="hidden" name="intent" value="publish" />
            <input type="hidden" name="redirectTo" value={path} />
            <button type="submit" className="rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700">
              Publish
            </button>
          </Form>
        ) : null}
        {isOwner ? (
          <Form method="post" action="/leases/new">
            <input type="hidden" name="listingId" value={listingId} />
            <input type="hidden" name="redirectTo" value={path} />
            <button
              type="submit"
              className="rounded-md border border-gray-400 bg-white px-3 py-2 text-sm font-semibold text-ink hover:bg-gray-50"
            >
              Draft a lease for a tenant
            </button>
          </Form>
        ) : null}
      </div>
    </aside>
  )
}
