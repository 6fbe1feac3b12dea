// The page controller of /tours/:id: the tour with its history and, for the renter of a live tour, the
// times it may move to; and the page's forms, one intent each, through the tours area's front doors.
import { data } from 'react-router'
import type { Services } from '#server/services.server.ts'
import { requireUser } from '#server/accounts/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { UNKNOWN_FORM, withPageErrors } from '#server/http/route-errors.server.ts'
import { changeTour, findOpenSlots, findTour, rescheduleTour, SlotTakenError } from '#server/tours/index.server.ts'
import { parsePositiveId } from '#common/ids.ts'

const CHANGES = { confirm: 'confirm', decline: 'decline', cancel: 'cancel', complete: 'complete', 'no-show': 'noShow' } as const
const DONE: Record<string, string> = {
  confirm: 'Tour confirmed.',
  decline: 'Tour declined.',
  cancel: 'Tour cancelled.',
  complete: 'Tour marked completed.',
  'no-show': 'Tour marked as missed.',
  reschedule: 'Tour moved.',
}

function tourIdOf(param: string | undefined): number {
  const id = parsePositiveId(param)
  if (id === null) throw data('No such tour.', { status: 404 })
  return id
}

export async function tourPage(services: Services, request: Request, param: string | undefined) {
  const current = await requireUser(services, request)
  const tourId = tourIdOf(param)
  const { db } = services.database
  const tour = await withPageErrors(() => findTour(db, { viewerId: current.userId, tourId }))
  const isLive = tour.state === 'requested' || tour.state === 'confirmed'
  const slots = tour.role === 'renter' && isLive ? await findOpenSlots(db, { listingId: tour.listing.id }).catch(() => null) : null
  return { tour, slots, now: new Date().toISOString() }
}

export async function tourAction(services: Services, request: Request, param: string | undefined) {
  const current = await requireUser(services, request)
  const tourId = tourIdOf(param)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const reason = String(form.get('reason') ?? '')
  try {
    if (intent === 'reschedule') {
      await rescheduleTour(services, { viewerId: current.userId, tourId, input: { startsAt: String(form.get('startsAt') ?? '') } })
    } else {
      const name = CHANGES[intent as keyof typeof CHANGES]
      if (!name) return data({ error: UNKNOWN_FORM, intent }, { status: 400 })
      await changeTour(services, { name, viewerId: current.userId, tourId, input: { reason } })
    }
  } catch (error) {
    if (error instanceof SlotTakenError) return data({ error: error.message, intent }, { status: 409 })
    if (isAppError(error)) {
      if (error.code === 'not-found') throw data(error.message, { status: 404 })
      // Each form here has one field (a reason, a time): its message says what is wrong better than the form's sentence.
      return data({ error: Object.values(error.fieldErrors ?? {})[0]?.[0] ?? error.message, intent }, { status: error.status })
    }
    throw error
  }
  return redirectWithToast(`/tours/${tourId}`, { type: 'success', message: DONE[intent] ?? 'Done.' })
}
