// Who takes part in a conversation, for the socket's typing news: only a participant learns the other.
import { and, eq, or } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { conversation } from '#server/db/schema.ts'

/** The other participant of a conversation the user takes part in, or null when they do not. */
export async function findOtherParticipant(
  db: Db,
  { userId, conversationId }: { userId: string; conversationId: number },
): Promise<string | null> {
  const [found] = await db
    .select({ low: conversation.userLowId, high: conversation.userHighId })
    .from(conversation)
    .where(and(eq(conversation.id, conversationId), or(eq(conversation.userLowId, userId), eq(conversation.userHighId, userId))))
  if (!found) return null
  return found.low === userId ? found.high : found.low
}
