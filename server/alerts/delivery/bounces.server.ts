// Addresses that bounce: alert e-mails to them pause (alert_preference.bounced_at), in-site alerts go
// on. Told two ways: the SMTP server refusing the recipient for good while an alert is sent, and a
// mail provider's bounce webhook (POST /api/mail/bounces).
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'

/** Pauses alert e-mails to the users with these addresses (any case); resolves to how many accounts were paused. */
export async function markBounced(db: Db, emails: string[], now = new Date()): Promise<number> {
  const addresses = [...new Set(emails.map((email) => email.trim().toLowerCase()))]
  if (addresses.length === 0) return 0
  const paused = await db.execute<{ user_id: string }>(sql`
    insert into alert_preference (user_id, bounced_at)
    select id, ${now.toISOString()}::timestamptz from "user"
    where lower(email) in (${sql.join(
      addresses.map((address) => sql`${address}`),
      sql`, `,
    )})
    on conflict (user_id) do update set bounced_at = excluded.bounced_at, updated_at = now()
    returning user_id`)
  return paused.rows.length
}
