// What /admin/listings loads and does, for administrators only (anyone else, visitors included, gets
// 404): the held and reported listings first, or the listings a search by title or owner e-mail finds,
// each with its reports; and the three actions, each one domain function: approve, unpublish (the
// owner is e-mailed the reason), remove. Unpublishing and removing must be confirmed and give a reason.
import { parsePositiveId } from '#common/ids.ts'
import { clientAddress, requireConsoleAdmin } from '#server/accounts/index.server.ts'
import { AppError, isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { UNKNOWN_FORM, refusalOf, withPageErrors } from '#server/http/route-errors.server.ts'
import {
  approveListing,
  findModerationListings,
  LISTING_NOTICE_JOB,
  removeListing,
  unpublishListing,
  type ListingModeration,
} from '#server/listings/index.server.ts'
import type { Services } from '#server/services.server.ts'

export const ADMIN_LISTINGS_PATH = '/admin/listings'
const MAX_QUERY = 200

export function loadAdminListings(services: Services, request: Request) {
  return withPageErrors(async () => {
    const current = await requireConsoleAdmin(services, request)
    const q = (new URL(request.url).searchParams.get('q') ?? '').slice(0, MAX_QUERY)
    const listings = await findModerationListings(services.database.db, { adminId: current.userId, q })
    return { q, listings }
  })
}

const text = (formData: FormData, name: string) => {
  const value = formData.get(name)
  return typeof value === 'string' ? value : ''
}

const NEEDS_CONFIRMATION = 'Tick the box to confirm: the owner is told at once.'

const DONE: Record<ListingModeration['action'], (m: ListingModeration) => string> = {
  approved: (m) => `“${m.title}” is approved${m.fromStatus === 'held' ? ' and back in search' : ''}.`,
  unpublished: (m) => `“${m.title}” is unpublished; its owner is told why.`,
  removed: (m) => `“${m.title}” is removed; its owner is told why.`,
}

export async function adminListingsAction(services: Services, request: Request) {
  const current = await requireConsoleAdmin(services, request)
  const { db } = services.database
  const formData = await request.formData()
  const intent = text(formData, 'intent')
  const listingId = parsePositiveId(text(formData, 'listingId')) ?? undefined
  const reason = text(formData, 'reason')
  const back = `${ADMIN_LISTINGS_PATH}${text(formData, 'q') ? `?q=${encodeURIComponent(text(formData, 'q').slice(0, MAX_QUERY))}` : ''}`
  try {
    if (listingId === undefined || !['approve', 'unpublish', 'remove'].includes(intent)) {
      throw new AppError('invalid', UNKNOWN_FORM)
    }
    if (intent !== 'approve' && text(formData, 'confirmed') !== 'yes') {
      throw new AppError('invalid', NEEDS_CONFIRMATION, { confirmed: [NEEDS_CONFIRMATION] })
    }
    const args = { adminId: current.userId, listingId, reason, ip: clientAddress(request.headers) }
    const done =
      intent === 'approve'
        ? await approveListing(db, args)
        : intent === 'unpublish'
          ? await unpublishListing(db, args)
          : await removeListing(db, args)
    if (done.action !== 'approved') {
      await services.jobs
        .send(LISTING_NOTICE_JOB, { listingId, kind: done.action, reason: done.reason })
        .catch((error: unknown) => services.logger.warn({ err: error, listingId }, 'listing moderation notice could not be queued'))
    }
    return redirectWithToast(back, { type: 'success', message: DONE[done.action](done) })
  } catch (error) {
    if (!isAppError(error)) throw error
    return refusalOf(error, { listingId, intent, reason })
  }
}
