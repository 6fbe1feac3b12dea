// Leases on the real services and database (PGlite and PostgreSQL): drafted from an approved application,
// sent, consented to and signed by every tenant, countersigned, sealed; what that changes elsewhere; every
// refusal; a change that starts a new version; decline, void and expiry; amendments; and the record that
// the database itself keeps from being changed.
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { application, lease, leaseEvent, leaseSignature, leaseSigner, leaseVersion, listing } from '#server/db/schema.ts'
import {
  amendLease,
  consentToSign,
  createLease,
  declineLease,
  expireLeases,
  findLease,
  findLeasePdf,
  listLeases,
  saveAmendmentText,
  saveLeaseTerms,
  sendLease,
  signLease,
  verifyLeaseHash,
  voidLease,
} from '#server/leases/index.server.ts'
import { applyToListing, saveRenterProfile } from '#server/applications/index.server.ts'
import { completeRenterProfile, jobPaying } from '#tests/support/applications.ts'
import { actorOf, approvedApplication, consentAndSign, publishLeaseTemplate } from '#tests/support/lease-process.ts'
import { listingFactory, type Person } from '#tests/support/listings.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

let t: TestServices
let listings: ReturnType<typeof listingFactory>
const db = () => t.services.database.db

beforeAll(async () => {
  t = await createTestServices()
  listings = listingFactory(db())
  await publishLeaseTemplate(db())
})
afterAll(async () => {
  await t.close()
})

async function codeOf(promise: Promise<unknown>) {
  return promise.then(
    () => 'ok',
    (e: { code?: string; message: string; fieldErrors?: Record<string, string[]> }) =>
      `${e.code ?? ''}: ${e.message}${e.fieldErrors ? ` ${Object.values(e.fieldErrors).flat().join(' ')}` : ''}`,
  )
}

const as = (person: Person) => ({ userId: person.id, email: person.email })
const terms = (view: Awaited<ReturnType<typeof findLease>>) => view.draftTerms!

/** A lease drafted from an approved application, with a second tenant, sent for signature. */
async function sentLease(overrides: Parameters<typeof approvedApplication>[2] = {}) {
  const parties = await approvedApplication(t, listings, overrides)
  const landlord = await actorOf(db(), parties.owner)
  const second = await listings.renter()
  const row = await createLease(t.services, { actor: landlord, input: { applicationId: parties.applicationId } })
  const draft = await findLease(db(), { leaseId: row.id, viewer: as(parties.owner) })
  await saveLeaseTerms(t.services, {
    leaseId: row.id,
    actor: landlord,
    input: {
      ...terms(draft),
      tenants: [...terms(draft).tenants, { name: 'Second Tenant', email: second.email }],
      occupants: 2,
      lateFeeCents: 5000,
    },
  })
  await sendLease(t.services, { leaseId: row.id, actor: landlord })
  return { ...parties, second, landlord, leaseId: row.id }
}

