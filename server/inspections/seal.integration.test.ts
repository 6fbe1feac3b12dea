// The signed inspection sealed as the lease is, on the real services and database (PGlite and
// PostgreSQL): the served PDF is the signed document with the certificate of completion appended, its
// SHA-256 is recognised by the verify check and a changed copy is not; a consent given for the inspection
// is withdrawn before signing, told, and keeps its party from signing until they agree again; and the
// database refuses a seal out of turn, a signed state without a seal, and a withdrawal after signing.
import { createHash } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InspectionKind } from '#common/inspections/vocabulary.ts'
import { inspection, user } from '#server/db/schema.ts'
import {
  consentToSignInspection,
  deleteRoom,
  findInspection,
  findInspectionFile,
  findInspectionPdf,
  saveItem,
  sendForSignature,
  signInspection,
  startInspection,
  withdrawInspectionConsent,
} from '#server/inspections/index.server.ts'
import { certificateTime } from '#server/leases/certificate.server.ts'
import { verifyLeaseHash } from '#server/leases/index.server.ts'
import { signAs, signedLease, viewerOf } from '#tests/support/inspection-process.ts'
import { actorOf, publishLeaseTemplate } from '#tests/support/lease-process.ts'
import { listingFactory, type Person } from '#tests/support/listings.ts'
import { pdfPageTexts } from '#tests/support/pdf-text.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

let t: TestServices
let listings: ReturnType<typeof listingFactory>
const db = () => t.services.database.db
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

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
    (e: { code?: string; message: string }) => `${e.code ?? ''}: ${e.message}`,
  )
}

const view = async (leaseId: number, kind: InspectionKind, person: Person) =>
  (await findInspection(db(), { leaseId, kind, viewer: viewerOf(person) }))!

/** The move-in started by `person`, cut down to two rooms with every item recorded, sent for signature. */
async function sentForSignature(leaseId: number, person: Person) {
  const actor = await actorOf(db(), person)
  const kind = 'move_in'
  await startInspection(t.services, { leaseId, kind, actor })
  const [living, ...others] = (await view(leaseId, kind, person)).rooms
  for (const room of others.slice(1)) await deleteRoom(t.services, { leaseId, kind, actor, roomId: room.id })
  for (const item of living!.items) {
    await saveItem(t.services, { leaseId, kind, actor, itemId: item.id, input: { condition: 'good', notes: 'Clean' } })
  }
  for (const room of others.slice(0, 1)) {
    for (const item of room.items) await saveItem(t.services, { leaseId, kind, actor, itemId: item.id, input: { condition: 'fair' } })
  }
  await sendForSignature(t.services, { leaseId, kind, actor })
  return (await view(leaseId, kind, person)).document!
}

/** What the database answers a statement: 'ok', or its refusal in its own words. */
const refusedSql = (statement: ReturnType<typeof sql>) =>
  db()
    .execute(statement)
    .then(
      () => 'ok',
      (e: { message: string; cause?: { message?: string } }) => e.cause?.message ?? e.message,
    )

