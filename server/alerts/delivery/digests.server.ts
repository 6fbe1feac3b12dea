// The `alert-digests` job, hourly: each renter whose digest hour has come in their own time zone gets
// one e-mail of what their daily (or, on their Monday, weekly) searches found and not yet e-mailed,
// and the news of the homes they saved when those come at the same pace. At most DIGEST_MOST_HOMES
// homes, a link to the rest; nothing when nothing is new. Renters are worked in batches, each in a
// handful of statements: the batch's digests claimed at once (compare-and-set on last_*_digest_at, so
// two instances never send one twice), their news read in two queries, the mails built in memory and
// sent, then what went out marked and what did not released, each in one statement.
import { and, asc, eq, gt, isNull, like, sql, type SQL } from 'drizzle-orm'
import { alert, alertPreference, listing, listingAlertChange, savedSearch, savedSearchHit, user } from '#server/db/schema.ts'
import { isPermanentRefusal } from '#server/mail/mailer.server.ts'
import { DEFAULT_DIGEST_HOUR } from '#common/alerts/vocabulary.ts'
import { digestEmail, type DigestGroup } from './alert-email.ts'
import { alertNewsColumns, alertNewsOf } from './alert-news.server.ts'
import { markBounced } from './bounces.server.ts'
import { isDigestDue, type DigestCadence } from './digest-due.ts'
import { linksFor, type AlertMailContext } from './instant-email.server.ts'

export const ALERT_DIGESTS_JOB = 'alert-digests'
/** Every hour, at a minute few other schedules use. */
export const ALERT_DIGESTS_CRON = '7 * * * *'
/** News older than this is not carried by a digest (a search that was 'never' and is now daily does not send its past). */
const DIGEST_HORIZON_MS = 8 * 86_400_000
const DEFAULT_TIME_ZONE = 'America/New_York'
/** How many renters' digests are claimed, read and marked together. */
export const DIGEST_BATCH = 1_000
/** How many mails of a batch are handed to the mail server at once. */
const SEND_CONCURRENCY = 8

type Pending = { userId: string; timeZone: string; digestHour: number; lastSentAt: Date | null; hasPreference: boolean }

const lastColumn = (cadence: DigestCadence) =>
  cadence === 'daily' ? alertPreference.lastDailyDigestAt : alertPreference.lastWeeklyDigestAt

