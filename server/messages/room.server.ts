// The community room that everyone logged in shares. Messages are numbered per room; the rate limit
// and mutes live in the database, so they hold across instances and restarts.
import { and, asc, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { profile, room, roomMessage, user, userMute } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import { editRoomMessageSchema, muteSchema, roomMessageSchema } from '#common/messages/schemas.ts'
import { THREAD_PAGE_SIZE, type Person } from './conversations.server.ts'
import { consumeEditAllowance, lockPerson, MESSAGE_RATE_LIMIT, MESSAGE_RATE_WINDOW_SECONDS, sendingTooFast } from './limits.server.ts'

export const COMMUNITY_ROOM = 'community'
/** At most ROOM_RATE_LIMIT messages per author in any ROOM_RATE_WINDOW_SECONDS. */
export const ROOM_RATE_LIMIT = MESSAGE_RATE_LIMIT
export const ROOM_RATE_WINDOW_SECONDS = MESSAGE_RATE_WINDOW_SECONDS

export type RoomMessage = {
  id: number
  roomId: string
  seq: number
  author: Person
  body: string
  clientTxnId: string
  createdAt: string
  /** When its author last changed its words; null if never. */
  editedAt: string | null
  deleted: boolean
}

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

/** Until when the user is muted, or null. */
export async function mutedUntil(db: Pick<Db, 'select'>, userId: string): Promise<Date | null> {
  const [mute] = await db
    .select({ until: userMute.until })
    .from(userMute)
    .where(and(eq(userMute.userId, userId), sql`${userMute.until} > now()`))
  return mute?.until ?? null
}

/**
 * Posts in the room. The same client transaction id again returns the stored message (isNew false).
 * Muted users and authors over the rate limit are refused with a message saying until when.
 */
export async function postRoomMessage(
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
    const until = await mutedUntil(tx, authorId)
    if (until) {
      throw new AppError(
        'forbidden',
        `An administrator has muted you in the room until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
      )
    }
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
  const size = Math.min(Math.max(1, limit), THREAD_PAGE_SIZE)
  const catchingUp = afterSeq !== undefined
  const [[current], rows] = await Promise.all([
    db.select({ lastSeq: room.lastSeq }).from(room).where(eq(room.id, roomId)),
    db
      .select(roomColumns)
      .from(roomMessage)
      .innerJoin(user, eq(user.id, roomMessage.authorId))
      .where(
        and(
          eq(roomMessage.roomId, roomId),
          catchingUp ? gt(roomMessage.seq, afterSeq) : beforeSeq !== undefined ? lt(roomMessage.seq, beforeSeq) : undefined,
        ),
      )
      .orderBy(catchingUp ? asc(roomMessage.seq) : desc(roomMessage.seq))
      .limit(size + 1),
  ])
  if (!current) throw new AppError('not-found', 'No such room.')
  const hasMore = rows.length > size
  const page = rows.slice(0, size)
  if (!catchingUp) page.reverse()
  const messages = page.map(roomMessageView)
  return {
    messages,
    hasEarlier: catchingUp ? (messages[0]?.seq ?? current.lastSeq + 1) > 1 : hasMore,
    hasLater: catchingUp ? hasMore : false,
    lastSeq: current.lastSeq,
  }
}

/**
 * Changes the words of the author's own room message, with the rules of posting: the same length,
 * not while muted, and within the same allowance (ROOM_RATE_LIMIT edits in ROOM_RATE_WINDOW_SECONDS).
 */
export async function editRoomMessage(
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
  const until = await mutedUntil(db, authorId)
  if (until) {
    throw new AppError(
      'forbidden',
      `An administrator has muted you in the room until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    )
  }
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

export async function isAdministrator(db: Pick<Db, 'select'>, userId: string) {
  const [row] = await db.select({ admin: profile.isAdministrator }).from(profile).where(eq(profile.userId, userId))
  return row?.admin ?? false
}

/** Deletes a room message: its author may, and so may administrators. */
export async function deleteRoomMessage(db: Db, { viewerId, messageId }: { viewerId: string; messageId: number }) {
  const [found] = await db
    .select({ authorId: roomMessage.authorId, roomId: roomMessage.roomId, seq: roomMessage.seq, deletedAt: roomMessage.deletedAt })
    .from(roomMessage)
    .where(eq(roomMessage.id, messageId))
  if (!found) throw new AppError('not-found', 'No such message.')
  if (found.authorId !== viewerId && !(await isAdministrator(db, viewerId))) {
    throw new AppError('forbidden', 'Only its author or an administrator can delete this message.')
  }
  if (found.deletedAt) throw new AppError('conflict', 'This message was already deleted.')
  await db
    .update(roomMessage)
    .set({ body: '', deletedAt: sql`now()`, deletedBy: viewerId })
    .where(eq(roomMessage.id, messageId))
  return { roomId: found.roomId, seq: found.seq }
}

/** An administrator mutes a user in the room for one of the offered periods. */
export async function muteUser(db: Db, { adminId, userId, input }: { adminId: string; userId: string; input: unknown }) {
  if (!(await isAdministrator(db, adminId))) throw new AppError('forbidden', 'Only administrators can mute people.')
  const { minutes, reason } = parseOrThrow(muteSchema, input)
  if (adminId === userId) throw new AppError('invalid', 'You cannot mute yourself.')
  const [target] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId))
  if (!target) throw new AppError('not-found', 'That person does not have an account here.')
  const until = sql`now() + make_interval(mins => ${minutes})`
  const [muted] = await db
    .insert(userMute)
    .values({ userId, until, mutedBy: adminId, reason })
    .onConflictDoUpdate({ target: userMute.userId, set: { until, mutedBy: adminId, reason, createdAt: sql`now()` } })
    .returning({ until: userMute.until })
  return { until: muted!.until.toISOString() }
}

/** An administrator lifts a mute before it runs out. True when there was one to lift. */
export async function unmuteUser(db: Db, { adminId, userId }: { adminId: string; userId: string }): Promise<{ wasMuted: boolean }> {
  if (!(await isAdministrator(db, adminId))) throw new AppError('forbidden', 'Only administrators can unmute people.')
  const [lifted] = await db
    .delete(userMute)
    .where(eq(userMute.userId, userId))
    .returning({ wasInForce: sql<boolean>`${userMute.until} > now()` })
  return { wasMuted: lifted?.wasInForce ?? false }
}

export type ActiveMute = { person: Person; until: string; reason: string; mutedBy: string | null }

/** The mutes in force, soonest to run out first: for administrators only. */
export async function listActiveMutes(db: Db, { adminId }: { adminId: string }): Promise<ActiveMute[]> {
  if (!(await isAdministrator(db, adminId))) throw new AppError('forbidden', 'Only administrators can see who is muted.')
  const rows = await db
    .select({
      userId: userMute.userId,
      name: user.name,
      image: user.image,
      until: userMute.until,
      reason: userMute.reason,
      mutedBy: sql<string | null>`(select name from "user" where id = ${userMute.mutedBy})`,
    })
    .from(userMute)
    .innerJoin(user, eq(user.id, userMute.userId))
    .where(sql`${userMute.until} > now()`)
    .orderBy(asc(userMute.until))
  return rows.map((row) => ({
    person: { id: row.userId, name: row.name, image: row.image },
    until: row.until.toISOString(),
    reason: row.reason,
    mutedBy: row.mutedBy,
  }))
}
