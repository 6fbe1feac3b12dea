// What happens after matching, measured on the benchmark's database (bench/alerts.ts):
//   burst   a bulk import of --burst random homes published in one statement, then the alerts'
//           real pipeline: the floor's claim queues `listing-alert` jobs of CHANGES_PER_JOB changes in
//           pg-boss, and pg-boss's workers (as an instance runs them) work each into alerts, hits, live
//           counts and `instant-alert-email` jobs (one waiting per person) queued in pg-boss. Seconds until
//           every change is worked and every e-mail job queued; the e-mail jobs themselves send nothing.
//   digest  a day's news drawn for every bench renter in SQL, all made due at this hour, then
//           `sendDigests` builds every digest (a mailer that keeps each one's homes and size): seconds for all.
// Exported for bench/alerts.ts, which has the database, the indexes and the saved searches ready.
import { sql, type SQL } from 'drizzle-orm'
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

/** The day's news drawn for the digest: this many homes published and this many price drops. */
const NEWS_POOL = 5_000
/** A draw in [0, 1) from the seed and a key, the same on every run (PostgreSQL's random() is per connection). */
const drawOf = (seed: number, key: SQL) => sql`(('x' || substr(md5(${`${seed}:`} || ${key}), 1, 8))::bit(32)::bigint / 4294967296.0)`

/**
 * A day's news for every renter of `userPrefix`, written directly in SQL (set-based, not through the
 * pipeline, which the burst measures): their earlier hits and alerts deleted, then
 * NEWS_POOL homes published and NEWS_POOL price drops drawn from --seed among the published listings,
 * recorded as the listing's trigger would and already worked; each of their daily searches told of
 * a run of 1 + ⌊8·Exp(1)⌋ homes (at most 80) of the published ones, one alert per renter and home
 * naming every search that has it, and every renter told of 1–3 price drops of homes they saved
 * (their saved homes' pace made daily). Every renter then has undigested daily news.
 */
async function drawDigestNews(database: Database, { userPrefix, seed }: { userPrefix: string; seed: number }) {
  const users = `${userPrefix}%`
  await database.db.transaction(async (tx) => {
    // Hits first, by their searches, with the foreign keys' triggers off for the two deletes: the
    // cascade from alert would look for each alert's hits one by one (by the index on alert_id since
    // migration 0069, still a lookup per alert for some 600,000 alerts).
    await tx.execute(sql`set local session_replication_role = replica`)
    await tx.execute(sql`delete from saved_search_hit h using saved_search s where s.id = h.saved_search_id and s.user_id like ${users}`)
    await tx.execute(sql`delete from alert where user_id like ${users}`)
    await tx.execute(sql`set local session_replication_role = origin`)
    await tx.execute(sql`
      insert into alert_preference (user_id, saved_homes_frequency) select id, 'daily' from "user" where id like ${users}
      on conflict (user_id) do update set saved_homes_frequency = 'daily'`)
    await tx.execute(sql`
      create temporary table digest_news on commit drop as
      with drawn as (
        select id, title, owner_id, all_in_monthly_cents, row_number() over (order by ${drawOf(seed, sql`'home:' || id`)}) - 1 as n
        from listing where status = 'published')
      select n % ${NEWS_POOL} as n, case when n < ${NEWS_POOL} then 'published' else 'price-drop' end as kind, id as listing_id,
        title, owner_id, all_in_monthly_cents from drawn where n < ${2 * NEWS_POOL}`)
    await tx.execute(sql`alter table digest_news add column change_id bigint`)
    await tx.execute(sql`
      with changes as (
        insert into listing_alert_change (listing_id, kind, from_cents, to_cents, title, owner_id, queued_at, processed_at)
        select listing_id, kind, case when kind = 'price-drop' then all_in_monthly_cents + 10000 end,
          case when kind = 'price-drop' then all_in_monthly_cents end, title, owner_id, now(), now()
        from digest_news returning id, listing_id, kind)
      update digest_news d set change_id = c.id from changes c where c.listing_id = d.listing_id and c.kind = d.kind`)
    await tx.execute(sql`
      with searches as (
        select id, user_id, least(80, 1 + floor(-ln(greatest(${drawOf(seed, sql`'many:' || id`)}, 1e-9)) * 8))::int as homes,
          floor(${drawOf(seed, sql`'from:' || id`)} * ${NEWS_POOL})::int as first
        from saved_search where user_id like ${users} and frequency = 'daily' and not is_paused),
      picked as (
        select s.id as search_id, s.user_id, d.change_id, d.listing_id
        from searches s cross join lateral generate_series(0, s.homes - 1) as g
        join digest_news d on d.kind = 'published' and d.n = (s.first + g) % ${NEWS_POOL}),
      alerts as (
        insert into alert (user_id, change_id, listing_id, kind, saved_search_ids)
        select user_id, change_id, listing_id, 'new-match', array_agg(search_id order by search_id)
        from picked group by user_id, change_id, listing_id
        returning id, listing_id, saved_search_ids)
      insert into saved_search_hit (saved_search_id, listing_id, alert_id, kind)
      select unnest(saved_search_ids), listing_id, id, 'new-match' from alerts`)
    await tx.execute(sql`
      insert into alert (user_id, change_id, listing_id, kind)
      select u.id, d.change_id, d.listing_id, 'saved-price-drop'
      from "user" u cross join lateral generate_series(0, floor(${drawOf(seed, sql`'saved:' || u.id`)} * 3)::int) as g
      join digest_news d on d.kind = 'price-drop' and d.n = (floor(${drawOf(seed, sql`'at:' || u.id`)} * ${NEWS_POOL})::int + g) % ${NEWS_POOL}
      where u.id like ${users}`)
  })
  const [counts = { renters: 0, news: 0 }] = (
    await database.db.execute<{ renters: number; news: number }>(
      sql`select count(distinct user_id)::int as renters, count(*)::int as news from alert where user_id like ${users} and emailed_at is null`,
    )
  ).rows
  return counts
}