describe('a lease from application to seal', () => {
  it('is drafted from the application, sent, signed by both tenants, countersigned and sealed; the listing is let and the others told', async () => {
    const { owner, home, renter, second, leaseId } = await sentLease({ title: 'Brick row house on Fourth Street' })
    // Another applicant, still waiting, hears once that the home is let.
    const other = await listings.renter()
    await saveRenterProfile(t.services, {
      userId: other.id,
      profile: completeRenterProfile({ employment: [jobPaying(900_000)], occupants: [], pets: [] }),
    })
    const waiting = await applyToListing(t.services, {
      renterId: other.id,
      listingId: home.id,
      input: { moveInDate: '2027-03-01', leaseMonths: '12', note: '' },
    })

    const sent = await findLease(db(), { leaseId, viewer: as(renter) })
    expect(sent.state).toBe('sent')
    expect(sent.viewerRole).toBe('tenant')
    expect(sent.actions).toEqual(['consent', 'decline'])
    expect(sent.signers.map((signer) => signer.role)).toEqual(['tenant', 'tenant', 'landlord'])
    expect(sent.document!.html).toContain('Second Tenant')
    expect(sent.document!.html).toContain('1200 Delaware Avenue')
    // Built in 1925: the lead-based paint warning is part of the document everyone signs.
    expect(sent.document!.html).toContain('Lead Warning Statement')
    const pdf = await findLeasePdf(db(), { leaseId, which: sent.document!.version, viewer: as(second) })
    expect(pdf.sha256).toBe(sent.document!.sha256)
    await t.services.jobs.runUntilIdle()
    expect(
      t.mail.messages.filter(
        (mail) => mail.subject.startsWith('Please sign your lease') && [renter.email, second.email].some((to) => mail.to.includes(to)),
      ),
    ).toHaveLength(2)

    // The landlord countersigns last.
    await consentToSign(t.services, { leaseId, actor: await actorOf(db(), owner), given: true, input: { agree: true } })
    const early = await findLease(db(), { leaseId, viewer: as(owner) })
    expect(
      await codeOf(
        signLease(t.services, {
          leaseId,
          actor: await actorOf(db(), owner),
          input: { typedName: 'Owner', confirm: true, documentSha256: early.document!.sha256 },
        }),
      ),
    ).toMatch(/^conflict: The landlord countersigns last/)

    expect((await consentAndSign(t, leaseId, renter, 'Renter Person')).state).toBe('partially_signed')
    expect((await consentAndSign(t, leaseId, second, 'Second Tenant')).state).toBe('partially_signed')
    const done = await consentAndSign(t, leaseId, owner, 'Owner Person')
    expect(done.state).toBe('fully_signed')

    const view = await findLease(db(), { leaseId, viewer: as(second) })
    expect(view.signers.every((signer) => signer.signedAt !== null)).toBe(true)
    expect(view.seal).not.toBeNull()
    const sealed = await findLeasePdf(db(), { leaseId, which: 'signed', viewer: as(renter) })
    expect(sealed.sha256).toBe(view.seal!.sha256)
    // The signed document is the sealed file's first bytes, unchanged.
    expect(Buffer.from(sealed.bytes.subarray(0, pdf.bytes.length)).equals(Buffer.from(pdf.bytes))).toBe(true)
    expect(await verifyLeaseHash(db(), view.seal!.sha256)).toBe(true)
    expect(
      await verifyLeaseHash(
        db(),
        view.seal!.sha256.replace(/^./, (c) => (c === '0' ? '1' : '0')),
      ),
    ).toBe(false)

    const [let_] = await db().select({ status: listing.status }).from(listing).where(eq(listing.id, home.id))
    expect(let_!.status).toBe('leased')
    const [declined] = await db().select({ state: application.state }).from(application).where(eq(application.id, waiting.id))
    expect(declined!.state).toBe('declined')
    await t.services.jobs.runUntilIdle()
    await t.services.jobs.runUntilIdle()
    expect(
      t.mail.messages.filter((mail) => mail.to.includes(other.email) && mail.subject.startsWith('The home has been let')),
    ).toHaveLength(1)
    expect(
      t.mail.messages.filter((mail) => mail.subject.startsWith('Your lease is signed by everyone') && mail.to.includes(renter.email)),
    ).toHaveLength(1)
    expect(view.events.map((event) => event.action)).toEqual(
      expect.arrayContaining(['created', 'edited', 'sent', 'consented', 'signed', 'completed', 'applicants_told']),
    )
    expect((await listLeases(db(), as(renter))).map((row) => [row.id, row.state])).toContainEqual([leaseId, 'fully_signed'])
  })

  it('a third person finds nothing: not the lease, its versions, its PDFs, nor a way to consent, sign, decline or void', async () => {
    const { leaseId, owner } = await sentLease()
    const stranger = await listings.renter()
    const actor = await actorOf(db(), stranger)
    const view = await findLease(db(), { leaseId, viewer: as(owner) })
    const attempts = [
      () => findLease(db(), { leaseId, viewer: as(stranger) }),
      () => findLeasePdf(db(), { leaseId, which: 1, viewer: as(stranger) }),
      () => findLeasePdf(db(), { leaseId, which: 'signed', viewer: as(stranger) }),
      () => consentToSign(t.services, { leaseId, actor, given: true, input: { agree: true } }),
      () =>
        signLease(t.services, {
          leaseId,
          actor,
          input: { typedName: 'Someone Else', confirm: true, documentSha256: view.document!.sha256 },
        }),
      () => declineLease(t.services, { leaseId, actor, input: { reason: 'No.' } }),
      () => voidLease(t.services, { leaseId, actor, input: { reason: 'No.' } }),
      () => saveLeaseTerms(t.services, { leaseId, actor, input: terms(view) }),
      () => sendLease(t.services, { leaseId, actor }),
    ]
    for (const attempt of attempts) expect(await codeOf(attempt())).toMatch(/^not-found: No such lease\.$/)
    expect(await listLeases(db(), as(stranger))).toEqual([])
  })
})

