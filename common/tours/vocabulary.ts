// The states of a tour and what moves it between them (server/tours/transitions.server.ts).
export const TOUR_STATES = ['requested', 'confirmed', 'declined', 'expired', 'completed', 'cancelled', 'no_show'] as const
export type TourState = (typeof TOUR_STATES)[number]

/** The states that hold a place in a slot. */
export const ACTIVE_TOUR_STATES = ['requested', 'confirmed'] as const satisfies readonly TourState[]

export const TOUR_ACTIONS = ['requested', 'confirmed', 'declined', 'expired', 'completed', 'cancelled', 'no_show', 'rescheduled'] as const
export type TourAction = (typeof TOUR_ACTIONS)[number]

export const TOUR_STATE_LABELS: Record<TourState, string> = {
  requested: 'Requested',
  confirmed: 'Confirmed',
  declined: 'Declined',
  expired: 'Expired',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
}

export const MAX_PARTY_SIZE = 10
export const MAX_TOUR_NOTE = 500
export const MAX_TOUR_REASON = 500
/** A request not answered within this long (or by its start, if sooner) expires and frees its place. */
export const TOUR_ANSWER_HOURS = 24