describe('a signed inspection sealed with its certificate', () => {
  it('serves the signed document with a certificate naming both signers, whose hash the verify check recognises', async () => {
    const { owner, renter, leaseId } = await signedLease(t, listings)
    const frozen = await sentForSignature(leaseId, owner)
    const before = await findInspectionPdf(db(), { leaseId, kind: 'move_in', viewer: viewerOf(renter) })
    expect([before.sha256, before.fileName]).toEqual([frozen.sha256, `lease-${leaseId}-move-in-inspection.pdf`])
    // Not sealed before everyone signed, even by direct SQL; nor signed without a seal.
    const [row] = await db().select().from(inspection).where(eq(inspection.leaseId, leaseId))
    expect(
      await refusedSql(
        sql`insert into inspection_seal (inspection_id, revision, pdf, sha256, document_sha256, sealed_at)
            values (${row!.id}, ${row!.revision}, '\\x00', repeat('a', 64), ${frozen.sha256}, now())`,
      ),
    ).toMatch(/sealed only once every party has signed/)
    await signAs(t, leaseId, 'move_in', renter, 'Renter Person')
    expect(await refusedSql(sql`update inspection set state = 'signed' where id = ${row!.id}`)).toMatch(/signed only with its seal/)
    await signAs(t, leaseId, 'move_in', owner, 'Owner Person')

    const signed = await view(leaseId, 'move_in', renter)
    const pdf = await findInspectionPdf(db(), { leaseId, kind: 'move_in', viewer: viewerOf(renter) })
    expect(pdf.fileName).toBe(`lease-${leaseId}-move-in-inspection-signed.pdf`)
    expect(pdf.sha256).toBe(sha256(pdf.bytes))
    expect(signed.document!.sealedSha256).toBe(pdf.sha256)
    // The signed document, byte for byte, then the certificate after its pages.
    const documentLength = before.bytes.length
    expect(Buffer.compare(Buffer.from(pdf.bytes.subarray(0, documentLength)), Buffer.from(before.bytes))).toBe(0)
    const documentPages = (await PDFDocument.load(before.bytes)).getPageCount()
    const pages = await pdfPageTexts(pdf.bytes)
    const certificate = pages.slice(documentPages)
    expect(certificate.length).toBeGreaterThan(0)
    expect(certificate[0]).toContain('Certificate of completion')
    expect(certificate.at(-1)!.at(-1)).toBe(`Certificate page ${certificate.length} of ${certificate.length}`)
    const text = certificate.flat().join('\n')
    // Long values (hashes, titles, browsers) wrap: compare without spaces and line breaks.
    const squeezed = text.replace(/\s+/g, '')
    const has = (value: string) => expect(squeezed).toContain(value.replace(/\s+/g, ''))
    const [landlordParty, tenantParty] = signed.parties
    expect(text).toContain('Signers (2)')
    expect(text).toContain(`1. ${landlordParty!.name} (landlord)`)
    expect(text).toContain(`2. ${tenantParty!.name} (tenant)`)
    // Each signer's values, in the order of their rows (the labels are drawn first).
    has(`/s/ Owner Person ${owner.email} password The lease (that consent covers its inspections)`)
    has(`/s/ Renter Person ${renter.email} password The lease (that consent covers its inspections)`)
    has(`Move-in inspection of ${signed.address}, revision 1`)
    has(frozen.sha256)
    has(`${certificateTime(new Date(tenantParty!.signedAt!))} 203.0.113.7 Mozilla/5.0 (test) ${frozen.sha256} Yes`)
    has('Cooper Home: Signed by everyone')
    has('kept with the inspection by Cooper Home')
    expect(text).not.toContain('No: this signer saw another document')

    // The verify check: the sealed file is this signed move-in; the document as sent is recognised as such.
    expect(await findInspectionFile(db(), pdf.sha256)).toEqual({
      kind: 'move_in',
      address: signed.address,
      file: 'sealed',
      revision: 1,
      signers: [
        { name: expect.any(String), role: 'tenant', signedAt: signed.parties[1]!.signedAt },
        { name: expect.any(String), role: 'landlord', signedAt: signed.parties[0]!.signedAt },
      ],
      sealedAt: expect.any(String),
    })
    expect((await findInspectionFile(db(), frozen.sha256))?.file).toBe('sent')
    expect(await verifyLeaseHash(db(), pdf.sha256)).toBe(false)
    // A copy changed by one byte, or cut short, is none of ours.
    const tampered = new Uint8Array(pdf.bytes)
    const at = Math.floor(documentLength / 2)
    tampered[at] = tampered[at]! ^ 1
    expect(await findInspectionFile(db(), sha256(tampered))).toBeNull()
    expect(await findInspectionFile(db(), sha256(pdf.bytes.subarray(0, pdf.bytes.length - 1)))).toBeNull()

    // The seal is kept for good.
    for (const statement of [
      sql`update inspection_seal set sha256 = repeat('0', 64) where inspection_id = ${row!.id}`,
      sql`delete from inspection_seal where inspection_id = ${row!.id}`,
      sql`truncate inspection_seal`,
      sql`insert into inspection_seal (inspection_id, revision, pdf, sha256, document_sha256, sealed_at)
          values (${row!.id}, ${row!.revision}, '\\x00', repeat('a', 64), ${frozen.sha256}, now())`,
    ]) {
      expect(await refusedSql(statement)).not.toBe('ok')
    }
    expect((await findInspectionPdf(db(), { leaseId, kind: 'move_in', viewer: viewerOf(owner) })).sha256).toBe(pdf.sha256)
  })
})

