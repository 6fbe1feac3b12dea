// An imported calendar fetched and read into the listing's held nights. The network comes first and
// outside any transaction; a failed fetch or a calendar that cannot be read changes no night and says
// why on the feed. A good one replaces the feed's nights in one transaction. An event that collides
// with a booking or a block here takes only the nights still free, is recorded as a conflict, and the
// host is told of each conflict once (mail and live), not at every fetch.
import { and, eq, sql } from 'drizzle-orm'
import type { FeedConflict } from '#common/stays/ical.ts'
import { localDateOf } from '#common/tours/slots.ts'
import type { Db } from '#server/db/client.server.ts'
import { listing, stayCalendarFeed, stayHold } from '#server/db/schema.ts'
import { listingTimeZone } from '#server/listings/index.server.ts'
import type { Logger } from '#server/logger.server.ts'
import type { PublicNews } from '#server/realtime/events.server.ts'
import { FeedFetchError, fetchCalendarText, type Resolver } from './ical-fetch.server.ts'
import { FeedParseError, type FeedEvent, readFeedEvents } from './ical-parse.ts'
import type { CalendarFetchPolicy } from './ical-policy.server.ts'

export const CALENDAR_CONFLICT_JOB = 'stay-calendar-conflict'

export type CalendarImportContext = {
  db: Db
  policy: CalendarFetchPolicy
  logger: Logger
  queue: (name: string, data: Record<string, unknown>) => Promise<void>
  publish: (news: PublicNews) => Promise<void>
  /** Name resolution, the system's unless a test says otherwise. */
  resolve?: Resolver
}

type Range = { start: string; end: string }

/** Overlapping events of one feed become one range (the constraint allows no overlap, even within a feed). */
function mergedRanges(events: FeedEvent[]): (Range & { uid: string })[] {
  const sorted = [...events].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))
  const merged: (Range & { uid: string })[] = []
  for (const event of sorted) {
    const last = merged.at(-1)
    if (last && event.start < last.end) {
      if (event.end > last.end) last.end = event.end
    } else merged.push({ uid: event.uid, start: event.start, end: event.end })
  }
  return merged
}

/** The parts of a range no taken range covers. */
function freeParts(range: Range, taken: Range[]): Range[] {
  const parts: Range[] = []
  let cursor = range.start
  for (const t of taken) {
    if (t.end <= cursor || t.start >= range.end) continue
    if (t.start > cursor) parts.push({ start: cursor, end: t.start })
    if (t.end > cursor) cursor = t.end
  }
  if (cursor < range.end) parts.push({ start: cursor, end: range.end })
  return parts
}

const overlaps = (a: Range, b: Range) => a.start < b.end && b.start < a.end
const keyOf = (c: FeedConflict) => `${c.uid}\n${c.start}\n${c.end}`
const isExclusionViolation = (error: unknown): boolean => {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === '23P01') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

export type ImportOutcome =
  { ok: true; events: number; conflicts: FeedConflict[]; newConflicts: FeedConflict[] } | { ok: false; error: string }

async function readFeedWithZone(db: Db, feedId: number) {
  const [row] = await db
    .select({
      id: stayCalendarFeed.id,
      url: stayCalendarFeed.url,
      name: stayCalendarFeed.name,
      listingId: listing.id,
      ownerId: listing.ownerId,
      timeZone: listing.timeZone,
      latitude: listing.latitude,
      longitude: listing.longitude,
    })
    .from(stayCalendarFeed)
    .innerJoin(listing, eq(listing.id, stayCalendarFeed.listingId))
    .where(eq(stayCalendarFeed.id, feedId))
  return row && { ...row, timeZone: listingTimeZone(row) }
}

async function recordFailure(db: Db, feedId: number, message: string) {
  await db
    .update(stayCalendarFeed)
    .set({ lastFetchedAt: sql`now()`, lastError: message })
    .where(eq(stayCalendarFeed.id, feedId))
}

