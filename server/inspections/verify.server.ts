// /leases/verify for inspections: whether a file's SHA-256 is that of a signed inspection's sealed file
// (the document with its certificate) or of a document sent for signature, and what it is. Anyone may ask;
// the answer says only what the file itself shows to whoever holds it (its kind, home, signers and dates).
import { and, asc, eq } from 'drizzle-orm'
import type { InspectionFileMatch, InspectionRole } from '#common/inspections/types.ts'
import type { InspectionKind } from '#common/inspections/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { inspection, inspectionDocument, inspectionSeal, inspectionSignature, lease } from '#server/db/schema.ts'
import { addressOf } from './address.ts'

/** The inspection a file with this SHA-256 is, or null when it is none of ours. */
export async function findInspectionFile(db: Db, sha256: string): Promise<InspectionFileMatch | null> {
  const [seal] = await db
    .select({ inspectionId: inspectionSeal.inspectionId, revision: inspectionSeal.revision, sealedAt: inspectionSeal.sealedAt })
    .from(inspectionSeal)
    .where(eq(inspectionSeal.sha256, sha256))
    .limit(1)
  const found =
    seal ??
    (
      await db
        .select({ inspectionId: inspectionDocument.inspectionId, revision: inspectionDocument.revision })
        .from(inspectionDocument)
        .where(eq(inspectionDocument.sha256, sha256))
        .limit(1)
    )[0]
  if (!found) return null
  const [row] = await db
    .select({ kind: inspection.kind, premises: lease.premises })
    .from(inspection)
    .innerJoin(lease, eq(lease.id, inspection.leaseId))
    .where(eq(inspection.id, found.inspectionId))
  const signatures = await db
    .select({ name: inspectionSignature.name, role: inspectionSignature.role, signedAt: inspectionSignature.createdAt })
    .from(inspectionSignature)
    .where(and(eq(inspectionSignature.inspectionId, found.inspectionId), eq(inspectionSignature.revision, found.revision)))
    .orderBy(asc(inspectionSignature.createdAt), asc(inspectionSignature.id))
  return {
    kind: row!.kind as InspectionKind,
    address: addressOf(row!.premises),
    file: seal ? 'sealed' : 'sent',
    revision: found.revision,
    signers: signatures.map((signature) => ({
      name: signature.name,
      role: signature.role as InspectionRole,
      signedAt: signature.signedAt.toISOString(),
    })),
    sealedAt: seal?.sealedAt.toISOString() ?? null,
  }
}
