// The signers' side: consent to sign electronically (and its withdrawal), a signature over the exact
// document stored for the version out for signature, a decline with a reason; the last signature seals
// the lease (the certificate appended, the sealed file's SHA-256 kept); and the expiry of leases left
// unsigned. The tenants and the guarantor sign first; the landlord countersigns last.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import { consentSchema, declineLeaseSchema, signLeaseSchema } from '#common/leases/terms.ts'
import { ESIGN_DISCLOSURE_VERSION } from '#common/leases/esign.ts'
import { LEASE_ACTION_LABELS, LEASE_SIGNING_DAYS, SIGNING_STATES, type LeaseAction, type LeaseState } from '#common/leases/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { lease, leaseConsent, leaseEvent, leaseSeal, leaseSignature, leaseVersion } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import type { Tx } from '#server/listings/index.server.ts'
import { sealLeasePdf, type LeaseSigner } from './certificate.server.ts'
import {
  appendEvent,
  endLease,
  hasConsented,
  lockLease,
  notFound,
  roleOf,
  signersOf,
  type LeaseActor,
  type LeaseRow,
  type SignerRow,
} from './rules.server.ts'

export type Signer = LeaseActor & { signInMethod: string }

const isSigning = (row: LeaseRow) => (SIGNING_STATES as readonly string[]).includes(row.state)

/** The lease locked, and the viewer's place among the signers of its current version ('not-found' for anyone else). */
async function lockForSigner(
  tx: Tx,
  leaseId: number,
  actor: LeaseActor,
): Promise<{ row: LeaseRow; signer: SignerRow; signers: SignerRow[] }> {
  const row = await lockLease(tx, leaseId)
  const signers = row.state === 'draft' ? [] : await signersOf(tx, leaseId, row.version)
  const signer = signers.find((candidate) => candidate.email === actor.email.toLowerCase())
  if (!signer) {
    // The landlord of a draft, or a party who reads the lease (a signer of an earlier version), is refused
    // in words; anyone else finds nothing.
    if ((await roleOf(tx, row, actor)) === null) throw notFound()
    throw new AppError(
      'conflict',
      row.state === 'draft' ? 'This lease is not out for signature.' : 'You do not sign the version out for signature.',
    )
  }
  return { row, signer, signers }
}

async function signedSignerIds(tx: Tx, leaseId: number, version: number): Promise<Set<number>> {
  const rows = await tx
    .select({ signerId: leaseSignature.signerId })
    .from(leaseSignature)
    .where(and(eq(leaseSignature.leaseId, leaseId), eq(leaseSignature.version, version)))
  return new Set(rows.map((row) => row.signerId))
}

/** A signer agrees (or no longer agrees) to sign electronically, having read the ESIGN disclosures. */
export async function storeConsent(
  db: Db,
  { leaseId, actor, given, input = {} }: { leaseId: number; actor: LeaseActor; given: boolean; input?: unknown },
) {
  if (given) parseOrThrow(consentSchema, input)
  return db.transaction(async (tx) => {
    const { row, signer } = await lockForSigner(tx, leaseId, actor)
    if (!isSigning(row)) throw new AppError('conflict', 'This lease is no longer out for signature.')
    if ((await signedSignerIds(tx, leaseId, row.version)).has(signer.id)) {
      throw new AppError(
        'conflict',
        given ? 'You have signed this lease already.' : 'You have signed already: withdrawing consent does not undo a signature.',
      )
    }
    if ((await hasConsented(tx, leaseId, signer.email)) === given) return row
    await tx.insert(leaseConsent).values({
      leaseId,
      email: signer.email,
      userId: actor.userId,
      given,
      disclosureVersion: ESIGN_DISCLOSURE_VERSION,
      ipAddress: actor.ipAddress ?? null,
      userAgent: actor.userAgent?.slice(0, 500) ?? null,
    })
    const action: LeaseAction = given ? 'consented' : 'consent_withdrawn'
    await appendEvent(tx, {
      leaseId,
      version: row.version,
      actor,
      action,
      fromState: row.state as LeaseState,
      toState: row.state as LeaseState,
    })
    return row
  })
}

