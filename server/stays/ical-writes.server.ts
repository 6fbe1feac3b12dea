// The host's two calendar-sync steps that reach beyond the database, shared by the JSON API and the
// listing's stays page: adding a calendar (its first fetch queued) and fetching one now (at most once
// a minute: the platforms are not ours to hammer).
import { AppError } from '#server/errors.server.ts'
import type { SendOptions } from '#server/jobs/queue.server.ts'
import type { Database } from '#server/db/client.server.ts'
import type { Logger } from '#server/logger.server.ts'
import type { PublicNews } from '#server/realtime/events.server.ts'
import { addFeed, ownedStayListing } from './ical-feeds.server.ts'
import { importFeed, lastFetchOf, type ImportOutcome } from './ical-import.server.ts'
import { CALENDAR_FEED_JOB } from './ical-jobs.server.ts'
import type { CalendarFetchPolicy } from './ical-policy.server.ts'

/** How long a host waits between two "fetch now" of one calendar. */
export const FETCH_NOW_INTERVAL_MS = 60_000

export type CalendarSyncServices = {
  database: Database
  calendarPolicy: CalendarFetchPolicy
  logger: Logger
  jobs: { send(name: string, data?: Record<string, unknown>, options?: SendOptions): Promise<void> }
  realtime: { publish(news: PublicNews): Promise<void> }
}

type FeedArgs = { viewerId: string; listingId: number }

/** Adds a calendar to the viewer's listing and queues its first fetch (not awaited: its nights follow soon after). */
export async function addCalendarFeed(services: CalendarSyncServices, { input, ...args }: FeedArgs & { input: unknown }): Promise<number> {
  const feedId = await addFeed(services.database.db, services.calendarPolicy, { ...args, input })
  await services.jobs.send(CALENDAR_FEED_JOB, { feedId }, { singletonKey: `feed-${feedId}` })
  return feedId
}

/** Fetches one calendar of the viewer's listing now; its result (or why it failed) is written on the feed. */
export async function fetchCalendarFeedNow(
  services: CalendarSyncServices,
  { feedId, now = new Date(), ...args }: FeedArgs & { feedId: number; now?: Date },
): Promise<ImportOutcome | null> {
  const { db } = services.database
  await ownedStayListing(db, args)
  const last = await lastFetchOf(db, feedId, args.listingId)
  if (last === undefined) throw new AppError('not-found', 'No such calendar.')
  if (last && now.getTime() - last.getTime() < FETCH_NOW_INTERVAL_MS) {
    throw new AppError('rate-limited', 'This calendar was fetched less than a minute ago. Wait a minute, then fetch it again.')
  }
  return importFeed(
    {
      db,
      policy: services.calendarPolicy,
      logger: services.logger,
      queue: (name, data) => services.jobs.send(name, data),
      publish: (news) => services.realtime.publish(news),
    },
    feedId,
    now,
  )
}
