// The words of short-term stays: a booking's states and steps (server/stays), the kinds of held
// nights, and the cancellation policies a host chooses from.

/**
 * A booking's states. Accepting a request confirms it at once: no payment step stands between the two
 * here (money is recorded, not moved), so "accepted" is the step and "confirmed" the state it leads to.
 */
export const BOOKING_STATES = ['requested', 'declined', 'expired', 'confirmed', 'checked_in', 'completed', 'cancelled'] as const
export type BookingState = (typeof BOOKING_STATES)[number]

/** The states whose nights are held on the calendar. */
export const HOLDING_BOOKING_STATES = ['requested', 'confirmed', 'checked_in', 'completed'] as const satisfies readonly BookingState[]

export const BOOKING_ACTIONS = [
  'requested',
  'instant_booked',
  'accepted',
  'declined',
  'expired',
  'checked_in',
  'completed',
  'cancelled_by_guest',
  'cancelled_by_host',
] as const
export type BookingAction = (typeof BOOKING_ACTIONS)[number]

export const BOOKING_STATE_LABELS: Record<BookingState, string> = {
  requested: 'Requested',
  declined: 'Declined',
  expired: 'Expired',
  confirmed: 'Confirmed',
  checked_in: 'Checked in',
  completed: 'Completed',
  cancelled: 'Cancelled',
}

/**
 * Why nights are taken on a listing's calendar: a booking here (its nights and the preparation days
 * after it), the host's own block, or an event of an imported calendar.
 */
export const HOLD_KINDS = ['booking', 'host_block', 'import'] as const
export type HoldKind = (typeof HOLD_KINDS)[number]

export const CANCELLATION_POLICIES = ['flexible', 'moderate', 'strict'] as const
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number]