export type SignResult = { row: LeaseRow; completed: boolean }

/**
 * A signer signs the version out for signature. The hash of the document they read must be the stored
 * one: a lease changed since they opened it is refused with 'conflict' and nothing is recorded. The
 * landlord signs only after every other signer. The last signature completes and seals the lease.
 */
export async function storeSignature(
  db: Db,
  { leaseId, actor, input, now = new Date() }: { leaseId: number; actor: Signer; input: unknown; now?: Date },
): Promise<SignResult> {
  const valid = parseOrThrow(signLeaseSchema, input)
  return db.transaction(async (tx) => {
    const { row, signer, signers } = await lockForSigner(tx, leaseId, actor)
    if (!isSigning(row)) throw new AppError('conflict', `This lease is ${row.state.replace('_', ' ')}: it can no longer be signed.`)
    const [version] = await tx
      .select({ sha256: leaseVersion.sha256 })
      .from(leaseVersion)
      .where(and(eq(leaseVersion.leaseId, leaseId), eq(leaseVersion.version, row.version)))
    if (valid.documentSha256 !== version!.sha256) {
      throw new AppError('conflict', 'The lease changed since you opened it: read the current version before signing.')
    }
    const signed = await signedSignerIds(tx, leaseId, row.version)
    if (signed.has(signer.id)) throw new AppError('conflict', 'You have signed this lease already.')
    if (!(await hasConsented(tx, leaseId, signer.email))) {
      throw new AppError('conflict', 'Agree to sign electronically first (or ask the landlord for a paper copy).')
    }
    const others = signers.filter((candidate) => candidate.role !== 'landlord' && !signed.has(candidate.id))
    if (signer.role === 'landlord' && others.length > 0) {
      throw new AppError(
        'conflict',
        `The landlord countersigns last: ${others.map((other) => other.name).join(', ')} still ${others.length === 1 ? 'has' : 'have'} to sign.`,
      )
    }
    await tx.insert(leaseSignature).values({
      leaseId,
      version: row.version,
      signerId: signer.id,
      userId: actor.userId,
      typedName: valid.typedName,
      drawing: valid.drawing,
      documentSha256: valid.documentSha256,
      ipAddress: actor.ipAddress ?? null,
      userAgent: actor.userAgent?.slice(0, 500) ?? null,
      signInMethod: actor.signInMethod,
      createdAt: now,
    })
    const isLast = signed.size + 1 === signers.length
    const to: LeaseState = isLast ? 'fully_signed' : 'partially_signed'
    await appendEvent(tx, {
      leaseId,
      version: row.version,
      actor,
      action: 'signed',
      fromState: row.state as LeaseState,
      toState: isLast ? (row.state as LeaseState) : to,
      at: now,
    })
    if (!isLast) {
      const [updated] = await tx
        .update(lease)
        .set({ state: to, updatedAt: sql`now()` })
        .where(eq(lease.id, leaseId))
        .returning()
      return { row: updated!, completed: false }
    }
    return { row: await completeLease(tx, row, now), completed: true }
  })
}

/** Every signer with their consent and signature, as the certificate lists them. */
async function certificateSigners(tx: Tx, row: LeaseRow): Promise<LeaseSigner[]> {
  const signers = await signersOf(tx, row.id, row.version)
  const signatures = await tx
    .select()
    .from(leaseSignature)
    .where(and(eq(leaseSignature.leaseId, row.id), eq(leaseSignature.version, row.version)))
  const consents = await tx
    .select()
    .from(leaseConsent)
    .where(and(eq(leaseConsent.leaseId, row.id), eq(leaseConsent.given, true)))
    .orderBy(asc(leaseConsent.id))
  return signers.map((signer) => {
    const signature = signatures.find((candidate) => candidate.signerId === signer.id)!
    const consent = consents.filter((candidate) => candidate.email === signer.email && candidate.createdAt <= signature.createdAt).at(-1)
    return {
      name: signer.name,
      role: signer.role,
      typedName: signature.typedName,
      email: signer.email,
      signInMethod: signature.signInMethod,
      consentedAt: consent?.createdAt ?? signature.createdAt,
      signedAt: signature.createdAt,
      ip: signature.ipAddress ?? 'unknown',
      userAgent: signature.userAgent ?? 'unknown',
      documentSha256: signature.documentSha256,
    }
  })
}

