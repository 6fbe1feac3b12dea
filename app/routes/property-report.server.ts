// What /properties/:slug/report loads and does: the report form of a published listing for anyone
// signed in but its owner (a visitor is sent to log in first), and the report filed once per person.
// The report that holds the listing out of search queues the owner's e-mail after it commits.
import { data } from 'react-router'
import { listingIdFromSlug, listingPath, listingSlug } from '#common/listings/listing-url.ts'
import { requireUser } from '#server/accounts/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { refusalOf, withPageErrors } from '#server/http/route-errors.server.ts'
import { findListingById, hasReportedListing, LISTING_NOTICE_JOB, reportListing } from '#server/listings/index.server.ts'
import type { Services } from '#server/services.server.ts'

async function publishedListingOf(services: Services, viewerId: string, slug: string | undefined) {
  const listingId = listingIdFromSlug(slug)
  if (listingId === null) throw data('Not Found', { status: 404 })
  const found = await findListingById(services.database.db, { viewerId, listingId })
  if (!found || found.status !== 'published' || slug !== listingSlug(found)) throw data('Not Found', { status: 404 })
  return found
}

export function loadReportListingPage(services: Services, request: Request, slug: string | undefined) {
  return withPageErrors(async () => {
    const current = await requireUser(services, request)
    const found = await publishedListingOf(services, current.userId, slug)
    const isOwner = found.ownerId === current.userId
    const hasReported = isOwner
      ? false
      : await hasReportedListing(services.database.db, { reporterId: current.userId, listingId: found.id })
    return { listing: { id: found.id, title: found.title, path: listingPath(found) }, isOwner, hasReported }
  })
}

export async function reportListingAction(services: Services, request: Request, slug: string | undefined) {
  const current = await requireUser(services, request)
  const found = await publishedListingOf(services, current.userId, slug)
  const formData = await request.formData()
  const values = {
    reason: typeof formData.get('reason') === 'string' ? String(formData.get('reason')) : '',
    text: typeof formData.get('text') === 'string' ? String(formData.get('text')) : '',
  }
  const path = listingPath(found)
  try {
    const result = await reportListing(services.database.db, { reporterId: current.userId, listingId: found.id, input: values })
    if (result.held) {
      await services.jobs
        .send(LISTING_NOTICE_JOB, { listingId: found.id, kind: 'held', reason: '' })
        .catch((error: unknown) => services.logger.warn({ err: error, listingId: found.id }, 'listing hold notice could not be queued'))
    }
    return redirectWithToast(path, {
      type: result.created ? 'success' : 'info',
      message: result.created
        ? 'Thank you: your report was received. An administrator will look at this listing.'
        : 'Your report of this listing was already received: an administrator will look at it.',
    })
  } catch (error) {
    if (!isAppError(error)) throw error
    return refusalOf(error, { values })
  }
}
