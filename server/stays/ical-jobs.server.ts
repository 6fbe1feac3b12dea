// The background jobs of imported calendars: every 15 minutes one fetch per feed is queued (one at a
// time per feed, spread over the workers), and the host's conflict notices are mailed.
import type { FeedConflict } from '#common/stays/ical.ts'
import type { Database } from '#server/db/client.server.ts'
import type { JobDefinition } from '#server/jobs/queue.server.ts'
import type { Logger } from '#server/logger.server.ts'
import type { Mailer } from '#server/mail/mailer.server.ts'
import type { PublicNews } from '#server/realtime/events.server.ts'
import { allFeedIds, CALENDAR_CONFLICT_JOB, importFeed } from './ical-import.server.ts'
import { sendConflictNotice } from './ical-notices.server.ts'
import type { CalendarFetchPolicy } from './ical-policy.server.ts'

export const CALENDAR_SYNC_JOB = 'stay-calendar-sync'
export const CALENDAR_SYNC_CRON = '*/15 * * * *'
export const CALENDAR_FEED_JOB = 'stay-calendar-feed'

export function calendarJobs({
  database,
  mailer,
  logger,
  publicUrl,
  publish,
  policy,
}: {
  database: Database
  mailer: Mailer
  logger: Logger
  publicUrl: string
  publish: (news: PublicNews) => Promise<void>
  policy: CalendarFetchPolicy
}): JobDefinition[] {
  const { db } = database
  return [
    {
      name: CALENDAR_SYNC_JOB,
      cron: CALENDAR_SYNC_CRON,
      retryLimit: 0,
      handler: async (_data, jobs) => {
        for (const feedId of await allFeedIds(db)) {
          await jobs.send(CALENDAR_FEED_JOB, { feedId }, { singletonKey: `feed-${feedId}` })
        }
      },
    },
    {
      // Not retried: a feed that failed keeps its last good import and is fetched again within 15 minutes.
      name: CALENDAR_FEED_JOB,
      retryLimit: 0,
      handler: async (data, jobs) => {
        const outcome = await importFeed({ db, policy, logger, queue: jobs.send, publish }, Number(data.feedId))
        if (outcome && !outcome.ok) logger.info({ feedId: data.feedId, error: outcome.error }, 'an imported calendar could not be fetched')
      },
    },
    {
      name: CALENDAR_CONFLICT_JOB,
      handler: async (data) => {
        await sendConflictNotice({ db, mailer, publicUrl }, { feedId: Number(data.feedId), conflicts: data.conflicts as FeedConflict[] })
      },
    },
  ]
}
