// The `alert-digests` job, hourly: each renter whose digest hour has come in their own time zone gets
// one e-mail of what their daily (or, on their Monday, weekly) searches found and not yet e-mailed,
// and the news of the homes they saved when those come at the same pace. At most DIGEST_MOST_HOMES
// homes, a link to the rest; nothing when nothing is new. Each renter's digest is claimed first
// (compare-and-set on last_*_digest_at), so two instances never send one twice.
import { and, eq, gt, inArray, isNull, like, sql } from 'drizzle-orm'
import { alert, alertPreference, savedSearch, savedSearchHit, user } from '#server/db/schema.ts'
import { isPermanentRefusal } from '#server/mail/mailer.server.ts'
import { DEFAULT_DIGEST_HOUR } from '#common/alerts/vocabulary.ts'
import { digestEmail, type DigestGroup } from './alert-email.ts'
import { findAlertNews } from './alert-news.server.ts'
import { markBounced } from './bounces.server.ts'
import { isDigestDue, type DigestCadence } from './digest-due.ts'
import { linksFor, type AlertMailContext } from './instant-email.server.ts'

export const ALERT_DIGESTS_JOB = 'alert-digests'
/** Every hour, at a minute few other schedules use. */
export const ALERT_DIGESTS_CRON = '7 * * * *'
/** News older than this is not carried by a digest (a search that was 'never' and is now daily does not send its past). */
const DIGEST_HORIZON_MS = 8 * 86_400_000
const DEFAULT_TIME_ZONE = 'America/New_York'
/** How many renters' digests are built and sent at once. */
const DIGEST_CONCURRENCY = 8

type Pending = { userId: string; timeZone: string; digestHour: number; lastSentAt: Date | null }

const lastColumn = (cadence: DigestCadence) =>
  cadence === 'daily' ? alertPreference.lastDailyDigestAt : alertPreference.lastWeeklyDigestAt

/** The renters with news of this cadence not yet e-mailed, with their digest settings (defaults where they have none). */
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
  const userIds = [...new Set([...(await fromSearches), ...(await fromSavedHomes)].map((row) => row.userId))]
  if (userIds.length === 0) return []
  const preferences = await db.select().from(alertPreference).where(inArray(alertPreference.userId, userIds))
  const byUser = new Map(preferences.map((p) => [p.userId, p]))
  return userIds.flatMap((userId) => {
    const p = byUser.get(userId)
    if (p?.bouncedAt) return []
    const lastSentAt = (cadence === 'daily' ? p?.lastDailyDigestAt : p?.lastWeeklyDigestAt) ?? null
    return [{ userId, timeZone: p?.timeZone ?? DEFAULT_TIME_ZONE, digestHour: p?.digestHour ?? DEFAULT_DIGEST_HOUR, lastSentAt }]
  })
}

/** Claims the renter's digest: last_*_digest_at moves to `now` only if it still holds what was read. */
async function claimDigest(context: AlertMailContext, cadence: DigestCadence, pending: Pending, now: Date): Promise<boolean> {
  const { db } = context
  const column = lastColumn(cadence)
  await db.insert(alertPreference).values({ userId: pending.userId }).onConflictDoNothing()
  const claimed = await db
    .update(alertPreference)
    .set(cadence === 'daily' ? { lastDailyDigestAt: now } : { lastWeeklyDigestAt: now })
    .where(
      and(
        eq(alertPreference.userId, pending.userId),
        isNull(alertPreference.bouncedAt),
        // To the millisecond, as JavaScript read it.
        pending.lastSentAt === null
          ? isNull(column)
          : sql`date_trunc('milliseconds', ${column}) = ${pending.lastSentAt.toISOString()}::timestamptz`,
      ),
    )
    .returning({ userId: alertPreference.userId })
  return claimed.length > 0
}