/** A list as one parameter (a PostgreSQL array literal), whatever its length: `in (…)` takes one parameter per value. */
const textArray = (values: string[]) => sql`${`{${values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`}::text[]`
const bigintArray = (values: number[]) => sql`${`{${values.join(',')}}`}::bigint[]`
const timestampArray = (values: (Date | null)[]) =>
  sql`${`{${values.map((v) => (v === null ? 'NULL' : `"${v.toISOString()}"`)).join(',')}}`}::timestamptz[]`

/** The renters with news of this cadence not yet e-mailed and no bounced address, with their digest settings (defaults where they have none). */
async function findPending(context: AlertMailContext, cadence: DigestCadence, since: Date): Promise<Pending[]> {
  const { db } = context
  const fromSearches = db
    .selectDistinct({ userId: savedSearch.userId })
    .from(savedSearchHit)
    .innerJoin(savedSearch, eq(savedSearch.id, savedSearchHit.savedSearchId))
    .innerJoin(alert, eq(alert.id, savedSearchHit.alertId))
    .where(
      and(
        eq(savedSearch.frequency, cadence),
        eq(savedSearch.isPaused, false),
        isNull(savedSearchHit.digestedAt),
        isNull(alert.emailedAt),
        gt(savedSearchHit.createdAt, since),
      ),
    )
  const fromSavedHomes = db
    .selectDistinct({ userId: alert.userId })
    .from(alert)
    .leftJoin(alertPreference, eq(alertPreference.userId, alert.userId))
    .where(
      and(
        like(alert.kind, 'saved-%'),
        isNull(alert.emailedAt),
        gt(alert.createdAt, since),
        sql`coalesce(${alertPreference.savedHomesFrequency}, 'instant') = ${cadence}`,
      ),
    )
  const news = fromSearches.union(fromSavedHomes).as('news')
  const rows = await db
    .select({
      userId: news.userId,
      timeZone: alertPreference.timeZone,
      digestHour: alertPreference.digestHour,
      lastSentAt: lastColumn(cadence),
      hasPreference: sql<boolean>`${alertPreference.userId} is not null`,
    })
    .from(news)
    .leftJoin(alertPreference, eq(alertPreference.userId, news.userId))
    .where(isNull(alertPreference.bouncedAt))
    .orderBy(news.userId)
  return rows.map((row) => ({
    userId: row.userId,
    timeZone: row.timeZone ?? DEFAULT_TIME_ZONE,
    digestHour: row.digestHour ?? DEFAULT_DIGEST_HOUR,
    lastSentAt: row.lastSentAt,
    hasPreference: row.hasPreference,
  }))
}

/**
 * Claims the batch's digests in one statement: each renter's last_*_digest_at moves to `now` only if it
 * still holds what was read (to the millisecond, as JavaScript read it) and their address has not
 * bounced. Rows another instance is claiming are skipped, not waited for, and rows are locked in one
 * order, so two instances neither deadlock nor both claim a renter. Resolves to the claimed renters'
 * saved homes' pace.
 */
async function claimDigests(context: AlertMailContext, cadence: DigestCadence, batch: Pending[], now: Date) {
  const { db } = context
  const unset = batch.filter((p) => !p.hasPreference).map((p) => p.userId)
  if (unset.length > 0) {
    await db.execute(sql`
      insert into alert_preference (user_id) select id from unnest(${textArray(unset)}) as id order by id
      on conflict (user_id) do nothing`)
  }
  const column = sql.identifier(cadence === 'daily' ? 'last_daily_digest_at' : 'last_weekly_digest_at')
  const { rows } = await db.execute<{ user_id: string; saved_homes_frequency: string }>(sql`
    with claimable as (
      select p.user_id from alert_preference p
      join unnest(${textArray(batch.map((p) => p.userId))}, ${timestampArray(batch.map((p) => p.lastSentAt))})
        as seen (user_id, last_sent_at) on seen.user_id = p.user_id
      where p.bounced_at is null and date_trunc('milliseconds', p.${column}) is not distinct from seen.last_sent_at
      order by p.user_id
      for update of p skip locked)
    update alert_preference p set ${column} = ${now.toISOString()}::timestamptz
    from claimable where claimable.user_id = p.user_id
    returning p.user_id, p.saved_homes_frequency`)
  return new Map(rows.map((row) => [row.user_id, row.saved_homes_frequency]))
}

type Digest = { userId: string; groups: DigestGroup[]; hitIds: number[]; alertIds: Set<number> }

/**
 * The claimed renters' news, in two queries: their searches' hits in order of the searches, then the
 * homes they saved (for those whose saved homes come at this pace), grouped per renter.
 */
async function collectDigests(
  context: AlertMailContext,
  cadence: DigestCadence,
  savedHomesPace: Map<string, string>,
  since: Date,
): Promise<Map<string, Digest>> {
  const { db } = context
  const userIds = [...savedHomesPace.keys()]
  const withSavedHomes = userIds.filter((id) => savedHomesPace.get(id) === cadence)
  const hits = await db
    .select({ hitId: savedSearchHit.id, searchId: savedSearch.id, name: savedSearch.name, ...alertNewsColumns })
    .from(savedSearchHit)
    .innerJoin(savedSearch, eq(savedSearch.id, savedSearchHit.savedSearchId))
    .innerJoin(alert, eq(alert.id, savedSearchHit.alertId))
    .innerJoin(listingAlertChange, eq(listingAlertChange.id, alert.changeId))
    .leftJoin(listing, eq(listing.id, alert.listingId))
    .where(
      and(
        sql`${savedSearch.userId} = any(${textArray(userIds)})`,
        eq(savedSearch.frequency, cadence),
        eq(savedSearch.isPaused, false),
        isNull(savedSearchHit.digestedAt),
        isNull(alert.emailedAt),
        gt(savedSearchHit.createdAt, since),
      ),
    )
    .orderBy(asc(savedSearch.id), asc(savedSearchHit.id))
  const savedHomes =
    withSavedHomes.length === 0
      ? []
      : await db
          .select(alertNewsColumns)
          .from(alert)
          .innerJoin(listingAlertChange, eq(listingAlertChange.id, alert.changeId))
          .leftJoin(listing, eq(listing.id, alert.listingId))
          .where(
            and(
              sql`${alert.userId} = any(${textArray(withSavedHomes)})`,
              like(alert.kind, 'saved-%'),
              isNull(alert.emailedAt),
              gt(alert.createdAt, since),
            ),
          )
          .orderBy(asc(alert.id))
  const digests = new Map<string, Digest>(userIds.map((userId) => [userId, { userId, groups: [], hitIds: [], alertIds: new Set() }]))
  let group: DigestGroup | undefined
  let groupSearchId: number | undefined
  for (const hit of hits) {
    const digest = digests.get(hit.userId)!
    if (groupSearchId !== hit.searchId) {
      group = { name: hit.name, news: [] }
      groupSearchId = hit.searchId
      digest.groups.push(group)
    }
    group!.news.push(alertNewsOf(hit).news)
    digest.hitIds.push(hit.hitId)
    digest.alertIds.add(hit.alertId)
  }
  // The homes they saved come last, in a group of their own.
  const savedGroups = new Map<string, DigestGroup>()
  for (const row of savedHomes) {
    const digest = digests.get(row.userId)!
    let saved = savedGroups.get(row.userId)
    if (!saved) {
      saved = { name: null, news: [] }
      savedGroups.set(row.userId, saved)
      digest.groups.push(saved)
    }
    saved.news.push(alertNewsOf(row).news)
    digest.alertIds.add(row.alertId)
  }
  return digests
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function eachAtOnce<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0
  const worker = async () => {
    for (let at = next++; at < items.length; at = next++) await work(items[at]!)
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker))
}

/** One batch of due renters: claimed, read, built, sent, then marked or released. Resolves to how many mails went out. */
async function sendBatch(context: AlertMailContext, cadence: DigestCadence, batch: Pending[], now: Date, since: Date): Promise<number> {
  const { db, mailer, publicUrl, logger } = context
  const savedHomesPace = await claimDigests(context, cadence, batch, now)
  if (savedHomesPace.size === 0) return 0
  const digests = await collectDigests(context, cadence, savedHomesPace, since)
  const recipients = new Map(
    (
      await db
        .select({ id: user.id, email: user.email })
        .from(user)
        .where(sql`${user.id} = any(${textArray([...digests.keys()])})`)
    ).map((r) => [r.id, r.email]),
  )
  const sent: Digest[] = []
  const released: string[] = []
  const refused: string[] = []
  const toSend = [...digests.values()].filter((digest) => {
    if (digest.groups.every((g) => g.news.length === 0)) {
      released.push(digest.userId)
      return false
    }
    return recipients.has(digest.userId)
  })
  await eachAtOnce(toSend, SEND_CONCURRENCY, async (digest) => {
    const links = linksFor(publicUrl, digest.userId, { kind: 'frequency', frequency: cadence })
    const email = recipients.get(digest.userId)!
    try {
      await mailer.send({ to: email, ...digestEmail({ publicUrl, cadence, groups: digest.groups, links }) })
      sent.push(digest)
    } catch (error) {
      released.push(digest.userId)
      if (isPermanentRefusal(error)) {
        refused.push(email)
        logger.warn({ userId: digest.userId }, 'digest refused for good: alert e-mails to this address are paused')
      } else {
        // Released: the next hour's run tries this renter again.
        logger.warn({ err: error, userId: digest.userId, cadence }, 'digest could not be sent')
      }
    }
  })
  const hitIds = sent.flatMap((d) => d.hitIds)
  const alertIds = sent.flatMap((d) => [...d.alertIds])
  if (hitIds.length > 0)
    await db.execute(
      sql`update saved_search_hit set digested_at = ${now.toISOString()}::timestamptz where id = any(${bigintArray(hitIds)})`,
    )
  if (alertIds.length > 0) {
    await db.execute(
      sql`update alert set emailed_at = ${now.toISOString()}::timestamptz where id = any(${bigintArray(alertIds)}) and emailed_at is null`,
    )
  }
  if (released.length > 0) await releaseDigests(context, cadence, batch, released, now)
  if (refused.length > 0) await markBounced(db, refused)
  return sent.length
}

/** Gives back the claims of digests that did not go out: last_*_digest_at as it was before this run's claim. */
async function releaseDigests(context: AlertMailContext, cadence: DigestCadence, batch: Pending[], userIds: string[], now: Date) {
  const before = new Map(batch.map((p) => [p.userId, p.lastSentAt]))
  const column = sql.identifier(cadence === 'daily' ? 'last_daily_digest_at' : 'last_weekly_digest_at')
  const guard: SQL = sql`date_trunc('milliseconds', p.${column}) = ${now.toISOString()}::timestamptz`
  await context.db.execute(sql`
    update alert_preference p set ${column} = claimed.last_sent_at
    from unnest(${textArray(userIds)}, ${timestampArray(userIds.map((id) => before.get(id) ?? null))}) as claimed (user_id, last_sent_at)
    where p.user_id = claimed.user_id and ${guard}`)
}

/**
 * Sends the digests due at `now` (the job passes the clock; tests pass theirs, and a smaller batch to
 * cross batches with a few renters). Resolves to how many went out.
 */
export async function sendDigests(
  context: AlertMailContext,
  { now = new Date(), batchSize = DIGEST_BATCH }: { now?: Date; batchSize?: number } = {},
): Promise<number> {
  const since = new Date(now.getTime() - DIGEST_HORIZON_MS)
  let sent = 0
  for (const cadence of ['daily', 'weekly'] as const) {
    const due = (await findPending(context, cadence, since)).filter((p) => isDigestDue({ cadence, now, ...p }))
    for (let at = 0; at < due.length; at += batchSize) {
      const batch = due.slice(at, at + batchSize)
      try {
        sent += await sendBatch(context, cadence, batch, now, since)
      } catch (error) {
        // A batch the database failed: its claims stand until the 20 hours pass, as one renter's did.
        context.logger.warn({ err: error, cadence, renters: batch.length }, 'a batch of digests could not be worked')
      }
    }
  }
  return sent
}
