// The messaging rate limits, kept in the database so they hold across app instances and
// restarts: a count of the sender's recent rows under a per-person lock, or a counter row for edits.
import { sql } from 'drizzle-orm'
import { consumeRateLimit } from '#server/accounts/index.server.ts'
import type { Db } from '#server/db/client.server.ts'
import { AppError } from '#server/errors.server.ts'

/** At most MESSAGE_RATE_LIMIT messages per person in any MESSAGE_RATE_WINDOW_SECONDS, in the room and in direct messages alike. */
export const MESSAGE_RATE_LIMIT = 10
export const MESSAGE_RATE_WINDOW_SECONDS = 10

/**
 * Holds a lock on one person's writes of one kind until the transaction ends, so that a count and
 * the insert after it cannot interleave with the same person's concurrent request. A transaction-level
 * advisory lock: no row to hold, and the same on PGlite and PostgreSQL.
 */
export async function lockPerson(
  tx: Pick<Db, 'execute'>,
  purpose: 'open-conversation' | 'direct-message' | 'room-message',
  userId: string,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${purpose}:${userId}`}, 0))`)
}

export function sendingTooFast(where: 'room' | 'direct'): AppError {
  const what = where === 'room' ? 'messages' : 'direct messages'
  return new AppError(
    'rate-limited',
    `You can send ${MESSAGE_RATE_LIMIT} ${what} every ${MESSAGE_RATE_WINDOW_SECONDS} seconds. Wait a moment, then send again.`,
  )
}

/** Counts one edit against the person's allowance (the same numbers as sending); refuses past it. */
export async function consumeEditAllowance(db: Db, userId: string) {
  const decision = await consumeRateLimit(db, `chat-edit|${userId}`, {
    windowSeconds: MESSAGE_RATE_WINDOW_SECONDS,
    max: MESSAGE_RATE_LIMIT,
  })
  if (!decision.allowed) {
    throw new AppError(
      'rate-limited',
      `You can edit ${MESSAGE_RATE_LIMIT} messages every ${MESSAGE_RATE_WINDOW_SECONDS} seconds. Wait a moment, then save again.`,
    )
  }
}
