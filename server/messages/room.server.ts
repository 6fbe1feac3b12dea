// The community room that everyone logged in shares. Messages are numbered per room; the rate limit
// and mutes live in the database, so they hold across instances and restarts. These functions only
// commit; chat-writes.server.ts tells the live sockets afterwards.
import { and, count, eq, isNull, sql } from 'drizzle-orm'
import type { RoomMessage } from '#common/messages/types.ts'
import type { Db } from '#server/db/client.server.ts'
import { room, roomMessage, user } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import { editRoomMessageSchema, roomMessageSchema } from '#common/messages/schemas.ts'
import { mayDeleteRoomMessage, refuseIfMuted } from './access.server.ts'
import { THREAD_PAGE_SIZE } from './direct-rows.server.ts'
import { seqPage } from './seq-page.server.ts'
import { consumeEditAllowance, lockPerson, MESSAGE_RATE_LIMIT, MESSAGE_RATE_WINDOW_SECONDS, sendingTooFast } from './limits.server.ts'

export const COMMUNITY_ROOM = 'community'
/** At most ROOM_RATE_LIMIT messages per author in any ROOM_RATE_WINDOW_SECONDS. */
export const ROOM_RATE_LIMIT = MESSAGE_RATE_LIMIT
export const ROOM_RATE_WINDOW_SECONDS = MESSAGE_RATE_WINDOW_SECONDS

const roomColumns = {
  id: roomMessage.id,
  roomId: roomMessage.roomId,
  seq: roomMessage.seq,
  authorId: roomMessage.authorId,
  authorName: user.name,
  authorImage: user.image,
  body: roomMessage.body,
  clientTxnId: roomMessage.clientTxnId,
  createdAt: roomMessage.createdAt,
  editedAt: roomMessage.editedAt,
  deletedAt: roomMessage.deletedAt,
}

type RoomRow = {
  id: number
  roomId: string
  seq: number
  authorId: string
  authorName: string | null
  authorImage: string | null
  body: string
  clientTxnId: string
  createdAt: Date
  editedAt: Date | null
  deletedAt: Date | null
}

function roomMessageView(row: RoomRow): RoomMessage {
  return {
    id: row.id,
    roomId: row.roomId,
    seq: row.seq,
    author: { id: row.authorId, name: row.authorName ?? 'Former member', image: row.authorImage },
    body: row.deletedAt ? '' : row.body,
    clientTxnId: row.clientTxnId,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.deletedAt ? null : (row.editedAt?.toISOString() ?? null),
    deleted: row.deletedAt !== null,
  }
}

/**
 * Posts in the room. The same client transaction id again returns the stored message (isNew false).
 * Muted users and authors over the rate limit are refused with a message saying until when.
 */
export async function storeRoomMessage(
  db: Db,
  { authorId, input, roomId = COMMUNITY_ROOM }: { authorId: string; input: unknown; roomId?: string },
): Promise<{ message: RoomMessage; isNew: boolean }> {
  const { body, clientTxnId } = parseOrThrow(roomMessageSchema, input, 'The message could not be sent.')
  const stored = await db.transaction(async (tx): Promise<{ row: RoomRow; isNew: boolean }> => {
    // The same author's posts wait for each other, so the count below cannot miss one; other
    // people's posts do not wait here.
    await lockPerson(tx, 'room-message', authorId)
    const [again] = await tx
      .select(roomColumns)
      .from(roomMessage)
      .innerJoin(user, eq(user.id, roomMessage.authorId))
      .where(and(eq(roomMessage.authorId, authorId), eq(roomMessage.clientTxnId, clientTxnId)))
    if (again) return { row: again, isNew: false }
    await refuseIfMuted(tx, authorId)
    const [[recent], [author]] = await Promise.all([
      tx
        .select({ n: count() })
        .from(roomMessage)
        .where(
          and(
            eq(roomMessage.authorId, authorId),
            sql`${roomMessage.createdAt} > now() - make_interval(secs => ${ROOM_RATE_WINDOW_SECONDS})`,
          ),
        ),
      tx.select({ name: user.name, image: user.image }).from(user).where(eq(user.id, authorId)),
    ])
    if ((recent?.n ?? 0) >= ROOM_RATE_LIMIT) throw sendingTooFast('room')
    // Numbered and stored in one statement: the room's row, which orders its messages, stays
    // locked only from here to the commit, so a slow request elsewhere never holds up the room.
    const result = await tx.execute<{ id: number | string; seq: number; created_at: Date | string }>(sql`
      with numbered as (
        update ${room} set last_seq = last_seq + 1 where ${room.id} = ${roomId} returning last_seq
      )
      insert into ${roomMessage} (room_id, seq, author_id, body, client_txn_id)
      select ${roomId}, last_seq, ${authorId}, ${body}, ${clientTxnId} from numbered
      returning id, seq, created_at`)
    const [inserted] = result.rows
    if (!inserted) throw new AppError('not-found', 'No such room.')
    return {
      row: {
        id: Number(inserted.id),
        roomId,
        seq: Number(inserted.seq),
        authorId,
        authorName: author?.name ?? null,
        authorImage: author?.image ?? null,
        body,
        clientTxnId,
        createdAt: new Date(inserted.created_at),
        editedAt: null,
        deletedAt: null,
      },
      isNew: true,
    }
  })
  return { message: roomMessageView(stored.row), isNew: stored.isNew }
}

