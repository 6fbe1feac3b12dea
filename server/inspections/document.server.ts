// The inspection as the parties sign it: the whole record (rooms, items, conditions, notes, photos,
// comments) rendered once to a PDF with the lease's layout, kept with its SHA-256 when it is frozen for
// signature. Each revision frozen is a new document; the signatures name the hash of the one they signed.
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { LeaseBlock, LeaseDocument } from '#common/leases/document.ts'
import { CONDITION_LABELS, INSPECTION_KIND_LABELS, type Condition, type InspectionKind } from '#common/inspections/vocabulary.ts'
import { inspectionComment, inspectionItem, inspectionRoom } from '#server/db/schema.ts'
import type { Db } from '#server/db/client.server.ts'
import { renderLeasePdf, sha256Hex } from '#server/leases/index.server.ts'
import type { Tx } from '#server/listings/index.server.ts'
import { photoIdsByItem } from './photos.server.ts'
import type { InspectionRow, Party } from './rules.server.ts'

export type RecordItem = typeof inspectionItem.$inferSelect & {
  comments: (typeof inspectionComment.$inferSelect)[]
  photoIds: string[]
}
export type RecordRoom = typeof inspectionRoom.$inferSelect & { items: RecordItem[] }

/** The checklist of an inspection: rooms in order, each with its items, their comments and photos. */
export async function checklistOf(db: Db | Tx, inspectionId: number): Promise<RecordRoom[]> {
  const rooms = await db
    .select()
    .from(inspectionRoom)
    .where(eq(inspectionRoom.inspectionId, inspectionId))
    .orderBy(asc(inspectionRoom.position), asc(inspectionRoom.id))
  const items = await db
    .select()
    .from(inspectionItem)
    .where(eq(inspectionItem.inspectionId, inspectionId))
    .orderBy(asc(inspectionItem.position), asc(inspectionItem.id))
  const comments = await db
    .select()
    .from(inspectionComment)
    .where(and(eq(inspectionComment.inspectionId, inspectionId), inArray(inspectionComment.itemId, [0, ...items.map((item) => item.id)])))
    .orderBy(asc(inspectionComment.id))
  const photos = await photoIdsByItem(
    db,
    items.map((item) => item.id),
  )
  return rooms.map((room) => ({
    ...room,
    items: items
      .filter((item) => item.roomId === room.id)
      .map((item) => ({
        ...item,
        comments: comments.filter((comment) => comment.itemId === item.id),
        photoIds: photos.get(item.id) ?? [],
      })),
  }))
}

const conditionOf = (condition: string | null) => (condition ? CONDITION_LABELS[condition as Condition] : 'Not recorded')

/** The record as document blocks: who and where, then each room with its items. */
export function inspectionDocument(
  row: InspectionRow,
  { address, parties, rooms }: { address: string; parties: Party[]; rooms: RecordRoom[] },
): LeaseDocument {
  const blocks: LeaseBlock[] = [
    {
      kind: 'terms',
      rows: [
        { label: 'Home', value: address },
        { label: 'Lease', value: `Lease ${row.leaseId}` },
        ...parties.map((party) => ({ label: party.role === 'landlord' ? 'Landlord' : 'Tenant', value: `${party.name} <${party.email}>` })),
      ],
    },
  ]
  for (const room of rooms) {
    blocks.push({ kind: 'heading', text: room.name, level: 2 })
    blocks.push({
      kind: 'list',
      items: room.items.map((item) => {
        const parts = [`${item.name}: ${conditionOf(item.condition)}.`]
        if (item.notes) parts.push(`Notes: ${item.notes}`)
        if (item.photoIds.length > 0) parts.push(`Photos: ${item.photoIds.join(', ')}`)
        for (const comment of item.comments)
          parts.push(`Comment by ${comment.authorName} (${comment.createdAt.toISOString()}): ${comment.body}`)
        return parts.join('\n')
      }),
    })
  }
  return { title: `${INSPECTION_KIND_LABELS[row.kind as InspectionKind]}: ${address}`, version: row.revision, blocks }
}

/** The frozen record as a PDF and its SHA-256. */
export async function renderInspectionPdf(document: LeaseDocument, renderedAt: Date) {
  const bytes = await renderLeasePdf(document, { renderedAt })
  return { bytes, sha256: sha256Hex(bytes) }
}
