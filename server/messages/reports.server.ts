// Reporting a message to administrators. A person may report only a message they can see: a direct
// message of their own conversation, or any room message; each message once.
import { and, eq, or } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '#server/db/client.server.ts'
import { message, messageReport, roomMessage } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import { reportSchema } from './schemas.ts'

export const messageReportSchema = reportSchema.extend({
  kind: z.enum(['direct', 'room'], { error: 'Say whether it is a direct or a room message.' }),
  messageId: z.coerce
    .number({ error: 'Say which message you report.' })
    .int({ error: 'Say which message you report.' })
    .positive({ error: 'Say which message you report.' }),
})

/** Files a report. Reporting the same message again changes nothing (created false). */
export async function reportMessage(
  db: Db,
  { reporterId, input }: { reporterId: string; input: unknown },
): Promise<{ created: boolean }> {
  const { kind, messageId, reason } = parseOrThrow(messageReportSchema, input, 'The report could not be sent.')
  const [found] =
    kind === 'direct'
      ? await db
          .select({ authorId: message.senderId })
          .from(message)
          .where(and(eq(message.id, messageId), or(eq(message.senderId, reporterId), eq(message.recipientId, reporterId))))
      : await db.select({ authorId: roomMessage.authorId }).from(roomMessage).where(eq(roomMessage.id, messageId))
  if (!found) throw new AppError('not-found', 'No such message.')
  if (found.authorId === reporterId) throw new AppError('invalid', 'You cannot report your own message; delete it instead.')
  const inserted = await db
    .insert(messageReport)
    .values({ reporterId, kind, messageId, reason })
    .onConflictDoNothing()
    .returning({ id: messageReport.id })
  return { created: inserted.length > 0 }
}
