// The answers to a request and the ends of a booking, one function per transition: each checks who may
// take it and from which states, writes the new state and its event in one transaction, and deletes
// the hold when the booking no longer keeps its nights (declined, expired, cancelled). Announcing is
// the front door's (stay-writes.server.ts).
import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import { instantAt, todayIn } from '#common/stays/dates.ts'
import { refundOf } from '#common/stays/policies.ts'
import type { StayQuote } from '#common/stays/quote.ts'
import { stayOptionalReasonSchema, stayReasonSchema } from '#common/stays/schemas.ts'
import { HOLDING_BOOKING_STATES, type BookingAction, type BookingState, type CancellationPolicy } from '#common/stays/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { stayBooking, stayHold } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import { appendEvent, type BookingRow, lockBooking } from './holds.server.ts'

type Who = 'guest' | 'host' | 'either' | 'site'

type Transition = { to: BookingState; from: readonly BookingState[]; who: Who }

const TRANSITIONS = {
  accept: { to: 'confirmed', from: ['requested'], who: 'host' },
  decline: { to: 'declined', from: ['requested'], who: 'host' },
  cancel: { to: 'cancelled', from: ['requested', 'confirmed'], who: 'either' },
  checkIn: { to: 'checked_in', from: ['confirmed'], who: 'either' },
  complete: { to: 'completed', from: ['confirmed', 'checked_in'], who: 'site' },
  expire: { to: 'expired', from: ['requested'], who: 'site' },
} as const satisfies Record<string, Transition>

export type StayTransition = keyof typeof TRANSITIONS

const WHO_REFUSED: Record<Who, string> = {
  guest: 'Only the guest can do this.',
  host: 'Only the host can answer a request.',
  either: '',
  site: 'The site does this itself when the time comes.',
}

const STATE_WORDS: Record<BookingState, string> = {
  requested: 'waiting for the host’s answer',
  declined: 'declined',
  expired: 'expired',
  confirmed: 'confirmed',
  checked_in: 'checked in',
  completed: 'completed',
  cancelled: 'cancelled',
}

const VERB: Record<StayTransition, string> = {
  accept: 'accepted',
  decline: 'declined',
  cancel: 'cancelled',
  checkIn: 'checked in',
  complete: 'completed',
  expire: 'expired',
}

function checkWho(who: Who, row: BookingRow, viewerId: string | null) {
  const allowed =
    who === 'site' ? viewerId === null : who === 'either' ? viewerId !== null : viewerId === (who === 'guest' ? row.guestId : row.hostId)
  if (!allowed) throw new AppError('forbidden', WHO_REFUSED[who])
}

const checkInAtOf = (row: BookingRow, clock: string) => instantAt(row.checkIn, clock, row.timeZone)

/** The times a transition may be taken at, against the listing's wall clock. */
function checkTime(
  name: StayTransition,
  row: BookingRow,
  { now, checkInTime, checkOutTime }: { now: Date; checkInTime: string; checkOutTime: string },
) {
  const today = todayIn(row.timeZone, now)
  if ((name === 'accept' || name === 'cancel') && now >= checkInAtOf(row, checkInTime)) {
    throw new AppError(
      'conflict',
      name === 'accept' ? 'The check-in time of this request has passed.' : 'A stay that has begun cannot be cancelled.',
    )
  }
  if (name === 'accept' && row.answerBy && now >= row.answerBy) throw new AppError('conflict', 'This request has expired.')
  if (name === 'checkIn' && today < row.checkIn) throw new AppError('conflict', 'A guest checks in on the check-in day, not before.')
  if (name === 'checkIn' && today >= row.checkOut) throw new AppError('conflict', 'The stay is over.')
  if (name === 'complete' && now < instantAt(row.checkOut, checkOutTime, row.timeZone)) {
    throw new AppError('conflict', 'A stay is completed after its check-out time.')
  }
}

function actionOf(name: StayTransition, row: BookingRow, viewerId: string | null): BookingAction {
  if (name === 'cancel') return viewerId === row.hostId ? 'cancelled_by_host' : 'cancelled_by_guest'
  return ({ accept: 'accepted', decline: 'declined', checkIn: 'checked_in', complete: 'completed', expire: 'expired' } as const)[name]
}

