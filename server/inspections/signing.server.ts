// Signing an inspection (decision 038). Either party freezes the filled-in checklist for signature: it is
// rendered to a PDF kept with its SHA-256, and from then on nothing of it can change. Before anyone has
// signed, either party may reopen it (the next freeze is a new revision). Each party signs the hash of the
// document they read, with the lease's e-signature record: the ESIGN consent (the one they gave for the
// lease, or one given for this inspection), a typed name, a confirmation, who, when, from where and
// signed in how. A consent given for the inspection may be withdrawn by a party who has not signed. The
// last signature seals the inspection (the certificate appended, seal.server.ts) and makes it final.
import { and, desc, eq, isNull } from 'drizzle-orm'
import { consentInspectionSchema, signInspectionSchema, type InspectionKind, type InspectionState } from '#common/inspections/vocabulary.ts'
import { ESIGN_DISCLOSURE_VERSION } from '#common/leases/esign.ts'
import type { Db } from '#server/db/client.server.ts'
import { inspection, inspectionConsent, inspectionDocument, inspectionItem, inspectionSignature, leaseConsent } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import type { Tx } from '#server/listings/index.server.ts'
import { lockOpen, type Change } from './checklist.server.ts'
import { sealInspection } from './seal.server.ts'
import { checklistOf, inspectionDocument as documentOf, renderInspectionPdf } from './document.server.ts'
import { appendEvent, lockInspection, notFound, partyOf, type InspectionActor, type InspectionRow } from './rules.server.ts'
import { addressOf } from './address.ts'

export type InspectionSigner = InspectionActor & { signInMethod: string }
type Step = { leaseId: number; kind: InspectionKind; actor: InspectionActor }

/** Either party sends the filled-in checklist for signature: every item must have its condition. */
export async function storeReady(db: Db, { leaseId, kind, actor, now = new Date() }: Step & { now?: Date }) {
  return db.transaction(async (tx): Promise<Change> => {
    const { row, lease, parties } = await lockOpen(tx, leaseId, kind, actor)
    const [unrecorded] = await tx
      .select({ id: inspectionItem.id })
      .from(inspectionItem)
      .where(and(eq(inspectionItem.inspectionId, row.id), isNull(inspectionItem.condition)))
      .limit(1)
    const rooms = await checklistOf(tx, row.id)
    const items = rooms.flatMap((room) => room.items)
    if (items.length === 0) throw new AppError('conflict', 'Add at least one room with an item before sending it for signature.')
    if (unrecorded) {
      const missing = items.filter((item) => !item.condition).length
      throw new AppError(
        'conflict',
        `Record the condition of every item first: ${missing} ${missing === 1 ? 'item has' : 'items have'} none yet.`,
      )
    }
    const [frozen] = await tx
      .update(inspection)
      .set({ state: 'signing', revision: row.revision + 1, updatedAt: now })
      .where(eq(inspection.id, row.id))
      .returning()
    const document = documentOf(frozen!, { address: addressOf(lease.premises), parties, rooms })
    const { bytes, sha256 } = await renderInspectionPdf(document, now)
    await tx.insert(inspectionDocument).values({ inspectionId: row.id, revision: frozen!.revision, pdf: bytes, sha256 })
    await appendEvent(tx, {
      inspectionId: row.id,
      actor,
      action: 'ready',
      fromState: 'open',
      toState: 'signing',
      detail: `Revision ${frozen!.revision}`,
    })
    return { row: frozen!, action: 'ready' }
  })
}

/** The inspection out for signature, locked, with the viewer's place; 'conflict' unless it is out for signature. */
async function lockSigning(tx: Tx, { leaseId, kind, actor }: Step) {
  const party = await partyOf(tx, leaseId, actor)
  const row = await lockInspection(tx, leaseId, kind)
  if (!row) throw new AppError('conflict', 'This inspection has not been started yet.')
  if (row.state === 'signed') throw new AppError('conflict', 'This inspection is signed by everyone already.')
  if (row.state !== 'signing') throw new AppError('conflict', 'This inspection is not out for signature yet.')
  return { row, ...party }
}

const signaturesOf = (tx: Tx | Db, row: InspectionRow) =>
  tx
    .select()
    .from(inspectionSignature)
    .where(and(eq(inspectionSignature.inspectionId, row.id), eq(inspectionSignature.revision, row.revision)))

/** Before anyone has signed, either party reopens the inspection to change it. */
export async function storeReopen(db: Db, step: Step) {
  return db.transaction(async (tx): Promise<Change> => {
    const { row } = await lockSigning(tx, step)
    if ((await signaturesOf(tx, row)).length > 0) {
      throw new AppError('conflict', 'Someone has signed this inspection already: it can no longer be changed.')
    }
    const [reopened] = await tx
      .update(inspection)
      .set({ state: 'open', updatedAt: new Date() })
      .where(eq(inspection.id, row.id))
      .returning()
    await appendEvent(tx, { inspectionId: row.id, actor: step.actor, action: 'reopened', fromState: 'signing', toState: 'open' })
    return { row: reopened!, action: 'reopened' }
  })
}

/** Where a party's consent to sign electronically comes from: the lease's, this inspection's, or none. */
export async function consentSourceOf(tx: Tx | Db, row: InspectionRow, email: string): Promise<'lease' | 'inspection' | null> {
  const [latest] = await tx
    .select({ given: leaseConsent.given })
    .from(leaseConsent)
    .where(and(eq(leaseConsent.leaseId, row.leaseId), eq(leaseConsent.email, email)))
    .orderBy(desc(leaseConsent.id))
    .limit(1)
  if (latest?.given) return 'lease'
  const [own] = await tx
    .select({ given: inspectionConsent.given })
    .from(inspectionConsent)
    .where(and(eq(inspectionConsent.inspectionId, row.id), eq(inspectionConsent.email, email)))
    .orderBy(desc(inspectionConsent.id))
    .limit(1)
  return own?.given ? 'inspection' : null
}

