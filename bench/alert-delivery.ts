// What happens after matching, measured on the benchmark's database (bench/alerts.ts):
//   burst   a bulk import of --burst random homes published in one statement, then the alerts'
//           real pipeline: the floor's claim queues `listing-alert` jobs of CHANGES_PER_JOB changes in
//           pg-boss, and pg-boss's workers (as an instance runs them) work each into alerts, hits, live
//           counts and `instant-alert-email` jobs (one waiting per person) queued in pg-boss. Seconds until
//           every change is worked and every e-mail job queued; the e-mail jobs themselves send nothing.
//   digest  every renter who has news made due at this hour, then `sendDigests` builds each one's digest
//           (a mailer that keeps only their count and size): seconds for all.
// Exported for bench/alerts.ts, which has the database, the indexes and the saved searches ready.
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.server.ts'
import {
  changeIdsOf,
  CHANGES_PER_JOB,
  INSTANT_EMAIL_JOB,
  LISTING_ALERT_JOB,
  processListingChanges,
  queueListingAlerts,
  sendDigests,
  type ChangeWorked,
} from '#server/alerts/index.server.ts'
import { startJobs } from '#server/jobs/queue.server.ts'
import { createLogger } from '#server/logger.server.ts'

/** The burst through the real queue and workers; `publish` makes the import (one statement) and resolves when it has. */
export async function deliveryBurst(database: Database, { publish }: { publish: () => Promise<void> }) {
  const { db } = database
  const logger = createLogger('warn')
  let alerts = 0
  let emails = 0
  let jobsWorked = 0
  const worked: ChangeWorked[] = []
  const jobs = await startJobs({
    database,
    logger,
    isWorking: true,
    pollingSeconds: 1,
    definitions: [
      {
        name: LISTING_ALERT_JOB,
        handler: async (data, context) => {
          const done = await processListingChanges({ db, publish: async () => {}, queue: context.sendMany }, changeIdsOf(data))
          alerts += done.alerts
          emails += done.emails
          jobsWorked += 1
          worked.push(...done.worked)
        },
      },
      // Queued, not sent: the bench ends when every e-mail job is in the queue.
      { name: INSTANT_EMAIL_JOB, policy: 'stately', handler: async () => {} },
    ],
  })
  // The changes earlier runs of the benchmarks made and never worked (they match only) are set aside,
  // with the jobs still queued for them or for earlier runs' e-mails: this burst's are the only ones
  // the pipeline works.
  await db.execute(
    sql`update listing_alert_change set queued_at = coalesce(queued_at, now()), processed_at = now() where processed_at is null`,
  )
  await db.execute(sql`delete from pgboss.job where name in (${LISTING_ALERT_JOB}, ${INSTANT_EMAIL_JOB}) and state < 'active'`)
  const [{ head } = { head: 0 }] = (await db.execute<{ head: string }>(sql`select coalesce(max(id), 0) as head from listing_alert_change`))
    .rows
  const [{ since } = { since: '' }] = (await db.execute<{ since: string }>(sql`select now()::text as since`)).rows
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
    process.stderr.write(`\r  ${worked.length} of ${queued} changes worked, ${alerts.toLocaleString('en-US')} alerts`)
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  const seconds = (performance.now() - started) / 1000
  await jobs.stop()
  const [{ changes } = { changes: 0 }] = (
    await db.execute<{ changes: number }>(sql`select count(*)::int as changes from listing_alert_change where id > ${head}`)
  ).rows
  // The e-mail jobs pg-boss kept: at most one waiting per person, however many of their alerts asked.
  const [{ emailJobs } = { emailJobs: 0 }] = (
    await db.execute<{ emailJobs: number }>(
      sql`select count(*)::int as "emailJobs" from pgboss.job where name = ${INSTANT_EMAIL_JOB} and created_on >= ${since}::timestamptz`,
    )
  ).rows
  return {
    changes,
    changesQueued: queued,
    changesPerJob: CHANGES_PER_JOB,
    jobsWorked,
    publishMs: Math.round(published - started),
    claimMs: Math.round(claimed - published),
    alerts,
    alertsPerSecond: Math.round(alerts / seconds),
    emailJobsAsked: emails,
    emailJobsQueued: emailJobs,
    seconds: Math.round(seconds * 10) / 10,
    slowest: [...worked]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map(({ listingId, recipients, alerts, ms }) => ({ listingId, recipients, alerts, ms })),
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