/** Fetches one feed and imports it; null when the feed no longer exists. */
export async function importFeed(context: CalendarImportContext, feedId: number, now = new Date()): Promise<ImportOutcome | null> {
  const { db } = context
  const feed = await readFeedWithZone(db, feedId)
  if (!feed) return null
  let events: FeedEvent[]
  try {
    const text = await fetchCalendarText(context.policy, feed.url, { resolve: context.resolve })
    events = await readFeedEvents(text, { timeZone: feed.timeZone, today: localDateOf(now.getTime(), feed.timeZone) })
  } catch (error) {
    const known = error instanceof FeedFetchError || error instanceof FeedParseError
    if (!known) context.logger.warn({ err: error, feedId }, 'an imported calendar could not be read')
    const message = known ? error.message : 'The calendar could not be read.'
    await recordFailure(db, feedId, message)
    return { ok: false, error: message }
  }

  const outcome = await db.transaction(async (tx) => {
    // One import of a feed at a time (the schedule's and the host's "fetch now" may meet).
    const [locked] = await tx
      .select({ conflicts: stayCalendarFeed.conflicts })
      .from(stayCalendarFeed)
      .where(eq(stayCalendarFeed.id, feedId))
      .for('update')
    if (!locked) return null
    await tx.delete(stayHold).where(eq(stayHold.feedId, feedId))
    const others = await tx
      .select({
        start: sql<string>`lower(${stayHold.nights})::text`,
        end: sql<string>`upper(${stayHold.nights})::text`,
        kind: stayHold.kind,
      })
      .from(stayHold)
      .where(eq(stayHold.listingId, feed.listingId))
      .orderBy(sql`lower(${stayHold.nights})`)
    const ownTaken = others.filter((o) => o.kind !== 'import')
    const conflicts: FeedConflict[] = events
      .filter((event) => ownTaken.some((taken) => overlaps(event, taken)))
      .map((event) => ({ uid: event.uid, start: event.start, end: event.end, summary: event.summary }))
    for (const range of mergedRanges(events)) {
      for (const part of freeParts(range, others)) {
        try {
          // A savepoint each: a hold written meanwhile by a booking refuses only this part.
          await tx.transaction(async (savepoint) => {
            await savepoint.insert(stayHold).values({
              listingId: feed.listingId,
              nights: `[${part.start},${part.end})`,
              kind: 'import',
              feedId,
              label: range.uid.slice(0, 500),
            })
          })
        } catch (error) {
          if (!isExclusionViolation(error)) throw error
          if (!conflicts.some((c) => c.uid === range.uid && c.start === range.start)) {
            conflicts.push({ uid: range.uid, start: range.start, end: range.end, summary: '' })
          }
        }
      }
    }
    await tx
      .update(stayCalendarFeed)
      .set({ lastFetchedAt: sql`now()`, lastImportedAt: sql`now()`, lastError: '', conflicts })
      .where(eq(stayCalendarFeed.id, feedId))
    const known = new Set(locked.conflicts.map(keyOf))
    return { ok: true as const, events: events.length, conflicts, newConflicts: conflicts.filter((c) => !known.has(keyOf(c))) }
  })
  if (outcome && outcome.newConflicts.length > 0) {
    await context.queue(CALENDAR_CONFLICT_JOB, { feedId, conflicts: outcome.newConflicts })
    await context.publish({
      kind: 'stay-calendar',
      listingId: feed.listingId,
      feedId,
      conflicts: outcome.conflicts.length,
      userIds: [feed.ownerId],
    })
  }
  return outcome
}

/** Ids of every feed, for the schedule to queue one fetch each. */
export async function allFeedIds(db: Db): Promise<number[]> {
  const rows = await db.select({ id: stayCalendarFeed.id }).from(stayCalendarFeed).orderBy(stayCalendarFeed.id)
  return rows.map((r) => r.id)
}

/** When the feed was last fetched, for the host's "fetch now" to wait a minute between two. */
export async function lastFetchOf(db: Db, feedId: number, listingId: number): Promise<Date | null | undefined> {
  const [row] = await db
    .select({ at: stayCalendarFeed.lastFetchedAt })
    .from(stayCalendarFeed)
    .where(and(eq(stayCalendarFeed.id, feedId), eq(stayCalendarFeed.listingId, listingId)))
  return row ? row.at : undefined
}
