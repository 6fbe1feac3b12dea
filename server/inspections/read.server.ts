// What the parties read of a lease's inspections: both inspections' states, one inspection with its
// checklist (a move-out item beside its move-in state), signatures and timeline, its frozen PDF, and the
// items with their photos that a deposit deduction can cite. Anyone else gets 'not-found' for every part.
import { and, asc, eq } from 'drizzle-orm'
import type { InspectionItemView, InspectionsOverview, InspectionView } from '#common/inspections/types.ts'
import {
  INSPECTION_KINDS,
  INSPECTION_SLUGS,
  type Condition,
  type InspectionAction,
  type InspectionKind,
  type InspectionState,
} from '#common/inspections/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { inspection, inspectionDocument, inspectionEvent, inspectionSeal, inspectionSignature } from '#server/db/schema.ts'
import { addressOf } from './address.ts'
import { checklistOf, type RecordItem, type RecordRoom } from './document.server.ts'
import { photoLinks } from './photos.server.ts'
import { consentSourceOf } from './signing.server.ts'
import { notFound, partyOf, type Viewer } from './rules.server.ts'

const findRow = async (db: Db, leaseId: number, kind: InspectionKind) =>
  (
    await db
      .select()
      .from(inspection)
      .where(and(eq(inspection.leaseId, leaseId), eq(inspection.kind, kind)))
  )[0] ?? null

export const inspectionPath = (leaseId: number, kind: InspectionKind) => `/leases/${leaseId}/inspections/${INSPECTION_SLUGS[kind]}`

/** Both inspections of a lease: not started, being filled in, out for signature, or signed. */
export async function findInspections(db: Db, { leaseId, viewer }: { leaseId: number; viewer: Viewer }): Promise<InspectionsOverview> {
  const { lease, me } = await partyOf(db, leaseId, viewer)
  const rows = await db.select().from(inspection).where(eq(inspection.leaseId, leaseId))
  const moveInSigned = rows.some((row) => row.kind === 'move_in' && row.state === 'signed')
  return {
    leaseId,
    address: addressOf(lease.premises),
    viewerRole: me.role,
    inspections: INSPECTION_KINDS.map((kind) => {
      const row = rows.find((candidate) => candidate.kind === kind)
      return {
        kind,
        state: (row?.state as InspectionState | undefined) ?? 'not_started',
        signedAt: row?.signedAt?.toISOString() ?? null,
        canStart: !row && (kind === 'move_in' || moveInSigned),
      }
    }),
  }
}

const key = (room: string, item: string) => `${room.trim().toLowerCase()}\u0000${item.trim().toLowerCase()}`