/** A party who did not consent for the lease agrees to sign this inspection electronically. */
export async function storeConsent(db: Db, { input, ...step }: Step & { input: unknown }) {
  parseOrThrow(consentInspectionSchema, input)
  return db.transaction(async (tx): Promise<Change> => {
    const { row, me } = await lockSigning(tx, step)
    if ((await consentSourceOf(tx, row, me.email)) !== null) return { row, action: null }
    await tx.insert(inspectionConsent).values({
      inspectionId: row.id,
      email: me.email,
      userId: step.actor.userId,
      disclosureVersion: ESIGN_DISCLOSURE_VERSION,
      ipAddress: step.actor.ipAddress ?? null,
      userAgent: step.actor.userAgent?.slice(0, 500) ?? null,
    })
    await appendEvent(tx, { inspectionId: row.id, actor: step.actor, action: 'consented', fromState: 'signing', toState: 'signing' })
    return { row, action: null }
  })
}

/**
 * A party who agreed to sign this inspection electronically (not through the lease's consent, which
 * covers the lease's records and ended with its signing) and has not signed withdraws that consent:
 * they cannot sign until they agree again. Withdrawing what is not in force changes nothing.
 */
export async function storeConsentWithdrawal(db: Db, { leaseId, kind, actor }: Step) {
  return db.transaction(async (tx): Promise<Change> => {
    const { me } = await partyOf(tx, leaseId, actor)
    const row = await lockInspection(tx, leaseId, kind)
    if (!row) throw new AppError('conflict', 'This inspection has not been started yet.')
    if (row.state === 'signed') throw new AppError('conflict', 'This inspection is signed by everyone already: it is final.')
    const source = await consentSourceOf(tx, row, me.email)
    if (source === 'lease') {
      throw new AppError(
        'conflict',
        'You agreed to sign electronically when you signed the lease, and that consent covers its inspections: it cannot be withdrawn here.',
      )
    }
    if (source === null) return { row, action: null }
    if ((await signaturesOf(tx, row)).some((signature) => signature.email === me.email)) {
      throw new AppError('conflict', 'You have signed already: withdrawing consent does not undo a signature.')
    }
    await tx.insert(inspectionConsent).values({
      inspectionId: row.id,
      email: me.email,
      userId: actor.userId,
      given: false,
      disclosureVersion: ESIGN_DISCLOSURE_VERSION,
      ipAddress: actor.ipAddress ?? null,
      userAgent: actor.userAgent?.slice(0, 500) ?? null,
    })
    const state = row.state as InspectionState
    await appendEvent(tx, { inspectionId: row.id, actor, action: 'consent_withdrawn', fromState: state, toState: state })
    return { row, action: 'consent_withdrawn' }
  })
}

/**
 * A party signs the document out for signature. The hash they read must be the stored one; they sign
 * once; they must have consented. The last party's signature makes the inspection final.
 */
export async function storeSignature(
  db: Db,
  { input, now = new Date(), ...step }: Omit<Step, 'actor'> & { actor: InspectionSigner; input: unknown; now?: Date },
) {
  const valid = parseOrThrow(signInspectionSchema, input)
  return db.transaction(async (tx): Promise<Change> => {
    const { row, lease, me, parties } = await lockSigning(tx, step)
    const [document] = await tx
      .select({ sha256: inspectionDocument.sha256 })
      .from(inspectionDocument)
      .where(and(eq(inspectionDocument.inspectionId, row.id), eq(inspectionDocument.revision, row.revision)))
    if (!document) throw notFound()
    if (valid.documentSha256 !== document.sha256) {
      throw new AppError('conflict', 'The inspection changed since you opened it: read the current record before signing.')
    }
    const signed = await signaturesOf(tx, row)
    if (signed.some((signature) => signature.email === me.email)) throw new AppError('conflict', 'You have signed this inspection already.')
    const source = await consentSourceOf(tx, row, me.email)
    if (!source) throw new AppError('conflict', 'Agree to sign electronically first.')
    await tx.insert(inspectionSignature).values({
      inspectionId: row.id,
      revision: row.revision,
      userId: step.actor.userId,
      email: me.email,
      name: me.name,
      role: me.role,
      typedName: valid.typedName,
      documentSha256: valid.documentSha256,
      consentSource: source,
      ipAddress: step.actor.ipAddress ?? null,
      userAgent: step.actor.userAgent?.slice(0, 500) ?? null,
      signInMethod: step.actor.signInMethod,
      createdAt: now,
    })
    await appendEvent(tx, { inspectionId: row.id, actor: step.actor, action: 'signed', fromState: 'signing', toState: 'signing' })
    const done = new Set([...signed.map((signature) => signature.email), me.email])
    if (!parties.every((party) => done.has(party.email))) return { row, action: 'signed' }
    await appendEvent(tx, { inspectionId: row.id, actor: null, action: 'completed', fromState: 'signing', toState: 'signed' })
    await sealInspection(tx, row, { address: addressOf(lease.premises), parties, now })
    const [final] = await tx
      .update(inspection)
      .set({ state: 'signed', signedAt: now, updatedAt: now })
      .where(eq(inspection.id, row.id))
      .returning()
    return { row: final!, action: 'completed' }
  })
}
