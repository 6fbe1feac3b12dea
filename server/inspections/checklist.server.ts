// Filling in an inspection: starting it (rooms from the listing, items by room), rooms and items added,
// renamed out and removed, each item's condition and notes, and the parties' comments on an item. All of
// it only while the inspection is open; the database refuses it otherwise too.
import { and, asc, count, eq, max } from 'drizzle-orm'
import {
  commentSchema,
  defaultItemsOf,
  defaultRoomsOf,
  itemNameSchema,
  itemSchema,
  MAX_COMMENTS_PER_ITEM,
  MAX_ITEMS_PER_ROOM,
  MAX_ROOMS,
  roomSchema,
  type InspectionAction,
  type InspectionKind,
} from '#common/inspections/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { inspection, inspectionComment, inspectionItem, inspectionRoom, listing } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import type { Tx } from '#server/listings/index.server.ts'
import { appendEvent, lockInspection, partyOf, type InspectionActor, type InspectionRow } from './rules.server.ts'

export type Change = { row: InspectionRow; action: InspectionAction | null }

async function addRoomWithItems(tx: Tx, inspectionId: number, name: string, position: number) {
  const [room] = await tx.insert(inspectionRoom).values({ inspectionId, name, position }).returning()
  await tx
    .insert(inspectionItem)
    .values(defaultItemsOf(name).map((item, index) => ({ inspectionId, roomId: room!.id, name: item, position: index })))
  return room!
}

/**
 * A party opens an inspection: the first time, it is started with a room for each of the listing's
 * bedrooms and bathrooms, the kitchen and the living room. The move-out starts once the move-in is signed.
 */
export async function storeStart(db: Db, { leaseId, kind, actor }: { leaseId: number; kind: InspectionKind; actor: InspectionActor }) {
  return db.transaction(async (tx): Promise<Change> => {
    const { lease } = await partyOf(tx, leaseId, actor)
    const existing = await lockInspection(tx, leaseId, kind)
    if (existing) return { row: existing, action: null }
    if (kind === 'move_out') {
      const moveIn = await lockInspection(tx, leaseId, 'move_in')
      if (moveIn?.state !== 'signed')
        throw new AppError('conflict', 'The move-out inspection starts once the move-in inspection is signed.')
    }
    const [home] = await tx
      .select({ bedrooms: listing.bedrooms, bathroomHalves: listing.bathroomHalves })
      .from(listing)
      .where(eq(listing.id, lease.listingId))
    const [row] = await tx.insert(inspection).values({ leaseId, kind }).returning()
    const rooms = defaultRoomsOf(home ?? { bedrooms: 1, bathroomHalves: 2 })
    for (const [index, name] of rooms.entries()) await addRoomWithItems(tx, row!.id, name, index)
    await appendEvent(tx, { inspectionId: row!.id, actor, action: 'started', fromState: null, toState: 'open' })
    return { row: row!, action: 'started' }
  })
}

/** The inspection locked for a change by one of its parties: 'not-found' for anyone else, 'conflict' unless open. */
export async function lockOpen(tx: Tx, leaseId: number, kind: InspectionKind, actor: InspectionActor) {
  const party = await partyOf(tx, leaseId, actor)
  const row = await lockInspection(tx, leaseId, kind)
  if (!row) throw new AppError('conflict', 'This inspection has not been started yet.')
  if (row.state === 'signing') throw new AppError('conflict', 'This inspection is out for signature: reopen it before changing it.')
  if (row.state === 'signed') throw new AppError('conflict', 'This inspection is signed: it can no longer be changed.')
  return { row, ...party }
}

async function touched(tx: Tx, row: InspectionRow, actor: InspectionActor, action: InspectionAction, detail: string): Promise<Change> {
  const [updated] = await tx.update(inspection).set({ updatedAt: new Date() }).where(eq(inspection.id, row.id)).returning()
  await appendEvent(tx, { inspectionId: row.id, actor, action, fromState: 'open', toState: 'open', detail })
  return { row: updated!, action }
}

async function roomOf(tx: Tx, row: InspectionRow, roomId: number) {
  const [room] = await tx
    .select()
    .from(inspectionRoom)
    .where(and(eq(inspectionRoom.id, roomId), eq(inspectionRoom.inspectionId, row.id)))
  if (!room) throw new AppError('not-found', 'No such room in this inspection.')
  return room
}

async function itemOf(tx: Tx, row: InspectionRow, itemId: number) {
  const [item] = await tx
    .select()
    .from(inspectionItem)
    .where(and(eq(inspectionItem.id, itemId), eq(inspectionItem.inspectionId, row.id)))
  if (!item) throw new AppError('not-found', 'No such item in this inspection.')
  return item
}

type Edit = { leaseId: number; kind: InspectionKind; actor: InspectionActor }

export async function storeRoom(db: Db, { input, ...edit }: Edit & { input: unknown }) {
  const { name } = parseOrThrow(roomSchema, input)
  return db.transaction(async (tx) => {
    const { row } = await lockOpen(tx, edit.leaseId, edit.kind, edit.actor)
    const [{ rooms, last } = { rooms: 0, last: null }] = await tx
      .select({ rooms: count(), last: max(inspectionRoom.position) })
      .from(inspectionRoom)
      .where(eq(inspectionRoom.inspectionId, row.id))
    if (rooms >= MAX_ROOMS) throw new AppError('conflict', `An inspection has at most ${MAX_ROOMS} rooms.`)
    await addRoomWithItems(tx, row.id, name, (last ?? -1) + 1)
    return touched(tx, row, edit.actor, 'room_added', name)
  })
}