/**
 * A digest for every renter of `userPrefix`: a day's news drawn for each (drawDigestNews, not timed),
 * all made due now (their zone UTC, their hour this one), then `sendDigests` builds every digest (a
 * mailer that keeps each one's homes and size): seconds for all, and the renters with the most news.
 */
export async function digestForAll(database: Database, { userPrefix, seed }: { userPrefix: string; seed: number }) {
  const { db } = database
  const drawStarted = performance.now()
  const withNews = await drawDigestNews(database, { userPrefix, seed })
  const drawMs = Math.round(performance.now() - drawStarted)
  const now = new Date()
  await db.execute(sql`
    insert into alert_preference (user_id, time_zone, digest_hour)
    select id, 'UTC', ${now.getUTCHours()} from "user" where id like ${`${userPrefix}%`}
    on conflict (user_id) do update set time_zone = 'UTC', digest_hour = excluded.digest_hour,
      last_daily_digest_at = null, last_weekly_digest_at = null, bounced_at = null`)
  const built: { to: string; homes: number; chars: number }[] = []
  const mailer = {
    async send(mail: { to: string; subject: string; text: string }) {
      // The subject counts the homes: "Your daily alerts: 1,234 homes".
      const homes = Number(/: ([\d,]+) homes?$/.exec(mail.subject)?.[1]?.replaceAll(',', '') ?? 0)
      built.push({ to: mail.to, homes, chars: mail.text.length })
    },
  }
  const started = performance.now()
  const sent = await sendDigests({ db, mailer, publicUrl: 'https://cooperhome.example', logger: createLogger('warn') }, { now })
  const seconds = (performance.now() - started) / 1000
  const mean = (pick: (b: (typeof built)[number]) => number) =>
    built.length === 0 ? 0 : Math.round((built.reduce((sum, b) => sum + pick(b), 0) / built.length) * 10) / 10
  return {
    rentersWithNews: withNews.renters,
    news: withNews.news,
    drawMs,
    digests: sent,
    built: built.length,
    meanHomes: mean((b) => b.homes),
    meanChars: Math.round(mean((b) => b.chars)),
    seconds: Math.round(seconds * 10) / 10,
    // Built together, no digest has a time of its own: the heaviest are those with the most news.
    slowest: [...built].sort((a, b) => b.homes - a.homes || b.chars - a.chars).slice(0, 5),
  }
}
