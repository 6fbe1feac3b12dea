// The page controller of /stays/:id: the booking with its timeline, the refund a cancellation would
// give now (shown before the guest or host confirms it), whether the stay may be marked begun; and
// the reviews of a completed stay (the viewer's form, both reviews once published, the host's answer);
// and the page's forms, one intent each, through the stays area's front doors.
import { data } from 'react-router'
import type { Services } from '#server/services.server.ts'
import { clientAddress, requireUser } from '#server/accounts/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { UNKNOWN_FORM, withPageErrors } from '#server/http/route-errors.server.ts'
import { answerStayReview, changeStay, findBookingReviews, findStayBooking, reviewStay } from '#server/stays/index.server.ts'
import type { FieldErrors } from '#common/forms.ts'
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
  const reviews = await findBookingReviews(services.database.db, { viewerId: current.userId, bookingId, now })
  return { booking, cancelRefund, canCheckIn, reviews }
}

const REVIEW_FIELDS = ['cleanliness', 'accuracy', 'communication', 'location', 'value', 'houseRules', 'text'] as const

/** A review or the host's answer: sent through the front door, refused with its fields' messages. */
async function reviewAction(
  services: Services,
  form: FormData,
  { intent, viewerId, bookingId }: { intent: string; viewerId: string; bookingId: number },
) {
  const fieldOf = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : undefined
  }
  try {
    if (intent === 'review') {
      const input = Object.fromEntries(REVIEW_FIELDS.map((name) => [name, fieldOf(name)]).filter(([, value]) => value !== undefined))
      const { published } = await reviewStay(services, { viewerId, bookingId, input })
      return redirectWithToast(`/stays/${bookingId}#reviews`, {
        type: 'success',
        message: published
          ? 'Review sent. Both reviews are now published.'
          : 'Review sent. It publishes with the other side’s, or when the 14 days end.',
      })
    }
    const reviewId = parsePositiveId(fieldOf('reviewId'))
    if (reviewId === null) throw data('No such review.', { status: 404 })
    await answerStayReview(services, { viewerId, reviewId, input: { answer: fieldOf('answer') ?? '' } })
    return redirectWithToast(`/stays/${bookingId}#reviews`, { type: 'success', message: 'Answer published.' })
  } catch (error) {
    if (!isAppError(error)) throw error
    if (error.code === 'not-found') throw data(error.message, { status: 404 })
    return data({ error: error.message, intent, fieldErrors: error.fieldErrors ?? ({} as FieldErrors) }, { status: error.status })
  }
}

export async function stayAction(services: Services, request: Request, param: string | undefined) {
  const current = await requireUser(services, request)
  const bookingId = bookingIdOf(param)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  if (intent === 'review' || intent === 'answer') return reviewAction(services, form, { intent, viewerId: current.userId, bookingId })
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
