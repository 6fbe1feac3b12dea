// Co-applicants on the real services and database (PGlite and PostgreSQL): the renter invites an adult
// by e-mail, the invitee joins with their own account and reusable application, the landlord reads them
// and counts their income; who may invite, who may join, and who still sees nothing.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { incomeToRent } from '#common/applications/criteria.ts'
import type { RenterProfile } from '#common/applications/profile.ts'
import { MAX_CO_APPLICANTS } from '#common/applications/vocabulary.ts'
import {
  acceptInvite,
  applyToListing,
  changeApplication,
  findApplication,
  findInvite,
  inviteCoApplicant,
  listListingApplications,
  saveRenterProfile,
} from '#server/applications/index.server.ts'
import { applicationDocument, applicationEvent, applicationInvite, privateDocument } from '#server/db/schema.ts'
import { completeRenterProfile, jobPaying } from '#tests/support/applications.ts'
import { listingFactory, type Person } from '#tests/support/listings.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

let t: TestServices
let listings: ReturnType<typeof listingFactory>
const db = () => t.services.database.db

beforeAll(async () => {
  t = await createTestServices()
  listings = listingFactory(db())
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

/** A complete reusable application earning $3,000 a month, with no one else and no pets. */
const completeProfile = (overrides: Partial<RenterProfile> = {}) =>
  completeRenterProfile({ employment: [jobPaying(300_000)], occupants: [], pets: [], ...overrides })

async function personWithProfile(overrides: Partial<RenterProfile> = {}) {
  const person = await listings.renter()
  await saveRenterProfile(t.services, { userId: person.id, profile: completeProfile(overrides) })
  return person
}

/** A renter's open application for a landlord's home. */
async function openApplication() {
  const owner = await listings.landlord()
  const home = await listings.create({ ownerId: owner.id, title: 'Row house on Delaware Avenue' })
  const renter = await personWithProfile()
  const row = await applyToListing(t.services, {
    renterId: renter.id,
    listingId: home.id,
    input: { moveInDate: '2027-01-15', leaseMonths: '12', note: '' },
  })
  return { owner, home, renter, applicationId: row.id }
}

/** Invites `person` and reads the token from the invitation mail, as they would. */
async function invite(applicationId: number, renter: Person, person: Person) {
  await inviteCoApplicant(t.services, { applicationId, renterId: renter.id, email: person.email.toUpperCase(), ipAddress: '203.0.113.4' })
  await t.services.jobs.runUntilIdle()
  const mail = t.mail.messages.filter((m) => m.to.includes(person.email)).at(-1)
  const token = mail?.text.match(/\/applications\/join\/([A-Za-z0-9_-]{43})/)?.[1]
  return { mail: mail!, token: token! }
}

describe('co-applicants', () => {
  it('an invitee joins with their own application: the landlord reads it and the household income counts it', async () => {
    const { owner, renter, applicationId } = await openApplication()
    const partner = await personWithProfile({
      legalName: 'Sam Rivera',
      employment: [],
      otherIncome: [{ source: 'Housing voucher', monthlyCents: 150_000 }],
    })
    const [document] = await db()
      .insert(privateDocument)
      .values({
        ownerId: partner.id,
        kind: 'pay_slip',
        fileName: 'voucher.pdf',
        contentType: 'application/pdf',
        byteSize: 10,
        sha256: 'x'.repeat(64),
      })
      .returning({ id: privateDocument.id })
    await saveRenterProfile(t.services, {
      userId: partner.id,
      profile: completeProfile({
        legalName: 'Sam Rivera',
        employment: [],
        otherIncome: [{ source: 'Housing voucher', monthlyCents: 150_000 }],
        documentIds: [document!.id],
      }),
    })
    const { token } = await invite(applicationId, renter, partner)
    expect((await findInvite(db(), { token, viewerId: partner.id })).viewer).toEqual({ isAddressee: true, missing: [] })

    await acceptInvite(t.services, { token, userId: partner.id, ipAddress: '203.0.113.5' })
    const seen = await findApplication(db(), { applicationId, viewerId: owner.id })
    expect(seen.coApplicants).toHaveLength(1)
    expect(seen.coApplicants[0]).toMatchObject({ name: 'Sam Rivera', joined: true, email: null, monthlyIncomeCents: 150_000 })
    expect(seen.coApplicants[0]!.snapshot?.legalName).toBe('Sam Rivera')
    expect(seen.monthlyIncomeCents).toBe(450_000)
    expect(seen.incomeToRent).toBe(incomeToRent(450_000, seen.listing.rentCents))
    expect(seen.incomeToRent).toBeGreaterThan(incomeToRent(300_000, seen.listing.rentCents)!)
    expect(seen.documentList.map((d) => d.id)).toContain(document!.id)
    expect(seen.events.map((e) => e.action)).toEqual(['submitted', 'co_applicant_invited', 'co_applicant_joined'])
    const review = await listListingApplications(db(), { listingId: seen.listing.id, ownerId: owner.id })
    expect(review.applications[0]!.monthlyIncomeCents).toBe(450_000)

    const asPartner = await findApplication(db(), { applicationId, viewerId: partner.id })
    expect(asPartner).toMatchObject({ viewerRole: 'co_applicant', actions: [], snapshot: null })
    expect(asPartner.coApplicants[0]!.snapshot?.legalName).toBe('Sam Rivera')
    expect(asPartner.documentList.map((d) => d.id)).toEqual([document!.id])
    expect((await findApplication(db(), { applicationId, viewerId: renter.id })).coApplicants[0]!.email).toBe(partner.email)
    // A co-applicant reads; they take no step on the application.
    expect(await codeOf(changeApplication(t.services, { applicationId, actorId: partner.id, action: 'withdrawn', input: {} }))).toMatch(
      /^not-found/,
    )

    await t.services.jobs.runUntilIdle()
    for (const party of [renter, owner]) {
      expect(t.mail.messages.filter((m) => m.to.includes(party.email) && /co-applicant joined/i.test(m.subject))).toHaveLength(1)
    }
  })

  it('the invitation mail holds the join link; the database holds only the token’s hash', async () => {
    const { renter, applicationId } = await openApplication()
    const partner = await listings.renter()
    const { mail, token } = await invite(applicationId, renter, partner)
    expect(mail.text).toContain(`http://localhost:3000/applications/join/${token}`)
    expect(mail.subject).toContain('Row house on Delaware Avenue')
    const [row] = await db().select().from(applicationInvite).where(eq(applicationInvite.applicationId, applicationId))
    expect(row!.email).toBe(partner.email.toLowerCase())
    expect(JSON.stringify(row)).not.toContain(token)
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(6.9 * 86_400_000)
    // Until they join, an incomplete application of theirs is what the page shows missing.
    expect((await findInvite(db(), { token, viewerId: partner.id })).viewer).toEqual({ isAddressee: true, missing: null })
    expect(await codeOf(acceptInvite(t.services, { token, userId: partner.id }))).toMatch(/^invalid/)
  })

  it('another account is refused, and the invitation stays for its addressee', async () => {
    const { renter, owner, applicationId } = await openApplication()
    const partner = await personWithProfile()
    const { token } = await invite(applicationId, renter, partner)
    const other = await personWithProfile()
    expect(await codeOf(acceptInvite(t.services, { token, userId: other.id }))).toBe(
      'forbidden: This invitation was sent to another e-mail address.',
    )
    expect(await codeOf(acceptInvite(t.services, { token, userId: owner.id }))).toMatch(/^forbidden/)
    expect(await codeOf(acceptInvite(t.services, { token, userId: partner.id }))).toBe('ok')
  })

  it('an expired, used, replaced or unknown token is no longer valid', async () => {
    const { renter, applicationId } = await openApplication()
    const partner = await personWithProfile()
    const late = await personWithProfile()
    const { token } = await invite(applicationId, renter, partner)
    const { token: lateToken } = await invite(applicationId, renter, late)
    const invalid = 'not-found: This invitation is no longer valid.'
    expect(await codeOf(acceptInvite(t.services, { token: lateToken, userId: late.id, now: new Date(Date.now() + 8 * 86_400_000) }))).toBe(
      invalid,
    )
    expect(await codeOf(acceptInvite(t.services, { token, userId: partner.id }))).toBe('ok')
    expect(await codeOf(acceptInvite(t.services, { token, userId: partner.id }))).toBe(invalid)
    expect(await codeOf(acceptInvite(t.services, { token: 'x'.repeat(43), userId: partner.id }))).toBe(invalid)
    expect(await codeOf(findInvite(db(), { token, viewerId: partner.id }))).toBe(invalid)
    // Invited again, the old link stops working and the new one works.
    const { token: fresh } = await invite(applicationId, renter, late)
    expect(await codeOf(acceptInvite(t.services, { token: lateToken, userId: late.id }))).toBe(invalid)
    expect(await codeOf(acceptInvite(t.services, { token: fresh, userId: late.id }))).toBe('ok')
    const joined = await db().select().from(applicationEvent).where(eq(applicationEvent.applicationId, applicationId))
    expect(joined.filter((e) => e.action === 'co_applicant_joined')).toHaveLength(2)
  })

  it('refuses a fifth co-applicant, the renter’s own or the landlord’s address, anyone but the renter, and a closed application', async () => {
    const { renter, owner, applicationId } = await openApplication()
    const inviteAs = (renterId: string, email: string) => codeOf(inviteCoApplicant(t.services, { applicationId, renterId, email }))
    for (let index = 0; index < MAX_CO_APPLICANTS; index += 1) {
      expect(await inviteAs(renter.id, `adult${index}-${applicationId}@example.com`)).toBe('ok')
    }
    expect(await inviteAs(renter.id, `fifth-${applicationId}@example.com`)).toMatch(/^conflict: An application has at most 4/)
    expect(await inviteAs(renter.id, renter.email)).toBe('invalid: That is your own e-mail address.')
    expect(await inviteAs(renter.id, owner.email.toUpperCase())).toBe('invalid: That is the landlord’s e-mail address.')
    expect(await inviteAs(renter.id, 'not an address')).toMatch(/^invalid/)
    expect(await inviteAs(owner.id, `x-${applicationId}@example.com`)).toMatch(/^forbidden/)
    expect(await inviteAs((await listings.renter()).id, `y-${applicationId}@example.com`)).toMatch(/^not-found/)

    const other = await openApplication()
    await changeApplication(t.services, { applicationId: other.applicationId, actorId: other.renter.id, action: 'withdrawn', input: {} })
    const closed = await codeOf(
      inviteCoApplicant(t.services, { applicationId: other.applicationId, renterId: other.renter.id, email: 'z@example.com' }),
    )
    expect(closed).toMatch(/^conflict/)
  })

  it('a third person and a pending invitee find no application; joining attaches nothing else', async () => {
    const { renter, applicationId } = await openApplication()
    const pending = await personWithProfile()
    const { token } = await invite(applicationId, renter, pending)
    for (const stranger of [pending, await listings.renter(), await listings.landlord(), await listings.admin()]) {
      expect(await codeOf(findApplication(db(), { applicationId, viewerId: stranger.id }))).toMatch(/^not-found/)
    }
    expect((await findApplication(db(), { applicationId, viewerId: renter.id })).coApplicants).toMatchObject([{ joined: false }])
    await acceptInvite(t.services, { token, userId: pending.id })
    expect((await findApplication(db(), { applicationId, viewerId: pending.id })).viewerRole).toBe('co_applicant')
    expect(await db().select().from(applicationDocument).where(eq(applicationDocument.applicationId, applicationId))).toEqual([])
  })
})
