// /properties/:slug/edit: the owner (or an administrator) changes a listing, photos included (the
// form's last step; `?step=photos` opens on it). A stranger's draft is 404 (its existence is
// private); someone else's public listing is 403.
import type { FieldErrors } from '#common/forms.ts'
import { data, useActionData, useLoaderData } from 'react-router'
import type { Route } from './+types/property-edit'
import { appContext } from '#server/http/app-context.server.ts'
import { ListingForm } from '#app/components/listings/listing-form.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { siteConfig } from '#common/site-config.ts'
import { listingIdFromSlug, listingPath } from '#common/listings/listing-url.ts'
import { requireUser } from '#server/accounts/index.server.ts'
import { listingFormStepOf, valuesOfListing } from '#common/listings/listing-form.ts'
import { withPageErrors } from '#server/http/route-errors.server.ts'
import { findEditableListing, findListingHold, mapTiles } from '#server/listings/index.server.ts'
import { listPhotosForOwner } from '#server/media/index.server.ts'
import { answerListingForm, queueHoldNotice, readListingForm, submitListingForm } from './listing-form.server.ts'
import { HOLD_REASON_TEXT } from '#common/moderation/vocabulary.ts'
import type { Services } from '#server/services.server.ts'

const NO_ERRORS: FieldErrors = {}

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  return [{ title: `Edit ${loaded?.title ? `“${loaded.title}”` : 'listing'} · ${siteConfig.name}` }, { name: 'robots', content: 'noindex' }]
}

/** The listing the signed-in viewer may edit, or the 404/403 page. */
async function requireEditable(services: Services, request: Request, slug: string | undefined) {
  const current = await requireUser(services, request)
  const listingId = listingIdFromSlug(slug)
  if (listingId === null) throw data('No such listing.', { status: 404 })
  const found = await withPageErrors(() => findEditableListing(services.database.db, { viewerId: current.userId, listingId }))
  return { current, found }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const { current, found } = await requireEditable(services, request, params.slug)
  const photos = await listPhotosForOwner(services.database.db, { viewerId: current.userId, listingId: found.id })
  return {
    id: found.id,
    title: found.title,
    status: found.status,
    path: listingPath(found),
    values: valuesOfListing(found),
    photos,
    step: listingFormStepOf(new URL(request.url).searchParams.get('step')),
    tiles: mapTiles(services.config),
    hold: found.status === 'held' ? await findListingHold(services.database.db, { viewerId: current.userId, listingId: found.id }) : null,
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context.get(appContext)
  const { current, found } = await requireEditable(services, request, params.slug)
  const read = await readListingForm(request, valuesOfListing(found))
  if (read.refusal) return read.refusal
  // Changed hands or deleted since the page loaded: the error page says so.
  const outcome = await withPageErrors(() =>
    submitListingForm(services.database.db, { viewerId: current.userId, listingId: found.id, formData: read.formData }),
  )
  await queueHoldNotice(services, outcome, found.status)
  return answerListingForm(outcome, { isNew: false })
}

export default function PropertyEdit() {
  const loaded = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return (
    <div className="max-w-4xl space-y-8">
      <PageHeader kicker={loaded.status === 'draft' ? 'Draft' : 'Edit listing'} title={loaded.title}>
        <p>
          <a href={loaded.path} className="font-medium text-brand-800 underline">
            See the listing page
          </a>
        </p>
      </PageHeader>
      {loaded.hold ? (
        <div role="note" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-4 text-ink">
          <p className="font-semibold">Held for review: renters cannot find this listing now.</p>
          <p className="mt-1">{HOLD_REASON_TEXT[loaded.hold.reason]}</p>
        </div>
      ) : null}
      <ListingForm
        values={answer?.values ?? loaded.values}
        errors={answer?.fieldErrors ?? NO_ERRORS}
        formError={answer?.formError}
        status={loaded.status}
        tiles={loaded.tiles}
        photos={{ listingId: loaded.id, path: loaded.path, photos: loaded.photos }}
        initialStep={loaded.step}
      />
    </div>
  )
}
