// What happens after matching, measured on the benchmark's database (bench/alerts.ts):
//   burst   a bulk import of --burst random homes published in one statement, then the alerts'
//           real pipeline: the floor's claim queues one `listing-alert` job per change in pg-boss, and
//           pg-boss's workers (as an instance runs them) work each into alerts, hits, live counts and
//           `alert-email` jobs queued in pg-boss. Seconds until every change is worked and every instant
//           e-mail queued; the e-mail jobs themselves are not sent.
//   digest  every renter who has news made due at this hour, then `sendDigests` builds each one's digest
//           (a mailer that keeps only their count and size): seconds for all.
// Exported for bench/alerts.ts, which has the database, the indexes and the saved searches ready.
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.server.ts'
import { ALERT_EMAIL_JOB, LISTING_ALERT_JOB, processListingChange, queueListingAlerts, sendDigests } from '#server/alerts/index.server.ts'
import { startJobs } from '#server/jobs/queue.server.ts'
import { createLogger } from '#server/logger.server.ts'

/** The burst through the real queue and workers; `publish` makes the import (one statement) and resolves when it has. */
export async function deliveryBurst(database: Database, { publish }: { publish: () => Promise<void> }) {
  const { db } = database
  const logger = createLogger('warn')
  let alerts = 0
  let emails = 0
  let worked = 0
  const jobs = await startJobs({
    database,
    logger,
    isWorking: true,
    pollingSeconds: 1,
    definitions: [
      {
        name: LISTING_ALERT_JOB,
        handler: async (data, context) => {
          const done = await processListingChange({ db, publish: async () => {}, queue: context.sendMany }, Number(data.changeId))
          alerts += done.alerts
          emails += done.emails
          worked += 1
        },
      },
      // Queued, not sent: the bench ends when every instant e-mail is in the queue.
      { name: ALERT_EMAIL_JOB, handler: async () => {} },
    ],
  })
  // The changes earlier runs of the benchmarks made and never worked (they match only) are set aside:
  // this burst's are the only ones the pipeline works.
  await db.execute(
    sql`update listing_alert_change set queued_at = coalesce(queued_at, now()), processed_at = now() where processed_at is null`,
  )
  const [{ head } = { head: 0 }] = (await db.execute<{ head: string }>(sql`select coalesce(max(id), 0) as head from listing_alert_change`))
    .rows
  const started = performance.now()
  await publish()
  const published = performance.now()
  const queued = await queueListingAlerts(db, jobs.sendMany)
  const claimed = performance.now()
  for (;;) {
    const [{ left } = { left: 0 }] = (
      await db.execute<{ left: number }>(
        sql`select count(*)::int as left from listing_alert_change where id > ${head} and processed_at is null`,
      )
    ).rows
    if (left === 0) break
    process.stderr.write(`\r  ${worked} of ${queued} changes worked, ${emails.toLocaleString('en-US')} e-mails queued`)
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  const seconds = (performance.now() - started) / 1000
  await jobs.stop()
  const [{ changes } = { changes: 0 }] = (
    await db.execute<{ changes: number }>(sql`select count(*)::int as changes from listing_alert_change where id > ${head}`)
  ).rows
  return {
    changes,
    jobsQueued: queued,
    publishMs: Math.round(published - started),
    claimMs: Math.round(claimed - published),
    alerts,
    instantEmailsQueued: emails,
    seconds: Math.round(seconds * 10) / 10,
  }
}

/** Every renter with undigested news made due now (their zone UTC, their hour this one), then all digests built. */
export async function digestForAll(database: Database, { userPrefix }: { userPrefix: string }) {
  const { db } = database
  const now = new Date()
  await db.execute(sql`
    insert into alert_preference (user_id, time_zone, digest_hour)
    select id, 'UTC', ${now.getUTCHours()} from "user" where id like ${`${userPrefix}%`}
    on conflict (user_id) do update set time_zone = 'UTC', digest_hour = excluded.digest_hour,
      last_daily_digest_at = null, last_weekly_digest_at = null, bounced_at = null`)
  let built = 0
  let bytes = 0
  const mailer = {
    async send(mail: { text: string }) {
      built += 1
      bytes += mail.text.length
    },
  }
  const started = performance.now()
  const sent = await sendDigests({ db, mailer, publicUrl: 'https://cooperhome.example', logger: createLogger('warn') }, { now })
  const seconds = (performance.now() - started) / 1000
  return { digests: sent, built, meanChars: built === 0 ? 0 : Math.round(bytes / built), seconds: Math.round(seconds * 10) / 10 }
}