/** The last signature made: the certificate appended to the signed document, the seal kept, the lease final. */
async function completeLease(tx: Tx, row: LeaseRow, now: Date): Promise<LeaseRow> {
  const [version] = await tx
    .select({ pdf: leaseVersion.pdf })
    .from(leaseVersion)
    .where(and(eq(leaseVersion.leaseId, row.id), eq(leaseVersion.version, row.version)))
  await appendEvent(tx, {
    leaseId: row.id,
    version: row.version,
    actor: null,
    action: 'completed',
    fromState: row.state as LeaseState,
    toState: 'fully_signed',
    at: now,
  })
  const events = await tx.select().from(leaseEvent).where(eq(leaseEvent.leaseId, row.id)).orderBy(asc(leaseEvent.id))
  const sealed = await sealLeasePdf(version!.pdf, {
    signers: await certificateSigners(tx, row),
    events: events.map((event) => ({
      at: event.createdAt,
      actor: event.actorName,
      action: `${LEASE_ACTION_LABELS[event.action as LeaseAction] ?? event.action} (version ${event.version})${event.reason ? `: ${event.reason}` : ''}`,
      ip: event.ipAddress,
    })),
    sealedAt: now,
  })
  await tx.insert(leaseSeal).values({
    leaseId: row.id,
    version: row.version,
    pdf: sealed.bytes,
    sha256: sealed.sha256,
    documentSha256: sealed.documentSha256,
    sealedAt: now,
  })
  const [done] = await tx
    .update(lease)
    .set({ state: 'fully_signed', completedAt: now, expiresAt: null, updatedAt: sql`now()` })
    .where(eq(lease.id, row.id))
    .returning()
  return done!
}

/** A tenant or the guarantor declines to sign, saying why: the lease ends there. */
export async function storeDecline(db: Db, { leaseId, actor, input }: { leaseId: number; actor: LeaseActor; input: unknown }) {
  const { reason } = parseOrThrow(declineLeaseSchema, input)
  return db.transaction(async (tx) => {
    const { row, signer } = await lockForSigner(tx, leaseId, actor)
    if (signer.role === 'landlord') throw new AppError('forbidden', 'The landlord voids a lease rather than declining it.')
    if (!isSigning(row)) throw new AppError('conflict', 'This lease is no longer out for signature.')
    if ((await signedSignerIds(tx, leaseId, row.version)).has(signer.id))
      throw new AppError('conflict', 'You have signed this lease already.')
    return endLease(tx, row, { to: 'declined', actor, reason })
  })
}

/** Leases out for signature past their 14 days expire, each in its own transaction. */
export async function expireDueLeases(db: Db, { now = new Date() }: { now?: Date } = {}): Promise<LeaseRow[]> {
  const due = await db
    .select({ id: lease.id })
    .from(lease)
    .where(and(inArray(lease.state, [...SIGNING_STATES]), lte(lease.expiresAt, now)))
    .orderBy(lease.id)
  const expired: LeaseRow[] = []
  for (const { id } of due) {
    const row = await db.transaction(async (tx) => {
      const current = await lockLease(tx, id)
      if (!isSigning(current) || !current.expiresAt || current.expiresAt > now) return null
      return endLease(tx, current, { to: 'expired', actor: null, reason: `Not signed by everyone within ${LEASE_SIGNING_DAYS} days.` })
    })
    if (row) expired.push(row)
  }
  return expired
}