describe('refusals that change nothing', () => {
  it('a signature needs consent, the box ticked, and the very document stored', async () => {
    const { leaseId, renter } = await sentLease()
    const actor = await actorOf(db(), renter)
    const view = await findLease(db(), { leaseId, viewer: as(renter) })
    const sign = (input: unknown) => codeOf(signLease(t.services, { leaseId, actor, input }))
    expect(await sign({ typedName: 'Renter', confirm: true, documentSha256: view.document!.sha256 })).toMatch(
      /^conflict: Agree to sign electronically first/,
    )
    await consentToSign(t.services, { leaseId, actor, given: true, input: { agree: true } })
    expect(await sign({ typedName: 'Renter', confirm: false, documentSha256: view.document!.sha256 })).toMatch(/^invalid: .*Tick the box/)
    expect(await sign({ typedName: 'Renter', confirm: true, documentSha256: 'a'.repeat(64) })).toMatch(
      /^conflict: The lease changed since you opened it/,
    )
    expect(await sign({ typedName: '', confirm: true, documentSha256: view.document!.sha256 })).toMatch(/^invalid:/)
    const signatures = await db().select().from(leaseSignature).where(eq(leaseSignature.leaseId, leaseId))
    expect(signatures).toHaveLength(0)
    expect((await findLease(db(), { leaseId, viewer: as(renter) })).state).toBe('sent')
  })

  it('a deposit beyond the state’s limit is refused and the draft stays as it was; a late fee beyond its cap too', async () => {
    const parties = await approvedApplication(t, listings, { state: 'PA' })
    const landlord = await actorOf(db(), parties.owner)
    const row = await createLease(t.services, { actor: landlord, input: { applicationId: parties.applicationId } })
    const before = await findLease(db(), { leaseId: row.id, viewer: as(parties.owner) })
    const save = (change: object) =>
      codeOf(saveLeaseTerms(t.services, { leaseId: row.id, actor: landlord, input: { ...terms(before), ...change } }))
    expect(await save({ depositCents: terms(before).rentCents * 3 })).toMatch(/^invalid: /)
    const after = await findLease(db(), { leaseId: row.id, viewer: as(parties.owner) })
    expect(after.draftTerms).toEqual(before.draftTerms)
    expect(after.events.filter((event) => event.action === 'edited')).toHaveLength(0)
    expect(await save({ endDate: '2026-01-01' })).toMatch(/^invalid: .*The end date must come after the start date/)
    expect(await save({ rentCents: -5 })).toMatch(/^invalid:/)
    expect(await save({ tenants: [] })).toMatch(/^invalid: .*Name at least one tenant/)
  })

  it('only an approved application makes a lease, and asking twice opens the same draft', async () => {
    const parties = await approvedApplication(t, listings)
    const landlord = await actorOf(db(), parties.owner)
    const first = await createLease(t.services, { actor: landlord, input: { applicationId: parties.applicationId } })
    const again = await createLease(t.services, { actor: landlord, input: { applicationId: parties.applicationId } })
    expect(again.id).toBe(first.id)
    expect(
      await codeOf(
        createLease(t.services, { actor: await actorOf(db(), parties.renter), input: { applicationId: parties.applicationId } }),
      ),
    ).toMatch(/^not-found/)
  })
})

