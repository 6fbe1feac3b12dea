// POST /properties/:slug/manage: the owner's (or an administrator's) actions on a listing from
// "My listings": publish, mark leased, archive, delete, confirm still available. Answers with a
// redirect and a toast; 404 for a listing the viewer cannot see, 403 for one they cannot change. A
// listing not ready to publish (no ready photo) goes to its form's photos step instead.
import { redirect } from 'react-router'
import type { Route } from './+types/property-manage'
import { appContext } from '#server/http/app-context.server.ts'
import { listingIdFromSlug, photosStepPath } from '#common/listings/listing-url.ts'
import { requireUser, safeRedirectTo } from '#server/accounts/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { withPageErrors } from '#server/http/route-errors.server.ts'
import { findTermsToAccept, TERMS_NOT_ACCEPTED } from '#server/content/index.server.ts'
import {
  archiveListing,
  confirmAvailable,
  deleteListing,
  LISTING_NOTICE_JOB,
  markLeased,
  publishListing,
} from '#server/listings/index.server.ts'

const MANAGE_INTENTS = ['publish', 'leased', 'archive', 'delete', 'confirm'] as const
type ManageIntent = (typeof MANAGE_INTENTS)[number]

const DEFAULT_RETURN = '/userprofile#my-listings'

/** Nothing to show here: a GET goes to the listing itself. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/properties/${params.slug}`)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context.get(appContext)
  const current = await requireUser(services, request)
  const listingId = listingIdFromSlug(params.slug)
  if (listingId === null) throw new Response('No such listing.', { status: 404 })
  const formData = await request.formData()
  const intent = formData.get('intent')
  const back = safeRedirectTo(formData.get('redirectTo'), DEFAULT_RETURN)
  if (typeof intent !== 'string' || !(MANAGE_INTENTS as readonly string[]).includes(intent)) {
    throw new Response('Choose publish, leased, archive, delete or confirm.', { status: 400 })
  }
  if (intent === 'delete' && formData.get('confirmed') !== 'yes') {
    throw new Response('Confirm the deletion: it cannot be undone.', { status: 400 })
  }
  const db = services.database.db
  const who = { viewerId: current.userId, listingId }
  // Publishing waits for the Terms of Use in force (publishListing refuses it too): say so where the user was.
  if (intent === 'publish' && (await findTermsToAccept(db, current.userId))) {
    return redirectWithToast(back, { type: 'error', message: TERMS_NOT_ACCEPTED })
  }
  // 404 for a listing the viewer cannot see, 403 for one they cannot change: the error page says which.
  return withPageErrors(async () => {
    switch (intent as ManageIntent) {
      case 'publish': {
        try {
          const found = await publishListing(db, who)
          if (found.status === 'held') {
            await services.jobs
              .send(LISTING_NOTICE_JOB, { listingId: found.id, kind: 'held', reason: '' })
              .catch((error: unknown) =>
                services.logger.warn({ err: error, listingId: found.id }, 'listing hold notice could not be queued'),
              )
            return redirectWithToast(back, {
              type: 'error',
              message: `“${found.title}” is held for review, out of search until an administrator looks. Its edit page says why.`,
            })
          }
          return redirectWithToast(back, { type: 'success', message: `“${found.title}” is published: renters can find it now.` })
        } catch (error) {
          // Not ready to publish (no ready photo yet): to the form's photos step, where it can be put right.
          if (!isAppError(error) || error.code !== 'invalid') throw error
          return redirectWithToast(photosStepPath(`/properties/${params.slug}`), { type: 'error', message: error.message })
        }
      }
      case 'leased': {
        const found = await markLeased(db, who)
        return redirectWithToast(back, { type: 'success', message: `“${found.title}” is marked leased.` })
      }
      case 'archive': {
        const found = await archiveListing(db, who)
        return redirectWithToast(back, { type: 'success', message: `“${found.title}” is archived and hidden from renters.` })
      }
      case 'confirm': {
        const found = await confirmAvailable(db, who)
        return redirectWithToast(back, {
          type: 'success',
          message: `Thank you: “${found.title}” is confirmed available and shows in search.`,
        })
      }
      case 'delete':
        await deleteListing(db, who)
        // The listing page is gone; never send the owner back to it.
        return redirectWithToast(back.startsWith('/properties/') ? DEFAULT_RETURN : back, {
          type: 'success',
          message: 'The listing is deleted.',
        })
    }
  })
}
