// The user's messaging preferences (set on /userprofile): whether the other person sees when their
// messages were read, and whether unread messages are e-mailed.
import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { profile } from '#server/db/schema.ts'

export type MessageSettings = { sendReadReceipts: boolean; emailUnreadMessages: boolean }

export async function findMessageSettings(db: Db, userId: string): Promise<MessageSettings> {
  const [row] = await db
    .select({ sendReadReceipts: profile.sendReadReceipts, emailUnreadMessages: profile.emailUnreadMessages })
    .from(profile)
    .where(eq(profile.userId, userId))
  return row ?? { sendReadReceipts: true, emailUnreadMessages: true }
}

export async function saveMessageSettings(db: Db, userId: string, settings: MessageSettings) {
  await db.update(profile).set(settings).where(eq(profile.userId, userId))
}
