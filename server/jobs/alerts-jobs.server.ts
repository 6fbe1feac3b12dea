// The background jobs of saved searches' alerts: a listing change claimed and queued (at once by the
// services, every minute by the floor), each change worked into alerts, each instant alert e-mailed,
// and the hourly digests (docs/decisions/047-alert-delivery.md).
import {
  ALERT_CHANGES_FLOOR_CRON,
  ALERT_CHANGES_FLOOR_JOB,
  ALERT_DIGESTS_CRON,
  ALERT_DIGESTS_JOB,
  ALERT_EMAIL_JOB,
  LISTING_ALERT_JOB,
  processListingChange,
  queueListingAlerts,
  sendAlertEmail,
  sendDigests,
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
      // One listing change (published, price lowered, leased, withdrawn) told to the renters it concerns.
      name: LISTING_ALERT_JOB,
      handler: async (data, jobs) => {
        await processListingChange({ db, publish, queue: jobs.sendMany }, Number(data.changeId))
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
      // One alert's instant e-mail.
      name: ALERT_EMAIL_JOB,
      handler: async (data) => {
        await sendAlertEmail(mailContext, Number(data.alertId))
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
