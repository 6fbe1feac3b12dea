// /properties/:slug/reviews: an administrator's removal of a listing's review (POST reviewId, rule,
// note, back), for breaking a published rule; the review stays stored with who removed it and why. A
// GET goes to the listing's reviews on its page.
import { data, redirect } from 'react-router'
import type { Route } from './+types/property-reviews'
import { appContext } from '#server/http/app-context.server.ts'
import { listingIdFromSlug } from '#common/listings/listing-url.ts'
import { parsePositiveId } from '#common/ids.ts'
import { requireAdmin } from '#server/accounts/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { removeStayReview } from '#server/stays/index.server.ts'

const listingPathOf = (slug: string | undefined) => {
  if (listingIdFromSlug(slug) === null) throw new Response('Not Found', { status: 404 })
  return `/properties/${slug}`
}

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`${listingPathOf(params.slug)}#reviews`)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context.get(appContext)
  const path = listingPathOf(params.slug)
  const current = await requireAdmin(services, request, 'Only administrators remove reviews.')
  const form = await request.formData()
  const reviewId = parsePositiveId(String(form.get('reviewId') ?? ''))
  if (reviewId === null) throw data('No such review.', { status: 404 })
  const given = String(form.get('back') ?? '')
  // Back to the page of reviews the form was on, on this listing only.
  const back = given.startsWith(`${path}?reviews=`) || given.startsWith(`${path}#`) ? given : `${path}#reviews`
  try {
    await removeStayReview(services, {
      viewerId: current.userId,
      reviewId,
      input: { rule: String(form.get('rule') ?? ''), note: String(form.get('note') ?? '') },
    })
  } catch (error) {
    if (!isAppError(error)) throw error
    return redirectWithToast(back, { type: 'error', message: Object.values(error.fieldErrors ?? {})[0]?.[0] ?? error.message })
  }
  return redirectWithToast(back, { type: 'success', message: 'Review removed. It stays on record with the rule it broke.' })
}
