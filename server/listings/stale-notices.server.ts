// The hourly job that tells landlords when a published listing went stale (unconfirmed for
// CONFIRMATION_DAYS days, so hidden from search): one e-mail per owner per run, each listing once
// until it is confirmed again (confirmAvailable clears stale_notice_sent_at).
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { listing, user } from '#server/db/schema.ts'
import type { MailSweep } from '#server/mail/mail-sweep.server.ts'
import { staleNoticeEmail } from './stale-notice-email.ts'
import { CONFIRMATION_DAYS } from '#common/listings/vocabulary.ts'

export const STALE_NOTICES_JOB = 'listing-stale-notices'
/** Every hour, at a minute past the hour that few other schedules use. */
export const STALE_NOTICES_CRON = '17 * * * *'
/** Listings claimed per run: a landlord with a huge backlog hears about the rest in the next runs. */
export const STALE_NOTICES_PER_RUN = 2000

export const sendStaleNotices: MailSweep = async ({ db, mailer, publicUrl, logger }) => {
  // Claimed first, in one statement, so two instances running the job never both send a notice.
  const due = db
    .select({ id: listing.id })
    .from(listing)
    .where(
      and(
        eq(listing.status, 'published'),
        lt(listing.lastConfirmedAt, sql`now() - make_interval(days => ${CONFIRMATION_DAYS})`),
        or(isNull(listing.staleNoticeSentAt), lt(listing.staleNoticeSentAt, listing.lastConfirmedAt)),
      ),
    )
    .orderBy(listing.id)
    .limit(STALE_NOTICES_PER_RUN)
  const claimed = await db
    .update(listing)
    .set({ staleNoticeSentAt: sql`now()` })
    .where(inArray(listing.id, due))
    .returning({ id: listing.id, title: listing.title, ownerId: listing.ownerId })
  if (claimed.length === 0) return 0

  const owners = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.id, [...new Set(claimed.map((row) => row.ownerId))]))
  let sent = 0
  for (const owner of owners) {
    const listings = claimed.filter((row) => row.ownerId === owner.id)
    try {
      await mailer.send({ to: owner.email, ...staleNoticeEmail({ publicUrl, listings }) })
      sent += 1
    } catch (error) {
      // Not sent: let the next run try again.
      logger.warn({ err: error, ownerId: owner.id }, 'stale listing notice could not be sent')
      await db
        .update(listing)
        .set({ staleNoticeSentAt: null })
        .where(
          inArray(
            listing.id,
            listings.map((row) => row.id),
          ),
        )
    }
  }
  return sent
}