/** One inspection as a party sees it; null when it was not started yet. */
export async function findInspection(
  db: Db,
  { leaseId, kind, viewer }: { leaseId: number; kind: InspectionKind; viewer: Viewer },
): Promise<InspectionView | null> {
  const { lease, me, parties } = await partyOf(db, leaseId, viewer)
  const row = await findRow(db, leaseId, kind)
  if (!row) return null
  const rooms = await checklistOf(db, row.id)
  const moveInRow = kind === 'move_out' ? await findRow(db, leaseId, 'move_in') : null
  const moveInRooms: RecordRoom[] = moveInRow ? await checklistOf(db, moveInRow.id) : []
  const moveIn = new Map<string, RecordItem>()
  for (const room of moveInRooms) for (const item of room.items) moveIn.set(key(room.name, item.name), item)
  const allPhotoIds = [...rooms, ...moveInRooms].flatMap((room) => room.items.flatMap((item) => item.photoIds))
  const links = photoLinks(allPhotoIds, viewer.userId)
  const photosOf = (ids: number[]) => ids.map((id) => ({ id, url: links.get(id) ?? null }))
  const [document] = await db
    .select({ revision: inspectionDocument.revision, sha256: inspectionDocument.sha256 })
    .from(inspectionDocument)
    .where(and(eq(inspectionDocument.inspectionId, row.id), eq(inspectionDocument.revision, row.revision)))
  const signatures = await db
    .select()
    .from(inspectionSignature)
    .where(and(eq(inspectionSignature.inspectionId, row.id), eq(inspectionSignature.revision, row.revision)))
  const events = await db.select().from(inspectionEvent).where(eq(inspectionEvent.inspectionId, row.id)).orderBy(asc(inspectionEvent.id))
  const [seal] = await db.select({ sha256: inspectionSeal.sha256 }).from(inspectionSeal).where(eq(inspectionSeal.inspectionId, row.id))
  const consentSource = await consentSourceOf(db, row, me.email)
  const consented = consentSource !== null
  const signedByMe = signatures.some((signature) => signature.email === me.email)
  const state = row.state as InspectionState
  const actions: InspectionView['actions'] = []
  if (state === 'open') actions.push('edit', 'ready')
  if (state === 'signing' && signatures.length === 0) actions.push('reopen')
  if (state === 'signing' && !signedByMe) actions.push(consented ? 'sign' : 'consent')
  if (state !== 'signed' && consentSource === 'inspection' && !signedByMe) actions.push('withdraw_consent')
  const itemView = (roomName: string, item: RecordItem): InspectionItemView => {
    const before = moveInRow ? moveIn.get(key(roomName, item.name)) : undefined
    return {
      id: item.id,
      name: item.name,
      condition: item.condition as Condition | null,
      notes: item.notes,
      photos: photosOf(item.photoIds),
      comments: item.comments.map((comment) => ({
        author: comment.authorName,
        body: comment.body,
        at: comment.createdAt.toISOString(),
        isYou: comment.authorId === viewer.userId,
      })),
      moveIn: before ? { condition: before.condition as Condition | null, notes: before.notes, photos: photosOf(before.photoIds) } : null,
    }
  }
  return {
    leaseId,
    kind,
    address: addressOf(lease.premises),
    state,
    revision: row.revision,
    viewerRole: me.role,
    rooms: rooms.map((room) => ({ id: room.id, name: room.name, items: room.items.map((item) => itemView(room.name, item)) })),
    unrecorded: rooms.flatMap((room) => room.items).filter((item) => !item.condition).length,
    document:
      document && state !== 'open'
        ? { ...document, pdfPath: `${inspectionPath(leaseId, kind)}/pdf`, sealedSha256: seal?.sha256 ?? null }
        : null,
    parties: parties.map((party) => {
      const signature = signatures.find((candidate) => candidate.email === party.email)
      return {
        name: party.name,
        role: party.role,
        signedAt: signature?.createdAt.toISOString() ?? null,
        typedName: signature?.typedName ?? null,
        isYou: party.email === me.email,
      }
    }),
    consented,
    consentSource,
    events: events.map((event) => ({
      at: event.createdAt.toISOString(),
      actor: event.actorName,
      action: event.action as InspectionAction,
      detail: event.detail,
    })),
    actions,
  }
}

/**
 * The inspection's PDF for a party: once signed by everyone, the sealed file (the document with its
 * certificate); before, the document frozen for signature (the current revision's).
 */
export async function findInspectionPdf(db: Db, { leaseId, kind, viewer }: { leaseId: number; kind: InspectionKind; viewer: Viewer }) {
  await partyOf(db, leaseId, viewer)
  const row = await findRow(db, leaseId, kind)
  if (!row || row.state === 'open') throw notFound()
  const name = `lease-${leaseId}-${INSPECTION_SLUGS[kind]}-inspection`
  const [seal] = await db
    .select({ pdf: inspectionSeal.pdf, sha256: inspectionSeal.sha256 })
    .from(inspectionSeal)
    .where(eq(inspectionSeal.inspectionId, row.id))
  if (seal) return { bytes: seal.pdf, sha256: seal.sha256, fileName: `${name}-signed.pdf` }
  const [document] = await db
    .select({ pdf: inspectionDocument.pdf, sha256: inspectionDocument.sha256 })
    .from(inspectionDocument)
    .where(and(eq(inspectionDocument.inspectionId, row.id), eq(inspectionDocument.revision, row.revision)))
  if (!document) throw notFound()
  return { bytes: document.pdf, sha256: document.sha256, fileName: `${name}.pdf` }
}

export type InspectionEvidence = {
  kind: InspectionKind
  state: InspectionState
  room: string
  item: string
  itemId: number
  condition: Condition | null
  notes: string
  photoIds: number[]
}

/**
 * Every item of a lease's inspections with its photos, move-in first: what a deposit deduction cites as
 * evidence. For a party of the lease only; the caller mints photo links for the reader it shows them to.
 */
export async function listInspectionEvidence(
  db: Db,
  { leaseId, viewer }: { leaseId: number; viewer: Viewer },
): Promise<InspectionEvidence[]> {
  await partyOf(db, leaseId, viewer)
  const evidence: InspectionEvidence[] = []
  for (const kind of INSPECTION_KINDS) {
    const row = await findRow(db, leaseId, kind)
    if (!row) continue
    for (const room of await checklistOf(db, row.id)) {
      for (const item of room.items) {
        evidence.push({
          kind,
          state: row.state as InspectionState,
          room: room.name,
          item: item.name,
          itemId: item.id,
          condition: item.condition as Condition | null,
          notes: item.notes,
          photoIds: item.photoIds,
        })
      }
    }
  }
  return evidence
}
