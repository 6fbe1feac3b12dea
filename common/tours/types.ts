// What the tour pages and the JSON API return.
import type { TourAction, TourState } from './vocabulary.ts'

export type TourEventView = {
  action: TourAction
  fromState: TourState | null
  toState: TourState
  /** 'renter', 'landlord', or 'site' for what the site did itself (an expiry). */
  by: 'renter' | 'landlord' | 'site'
  reason: string
  startsAt: string
  at: string
}

export type TourView = {
  id: number
  state: TourState
  /** Whose side the viewer is on. */
  role: 'renter' | 'landlord'
  startsAt: string
  endsAt: string
  /** The listing's IANA zone: the times are shown in it. */
  timeZone: string
  partySize: number
  note: string
  reason: string
  answerBy: string
  listing: { id: number; title: string; address: string }
  renter: { id: string; name: string }
  landlord: { id: string; name: string }
}

export type TourDetail = TourView & { events: TourEventView[] }
