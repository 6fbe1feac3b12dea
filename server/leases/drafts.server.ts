// The landlord's side of a lease before it is signed: drafting it (from an approved application, or for a
// tenant named by e-mail), changing its terms (a change to a sent lease voids what was sent and starts a
// new version), sending it for signature (the document rendered once, its SHA-256 what everyone signs),
// voiding it, and amending a signed lease. Each writes the lease and its event in one transaction.
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { leaseTermsSchema, type LeaseTerms } from '#common/leases/terms.ts'
import { MAX_LEASE_CLAUSE, SIGNING_STATES, LEASE_SIGNING_DAYS, type LeaseState } from '#common/leases/vocabulary.ts'
import { checkLeaseTerms, type LeaseFinding } from '#common/leasing/lease-check.ts'
import { isStateCode } from '#common/leasing/state-rules.ts'
import { isPlainText } from '#common/plain-text.ts'
import type { Db } from '#server/db/client.server.ts'
import { application, applicationInvite, lease, leaseSigner, leaseVersion, user } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import type { Tx } from '#server/listings/index.server.ts'
import { composeAmendmentDocument, composeLeaseDocument, initialTerms, partiesOf, readPremises, type Premises } from './compose.server.ts'
import { renderLeasePdf, sha256Hex } from './pdf.server.ts'
import { findCurrentLeaseTemplate } from './template-read.server.ts'
import { appendEvent, endLease, lockLease, notFound, type LeaseActor, type LeaseRow } from './rules.server.ts'

const APPROVED = ['approved', 'conditionally_approved'] as const
const LIVE_STATES = ['draft', ...SIGNING_STATES] as const satisfies readonly LeaseState[]

/** The state's rules applied to the terms: what the form warns of, and what it refuses. */
export function findingsOf(terms: LeaseTerms, premises: Pick<Premises, 'state' | 'yearBuilt'>): LeaseFinding[] {
  if (!isStateCode(premises.state)) return []
  return checkLeaseTerms(premises.state, {
    monthlyRentCents: terms.rentCents,
    depositCents: terms.depositCents,
    lateFeeCents: terms.lateFeeCents,
    lateFeeGraceDays: terms.graceDays,
    yearBuilt: premises.yearBuilt,
    ...(terms.furnished === undefined ? {} : { furnished: terms.furnished }),
    ...(terms.smallLandlord === undefined ? {} : { smallLandlord: terms.smallLandlord }),
    ...(terms.unitsInBuilding === undefined ? {} : { unitsInBuilding: terms.unitsInBuilding }),
  }).findings
}

/** Terms parsed and checked against the state's rules: a rule the law leaves no choice on refuses them. */
function checkedTerms(input: unknown, premises: Premises): LeaseTerms {
  const terms = parseOrThrow(leaseTermsSchema, input)
  const refusals = findingsOf(terms, premises).filter((finding) => finding.level === 'refuse')
  if (refusals.length > 0) {
    const field = (rule: string) => (rule === 'deposit' ? 'depositCents' : rule.startsWith('late') ? 'lateFeeCents' : 'terms')
    const fields: Record<string, string[]> = {}
    for (const refusal of refusals) (fields[field(refusal.rule)] ??= []).push(refusal.message)
    throw new AppError('invalid', refusals[0]!.message, fields)
  }
  return terms
}

/** The tenants of an approved application: the applicant and every co-applicant who joined, by their legal names. */
async function tenantsOf(tx: Tx, row: typeof application.$inferSelect) {
  const legalName = (snapshot: Record<string, unknown> | null, fallback: string) =>
    typeof snapshot?.legalName === 'string' && snapshot.legalName.trim() ? snapshot.legalName.trim() : fallback
  const [renter] = await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, row.renterId))
  const joined = await tx
    .select({ name: user.name, email: user.email, snapshot: applicationInvite.snapshot })
    .from(applicationInvite)
    .innerJoin(user, eq(user.id, applicationInvite.userId))
    .where(and(eq(applicationInvite.applicationId, row.id), isNotNull(applicationInvite.acceptedAt)))
    .orderBy(applicationInvite.id)
  const occupants = Array.isArray(row.snapshot?.occupants) ? row.snapshot.occupants.length : 0
  return {
    tenants: [
      ...(renter ? [{ name: legalName(row.snapshot, renter.name), email: renter.email }] : []),
      ...joined.map((person) => ({ name: legalName(person.snapshot, person.name), email: person.email })),
    ],
    occupants: 1 + joined.length + occupants,
  }
}

/**
 * A new lease drafted by the landlord: from one of their approved applications (its tenants, move-in date,
 * length, rent and deposit filled in; one live lease per application, so asking again opens the same one),
 * or for a listing of theirs with the tenants to be named. Anyone else gets 'not-found'.
 */