/** Whether anything kept for good (a comment) hangs on the items: those stay. */
async function hasComments(tx: Tx, where: ReturnType<typeof eq>) {
  const [found] = await tx
    .select({ id: inspectionComment.id })
    .from(inspectionComment)
    .innerJoin(inspectionItem, eq(inspectionItem.id, inspectionComment.itemId))
    .where(where)
    .limit(1)
  return found !== undefined
}

export async function removeRoom(db: Db, { roomId, ...edit }: Edit & { roomId: number }) {
  return db.transaction(async (tx) => {
    const { row } = await lockOpen(tx, edit.leaseId, edit.kind, edit.actor)
    const room = await roomOf(tx, row, roomId)
    if (await hasComments(tx, eq(inspectionItem.roomId, room.id))) {
      throw new AppError('conflict', 'Items of this room have comments, which are kept: the room stays.')
    }
    await tx.delete(inspectionRoom).where(eq(inspectionRoom.id, room.id))
    return touched(tx, row, edit.actor, 'room_removed', room.name)
  })
}

export async function storeItem(db: Db, { roomId, input, ...edit }: Edit & { roomId: number; input: unknown }) {
  const { name } = parseOrThrow(itemNameSchema, input)
  return db.transaction(async (tx) => {
    const { row } = await lockOpen(tx, edit.leaseId, edit.kind, edit.actor)
    const room = await roomOf(tx, row, roomId)
    const [{ items, last } = { items: 0, last: null }] = await tx
      .select({ items: count(), last: max(inspectionItem.position) })
      .from(inspectionItem)
      .where(eq(inspectionItem.roomId, room.id))
    if (items >= MAX_ITEMS_PER_ROOM) throw new AppError('conflict', `A room has at most ${MAX_ITEMS_PER_ROOM} items.`)
    await tx.insert(inspectionItem).values({ inspectionId: row.id, roomId: room.id, name, position: (last ?? -1) + 1 })
    return touched(tx, row, edit.actor, 'item_added', `${room.name}: ${name}`)
  })
}

export async function removeItem(db: Db, { itemId, ...edit }: Edit & { itemId: number }) {
  return db.transaction(async (tx) => {
    const { row } = await lockOpen(tx, edit.leaseId, edit.kind, edit.actor)
    const item = await itemOf(tx, row, itemId)
    if (await hasComments(tx, eq(inspectionItem.id, item.id))) {
      throw new AppError('conflict', 'This item has comments, which are kept: the item stays.')
    }
    await tx.delete(inspectionItem).where(eq(inspectionItem.id, item.id))
    return touched(tx, row, edit.actor, 'item_removed', item.name)
  })
}

/** A party records an item's condition and notes (either side, the latest word counts until signed). */
export async function recordItem(db: Db, { itemId, input, ...edit }: Edit & { itemId: number; input: unknown }) {
  const valid = parseOrThrow(itemSchema, input)
  return db.transaction(async (tx) => {
    const { row } = await lockOpen(tx, edit.leaseId, edit.kind, edit.actor)
    const item = await itemOf(tx, row, itemId)
    await tx
      .update(inspectionItem)
      .set({ condition: valid.condition, notes: valid.notes, updatedBy: edit.actor.userId, updatedAt: new Date() })
      .where(eq(inspectionItem.id, item.id))
    return touched(tx, row, edit.actor, 'item_updated', `${item.name}: ${valid.condition.replace('_', ' ')}`)
  })
}

/** A party comments on an item: a thread per item, kept for good. */
export async function storeComment(db: Db, { itemId, input, ...edit }: Edit & { itemId: number; input: unknown }) {
  const { body } = parseOrThrow(commentSchema, input)
  return db.transaction(async (tx) => {
    const { row } = await lockOpen(tx, edit.leaseId, edit.kind, edit.actor)
    const item = await itemOf(tx, row, itemId)
    const [{ comments } = { comments: 0 }] = await tx
      .select({ comments: count() })
      .from(inspectionComment)
      .where(eq(inspectionComment.itemId, item.id))
    if (comments >= MAX_COMMENTS_PER_ITEM) throw new AppError('conflict', `An item has at most ${MAX_COMMENTS_PER_ITEM} comments.`)
    await tx.insert(inspectionComment).values({
      inspectionId: row.id,
      itemId: item.id,
      authorId: edit.actor.userId,
      authorName: edit.actor.name,
      body,
    })
    return touched(tx, row, edit.actor, 'commented', item.name)
  })
}

/** The rooms of an inspection in order, for reading. */
export const roomsOf = (db: Db | Tx, inspectionId: number) =>
  db
    .select()
    .from(inspectionRoom)
    .where(eq(inspectionRoom.inspectionId, inspectionId))
    .orderBy(asc(inspectionRoom.position), asc(inspectionRoom.id))
