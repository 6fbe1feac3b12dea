// The job that e-mails people about direct messages still unread UNREAD_NOTICE_MINUTES after they
// were sent: a sweep every minute (docs/decisions/011-realtime.md), at most one e-mail per
// conversation and recipient per UNREAD_NOTICE_GAP_MINUTES, never to someone who turned them off.
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import type { MailSweep } from '#server/mail/mail-sweep.server.ts'
import { unreadMessageEmail, type UnreadNotice } from './unread-email.ts'

export const UNREAD_NOTICES_JOB = 'unread-message-notices'
export const UNREAD_NOTICES_CRON = '* * * * *'
export const UNREAD_NOTICE_MINUTES = 15
export const UNREAD_NOTICE_GAP_MINUTES = 60
/** Older unread messages are not news any more: no e-mail about them (say, after a long outage). */
const UNREAD_NOTICE_HORIZON_HOURS = 24

type Due = UnreadNotice & { recipientId: string; email: string }

export const sendUnreadNotices: MailSweep = async ({ db, mailer, publicUrl, logger }) => {
  // A message is news for a notice if it was not yet due when the last notice went out.
  const due = await db.execute<{
    conversation_id: number | string
    recipient_id: string
    email: string
    sender_name: string | null
    unread: number | string
    latest_body: string
    listing_title: string | null
  }>(sql`
    select m.conversation_id, m.recipient_id, r.email, s.name as sender_name, count(*) as unread,
      (array_agg(m.body order by m.seq desc))[1] as latest_body, l.title as listing_title
    from message m
    join "user" r on r.id = m.recipient_id
    left join "user" s on s.id = m.sender_id
    left join profile p on p.user_id = m.recipient_id
    join conversation c on c.id = m.conversation_id
    left join listing l on l.id = c.listing_id
    left join conversation_notice n on n.conversation_id = m.conversation_id and n.user_id = m.recipient_id
    where m.read = false
      and m.deleted_at is null
      and m.created_at <= now() - make_interval(mins => ${UNREAD_NOTICE_MINUTES})
      and m.created_at > now() - make_interval(hours => ${UNREAD_NOTICE_HORIZON_HOURS})
      and coalesce(p.email_unread_messages, true)
      and (n.sent_at is null or (
        n.sent_at <= now() - make_interval(mins => ${UNREAD_NOTICE_GAP_MINUTES})
        and m.created_at > n.sent_at - make_interval(mins => ${UNREAD_NOTICE_MINUTES})))
    group by m.conversation_id, m.recipient_id, r.email, s.name, l.title
  `)
  let sent = 0
  for (const row of due.rows) {
    const notice: Due = {
      conversationId: Number(row.conversation_id),
      recipientId: row.recipient_id,
      email: row.email,
      senderName: row.sender_name ?? 'A former member',
      unread: Number(row.unread),
      latestBody: row.latest_body,
      listingTitle: row.listing_title,
    }
    const claim = await claimNotice(db, notice)
    if (!claim) continue
    try {
      await mailer.send({ to: notice.email, ...unreadMessageEmail({ publicUrl, notice }) })
      sent += 1
    } catch (error) {
      // Not sent: give the claim back, so the next sweep tries again instead of waiting out the gap.
      logger.warn({ err: error, conversationId: notice.conversationId }, 'unread message e-mail could not be sent')
      await releaseNotice(db, notice, claim)
    }
  }
  return sent
}

/**
 * A claimed notice: when this run recorded it, and when the one before it went out (null for none),
 * as PostgreSQL's own text, which keeps the microseconds a JavaScript Date would drop.
 */
type Claim = { sentAt: string; previousSentAt: string | null }

/**
 * Records the notice unless another run sent one within the gap; the claim when this run may send
 * it, or null. The previous time is read in the same statement (its snapshot is from before the
 * upsert), so a failed send can put it back.
 */
async function claimNotice(db: Db, { conversationId, recipientId }: Due): Promise<Claim | null> {
  const claimed = await db.execute<{ sent_at: string; previous_sent_at: string | null }>(sql`
    with previous as (
      select sent_at from conversation_notice where conversation_id = ${conversationId} and user_id = ${recipientId}
    )
    insert into conversation_notice (conversation_id, user_id, sent_at) values (${conversationId}, ${recipientId}, now())
    on conflict (conversation_id, user_id) do update set sent_at = now()
      where conversation_notice.sent_at <= now() - make_interval(mins => ${UNREAD_NOTICE_GAP_MINUTES})
    returning conversation_notice.sent_at::text as sent_at, (select sent_at::text from previous) as previous_sent_at
  `)
  const [row] = claimed.rows
  return row ? { sentAt: row.sent_at, previousSentAt: row.previous_sent_at } : null
}

/** Undoes this run's claim (only if no later run has claimed since): back to the previous notice, or none. */
async function releaseNotice(db: Db, { conversationId, recipientId }: Due, claim: Claim) {
  const isOurs = sql`conversation_id = ${conversationId} and user_id = ${recipientId} and sent_at = ${claim.sentAt}::timestamptz`
  if (claim.previousSentAt === null) {
    await db.execute(sql`delete from conversation_notice where ${isOurs}`)
  } else {
    await db.execute(sql`update conversation_notice set sent_at = ${claim.previousSentAt}::timestamptz where ${isOurs}`)
  }
}