/** The refund a cancellation records (never pays): the policy the booking was made under, at this instant. */
function refundAt(row: BookingRow, { viewerId, now, checkInTime }: { viewerId: string | null; now: Date; checkInTime: string }) {
  return refundOf({
    by: viewerId === row.hostId ? 'host' : 'guest',
    state: row.state as 'requested' | 'confirmed',
    policy: row.cancellationPolicy as CancellationPolicy,
    quote: row.quote as StayQuote,
    bookedAt: row.createdAt,
    checkInAt: checkInAtOf(row, checkInTime),
    at: now,
  })
}

export type TransitionResult = { row: BookingRow; action: BookingAction }

/** Moves a booking along one transition; a third person, or anyone for a booking that does not exist, gets 'not-found'. */
export async function storeStayTransition(
  db: Db,
  {
    name,
    viewerId,
    bookingId,
    input = {},
    ipAddress = null,
    now = new Date(),
  }: { name: StayTransition; viewerId: string | null; bookingId: number; input?: unknown; ipAddress?: string | null; now?: Date },
): Promise<TransitionResult> {
  const transition: Transition = TRANSITIONS[name]
  const { reason } = parseOrThrow(name === 'cancel' ? stayReasonSchema : stayOptionalReasonSchema, input)
  return db.transaction(async (tx) => {
    const current = await lockBooking(tx, { bookingId, viewerId })
    checkWho(transition.who, current, viewerId)
    const state = current.state as BookingState
    if (!transition.from.includes(state)) {
      throw new AppError('conflict', `This booking is ${STATE_WORDS[state]}: it cannot be ${VERB[name]} now.`)
    }
    const times = { checkInTime: current.checkInTime, checkOutTime: current.checkOutTime }
    checkTime(name, current, { now, ...times })
    const releases = !(HOLDING_BOOKING_STATES as readonly BookingState[]).includes(transition.to)
    const refund = name === 'cancel' ? refundAt(current, { viewerId, now, checkInTime: times.checkInTime }) : null
    if (releases) await tx.delete(stayHold).where(eq(stayHold.bookingId, bookingId))
    const [row] = await tx
      .update(stayBooking)
      .set({
        state: transition.to,
        ...(releases ? { reason, answerBy: null } : {}),
        ...(name === 'accept' ? { answerBy: null } : {}),
        ...(refund ? { refundCents: refund.refundCents, refundNote: refund.note } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(stayBooking.id, bookingId))
      .returning()
    const action = actionOf(name, current, viewerId)
    await appendEvent(tx, { bookingId, actorId: viewerId, action, fromState: state, toState: transition.to, reason, ipAddress })
    return { row: row!, action }
  })
}

/** Runs a site transition on each due booking, in a transaction of its own; one answered or cancelled meanwhile is left alone. */
async function sweep(db: Db, name: 'expire' | 'complete', ids: number[], now: Date): Promise<TransitionResult[]> {
  const done: TransitionResult[] = []
  for (const bookingId of ids) {
    try {
      done.push(await storeStayTransition(db, { name, viewerId: null, bookingId, now }))
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'conflict')) throw error
    }
  }
  return done
}

/** Requests not answered by their time expire and give their nights back. */
export async function expireUnansweredStays(db: Db, { now = new Date(), limit = 200 }: { now?: Date; limit?: number } = {}) {
  const due = await db
    .select({ id: stayBooking.id })
    .from(stayBooking)
    .where(and(eq(stayBooking.state, 'requested'), lte(stayBooking.answerBy, now)))
    .orderBy(stayBooking.answerBy)
    .limit(limit)
  return sweep(
    db,
    'expire',
    due.map((d) => d.id),
    now,
  )
}

/** Stays whose check-out day has come are completed once its check-out time has passed on the listing's clock. */
export async function completeFinishedStays(db: Db, { now = new Date(), limit = 200 }: { now?: Date; limit?: number } = {}) {
  // Every zone is within 14 hours of UTC: a check-out on or before the UTC date of tomorrow may have passed.
  const horizon = new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10)
  const due = await db
    .select({ id: stayBooking.id })
    .from(stayBooking)
    .where(and(inArray(stayBooking.state, ['confirmed', 'checked_in']), lte(stayBooking.checkOut, horizon)))
    .orderBy(stayBooking.checkOut)
    .limit(limit)
  return sweep(
    db,
    'complete',
    due.map((d) => d.id),
    now,
  )
}
