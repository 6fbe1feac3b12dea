// The `alert-email` job: one alert's instant e-mail, one per home and person even when several of
// their searches match (it is one alert). Claimed by setting emailed_at first, so a job run twice
// sends once; a send that fails is released for the job's retry, unless the address bounced.
import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { alert, alertPreference, savedSearch, user } from '#server/db/schema.ts'
import type { Logger } from '#server/logger.server.ts'
import { isPermanentRefusal, type Mailer } from '#server/mail/mailer.server.ts'
import { instantAlertEmail, type MailLinks } from './alert-email.ts'
import { findAlertNews } from './alert-news.server.ts'
import { markBounced } from './bounces.server.ts'
import { unsubscribePath, type UnsubscribeScope } from './unsubscribe-tokens.server.ts'

export type AlertMailContext = { db: Db; mailer: Mailer; publicUrl: string; logger: Logger }

/** The links of an e-mail that told of these searches (or, with none, of the homes the renter saved). */
export function linksFor(publicUrl: string, userId: string, scope: UnsubscribeScope): MailLinks {
  const frequencyPath =
    scope.kind === 'searches' && scope.savedSearchIds.length === 1 ? `/searches/${scope.savedSearchIds[0]}` : '/searches'
  return { unsubscribeUrl: `${publicUrl}${unsubscribePath({ userId, scope })}`, frequencyUrl: `${publicUrl}${frequencyPath}` }
}

/**
 * Sends the alert's e-mail unless it was sent already or the renter's address bounced. Resolves to
 * whether a mail went out. Throws (for the job to retry) only when sending failed for a reason that
 * may pass.
 */
export async function sendAlertEmail(context: AlertMailContext, alertId: number): Promise<boolean> {
  const { db, mailer, publicUrl, logger } = context
  const [claimed] = await db
    .update(alert)
    .set({ emailedAt: new Date() })
    .where(and(eq(alert.id, alertId), isNull(alert.emailedAt)))
    .returning({ userId: alert.userId })
  if (!claimed) return false
  const release = () => db.update(alert).set({ emailedAt: null }).where(eq(alert.id, alertId))
  const [recipient] = await db
    .select({ email: user.email, bouncedAt: alertPreference.bouncedAt })
    .from(user)
    .leftJoin(alertPreference, eq(alertPreference.userId, user.id))
    .where(eq(user.id, claimed.userId))
  const [stored] = await findAlertNews(db, [alertId])
  if (!recipient || recipient.bouncedAt || !stored) {
    await release()
    return false
  }
  const searches =
    stored.savedSearchIds.length === 0
      ? []
      : await db
          .select({ id: savedSearch.id, name: savedSearch.name, frequency: savedSearch.frequency })
          .from(savedSearch)
          .where(and(eq(savedSearch.userId, claimed.userId), inArray(savedSearch.id, stored.savedSearchIds)))
          .orderBy(savedSearch.id)
  const instant = searches.filter((s) => s.frequency === 'instant').map((s) => s.id)
  const scope: UnsubscribeScope = instant.length > 0 ? { kind: 'searches', savedSearchIds: instant } : { kind: 'saved-homes' }
  const mail = instantAlertEmail({
    publicUrl,
    news: stored.news,
    searchNames: searches.map((s) => s.name),
    links: linksFor(publicUrl, claimed.userId, scope),
  })
  try {
    await mailer.send({ to: recipient.email, ...mail })
    return true
  } catch (error) {
    await release()
    if (!isPermanentRefusal(error)) throw error
    await markBounced(db, [recipient.email])
    logger.warn({ userId: claimed.userId, alertId }, 'alert e-mail refused for good: alert e-mails to this address are paused')
    return false
  }
}
