// What every booking write shares: the nights a stay holds ([check-in, check-out + preparation days),
// so the days kept for cleaning are held by the same constraint), the database's refusal of nights
// already held read as the domain's, with the nights taken and the nearest free stays of the same
// length, a booking locked for a change, and its event appended beside it.
import { and, eq, sql } from 'drizzle-orm'
import { addDays, daysBetween, nightsOf, todayIn } from '#common/stays/dates.ts'
import type { FreeRange } from '#common/stays/types.ts'
import type { BookingAction, BookingState } from '#common/stays/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { stayBooking, stayBookingEvent, stayHold } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import type { Tx } from '#server/listings/index.server.ts'
import type { StayListing } from './listing.server.ts'

export type BookingRow = typeof stayBooking.$inferSelect

/** The half-open range PostgreSQL keeps: `[2026-12-03,2026-12-08)`. */
export const rangeOf = (start: string, end: string) => `[${start},${end})`

/** The nights a booking holds: its own and the preparation days after it. */
export const heldRangeOf = (checkIn: string, checkOut: string, preparationDays: number) =>
  rangeOf(checkIn, addDays(checkOut, preparationDays))

function hasCode(error: unknown, code: string, constraint: string): boolean {
  for (let current = error, depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const found = current as { code?: unknown; message?: unknown; constraint?: unknown }
    if (found.code === code && (found.constraint === constraint || String(found.message).includes(constraint))) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** Another hold of the listing already has one of these nights (stay_hold_no_overlap, SQLSTATE 23P01). */
export const isNightsTaken = (error: unknown) => hasCode(error, '23P01', 'stay_hold_no_overlap')

const shortDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' })
export const formatDate = (date: string) => shortDate.format(new Date(`${date}T12:00:00Z`))

/** "Thu, Dec 3, 2026 to Sat, Dec 5, 2026" for the nights of [start, end). */
const nightsText = ({ start, end }: { start: string; end: string }) =>
  daysBetween(start, end) === 1
    ? `the night of ${formatDate(start)}`
    : `the nights of ${formatDate(start)} to ${formatDate(addDays(end, -1))}`

/** Nights asked for that another stay, the host or an imported calendar holds; with the nearest free stays of the same length. */
export class NightsTakenError extends AppError {
  readonly taken: { start: string; end: string }[]
  readonly nearest: { before: FreeRange | null; after: FreeRange | null }
  constructor({ taken, nearest, preparation }: Pick<NightsTakenError, 'taken' | 'nearest'> & { preparation: boolean }) {
    const free = [nearest.before, nearest.after].flatMap((range) =>
      range ? [`${formatDate(range.checkIn)} to ${formatDate(range.checkOut)}`] : [],
    )
    super(
      'conflict',
      [
        `Those dates are taken: ${taken.map(nightsText).join(', ')}${preparation ? ' (the host keeps days after each stay free to prepare)' : ''}.`,
        free.length > 0
          ? `The nearest free stays of the same length: ${free.join(' or ')}.`
          : 'No stay of the same length is free near those dates.',
      ].join(' '),
    )
    this.taken = taken
    this.nearest = nearest
  }
}

/** Consecutive dates as half-open ranges. */
function rangesOf(dates: string[]): { start: string; end: string }[] {
  const ranges: { start: string; end: string }[] = []
  for (const date of dates) {
    const last = ranges.at(-1)
    if (last && last.end === date) last.end = addDays(date, 1)
    else ranges.push({ start: date, end: addDays(date, 1) })
  }
  return ranges
}

/** The dates held on a listing within [start, end); `preparation` holds those kept free after another stay. */
export async function heldDates(db: Db | Tx, { listingId, start, end }: { listingId: number; start: string; end: string }) {
  const rows = await db
    .select({
      from: sql<string>`lower(${stayHold.nights})::text`,
      to: sql<string>`upper(${stayHold.nights})::text`,
      stayEnds: stayBooking.checkOut,
    })
    .from(stayHold)
    .leftJoin(stayBooking, eq(stayBooking.id, stayHold.bookingId))
    .where(and(eq(stayHold.listingId, listingId), sql`${stayHold.nights} && ${rangeOf(start, end)}::daterange`))
  const held = new Set<string>()
  const preparation = new Set<string>()
  for (const row of rows) {
    for (const date of nightsOf(row.from < start ? start : row.from, row.to > end ? end : row.to)) {
      held.add(date)
      if (row.stayEnds && date >= row.stayEnds) preparation.add(date)
    }
  }
  return Object.assign(held, { preparation })
}

/**
 * Why a stay cannot hold its nights: the held dates among them and the nearest stays of the same
 * length, before and after, that the calendar and the listing's notice and window allow.
 */
export async function nightsTakenError(
  db: Db,
  { home, checkIn, checkOut, now }: { home: StayListing; checkIn: string; checkOut: string; now: Date },
): Promise<NightsTakenError> {
  const { preparationDays, advanceNoticeDays, bookingWindowDays } = home.rules
  const nights = daysBetween(checkIn, checkOut)
  const length = nights + preparationDays
  const today = todayIn(home.timeZone, now)
  const earliest = addDays(today, advanceNoticeDays)
  const latestOut = addDays(today, bookingWindowDays)
  const from = earliest < checkIn ? earliest : checkIn
  const held = await heldDates(db, {
    listingId: home.id,
    start: from,
    end: addDays(latestOut > checkOut ? latestOut : checkOut, preparationDays),
  })
  const isFree = (start: string) => nightsOf(start, addDays(start, length)).every((date) => !held.has(date))
  const rangeAt = (start: string): FreeRange => ({ checkIn: start, checkOut: addDays(start, nights) })
  let before: FreeRange | null = null
  for (let start = addDays(checkIn, -1); start >= earliest; start = addDays(start, -1)) {
    if (isFree(start)) {
      before = rangeAt(start)
      break
    }
  }
  let after: FreeRange | null = null
  for (let start = addDays(checkIn, 1); addDays(start, nights) <= latestOut; start = addDays(start, 1)) {
    if (start >= earliest && isFree(start)) {
      after = rangeAt(start)
      break
    }
  }
  const takenDates = nightsOf(checkIn, addDays(checkOut, preparationDays)).filter((date) => held.has(date))
  return new NightsTakenError({
    taken: rangesOf(takenDates),
    nearest: { before, after },
    preparation: takenDates.some((date) => date >= checkOut || held.preparation.has(date)),
  })
}

/** A booking locked for a change, if the viewer is its guest or host; to anyone else it does not exist. */
export async function lockBooking(tx: Tx, { bookingId, viewerId }: { bookingId: number; viewerId: string | null }): Promise<BookingRow> {
  const [row] = await tx.select().from(stayBooking).where(eq(stayBooking.id, bookingId)).for('update')
  if (!row || (viewerId !== null && row.guestId !== viewerId && row.hostId !== viewerId)) {
    throw new AppError('not-found', 'No such booking.')
  }
  return row
}

export async function appendEvent(
  tx: Tx,
  event: {
    bookingId: number
    actorId: string | null
    action: BookingAction
    fromState: BookingState | null
    toState: BookingState
    reason?: string
    ipAddress?: string | null
  },
) {
  await tx.insert(stayBookingEvent).values({ ...event, reason: event.reason ?? '', ipAddress: event.ipAddress ?? null })
}