/** The newest page of the room, or the page before `beforeSeq`, or everything after `afterSeq`. */
export async function readRoom(
  db: Db,
  {
    roomId = COMMUNITY_ROOM,
    beforeSeq,
    afterSeq,
    limit = THREAD_PAGE_SIZE,
  }: { roomId?: string; beforeSeq?: number; afterSeq?: number; limit?: number } = {},
): Promise<{ messages: RoomMessage[]; hasEarlier: boolean; hasLater: boolean; lastSeq: number }> {
  const paging = seqPage(roomMessage.seq, { beforeSeq, afterSeq, limit })
  const [[current], rows] = await Promise.all([
    db.select({ lastSeq: room.lastSeq }).from(room).where(eq(room.id, roomId)),
    db
      .select(roomColumns)
      .from(roomMessage)
      .innerJoin(user, eq(user.id, roomMessage.authorId))
      .where(and(eq(roomMessage.roomId, roomId), paging.where))
      .orderBy(paging.orderBy)
      .limit(paging.limit),
  ])
  if (!current) throw new AppError('not-found', 'No such room.')
  // Caught up with nothing new: earlier messages exist when the room has any.
  const page = paging.pageOf(rows, (found) => found[0]?.seq ?? current.lastSeq + 1)
  return { messages: page.rows.map(roomMessageView), hasEarlier: page.hasEarlier, hasLater: page.hasLater, lastSeq: current.lastSeq }
}

/**
 * Changes the words of the author's own room message, with the rules of posting: the same length,
 * not while muted, and within the same allowance (ROOM_RATE_LIMIT edits in ROOM_RATE_WINDOW_SECONDS).
 */
export async function storeRoomEdit(
  db: Db,
  { authorId, messageId, input }: { authorId: string; messageId: number; input: unknown },
): Promise<{ message: RoomMessage }> {
  const { body } = parseOrThrow(editRoomMessageSchema, input, 'The message could not be changed.')
  const [found] = await db
    .select({ authorId: roomMessage.authorId, deletedAt: roomMessage.deletedAt })
    .from(roomMessage)
    .where(eq(roomMessage.id, messageId))
  if (!found) throw new AppError('not-found', 'No such message.')
  if (found.authorId !== authorId) throw new AppError('forbidden', 'You can change only your own messages.')
  if (found.deletedAt) throw new AppError('conflict', 'This message was deleted.')
  await refuseIfMuted(db, authorId)
  await consumeEditAllowance(db, authorId)
  const [edited] = await db
    .update(roomMessage)
    .set({ body, editedAt: sql`now()` })
    .where(and(eq(roomMessage.id, messageId), isNull(roomMessage.deletedAt)))
    .returning({ id: roomMessage.id })
  if (!edited) throw new AppError('conflict', 'This message was deleted.')
  const [row] = await db
    .select(roomColumns)
    .from(roomMessage)
    .innerJoin(user, eq(user.id, roomMessage.authorId))
    .where(eq(roomMessage.id, messageId))
  return { message: roomMessageView(row!) }
}

/** Deletes a room message: its author may, and so may administrators. */
export async function storeRoomDeletion(db: Db, { viewerId, messageId }: { viewerId: string; messageId: number }) {
  const [found] = await db
    .select({ authorId: roomMessage.authorId, roomId: roomMessage.roomId, seq: roomMessage.seq, deletedAt: roomMessage.deletedAt })
    .from(roomMessage)
    .where(eq(roomMessage.id, messageId))
  if (!found) throw new AppError('not-found', 'No such message.')
  if (!(await mayDeleteRoomMessage(db, { viewerId, authorId: found.authorId }))) {
    throw new AppError('forbidden', 'Only its author or an administrator can delete this message.')
  }
  if (found.deletedAt) throw new AppError('conflict', 'This message was already deleted.')
  await db
    .update(roomMessage)
    .set({ body: '', deletedAt: sql`now()`, deletedBy: viewerId })
    .where(eq(roomMessage.id, messageId))
  return { roomId: found.roomId, seq: found.seq }
}
