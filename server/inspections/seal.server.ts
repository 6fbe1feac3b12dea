// The signed inspection sealed as the lease is (decision 038): the last signature appends the lease's
// certificate of completion to the document everyone signed — each signer with their consent (the
// lease's or this inspection's), signature, IP address and sign-in method, the document's SHA-256 and the
// inspection's events — and keeps the sealed file with its SHA-256, which /leases/verify recognises.
import { and, asc, desc, eq, lte } from 'drizzle-orm'
import {
  INSPECTION_ACTION_LABELS,
  INSPECTION_KIND_LABELS,
  type InspectionAction,
  type InspectionKind,
} from '#common/inspections/vocabulary.ts'
import {
  inspectionConsent,
  inspectionDocument,
  inspectionEvent,
  inspectionSeal,
  inspectionSignature,
  leaseConsent,
} from '#server/db/schema.ts'
import { sealLeasePdf, type LeaseSigner } from '#server/leases/index.server.ts'
import type { Tx } from '#server/listings/index.server.ts'
import type { InspectionRow, Party } from './rules.server.ts'

const CONSENT_GIVEN_FOR = { lease: 'The lease (that consent covers its inspections)', inspection: 'This inspection' } as const

/** When a signer's consent in force at their signature was given: the latest given before it, of its source. */
async function consentedAt(tx: Tx, row: InspectionRow, signature: typeof inspectionSignature.$inferSelect): Promise<Date> {
  const [consent] =
    signature.consentSource === 'lease'
      ? await tx
          .select({ at: leaseConsent.createdAt })
          .from(leaseConsent)
          .where(
            and(
              eq(leaseConsent.leaseId, row.leaseId),
              eq(leaseConsent.email, signature.email),
              eq(leaseConsent.given, true),
              lte(leaseConsent.createdAt, signature.createdAt),
            ),
          )
          .orderBy(desc(leaseConsent.id))
          .limit(1)
      : await tx
          .select({ at: inspectionConsent.createdAt })
          .from(inspectionConsent)
          .where(
            and(
              eq(inspectionConsent.inspectionId, row.id),
              eq(inspectionConsent.email, signature.email),
              eq(inspectionConsent.given, true),
              lte(inspectionConsent.createdAt, signature.createdAt),
            ),
          )
          .orderBy(desc(inspectionConsent.id))
          .limit(1)
  return consent?.at ?? signature.createdAt
}

/** The title the certificate gives a signed inspection: "Move-in inspection of <address>, revision 2". */
export const sealedTitleOf = (kind: InspectionKind, address: string, revision: number) =>
  `${INSPECTION_KIND_LABELS[kind]} of ${address}, revision ${revision}`

/**
 * The last signature made (its 'completed' event appended): the certificate appended to the revision's
 * document and the seal stored. The database refuses a seal before every party has signed, and the
 * inspection's move to 'signed' without one.
 */
export async function sealInspection(
  tx: Tx,
  row: InspectionRow,
  { address, parties, now }: { address: string; parties: Party[]; now: Date },
) {
  const [document] = await tx
    .select({ pdf: inspectionDocument.pdf })
    .from(inspectionDocument)
    .where(and(eq(inspectionDocument.inspectionId, row.id), eq(inspectionDocument.revision, row.revision)))
  const signatures = await tx
    .select()
    .from(inspectionSignature)
    .where(and(eq(inspectionSignature.inspectionId, row.id), eq(inspectionSignature.revision, row.revision)))
  const signers: LeaseSigner[] = []
  for (const party of parties) {
    const signature = signatures.find((candidate) => candidate.email === party.email)
    if (!signature) continue
    signers.push({
      name: signature.name,
      role: signature.role,
      typedName: signature.typedName,
      email: signature.email,
      signInMethod: signature.signInMethod,
      consentGivenFor: CONSENT_GIVEN_FOR[signature.consentSource as keyof typeof CONSENT_GIVEN_FOR],
      consentedAt: await consentedAt(tx, row, signature),
      signedAt: signature.createdAt,
      ip: signature.ipAddress ?? 'unknown',
      userAgent: signature.userAgent ?? 'unknown',
      documentSha256: signature.documentSha256,
    })
  }
  const events = await tx.select().from(inspectionEvent).where(eq(inspectionEvent.inspectionId, row.id)).orderBy(asc(inspectionEvent.id))
  const sealed = await sealLeasePdf(document!.pdf, {
    signers,
    events: events.map((event) => ({
      at: event.createdAt,
      actor: event.actorName,
      action: `${INSPECTION_ACTION_LABELS[event.action as InspectionAction] ?? event.action}${event.detail ? ` (${event.detail})` : ''}`,
      ip: event.ipAddress,
    })),
    sealedAt: now,
    title: sealedTitleOf(row.kind as InspectionKind, address, row.revision),
    keptWith: 'the inspection',
  })
  await tx.insert(inspectionSeal).values({
    inspectionId: row.id,
    revision: row.revision,
    pdf: sealed.bytes,
    sha256: sealed.sha256,
    documentSha256: sealed.documentSha256,
    sealedAt: now,
  })
  return sealed
}