export async function storeNewLease(
  db: Db,
  { actor, input }: { actor: LeaseActor; input: { applicationId: number } | { listingId: number } },
) {
  return db.transaction(async (tx) => {
    let listingId: number
    let from: Parameters<typeof initialTerms>[1] = { tenants: [] }
    let applicationId: number | null = null
    if ('applicationId' in input) {
      const [row] = await tx.select().from(application).where(eq(application.id, input.applicationId)).for('update')
      if (!row || row.landlordId !== actor.userId) throw new AppError('not-found', 'No such application.')
      if (!(APPROVED as readonly string[]).includes(row.state)) {
        throw new AppError('conflict', 'A lease is made from an approved application: approve it first.')
      }
      const [live] = await tx
        .select()
        .from(lease)
        .where(and(eq(lease.applicationId, row.id), inArray(lease.state, [...LIVE_STATES, 'fully_signed'])))
        .limit(1)
      if (live) return live
      listingId = row.listingId
      applicationId = row.id
      from = {
        ...(await tenantsOf(tx, row)),
        moveInDate: row.moveInDate,
        leaseMonths: row.leaseMonths,
        rentCents: row.rentCents,
        depositCents: row.depositCents,
      }
    } else {
      listingId = input.listingId
    }
    const premises = await readPremises(tx, listingId)
    if (!premises || premises.ownerId !== actor.userId) throw new AppError('not-found', 'No such listing.')
    const { listing: home, ownerId: _owner, ...kept } = premises
    const [created] = await tx
      .insert(lease)
      .values({
        listingId,
        applicationId,
        landlordId: actor.userId,
        state: 'draft',
        terms: initialTerms(home, from) as unknown as Record<string, unknown>,
        premises: kept as unknown as Record<string, unknown>,
      })
      .returning()
    await appendEvent(tx, { leaseId: created!.id, version: 1, actor, action: 'created', fromState: null, toState: 'draft' })
    return created!
  })
}

const onlyLandlord = (row: LeaseRow, actor: LeaseActor) => {
  if (row.landlordId !== actor.userId) throw notFound()
}

/**
 * The landlord saves the terms. A draft keeps its version; a lease out for signature is changed only as a
 * new version: what was sent is void (its signatures count for nothing), and the new version is a draft
 * to send again. A final lease is refused with 'conflict'.
 */
