// The host's own blocks on a listing's calendar: nights no guest may book. A block is a hold like a
// stay's, so it cannot cover nights a booking or an imported calendar holds, nor they its.
import { and, eq } from 'drizzle-orm'
import { hostBlockSchema } from '#common/stays/schemas.ts'
import type { Db } from '#server/db/client.server.ts'
import { stayHold } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import { formatDate, heldDates, isNightsTaken, rangeOf } from './holds.server.ts'
import { readOwnStayListing } from './stay-rules.server.ts'

export type HostBlock = { id: number; start: string; end: string; note: string }

async function takenError(db: Db, { listingId, start, end }: { listingId: number; start: string; end: string }) {
  const held = [...(await heldDates(db, { listingId, start, end }))].sort()
  const first = held[0] ?? start
  return new AppError('conflict', `Some of those nights are already taken (from ${formatDate(first)}): block only open nights.`)
}

export async function addHostBlock(
  db: Db,
  { viewerId, listingId, input }: { viewerId: string; listingId: number; input: unknown },
): Promise<HostBlock> {
  const { start, end, note } = parseOrThrow(hostBlockSchema, input)
  await readOwnStayListing(db, { viewerId, listingId })
  try {
    const [row] = await db
      .insert(stayHold)
      .values({ listingId, kind: 'host_block', nights: rangeOf(start, end), label: note })
      .returning({ id: stayHold.id })
    return { id: row!.id, start, end, note }
  } catch (error) {
    if (isNightsTaken(error)) throw await takenError(db, { listingId, start, end })
    throw error
  }
}

export async function removeHostBlock(db: Db, { viewerId, listingId, blockId }: { viewerId: string; listingId: number; blockId: number }) {
  await readOwnStayListing(db, { viewerId, listingId })
  const removed = await db
    .delete(stayHold)
    .where(and(eq(stayHold.id, blockId), eq(stayHold.listingId, listingId), eq(stayHold.kind, 'host_block')))
    .returning({ id: stayHold.id })
  if (removed.length === 0) throw new AppError('not-found', 'No such block on this calendar.')
}
