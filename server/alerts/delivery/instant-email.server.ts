// The `instant-alert-email` job: one person's instant news, one e-mail per home (however many of their
// searches found it) as it comes. The queue keeps at most one such job waiting per person (pg-boss
// 'stately' policy, keyed by the person), so a bulk import queues one e-mail job per person, not one
// per home. A flood is bounded: once INSTANT_EMAILS_ONE_BY_ONE alert e-mails reached the person within
// the hour, what comes next waits out INSTANT_EMAIL_FLOOR_MS after their last e-mail and goes as one
// e-mail listing every home. The alerts are claimed by setting emailed_at first, so a job run twice
// sends once; a send that fails is released for the job's retry, unless the address bounced.
import { and, countDistinct, eq, gt, inArray, max, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { alert, alertPreference, savedSearch, user } from '#server/db/schema.ts'
import type { Logger } from '#server/logger.server.ts'
import { isPermanentRefusal, type Mailer } from '#server/mail/mailer.server.ts'
import { instantNewsEmail, type MailLinks } from './alert-email.ts'
import { findAlertNews } from './alert-news.server.ts'
import { INSTANT_EMAIL_FLOOR_MS, INSTANT_EMAILS_ONE_BY_ONE } from '#common/alerts/limits.ts'
import { markBounced } from './bounces.server.ts'
import { unsubscribePath, type UnsubscribeScope } from './unsubscribe-tokens.server.ts'

export const INSTANT_EMAIL_JOB = 'instant-alert-email'
/** One job per alert, as an earlier version queued them: each is now its person's e-mail job. */
export const ALERT_EMAIL_JOB = 'alert-email'
const ONE_BY_ONE_WINDOW_MS = 60 * 60_000
/** Older news is not e-mailed at once (a search that was daily and is now instant does not send its past). */
const INSTANT_HORIZON_MS = 86_400_000

export type AlertMailContext = { db: Db; mailer: Mailer; publicUrl: string; logger: Logger }

/** A person's e-mail job's options: keyed by the person, so one waits per person however many alerts queue it. */
export const instantEmailOptions = (data: Record<string, unknown>) => ({ singletonKey: String(data.userId) })

/** The links of an e-mail that told of these searches (or, with none, of the homes the renter saved). */
export function linksFor(publicUrl: string, userId: string, scope: UnsubscribeScope): MailLinks {
  const frequencyPath =
    scope.kind === 'searches' && scope.savedSearchIds.length === 1 ? `/searches/${scope.savedSearchIds[0]}` : '/searches'
  return { unsubscribeUrl: `${publicUrl}${unsubscribePath({ userId, scope })}`, frequencyUrl: `${publicUrl}${frequencyPath}` }
}

/** The person of an alert (a job queued per alert by an earlier version is sent as its person's e-mail). */
export async function findAlertRecipient(db: Db, alertId: number): Promise<string | null> {
  const [row] = await db.select({ userId: alert.userId }).from(alert).where(eq(alert.id, alertId))
  return row?.userId ?? null
}

export type InstantEmailResult = { sent: boolean; alerts: number; notBefore: Date | null }

/**
 * Sends the person's instant news not yet e-mailed: the alerts of the last day that name an instant
 * saved search not paused, or that tell of a saved home while saved homes are instant. Each home its
 * own e-mail while the person has had fewer than INSTANT_EMAILS_ONE_BY_ONE alert e-mails in the hour;
 * past that, one e-mail of everything due, at most one every INSTANT_EMAIL_FLOOR_MS: when the last
 * went out less than that ago, nothing yet and `notBefore` says when (the job queues itself again for
 * then). Nothing when the address bounced or nothing is due. Throws (for the job to retry) only when
 * sending failed for a reason that may pass.
 */
export async function sendInstantEmail(context: AlertMailContext, userId: string, now = new Date()): Promise<InstantEmailResult> {
  const { db } = context
  const nothing = { sent: false, alerts: 0, notBefore: null }
  const [recipient] = await db
    .select({ email: user.email, bouncedAt: alertPreference.bouncedAt })
    .from(user)
    .leftJoin(alertPreference, eq(alertPreference.userId, user.id))
    .where(eq(user.id, userId))
  if (!recipient || recipient.bouncedAt) return nothing
  // Alerts e-mailed together share their emailed_at: each distinct one is an e-mail.
  const [recent] = await db
    .select({ emails: countDistinct(alert.emailedAt), last: max(alert.emailedAt) })
    .from(alert)
    .where(and(eq(alert.userId, userId), gt(alert.emailedAt, new Date(now.getTime() - ONE_BY_ONE_WINDOW_MS))))
  let sent = 0
  let alerts = 0
  for (let emails = recent?.emails ?? 0; emails < INSTANT_EMAILS_ONE_BY_ONE; emails += 1) {
    // A millisecond apart, so each e-mail keeps its own emailed_at.
    const one = await sendDue({ ...context, recipient }, userId, new Date(now.getTime() + sent), 1)
    // Nothing due, or the mail could not go (released for the retry, or the address paused).
    if (!one) return { sent: sent > 0, alerts, notBefore: null }
    sent += 1
    alerts += one
  }
  const last = sent > 0 ? now : recent?.last
  if (last && now.getTime() - last.getTime() < INSTANT_EMAIL_FLOOR_MS) {
    const notBefore = new Date(last.getTime() + INSTANT_EMAIL_FLOOR_MS)
    return (await hasDue(db, userId, now)) ? { sent: sent > 0, alerts, notBefore } : { sent: sent > 0, alerts, notBefore: null }
  }
  const all = await sendDue({ ...context, recipient }, userId, now, null)
  return all ? { sent: true, alerts: alerts + all, notBefore: null } : { sent: sent > 0, alerts, notBefore: null }
}

/** The alerts due an instant e-mail to the person: of the last day, not e-mailed, of an instant search not paused or a saved home while those are instant. */
const dueAlerts = (userId: string, now: Date) => sql`
  select a.id from alert as a
  left join alert_preference as p on p.user_id = a.user_id
  where a.user_id = ${userId} and a.emailed_at is null and a.created_at > ${new Date(now.getTime() - INSTANT_HORIZON_MS)}
    and (exists (select 1 from saved_search as s
                 where s.id = any(a.saved_search_ids) and s.user_id = a.user_id and s.frequency = 'instant' and not s.is_paused)
         or (a.kind like 'saved-%' and coalesce(p.saved_homes_frequency, 'instant') = 'instant'))`

async function hasDue(db: Db, userId: string, now: Date): Promise<boolean> {
  const { rows } = await db.execute<{ due: boolean }>(sql`select exists (${dueAlerts(userId, now)}) as due`)
  return rows[0]?.due === true
}

/**
 * Claims the person's due alerts (the oldest `most`, or all) and sends them in one e-mail. Resolves to
 * how many it carried: null when none was due, 0 when the mail could not go (released, or the address
 * paused for good).
 */
async function sendDue(
  context: AlertMailContext & { recipient: { email: string } },
  userId: string,
  now: Date,
  most: number | null,
): Promise<number | null> {
  const { db, mailer, publicUrl, logger, recipient } = context
  const claimed = await db.execute<{ id: string | number }>(sql`
    update alert set emailed_at = ${now}
    where id in (${dueAlerts(userId, now)} order by a.id ${most === null ? sql`` : sql`limit ${most}`})
      and emailed_at is null
    returning id`)
  const alertIds = claimed.rows.map((row) => Number(row.id)).sort((a, b) => a - b)
  if (alertIds.length === 0) return null
  const release = () => db.update(alert).set({ emailedAt: null }).where(inArray(alert.id, alertIds))
  const stored = await findAlertNews(db, alertIds)
  const searchIds = [...new Set(stored.flatMap((s) => s.savedSearchIds))]
  const searches =
    searchIds.length === 0
      ? []
      : await db
          .select({ id: savedSearch.id, name: savedSearch.name, frequency: savedSearch.frequency, isPaused: savedSearch.isPaused })
          .from(savedSearch)
          .where(and(eq(savedSearch.userId, userId), inArray(savedSearch.id, searchIds)))
          .orderBy(savedSearch.id)
  const instant = searches.filter((s) => s.frequency === 'instant' && !s.isPaused).map((s) => s.id)
  const scope: UnsubscribeScope = instant.length > 0 ? { kind: 'searches', savedSearchIds: instant } : { kind: 'saved-homes' }
  const mail = instantNewsEmail({
    publicUrl,
    items: stored.map((s) => ({
      news: s.news,
      searchNames: searches.filter((search) => s.savedSearchIds.includes(search.id)).map((search) => search.name),
    })),
    links: linksFor(publicUrl, userId, scope),
  })
  try {
    await mailer.send({ to: recipient.email, ...mail })
    return alertIds.length
  } catch (error) {
    await release()
    if (!isPermanentRefusal(error)) throw error
    await markBounced(db, [recipient.email])
    logger.warn({ userId, alerts: alertIds.length }, 'alert e-mail refused for good: alert e-mails to this address are paused')
    return 0
  }
}