describe('versions, declines, voids and expiry', () => {
  it('a change to a sent lease voids what was sent: the old signature no longer counts and the old document cannot be signed', async () => {
    const { leaseId, renter, owner, landlord } = await sentLease()
    const first = await findLease(db(), { leaseId, viewer: as(renter) })
    await consentAndSign(t, leaseId, renter)
    const draft = await findLease(db(), { leaseId, viewer: as(owner) })
    await saveLeaseTerms(t.services, {
      leaseId,
      actor: landlord,
      input: { ...terms(draft), rentCents: terms(draft).rentCents - 5000, depositCents: terms(draft).rentCents - 5000 },
    })
    const changed = await findLease(db(), { leaseId, viewer: as(renter) })
    expect(changed.state).toBe('draft')
    expect(changed.version).toBe(2)
    expect(changed.actions).toEqual([])
    await sendLease(t.services, { leaseId, actor: landlord })
    const second = await findLease(db(), { leaseId, viewer: as(renter) })
    expect(second.document!.sha256).not.toBe(first.document!.sha256)
    expect(second.signers.every((signer) => signer.signedAt === null)).toBe(true)
    const actor = await actorOf(db(), renter)
    expect(
      await codeOf(
        signLease(t.services, { leaseId, actor, input: { typedName: 'Renter', confirm: true, documentSha256: first.document!.sha256 } }),
      ),
    ).toMatch(/^conflict: The lease changed/)
    expect(second.versions.map((version) => version.version)).toEqual([1, 2])
    await t.services.jobs.runUntilIdle()
    expect(
      t.mail.messages.some((mail) => mail.to.includes(renter.email) && mail.subject.startsWith('A lease you were sent has changed')),
    ).toBe(true)
  })

  it('a tenant declines with a reason; the landlord voids another; an unsigned lease expires after 14 days', async () => {
    const declined = await sentLease()
    expect(
      await codeOf(
        declineLease(t.services, { leaseId: declined.leaseId, actor: await actorOf(db(), declined.second), input: { reason: '' } }),
      ),
    ).toMatch(/^invalid: .*Say why/)
    const row = await declineLease(t.services, {
      leaseId: declined.leaseId,
      actor: await actorOf(db(), declined.second),
      input: { reason: 'The move-in date no longer works.' },
    })
    expect(row.state).toBe('declined')
    expect(await codeOf(consentAndSign(t, declined.leaseId, declined.renter))).toMatch(/^conflict/)

    const voided = await sentLease()
    expect(
      (await voidLease(t.services, { leaseId: voided.leaseId, actor: voided.landlord, input: { reason: 'Wrong unit number.' } })).state,
    ).toBe('voided')
    expect(await codeOf(voidLease(t.services, { leaseId: voided.leaseId, actor: voided.landlord, input: { reason: 'Again.' } }))).toMatch(
      /^conflict/,
    )

    const late = await sentLease()
    const [sent] = await db().select({ expiresAt: lease.expiresAt, sentAt: lease.sentAt }).from(lease).where(eq(lease.id, late.leaseId))
    expect(sent!.expiresAt!.getTime() - sent!.sentAt!.getTime()).toBe(14 * 86_400_000)
    await expireLeases(t.services, new Date(sent!.expiresAt!.getTime() - 1000))
    expect((await findLease(db(), { leaseId: late.leaseId, viewer: as(late.renter) })).state).toBe('sent')
    expect(await expireLeases(t.services, new Date(sent!.expiresAt!.getTime() + 1000))).toBeGreaterThanOrEqual(1)
    expect((await findLease(db(), { leaseId: late.leaseId, viewer: as(late.renter) })).state).toBe('expired')
  })
})

