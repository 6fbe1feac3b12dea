// What the parties read of their leases: the list on the Leases page, one lease with its document,
// signers, versions and timeline, its PDFs, and the public check of a file against the record (match or
// no match, nothing else). Anyone but the landlord and the signers gets 'not-found' for every part.
import { and, asc, desc, eq, exists, inArray, or, sql } from 'drizzle-orm'
import type { LeaseDocument } from '#common/leases/document.ts'
import type { LeaseTerms } from '#common/leases/terms.ts'
import type { LeaseSummary, LeaseView, ViewerAction } from '#common/leases/types.ts'
import { SIGNING_STATES, type LeaseAction, type LeaseKind, type LeaseRole, type LeaseState } from '#common/leases/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { lease, leaseConsent, leaseEvent, leaseSeal, leaseSignature, leaseSigner, leaseVersion, user } from '#server/db/schema.ts'
import { addressOf, type Premises } from './compose.server.ts'
import { findingsOf } from './drafts.server.ts'
import { renderLeaseHtml } from '#common/leases/html.ts'
import { notFound, roleOf, type LeaseRow } from './rules.server.ts'

export type Viewer = { userId: string; email: string }

const mineCondition = (viewer: Viewer) =>
  or(
    eq(lease.landlordId, viewer.userId),
    exists(
      sql`(select 1 from ${leaseSigner} where ${leaseSigner.leaseId} = ${lease.id} and ${leaseSigner.email} = ${viewer.email.toLowerCase()})`,
    ),
  )

function titleOf(row: Pick<LeaseRow, 'kind' | 'amendsLeaseId' | 'premises'>): string {
  const address = addressOf(row.premises as unknown as Premises)
  return row.kind === 'amendment' ? `Amendment to lease ${row.amendsLeaseId}: ${address}` : address
}

/** The viewer's leases, newest activity first: as landlord, and as a signer of any version sent. */
export async function listLeases(db: Db, viewer: Viewer, { limit = 100 }: { limit?: number } = {}): Promise<LeaseSummary[]> {
  const rows = await db.select().from(lease).where(mineCondition(viewer)).orderBy(desc(lease.updatedAt), desc(lease.id)).limit(limit)
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const signers = await db
    .select({ signer: leaseSigner, signedAt: leaseSignature.createdAt })
    .from(leaseSigner)
    .leftJoin(leaseSignature, eq(leaseSignature.signerId, leaseSigner.id))
    .where(inArray(leaseSigner.leaseId, ids))
    .orderBy(asc(leaseSigner.position))
  return rows.map((row) => {
    const current = signers.filter(({ signer }) => signer.leaseId === row.id && signer.version === row.version)
    const mine = current.find(({ signer }) => signer.email === viewer.email.toLowerCase())
    const role: LeaseRole = row.landlordId === viewer.userId ? 'landlord' : ((mine?.signer.role as LeaseRole | undefined) ?? 'tenant')
    // The landlord countersigns: their turn comes when everyone else has signed.
    const othersDone = current.every(({ signer, signedAt }) => signer.role === 'landlord' || signedAt !== null)
    const myTurn = mine !== undefined && !mine.signedAt && (mine.signer.role !== 'landlord' || othersDone)
    const waiting = (SIGNING_STATES as readonly string[]).includes(row.state) && myTurn
    return {
      id: row.id,
      kind: row.kind as LeaseKind,
      title: titleOf(row),
      state: row.state as LeaseState,
      version: row.version,
      viewerRole: role,
      parties: current.map(({ signer, signedAt }) => ({ name: signer.name, role: signer.role as LeaseRole, signed: signedAt !== null })),
      awaitingYou: waiting,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
    }
  })
}

/** The lease row the viewer may read, with their role; 'not-found' for anyone else and for a tenant before anything was sent. */
async function readable(db: Db, leaseId: number, viewer: Viewer): Promise<{ row: LeaseRow; role: LeaseRole }> {
  const [row] = await db.select().from(lease).where(eq(lease.id, leaseId))
  if (!row) throw notFound()
  const role = await roleOf(db, row, viewer)
  if (!role) throw notFound()
  return { row, role }
}

/** Paths of a lease's PDFs: a version's document, and the sealed signed lease. */
export const leasePdfPath = (leaseId: number, which: number | 'signed') =>
  `/leases/${leaseId}/pdf/${which === 'signed' ? 'signed' : `v${which}`}`

