// The landlord's answers and the ends of a tour, one function per transition: each checks who may take
// it and from which states, writes the new state and its event in one transaction, and gives the place
// back when the tour no longer holds it. Announcing is the front door's (tour-writes.server.ts).
import { and, eq, lte, sql } from 'drizzle-orm'
import { tourOptionalReasonSchema, tourReasonSchema } from '#common/tours/schemas.ts'
import { type TourAction, type TourState } from '#common/tours/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { tour } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import { appendEvent, givePlaceBack, isOwnerTakenElsewhere, lockTour, OWNER_TAKEN, type TourRow } from './rules.server.ts'

type Who = 'renter' | 'landlord' | 'either' | 'site'

type Transition = { action: TourAction; to: TourState; from: readonly TourState[]; who: Who; releases: boolean; afterStart?: boolean }

const TRANSITIONS = {
  confirm: { action: 'confirmed', to: 'confirmed', from: ['requested'], who: 'landlord', releases: false },
  decline: { action: 'declined', to: 'declined', from: ['requested'], who: 'landlord', releases: true },
  cancel: { action: 'cancelled', to: 'cancelled', from: ['requested', 'confirmed'], who: 'either', releases: true },
  complete: { action: 'completed', to: 'completed', from: ['confirmed'], who: 'landlord', releases: false, afterStart: true },
  noShow: { action: 'no_show', to: 'no_show', from: ['confirmed'], who: 'landlord', releases: false, afterStart: true },
  expire: { action: 'expired', to: 'expired', from: ['requested'], who: 'site', releases: true },
} as const satisfies Record<string, Transition>

export type TourTransition = keyof typeof TRANSITIONS

const WHO_REFUSED: Record<Who, string> = {
  renter: 'Only the renter can do this.',
  landlord: 'Only the landlord can answer a tour.',
  either: '',
  site: 'Only the site expires a request.',
}

function checkWho(who: Who, row: TourRow, viewerId: string | null) {
  const allowed =
    who === 'site'
      ? viewerId === null
      : who === 'either'
        ? viewerId !== null
        : who === 'renter'
          ? viewerId === row.renterId
          : viewerId === row.landlordId
  if (!allowed) throw new AppError('forbidden', WHO_REFUSED[who])
}

/** Moves a tour along one transition; a third person, or anyone for a tour that does not exist, gets 'not-found'. */
export async function storeTourTransition(
  db: Db,
  {
    name,
    viewerId,
    tourId,
    input = {},
    ipAddress = null,
    now = new Date(),
  }: { name: TourTransition; viewerId: string | null; tourId: number; input?: unknown; ipAddress?: string | null; now?: Date },
): Promise<TourRow> {
  const transition: Transition = TRANSITIONS[name]
  const { reason } = parseOrThrow(name === 'cancel' ? tourReasonSchema : tourOptionalReasonSchema, input)
  try {
    return await writeTransition(db, { name, transition, viewerId, tourId, reason, ipAddress, now })
  } catch (error) {
    // Confirming would put the landlord at two homes at once (tour_landlord_overlap_excl).
    if (isOwnerTakenElsewhere(error)) throw new AppError('conflict', OWNER_TAKEN)
    throw error
  }
}

async function writeTransition(
  db: Db,
  {
    name,
    transition,
    viewerId,
    tourId,
    reason,
    ipAddress,
    now,
  }: {
    name: TourTransition
    transition: Transition
    viewerId: string | null
    tourId: number
    reason: string
    ipAddress: string | null
    now: Date
  },
): Promise<TourRow> {
  return db.transaction(async (tx) => {
    const current = await lockTour(tx, { tourId, viewerId })
    checkWho(transition.who, current, viewerId)
    if (!transition.from.includes(current.state as TourState)) {
      throw new AppError(
        'conflict',
        `This tour is ${current.state.replace('_', '-')}: it cannot be ${transition.action.replace('_', '-')} now.`,
      )
    }
    if (transition.afterStart && now < current.startsAt) throw new AppError('conflict', 'A tour is marked once its time has come.')
    if (name === 'confirm' && now >= current.startsAt) throw new AppError('conflict', 'This tour’s time has passed.')
    if (transition.releases) await givePlaceBack(tx, { listingId: current.listingId, startsAt: current.startsAt })
    const [row] = await tx
      .update(tour)
      .set({ state: transition.to, reason, sequence: sql`${tour.sequence} + 1`, updatedAt: sql`now()` })
      .where(eq(tour.id, tourId))
      .returning()
    await appendEvent(tx, {
      tourId,
      actorId: viewerId,
      action: transition.action,
      fromState: current.state as TourState,
      toState: transition.to,
      reason,
      startsAt: current.startsAt,
      ipAddress,
    })
    return row!
  })
}

/** Requests not answered by their time: each expires in a transaction of its own, and frees its place. */
export async function expireUnansweredTours(
  db: Db,
  { now = new Date(), limit = 200 }: { now?: Date; limit?: number } = {},
): Promise<TourRow[]> {
  const due = await db
    .select({ id: tour.id })
    .from(tour)
    .where(and(eq(tour.state, 'requested'), lte(tour.answerBy, now)))
    .orderBy(tour.answerBy)
    .limit(limit)
  const expired: TourRow[] = []
  for (const { id } of due) {
    try {
      expired.push(await storeTourTransition(db, { name: 'expire', viewerId: null, tourId: id, now }))
    } catch (error) {
      // Answered or cancelled since it was read: nothing to expire.
      if (!(error instanceof AppError && error.code === 'conflict')) throw error
    }
  }
  return expired
}