/** The renter's news for the digest: their searches' hits in order of the searches, then the homes they saved. */
async function collectDigest(context: AlertMailContext, cadence: DigestCadence, userId: string, since: Date) {
  const { db } = context
  const hits = await db
    .select({ hitId: savedSearchHit.id, searchId: savedSearch.id, name: savedSearch.name, alertId: savedSearchHit.alertId })
    .from(savedSearchHit)
    .innerJoin(savedSearch, eq(savedSearch.id, savedSearchHit.savedSearchId))
    .innerJoin(alert, eq(alert.id, savedSearchHit.alertId))
    .where(
      and(
        eq(savedSearch.userId, userId),
        eq(savedSearch.frequency, cadence),
        eq(savedSearch.isPaused, false),
        isNull(savedSearchHit.digestedAt),
        isNull(alert.emailedAt),
        gt(savedSearchHit.createdAt, since),
      ),
    )
    .orderBy(savedSearch.id, savedSearchHit.id)
  const [preference] = await db.select().from(alertPreference).where(eq(alertPreference.userId, userId))
  const savedHomes =
    (preference?.savedHomesFrequency ?? 'instant') === cadence
      ? await db
          .select({ alertId: alert.id })
          .from(alert)
          .where(and(eq(alert.userId, userId), like(alert.kind, 'saved-%'), isNull(alert.emailedAt), gt(alert.createdAt, since)))
          .orderBy(alert.id)
      : []
  const alertIds = [...new Set([...hits.map((h) => h.alertId), ...savedHomes.map((a) => a.alertId)])]
  const news = new Map((await findAlertNews(db, alertIds)).map((n) => [n.alertId, n.news]))
  const groups: DigestGroup[] = []
  const bySearch = new Map<number, DigestGroup>()
  for (const hit of hits) {
    let group = bySearch.get(hit.searchId)
    if (!group) {
      group = { name: hit.name, news: [] }
      bySearch.set(hit.searchId, group)
      groups.push(group)
    }
    const item = news.get(hit.alertId)
    if (item) group.news.push(item)
  }
  if (savedHomes.length > 0) groups.push({ name: null, news: savedHomes.flatMap((a) => news.get(a.alertId) ?? []) })
  return { groups, hitIds: hits.map((h) => h.hitId), alertIds }
}

/** Sends one renter's digest if they have news; marks what it carried. Resolves to whether a mail went out. */
async function sendDigest(context: AlertMailContext, cadence: DigestCadence, pending: Pending, now: Date): Promise<boolean> {
  const { db, mailer, publicUrl, logger } = context
  const since = new Date(now.getTime() - DIGEST_HORIZON_MS)
  const { groups, hitIds, alertIds } = await collectDigest(context, cadence, pending.userId, since)
  const release = () =>
    db
      .update(alertPreference)
      .set(cadence === 'daily' ? { lastDailyDigestAt: pending.lastSentAt } : { lastWeeklyDigestAt: pending.lastSentAt })
      .where(eq(alertPreference.userId, pending.userId))
  if (groups.every((g) => g.news.length === 0)) {
    await release()
    return false
  }
  const [recipient] = await db.select({ email: user.email }).from(user).where(eq(user.id, pending.userId))
  if (!recipient) return false
  const links = linksFor(publicUrl, pending.userId, { kind: 'frequency', frequency: cadence })
  try {
    await mailer.send({ to: recipient.email, ...digestEmail({ publicUrl, cadence, groups, links }) })
  } catch (error) {
    await release()
    if (!isPermanentRefusal(error)) throw error
    await markBounced(db, [recipient.email])
    logger.warn({ userId: pending.userId }, 'digest refused for good: alert e-mails to this address are paused')
    return false
  }
  if (hitIds.length > 0) await db.update(savedSearchHit).set({ digestedAt: now }).where(inArray(savedSearchHit.id, hitIds))
  await db
    .update(alert)
    .set({ emailedAt: now })
    .where(and(inArray(alert.id, alertIds), isNull(alert.emailedAt)))
  return true
}

/** Sends the digests due at `now` (the job passes the clock; tests pass theirs). Resolves to how many went out. */
export async function sendDigests(context: AlertMailContext, { now = new Date() }: { now?: Date } = {}): Promise<number> {
  const since = new Date(now.getTime() - DIGEST_HORIZON_MS)
  let sent = 0
  for (const cadence of ['daily', 'weekly'] as const) {
    const due = (await findPending(context, cadence, since)).filter((p) => isDigestDue({ cadence, now, ...p }))
    // A few renters at a time: each digest is a handful of short queries and one mail, so the
    // database's and the mail server's round trips overlap (one connection on PGlite serialises them).
    let next = 0
    const worker = async () => {
      for (let at = next++; at < due.length; at = next++) {
        const pending = due[at]!
        if (!(await claimDigest(context, cadence, pending, now))) continue
        try {
          if (await sendDigest(context, cadence, pending, now)) sent += 1
        } catch (error) {
          // Released: the next hour's run tries this renter again.
          context.logger.warn({ err: error, userId: pending.userId, cadence }, 'digest could not be sent')
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(DIGEST_CONCURRENCY, due.length) }, worker))
  }
  return sent
}