/** One lease as its landlord or one of its signers sees it. */
export async function findLease(
  db: Db,
  { leaseId, viewer, now = new Date() }: { leaseId: number; viewer: Viewer; now?: Date },
): Promise<LeaseView> {
  const { row, role } = await readable(db, leaseId, viewer)
  const versions = await db
    .select({
      version: leaseVersion.version,
      sha256: leaseVersion.sha256,
      createdAt: leaseVersion.createdAt,
      document: leaseVersion.document,
      terms: leaseVersion.terms,
    })
    .from(leaseVersion)
    .where(eq(leaseVersion.leaseId, leaseId))
    .orderBy(asc(leaseVersion.version))
  const sent = versions.find((version) => version.version === row.version)
  // What the viewer reads: the version out for signature (or signed); the landlord's own draft otherwise.
  const shown = sent ?? (role === 'landlord' ? null : versions.at(-1))
  const signers = await db
    .select({ signer: leaseSigner, signature: leaseSignature })
    .from(leaseSigner)
    .leftJoin(leaseSignature, eq(leaseSignature.signerId, leaseSigner.id))
    .where(and(eq(leaseSigner.leaseId, leaseId), eq(leaseSigner.version, shown?.version ?? -1)))
    .orderBy(asc(leaseSigner.position))
  const consents = await db.select().from(leaseConsent).where(eq(leaseConsent.leaseId, leaseId)).orderBy(asc(leaseConsent.id))
  const consentOf = (email: string) => consents.filter((consent) => consent.email === email).at(-1)?.given ?? false
  const events = await db.select().from(leaseEvent).where(eq(leaseEvent.leaseId, leaseId)).orderBy(asc(leaseEvent.id))
  const [seal] = await db
    .select({ sha256: leaseSeal.sha256, documentSha256: leaseSeal.documentSha256, sealedAt: leaseSeal.sealedAt })
    .from(leaseSeal)
    .where(eq(leaseSeal.leaseId, leaseId))
  const me = signers.find(({ signer }) => signer.email === viewer.email.toLowerCase())
  const isSigning = (SIGNING_STATES as readonly string[]).includes(row.state) && sent !== undefined
  const othersUnsigned = signers.filter(({ signer, signature }) => signer.role !== 'landlord' && !signature).length
  const actions: ViewerAction[] = []
  if (role === 'landlord') {
    if (row.state === 'draft') actions.push('edit', 'send', 'void')
    if (isSigning) actions.push('edit', 'void')
    if (row.state === 'fully_signed' && row.kind === 'lease') actions.push('amend')
  }
  if (me && isSigning && !me.signature) {
    const consented = consentOf(me.signer.email)
    if (!consented) actions.push('consent')
    else if (me.signer.role !== 'landlord' || othersUnsigned === 0) actions.push('sign', 'withdraw_consent')
    else actions.push('withdraw_consent')
    if (me.signer.role !== 'landlord') actions.push('decline')
  }
  const draftTerms = role === 'landlord' ? (row.terms as unknown as LeaseTerms) : null
  const premises = row.premises as unknown as Premises
  return {
    id: row.id,
    kind: row.kind as LeaseKind,
    amendsLeaseId: row.amendsLeaseId,
    amendmentText: role === 'landlord' || sent ? (row.amendmentText ?? '') : '',
    title: titleOf(row),
    listingId: row.listingId,
    applicationId: role === 'landlord' ? row.applicationId : null,
    state: row.state as LeaseState,
    version: row.version,
    viewerRole: role,
    viewerEmail: viewer.email.toLowerCase(),
    premises: { address: addressOf(premises), state: premises.state, yearBuilt: premises.yearBuilt, landlordName: premises.landlordName },
    draftTerms,
    findings: draftTerms && row.state === 'draft' && row.kind === 'lease' ? safeFindings(draftTerms, premises) : [],
    document: shown
      ? {
          version: shown.version,
          sha256: shown.sha256,
          html: renderLeaseHtml(shown.document as unknown as LeaseDocument),
          pdfPath: leasePdfPath(leaseId, shown.version),
          isCurrent: shown.version === row.version && sent !== undefined,
        }
      : null,
    versions: versions.map((version) => ({
      version: version.version,
      sha256: version.sha256,
      sentAt: version.createdAt.toISOString(),
      pdfPath: leasePdfPath(leaseId, version.version),
    })),
    signers: signers.map(({ signer, signature }) => ({
      name: signer.name,
      email: signer.email,
      role: signer.role as LeaseRole,
      consented: consentOf(signer.email),
      signedAt: signature?.createdAt.toISOString() ?? null,
      typedName: signature?.typedName ?? null,
      isYou: signer.email === viewer.email.toLowerCase(),
    })),
    events: events.map((event) => ({
      at: event.createdAt.toISOString(),
      actor: event.actorName,
      action: event.action as LeaseAction,
      version: event.version,
      fromState: event.fromState as LeaseState | null,
      toState: event.toState as LeaseState,
      reason: event.reason,
      ipAddress: event.ipAddress,
    })),
    seal: seal
      ? {
          sha256: seal.sha256,
          documentSha256: seal.documentSha256,
          sealedAt: seal.sealedAt.toISOString(),
          pdfPath: leasePdfPath(leaseId, 'signed'),
        }
      : null,
    sentAt: row.sentAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    actions,
    now: now.toISOString(),
  }
}