export async function storeLeaseTerms(db: Db, { leaseId, actor, input }: { leaseId: number; actor: LeaseActor; input: unknown }) {
  return db.transaction(async (tx) => {
    const row = await lockLease(tx, leaseId)
    onlyLandlord(row, actor)
    if (row.kind === 'amendment') throw new AppError('conflict', 'An amendment’s terms are those of its lease: change its text instead.')
    const terms = checkedTerms(input, row.premises as unknown as Premises)
    const state = row.state as LeaseState
    if (state === 'draft') {
      const [saved] = await tx
        .update(lease)
        .set({ terms: terms as unknown as Record<string, unknown>, updatedAt: sql`now()` })
        .where(eq(lease.id, leaseId))
        .returning()
      await appendEvent(tx, { leaseId, version: row.version, actor, action: 'edited', fromState: 'draft', toState: 'draft' })
      return { row: saved!, newVersion: false }
    }
    if (!(SIGNING_STATES as readonly string[]).includes(state))
      throw new AppError('conflict', `This lease is ${state.replace('_', ' ')} and cannot be changed.`)
    const [saved] = await tx
      .update(lease)
      .set({
        terms: terms as unknown as Record<string, unknown>,
        version: row.version + 1,
        state: 'draft',
        sentAt: null,
        expiresAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(lease.id, leaseId))
      .returning()
    await appendEvent(tx, {
      leaseId,
      version: row.version + 1,
      actor,
      action: 'new_version',
      fromState: state,
      toState: 'draft',
      reason: `Version ${row.version} as sent is void; its signatures no longer count.`,
    })
    return { row: saved!, newVersion: true }
  })
}

/** An amendment's text, changed while it is a draft (or as a new version once sent). */
export async function storeAmendmentText(db: Db, { leaseId, actor, text }: { leaseId: number; actor: LeaseActor; text: unknown }) {
  // A NUL (which PostgreSQL cannot store) is refused as no text at all.
  const words = typeof text === 'string' && isPlainText(text) ? text.trim() : ''
  if (words.length < 10 || words.length > MAX_LEASE_CLAUSE * 5) {
    throw new AppError('invalid', 'Say what the amendment changes, in 10 to 10,000 characters.', {
      text: ['Say what the amendment changes.'],
    })
  }
  return db.transaction(async (tx) => {
    const row = await lockLease(tx, leaseId)
    onlyLandlord(row, actor)
    if (row.kind !== 'amendment') throw new AppError('conflict', 'Only an amendment has its own text.')
    const state = row.state as LeaseState
    const isDraft = state === 'draft'
    if (!isDraft && !(SIGNING_STATES as readonly string[]).includes(state))
      throw new AppError('conflict', 'This amendment cannot be changed.')
    const version = isDraft ? row.version : row.version + 1
    const [saved] = await tx
      .update(lease)
      .set({ amendmentText: words, version, state: 'draft', sentAt: null, expiresAt: null, updatedAt: sql`now()` })
      .where(eq(lease.id, leaseId))
      .returning()
    await appendEvent(tx, { leaseId, version, actor, action: isDraft ? 'edited' : 'new_version', fromState: state, toState: 'draft' })
    return { row: saved!, newVersion: !isDraft }
  })
}

/** The landlord sends a draft for signature: the version's document and PDF are made and kept, and the 14 days begin. */
export async function storeSentLease(db: Db, { leaseId, actor, now = new Date() }: { leaseId: number; actor: LeaseActor; now?: Date }) {
  return db.transaction(async (tx) => {
    const row = await lockLease(tx, leaseId)
    onlyLandlord(row, actor)
    if (row.state !== 'draft') throw new AppError('conflict', 'Only a draft is sent; this lease has been sent already.')
    const premises = row.premises as unknown as Premises
    const terms = checkedTerms(row.terms, premises)
    if (row.applicationId !== null && terms.guarantor === null) {
      const [from] = await tx.select({ conditions: application.conditions }).from(application).where(eq(application.id, row.applicationId))
      if (from?.conditions.includes('guarantor')) {
        throw new AppError('invalid', 'The approval asked for a guarantor: name the guarantor before sending.', {
          guarantor: ['Name the guarantor.'],
        })
      }
    }
    let document
    let template: { id: number; version: number } | null = null
    if (row.kind === 'amendment') {
      if (!row.amendmentText)
        throw new AppError('invalid', 'Say what the amendment changes before sending it.', { text: ['Say what the amendment changes.'] })
      const [amended] = await tx.select({ completedAt: lease.completedAt }).from(lease).where(eq(lease.id, row.amendsLeaseId!))
      document = composeAmendmentDocument(
        { text: row.amendmentText, amendsLeaseId: row.amendsLeaseId!, signedAt: amended?.completedAt ?? null },
        { terms, premises, version: row.version },
      )
    } else {
      const current = await findCurrentLeaseTemplate(tx, now)
      if (!current) throw new AppError('conflict', 'No lease template is published yet: an administrator must publish one first.')
      template = { id: current.id, version: current.version }
      document = composeLeaseDocument(current, { terms, premises, version: row.version })
    }
    const pdf = await renderLeasePdf(document, { renderedAt: now })
    await tx.insert(leaseVersion).values({
      leaseId,
      version: row.version,
      terms: terms as unknown as Record<string, unknown>,
      document: document as unknown as Record<string, unknown>,
      templateId: template?.id ?? null,
      templateVersion: template?.version ?? null,
      pdf,
      sha256: sha256Hex(pdf),
      renderedAt: now,
    })
    await tx
      .insert(leaseSigner)
      .values(partiesOf(terms, premises).map((party, position) => ({ leaseId, version: row.version, position, ...party })))
    const expiresAt = new Date(now.getTime() + LEASE_SIGNING_DAYS * 86_400_000)
    const [sent] = await tx
      .update(lease)
      .set({ state: 'sent', sentAt: now, expiresAt, updatedAt: sql`now()` })
      .where(eq(lease.id, leaseId))
      .returning()
    await appendEvent(tx, { leaseId, version: row.version, actor, action: 'sent', fromState: 'draft', toState: 'sent', at: now })
    return sent!
  })
}

/** The landlord voids a lease before it is fully signed, saying why. */
export async function storeVoidedLease(db: Db, { leaseId, actor, reason }: { leaseId: number; actor: LeaseActor; reason: string }) {
  return db.transaction(async (tx) => {
    const row = await lockLease(tx, leaseId)
    onlyLandlord(row, actor)
    if (!(LIVE_STATES as readonly string[]).includes(row.state))
      throw new AppError('conflict', 'Only a lease not yet fully signed can be voided.')
    return endLease(tx, row, { to: 'voided', actor, reason })
  })
}

/** An amendment of a fully signed lease: a new document between the same parties, signed the same way. */
export async function storeNewAmendment(db: Db, { leaseId, actor }: { leaseId: number; actor: LeaseActor }) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(lease).where(eq(lease.id, leaseId))
    if (!row || row.landlordId !== actor.userId) throw notFound()
    if (row.state !== 'fully_signed' || row.kind !== 'lease')
      throw new AppError('conflict', 'Only a fully signed lease is amended; change a lease not yet signed instead.')
    const [signed] = await tx
      .select({ terms: leaseVersion.terms })
      .from(leaseVersion)
      .where(and(eq(leaseVersion.leaseId, leaseId), eq(leaseVersion.version, row.version)))
    const [created] = await tx
      .insert(lease)
      .values({
        kind: 'amendment',
        amendsLeaseId: row.id,
        listingId: row.listingId,
        landlordId: row.landlordId,
        state: 'draft',
        terms: signed!.terms,
        premises: row.premises,
        amendmentText: '',
      })
      .returning()
    await appendEvent(tx, {
      leaseId: created!.id,
      version: 1,
      actor,
      action: 'created',
      fromState: null,
      toState: 'draft',
      reason: `Amends lease ${row.id}.`,
    })
    return created!
  })
}
