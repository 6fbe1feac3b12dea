// A listing's calendar of nights for anyone: each night open, booked, blocked by the host, taken by an
// imported calendar, or unavailable by rule. It never says who booked. The host also reads their blocks.
import { and, eq, sql } from 'drizzle-orm'
import { addDays, nightsOf, todayIn } from '#common/stays/dates.ts'
import { CANCELLATION_POLICY_TEXT } from '#common/stays/policies.ts'
import { monthRange, stayCalendarQuerySchema } from '#common/stays/schemas.ts'
import type { NightState, PublicStayRules, StayCalendar } from '#common/stays/types.ts'
import type { HoldKind } from '#common/stays/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { stayBooking, stayHold } from '#server/db/schema.ts'
import { parseOrThrow } from '#server/errors.server.ts'
import { rangeOf } from './holds.server.ts'
import { readStayListing, type StayListing } from './listing.server.ts'

export function publicRulesOf(home: StayListing): PublicStayRules {
  const { checkInDetails: _private, ...rules } = home.rules
  return {
    ...rules,
    nightlyCents: home.nightlyCents,
    minNights: home.minNights,
    currency: home.currency,
    policy: CANCELLATION_POLICY_TEXT[rules.cancellationPolicy],
  }
}

async function holdsWithin(db: Db, { listingId, start, end }: { listingId: number; start: string; end: string }) {
  return db
    .select({
      id: stayHold.id,
      kind: sql<HoldKind>`${stayHold.kind}`,
      label: stayHold.label,
      from: sql<string>`lower(${stayHold.nights})::text`,
      to: sql<string>`upper(${stayHold.nights})::text`,
      stayEnds: stayBooking.checkOut,
    })
    .from(stayHold)
    .leftJoin(stayBooking, eq(stayBooking.id, stayHold.bookingId))
    .where(and(eq(stayHold.listingId, listingId), sql`${stayHold.nights} && ${rangeOf(start, end)}::daterange`))
}

export async function findStayCalendar(
  db: Db,
  {
    listingId,
    viewerId = null,
    input = {},
    now = new Date(),
  }: { listingId: number; viewerId?: string | null; input?: unknown; now?: Date },
): Promise<StayCalendar> {
  const query = parseOrThrow(stayCalendarQuerySchema, input)
  const home = await readStayListing(db, { listingId, viewerId })
  const today = todayIn(home.timeZone, now)
  const { start, end } = monthRange(query.from ?? today.slice(0, 7), query.months)
  const earliest = addDays(today, home.rules.advanceNoticeDays)
  const latestOut = addDays(today, home.rules.bookingWindowDays)
  const holds = await holdsWithin(db, { listingId, start, end })
  const states = new Map<string, NightState>()
  for (const hold of holds) {
    for (const date of nightsOf(hold.from, hold.to)) {
      const state: NightState =
        hold.kind === 'host_block'
          ? 'blocked'
          : hold.kind === 'import'
            ? 'imported'
            : hold.stayEnds && date < hold.stayEnds
              ? 'booked'
              : 'unavailable'
      states.set(date, state)
    }
  }
  const nights = nightsOf(start, end).map((date) => ({
    date,
    state: states.get(date) ?? (date < earliest || date >= latestOut ? 'unavailable' : 'open'),
  }))
  const isOwner = viewerId !== null && viewerId === home.ownerId
  return {
    listingId,
    timeZone: home.timeZone,
    today,
    start,
    end,
    rules: publicRulesOf(home),
    nights,
    ...(isOwner
      ? { blocks: holds.filter((h) => h.kind === 'host_block').map((h) => ({ id: h.id, start: h.from, end: h.to, note: h.label })) }
      : {}),
  }
}