function safeFindings(terms: LeaseTerms, premises: Premises) {
  try {
    return findingsOf(terms, premises)
  } catch {
    return []
  }
}

/** A PDF of a lease for one of its parties: a sent version's document, or the sealed signed lease. */
export async function findLeasePdf(db: Db, { leaseId, which, viewer }: { leaseId: number; which: number | 'signed'; viewer: Viewer }) {
  const { row } = await readable(db, leaseId, viewer)
  const name = `lease-${leaseId}`
  if (which === 'signed') {
    const [seal] = await db.select({ pdf: leaseSeal.pdf, sha256: leaseSeal.sha256 }).from(leaseSeal).where(eq(leaseSeal.leaseId, leaseId))
    if (!seal) throw notFound()
    return { bytes: seal.pdf, sha256: seal.sha256, fileName: `${name}-signed.pdf` }
  }
  const [version] = await db
    .select({ pdf: leaseVersion.pdf, sha256: leaseVersion.sha256 })
    .from(leaseVersion)
    .where(and(eq(leaseVersion.leaseId, leaseId), eq(leaseVersion.version, which)))
  if (!version || (row.landlordId !== viewer.userId && !(await isSignerOf(db, leaseId, which, viewer)))) throw notFound()
  return { bytes: version.pdf, sha256: version.sha256, fileName: `${name}-v${which}.pdf` }
}

async function isSignerOf(db: Db, leaseId: number, version: number, viewer: Viewer) {
  const [found] = await db
    .select({ id: leaseSigner.id })
    .from(leaseSigner)
    .where(and(eq(leaseSigner.leaseId, leaseId), eq(leaseSigner.version, version), eq(leaseSigner.email, viewer.email.toLowerCase())))
  return found !== undefined
}

/** Whether a file's SHA-256 is that of a signed lease (sealed) or of a lease document sent for signature. */
export async function verifyLeaseHash(db: Db, sha256: string): Promise<boolean> {
  const [sealed] = await db.select({ id: leaseSeal.leaseId }).from(leaseSeal).where(eq(leaseSeal.sha256, sha256)).limit(1)
  if (sealed) return true
  const [version] = await db.select({ id: leaseVersion.id }).from(leaseVersion).where(eq(leaseVersion.sha256, sha256)).limit(1)
  return version !== undefined
}

/** The user ids a change of a lease is announced to: the landlord and every signer of the version with an account. */
export async function partyUserIds(db: Db, row: Pick<LeaseRow, 'id' | 'landlordId' | 'version'>): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: user.id })
    .from(leaseSigner)
    .innerJoin(user, eq(user.email, leaseSigner.email))
    .where(and(eq(leaseSigner.leaseId, row.id), eq(leaseSigner.version, row.version)))
  const ids = rows.map((found) => found.id)
  return [...new Set([row.landlordId, ...ids])]
}

/** Whether the user is the landlord of at least one fully signed lease (the profile asks them to add a second factor). */
export async function ownsSignedLease(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: lease.id })
    .from(lease)
    .where(and(eq(lease.landlordId, userId), eq(lease.state, 'fully_signed')))
    .limit(1)
  return Boolean(row)
}