describe('withdrawing a consent given for the inspection', () => {
  it('is for a party who consented for this inspection and has not signed; they sign only after agreeing again', async () => {
    const { owner, renter, leaseId } = await signedLease(t, listings)
    // The landlord's account now has another e-mail than the one that consented for the lease: the lease's
    // consent is not theirs any more, so they agree for the inspection itself.
    const landlordPerson = { id: owner.id, email: `moved-${owner.email}` }
    await db().update(user).set({ email: landlordPerson.email }).where(eq(user.id, owner.id))
    const landlord = await actorOf(db(), landlordPerson)
    const tenant = await actorOf(db(), renter)
    const kind = 'move_in'
    await sentForSignature(leaseId, renter)
    const step = { leaseId, kind } as const
    const [row] = await db().select().from(inspection).where(eq(inspection.leaseId, leaseId))

    expect((await view(leaseId, kind, landlordPerson)).actions).toEqual(['reopen', 'consent'])
    expect(await codeOf(signAs(t, leaseId, kind, landlordPerson))).toBe('conflict: Agree to sign electronically first.')
    // Nothing to withdraw: nothing changes. The tenant's consent is the lease's: not withdrawn here.
    await withdrawInspectionConsent(t.services, { ...step, actor: landlord })
    expect((await view(leaseId, kind, landlordPerson)).events.map((event) => event.action)).not.toContain('consent_withdrawn')
    expect(await codeOf(withdrawInspectionConsent(t.services, { ...step, actor: tenant }))).toMatch(
      /^conflict: You agreed to sign electronically when you signed the lease/,
    )

    await consentToSignInspection(t.services, { ...step, actor: landlord, input: { agree: true } })
    const consented = await view(leaseId, kind, landlordPerson)
    expect([consented.consentSource, consented.actions]).toEqual(['inspection', ['reopen', 'sign', 'withdraw_consent']])
    await withdrawInspectionConsent(t.services, { ...step, actor: landlord })
    const withdrawn = await view(leaseId, kind, landlordPerson)
    expect([withdrawn.consentSource, withdrawn.actions]).toEqual([null, ['reopen', 'consent']])
    expect(withdrawn.events.at(-1)).toMatchObject({ action: 'consent_withdrawn', actor: expect.any(String) })
    expect(await codeOf(signAs(t, leaseId, kind, landlordPerson))).toBe('conflict: Agree to sign electronically first.')
    await t.services.jobs.runUntilIdle()
    const told = t.mail.messages.filter((mail) => mail.to.includes(renter.email) && mail.text.includes('withdrew their consent'))
    expect(told).toHaveLength(1)
    expect(told[0]!.text).toContain('cannot sign it until they agree again')
    expect(t.mail.messages.some((mail) => mail.to.includes(landlordPerson.email) && mail.text.includes('withdrew'))).toBe(false)

    // Agreeing again, then signing: a signer cannot withdraw, through the site or by direct SQL.
    await consentToSignInspection(t.services, { ...step, actor: landlord, input: { agree: true } })
    await signAs(t, leaseId, kind, landlordPerson, 'Owner Person')
    expect(await codeOf(withdrawInspectionConsent(t.services, { ...step, actor: landlord }))).toBe(
      'conflict: You have signed already: withdrawing consent does not undo a signature.',
    )
    expect(
      await refusedSql(
        sql`insert into inspection_consent (inspection_id, email, user_id, given, disclosure_version)
            values (${row!.id}, ${landlordPerson.email}, ${owner.id}, false, 'v1')`,
      ),
    ).toMatch(/a signer cannot withdraw consent/)
    await signInspection(t.services, {
      ...step,
      actor: tenant,
      input: { typedName: 'Renter Person', confirm: true, documentSha256: consented.document!.sha256 },
    })
    expect(await codeOf(withdrawInspectionConsent(t.services, { ...step, actor: landlord }))).toMatch(
      /^conflict: This inspection is signed by everyone already/,
    )

    // The certificate names the landlord's consent as this inspection's, and the withdrawal among the events.
    const pdf = await findInspectionPdf(db(), { leaseId, kind, viewer: viewerOf(renter) })
    const text = (await pdfPageTexts(pdf.bytes)).flat().join('\n')
    expect(text).toContain('This inspection')
    expect(text).toContain('The lease (that consent covers its inspections)')
    expect(text).toContain('Withdrew consent to sign electronically')
    expect((await findInspectionFile(db(), pdf.sha256))?.signers.map((signer) => signer.role)).toEqual(['landlord', 'tenant'])
  })
})
