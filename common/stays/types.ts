// What the stay pages and the JSON API return.
import type { PolicyText } from './policies.ts'
import type { StayQuote } from './quote.ts'
import type { StayRules } from './rules.ts'
import type { BookingAction, BookingState, CancellationPolicy } from './vocabulary.ts'

/**
 * A night on a listing's calendar, as anyone may read it (never who booked): open; booked (a stay
 * here); blocked by the host; taken by an imported calendar; or unavailable by rule (past, inside the
 * advance notice, beyond the booking window, or a preparation day after a stay).
 */
export const NIGHT_STATES = ['open', 'booked', 'blocked', 'imported', 'unavailable'] as const
export type NightState = (typeof NIGHT_STATES)[number]

/** The rules a guest reads before asking: everything but the check-in details. */
export type PublicStayRules = Omit<StayRules, 'checkInDetails'> & {
  nightlyCents: number
  minNights: number
  currency: string
  policy: PolicyText
}

export type StayCalendar = {
  listingId: number
  /** The listing's IANA zone: nights are its dates, times its wall clock. */
  timeZone: string
  today: string
  start: string
  end: string
  rules: PublicStayRules
  nights: { date: string; state: NightState }[]
  /** The host's own blocks, for the host only. */
  blocks?: { id: number; start: string; end: string; note: string }[]
}

/** A free stay of the asked length near the dates asked for. */
export type FreeRange = { checkIn: string; checkOut: string }

export type StayQuoteView = {
  quote: StayQuote
  timeZone: string
  instantBook: boolean
  policy: CancellationPolicy
  policyText: PolicyText
  checkInAt: string
  checkOutAt: string
}

export type BookingEventView = {
  action: BookingAction
  fromState: BookingState | null
  toState: BookingState
  by: 'guest' | 'host' | 'site'
  reason: string
  at: string
}

export type BookingView = {
  id: number
  state: BookingState
  role: 'guest' | 'host'
  checkIn: string
  checkOut: string
  nights: number
  guests: number
  timeZone: string
  guestTimeZone: string | null
  /** The instants of check-in and check-out on the listing's wall clock. */
  checkInAt: string
  checkOutAt: string
  instant: boolean
  quote: StayQuote
  totalCents: number
  currency: string
  cancellationPolicy: CancellationPolicy
  policyText: PolicyText
  /** Recorded when cancelled; no money moves through this site. */
  refundCents: number | null
  refundNote: string
  message: string
  reason: string
  /** A request not answered by then expires. */
  answerBy: string | null
  listing: {
    id: number
    title: string
    city: string
    state: string
    /** The street address and unit: to the guest only once the booking is confirmed. */
    address: string | null
  }
  /** To the guest only once confirmed; always to the host. */
  checkInDetails: string | null
  guest: { id: string; name: string }
  host: { id: string; name: string }
  createdAt: string
}

export type BookingDetail = BookingView & { events: BookingEventView[] }
