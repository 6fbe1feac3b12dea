// The page controller of /stays/:id: the booking with its timeline, the refund a cancellation would
// give now (shown before the guest or host confirms it), whether the stay may be marked begun; and
// the page's forms, one intent each, through the stays area's front door.
import { data } from 'react-router'
import type { Services } from '#server/services.server.ts'
import { clientAddress, requireUser } from '#server/accounts/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { UNKNOWN_FORM, withPageErrors } from '#server/http/route-errors.server.ts'
import { changeStay, findStayBooking } from '#server/stays/index.server.ts'
import { parsePositiveId } from '#common/ids.ts'
import { todayIn } from '#common/stays/dates.ts'
import { refundOf } from '#common/stays/policies.ts'

const STEPS = { accept: 'accept', decline: 'decline', cancel: 'cancel', 'check-in': 'checkIn' } as const
const DONE: Record<keyof typeof STEPS, string> = {
  accept: 'Stay confirmed.',
  decline: 'Request declined.',
  cancel: 'Cancelled.',
  'check-in': 'Checked in.',
}

function bookingIdOf(param: string | undefined): number {
  const id = parsePositiveId(param)
  if (id === null) throw data('No such booking.', { status: 404 })
  return id
}

export async function stayPage(services: Services, request: Request, param: string | undefined) {
  const current = await requireUser(services, request)
  const bookingId = bookingIdOf(param)
  const booking = await withPageErrors(() => findStayBooking(services.database.db, { viewerId: current.userId, bookingId }))
  const now = new Date()
  // A request or a confirmed stay may be cancelled by either side: the guest withdraws, the host
  // cancels (a full refund recorded, as the policy says), beside accepting or declining it.
  const isLive = booking.state === 'confirmed' || booking.state === 'requested'
  // Cancelling is for a stay not yet begun: after the check-in time it is checked in or completed instead.
  const cancelRefund =
    isLive && now < new Date(booking.checkInAt)
      ? refundOf({
          by: booking.role,
          state: booking.state as 'requested' | 'confirmed',
          policy: booking.cancellationPolicy,
          quote: booking.quote,
          bookedAt: new Date(booking.createdAt),
          checkInAt: new Date(booking.checkInAt),
          at: now,
        })
      : null
  const today = todayIn(booking.timeZone, now)
  const canCheckIn = booking.state === 'confirmed' && today >= booking.checkIn && today < booking.checkOut
  return { booking, cancelRefund, canCheckIn }
}

export async function stayAction(services: Services, request: Request, param: string | undefined) {
  const current = await requireUser(services, request)
  const bookingId = bookingIdOf(param)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const name = STEPS[intent as keyof typeof STEPS]
  if (!name) return data({ error: UNKNOWN_FORM, intent }, { status: 400 })
  const reason = form.get('reason')
  const input = typeof reason === 'string' ? { reason } : {}
  try {
    await changeStay(services, { name, viewerId: current.userId, bookingId, input, ipAddress: clientAddress(request.headers) })
  } catch (error) {
    if (isAppError(error)) {
      if (error.code === 'not-found') throw data(error.message, { status: 404 })
      // Each form here has one field at most (a reason): its message says what is wrong better than the form's sentence.
      return data({ error: Object.values(error.fieldErrors ?? {})[0]?.[0] ?? error.message, intent }, { status: error.status })
    }
    throw error
  }
  return redirectWithToast(`/stays/${bookingId}`, { type: 'success', message: DONE[intent as keyof typeof STEPS] })
}
