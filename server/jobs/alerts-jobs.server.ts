// The background jobs of saved searches' alerts: a listing change claimed and queued (at once by the
// services, every minute by the floor), each change worked into alerts, each person's instant news
// e-mailed (one e-mail job waiting per person), and the hourly digests (docs/decisions/047-alert-delivery.md).
import {
  ALERT_CHANGES_FLOOR_CRON,
  ALERT_CHANGES_FLOOR_JOB,
  ALERT_DIGESTS_CRON,
  ALERT_DIGESTS_JOB,
  ALERT_EMAIL_JOB,
  changeIdsOf,
  findAlertRecipient,
  INSTANT_EMAIL_JOB,
  instantEmailOptions,
  LISTING_ALERT_JOB,
  processListingChanges,
  queueListingAlerts,
  sendDigests,
  sendInstantEmail,
} from '#server/alerts/index.server.ts'
import type { Database } from '#server/db/client.server.ts'
import type { Logger } from '#server/logger.server.ts'
import type { Mailer } from '#server/mail/mailer.server.ts'
import type { PublicNews } from '#server/realtime/events.server.ts'
import type { JobDefinition } from './queue.server.ts'

export function alertsJobs({
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
  const mailContext = { db, mailer, publicUrl, logger }
  return [
    {
      // A batch of listing changes (published, price lowered, leased, withdrawn) told to the renters they concern.
      name: LISTING_ALERT_JOB,
      handler: async (data, jobs) => {
        await processListingChanges({ db, publish, queue: jobs.sendMany }, changeIdsOf(data))
      },
    },
    {
      // The floor: changes no instance announced (SQL, scripts, a bulk import) or whose job was lost, queued within a minute.
      name: ALERT_CHANGES_FLOOR_JOB,
      cron: ALERT_CHANGES_FLOOR_CRON,
      retryLimit: 0,
      handler: async (_data, jobs) => {
        const queued = await queueListingAlerts(db, jobs.sendMany)
        if (queued > 0) logger.info({ queued }, 'listing changes nobody announced queued for alerts')
      },
    },
    {
      // One person's instant news in one e-mail; within the floor after their last, it waits until then.
      name: INSTANT_EMAIL_JOB,
      policy: 'stately',
      handler: async (data, jobs) => {
        const userId = String(data.userId)
        const { notBefore } = await sendInstantEmail(mailContext, userId)
        if (notBefore) await jobs.send(INSTANT_EMAIL_JOB, { userId }, { ...instantEmailOptions({ userId }), startAfter: notBefore })
      },
    },
    {
      // One alert's e-mail, as an earlier version queued them: its person's e-mail job instead.
      name: ALERT_EMAIL_JOB,
      handler: async (data, jobs) => {
        const userId = await findAlertRecipient(db, Number(data.alertId))
        if (userId) await jobs.sendMany(INSTANT_EMAIL_JOB, [{ userId }], instantEmailOptions)
      },
    },
    {
      // The daily and weekly digests of the renters whose hour has come in their time zone.
      name: ALERT_DIGESTS_JOB,
      cron: ALERT_DIGESTS_CRON,
      retryLimit: 0,
      handler: async () => {
        const sent = await sendDigests(mailContext)
        if (sent > 0) logger.info({ sent }, 'alert digests sent')
      },
    },
  ]
}
