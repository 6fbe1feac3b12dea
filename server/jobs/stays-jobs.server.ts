// The background jobs of short-term stays: each booking step told to both sides, requests not answered
// in time expired, stays past their check-out time completed, and reviews whose window ended published.
import type { Database } from '#server/db/client.server.ts'
import type { Logger } from '#server/logger.server.ts'
import type { Mailer } from '#server/mail/mailer.server.ts'
import type { PublicNews } from '#server/realtime/events.server.ts'
import {
  completeStays,
  expireStays,
  publishStayReviews,
  sendReviewNotice,
  sendStayNotice,
  STAY_COMPLETION_CRON,
  STAY_COMPLETION_JOB,
  STAY_EXPIRY_CRON,
  STAY_EXPIRY_JOB,
  STAY_NOTICE_JOB,
  STAY_REVIEW_NOTICE_JOB,
  STAY_REVIEW_PUBLICATION_CRON,
  STAY_REVIEW_PUBLICATION_JOB,
} from '#server/stays/index.server.ts'
import type { JobDefinition } from './queue.server.ts'

export function staysJobs({
  database,
  mailer,
  logger,
  publicUrl,
  publish,
}: {
  database: Database
  mailer: Mailer
  logger: Logger
  publicUrl: string
  publish: (news: PublicNews) => Promise<void>
}): JobDefinition[] {
  const { db } = database
  return [
    {
      // Guest and host told of a step of a booking (server/stays/notices.server.ts).
      name: STAY_NOTICE_JOB,
      handler: async (data) => {
        await sendStayNotice({ db, mailer, publicUrl }, { bookingId: Number(data.bookingId), action: data.action as never })
      },
    },
    {
      // Requests not answered within 24 hours, or by their check-in time, expire and free their nights.
      name: STAY_EXPIRY_JOB,
      cron: STAY_EXPIRY_CRON,
      retryLimit: 0,
      handler: async (_data, jobs) => {
        const expired = await expireStays({ database, jobs, realtime: { publish }, logger })
        if (expired > 0) logger.info({ expired }, 'unanswered stay requests expired')
      },
    },
    {
      // Stays past their check-out time are completed (and so may be reviewed).
      name: STAY_COMPLETION_JOB,
      cron: STAY_COMPLETION_CRON,
      retryLimit: 0,
      handler: async (_data, jobs) => {
        const completed = await completeStays({ database, jobs, realtime: { publish }, logger })
        if (completed > 0) logger.info({ completed }, 'stays past their check-out completed')
      },
    },
    {
      // Both sides told that a booking's reviews are public (server/stays/review-notices.server.ts).
      name: STAY_REVIEW_NOTICE_JOB,
      handler: async (data) => {
        await sendReviewNotice({ db, mailer, publicUrl }, { bookingId: Number(data.bookingId) })
      },
    },
    {
      // Reviews whose 14 days have ended publish alone (both in, they publish at once when the second is sent).
      name: STAY_REVIEW_PUBLICATION_JOB,
      cron: STAY_REVIEW_PUBLICATION_CRON,
      retryLimit: 0,
      handler: async (_data, jobs) => {
        const published = await publishStayReviews({ database, jobs, realtime: { publish }, logger })
        if (published > 0) logger.info({ bookings: published }, 'stay reviews published at the end of their window')
      },
    },
  ]
}