describe('the signed record', () => {
  async function signedLease() {
    const parties = await sentLease()
    for (const person of [parties.renter, parties.second, parties.owner] as Person[]) await consentAndSign(t, parties.leaseId, person)
    return parties
  }

  it('a fully signed lease, its versions, signatures and events can be neither changed nor deleted, even directly', async () => {
    const { leaseId } = await signedLease()
    const attempts = [
      db().update(lease).set({ state: 'voided' }).where(eq(lease.id, leaseId)),
      db().delete(lease).where(eq(lease.id, leaseId)),
      db()
        .update(leaseVersion)
        .set({ sha256: 'f'.repeat(64) })
        .where(eq(leaseVersion.leaseId, leaseId)),
      db().delete(leaseVersion).where(eq(leaseVersion.leaseId, leaseId)),
      db().update(leaseSignature).set({ typedName: 'Someone else' }).where(eq(leaseSignature.leaseId, leaseId)),
      db().delete(leaseSignature).where(eq(leaseSignature.leaseId, leaseId)),
      db().update(leaseEvent).set({ reason: 'rewritten' }).where(eq(leaseEvent.leaseId, leaseId)),
      db().delete(leaseEvent).where(eq(leaseEvent.leaseId, leaseId)),
      db().update(leaseSigner).set({ email: 'x@example.com' }).where(eq(leaseSigner.leaseId, leaseId)),
      db().execute(sql`truncate lease_event`),
      // Nothing is added to it either: no signer, no version, no second seal, no consent.
      db()
        .insert(leaseSigner)
        .values({ leaseId, version: 1, role: 'tenant', position: 9, name: 'Added Later', email: 'later@example.com' }),
      db().execute(
        sql`insert into lease_version (lease_id, version, terms, document, pdf, sha256, rendered_at) select lease_id, 2, terms, document, pdf, sha256, rendered_at from lease_version where lease_id = ${leaseId}`,
      ),
      db().execute(
        sql`insert into lease_seal (lease_id, version, pdf, sha256, document_sha256, sealed_at) values (${leaseId}, 1, '\\x00', ${'c'.repeat(64)}, ${'c'.repeat(64)}, now())`,
      ),
      db().execute(
        sql`insert into lease_consent (lease_id, email, user_id, given, disclosure_version) values (${leaseId}, 'later@example.com', 'x', true, 'v')`,
      ),
    ]
    for (const attempt of attempts) expect(await codeOf(attempt)).not.toBe('ok')
    expect(await db().select().from(leaseSigner).where(eq(leaseSigner.leaseId, leaseId))).toHaveLength(3)
    const [kept] = await db().select({ state: lease.state }).from(lease).where(eq(lease.id, leaseId))
    expect(kept!.state).toBe('fully_signed')
  })

  it('the database refuses a signature over any document but the one stored', async () => {
    const { leaseId, renter } = await sentLease()
    const actor = await actorOf(db(), renter)
    await consentToSign(t.services, { leaseId, actor, given: true, input: { agree: true } })
    const [signer] = await db()
      .select()
      .from(leaseSigner)
      .where(and(eq(leaseSigner.leaseId, leaseId), eq(leaseSigner.email, renter.email)))
    const insert = (documentSha256: string) =>
      db()
        .insert(leaseSignature)
        .values({ leaseId, version: 1, signerId: signer!.id, userId: renter.id, typedName: 'R', documentSha256, signInMethod: 'password' })
    expect(await codeOf(insert('b'.repeat(64)))).not.toBe('ok')
    expect(await db().select().from(leaseSignature).where(eq(leaseSignature.leaseId, leaseId))).toHaveLength(0)
  })

  it('a correction is an amendment, signed the same way; the lease it amends stays as signed', async () => {
    const { leaseId, owner, landlord, renter, second } = await signedLease()
    const before = await findLease(db(), { leaseId, viewer: as(owner) })
    const amendment = await amendLease(t.services, { leaseId, actor: landlord })
    expect(amendment.kind).toBe('amendment')
    expect(await codeOf(sendLease(t.services, { leaseId: amendment.id, actor: landlord }))).toMatch(
      /^invalid: Say what the amendment changes/,
    )
    await saveAmendmentText(t.services, {
      leaseId: amendment.id,
      actor: landlord,
      text: 'The tenants may keep one cat from April 1, 2027.',
    })
    await sendLease(t.services, { leaseId: amendment.id, actor: landlord })
    const sent = await findLease(db(), { leaseId: amendment.id, viewer: as(renter) })
    expect(sent.document!.html).toContain('one cat')
    for (const person of [renter, second, owner]) await consentAndSign(t, amendment.id, person)
    expect((await findLease(db(), { leaseId: amendment.id, viewer: as(renter) })).state).toBe('fully_signed')
    const after = await findLease(db(), { leaseId, viewer: as(owner) })
    expect(after.seal).toEqual(before.seal)
    expect(after.document).toEqual(before.document)
    expect(await codeOf(saveLeaseTerms(t.services, { leaseId, actor: landlord, input: before.versions }))).not.toBe('ok')
  })
})
