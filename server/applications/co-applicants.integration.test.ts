// Co-applicants on the real services and database (PGlite and PostgreSQL): the renter invites an adult
// by e-mail, the invitee joins with their own account and reusable application, the landlord reads them
// and counts their income; who may invite, who may join, and who still sees nothing.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { incomeToRent } from '#common/applications/criteria.ts'
import type { RenterProfile } from '#common/applications/profile.ts'
import { MAX_CO_APPLICANTS } from '#common/applications/vocabulary.ts'
import {
  acceptInvite,
  APPLICATION_INVITE_JOB,
  applyToListing,
  changeApplication,
  findApplication,
  findInvite,
  inviteCoApplicant,
  listListingApplications,
  removeCoApplicant,
  saveCriteria,
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

/** A renter's open application with `occupants` listed, judged by criteria allowing at most `maxOccupants`. */
async function openApplicationWithCriteria({ maxOccupants, occupants }: { maxOccupants: number; occupants: RenterProfile['occupants'] }) {
  const owner = await listings.landlord()
  const home = await listings.create({ ownerId: owner.id, title: 'Flat on King Street' })
  await saveCriteria(t.services, { ownerId: owner.id, listingId: home.id, input: { petPolicy: 'any', maxOccupants, accepting: 'on' } })
  const renter = await personWithProfile({ occupants })
  const row = await applyToListing(t.services, {
    renterId: renter.id,
    listingId: home.id,
    input: { moveInDate: '2027-01-15', leaseMonths: '12', note: '' },
  })
  return { owner, home, renter, applicationId: row.id }
}

/** Invites `person` (with a complete application of their own) and joins them. */
async function join(applicationId: number, renter: Person, person: Person) {
  const { token } = await invite(applicationId, renter, person)
  await acceptInvite(t.services, { token, userId: person.id })
  return token
}

const mailsTo = (person: Person, subject: RegExp) => t.mail.messages.filter((m) => m.to.includes(person.email) && subject.test(m.subject))

describe('co-applicants leaving and removed', () => {
  it('a co-applicant leaves: their application and documents go, they find nothing, both parties see the event', async () => {
    const { owner, renter, applicationId } = await openApplication()
    const partner = await personWithProfile({ legalName: 'Sam Rivera' })
    const [document] = await db()
      .insert(privateDocument)
      .values({ ownerId: partner.id, kind: 'id', fileName: 'id.pdf', contentType: 'application/pdf', byteSize: 10, sha256: 'y'.repeat(64) })
      .returning({ id: privateDocument.id })
    await saveRenterProfile(t.services, {
      userId: partner.id,
      profile: completeProfile({ legalName: 'Sam Rivera', documentIds: [document!.id] }),
    })
    await join(applicationId, renter, partner)
    expect((await findApplication(db(), { applicationId, viewerId: owner.id })).monthlyIncomeCents).toBe(600_000)

    // The renter and the landlord cannot "leave"; a stranger finds nothing.
    expect(await codeOf(removeCoApplicant(t.services, { applicationId, userId: renter.id }))).toMatch(/^forbidden: Only a co-applicant/)
    expect(await codeOf(removeCoApplicant(t.services, { applicationId, userId: owner.id }))).toMatch(/^forbidden/)
    expect(await codeOf(removeCoApplicant(t.services, { applicationId, userId: (await listings.renter()).id }))).toMatch(/^not-found/)

    await removeCoApplicant(t.services, { applicationId, userId: partner.id, ipAddress: '203.0.113.6' })
    expect(await codeOf(findApplication(db(), { applicationId, viewerId: partner.id }))).toBe('not-found: No such application.')
    expect(await codeOf(removeCoApplicant(t.services, { applicationId, userId: partner.id }))).toMatch(/^not-found/)
    for (const party of [renter, owner]) {
      const seen = await findApplication(db(), { applicationId, viewerId: party.id })
      expect(seen.coApplicants).toEqual([])
      expect(seen.documentList).toEqual([])
      expect(seen.monthlyIncomeCents).toBe(300_000)
      expect(seen.events.at(-1)).toMatchObject({
        action: 'co_applicant_left',
        actor: 'Test renter',
        reason: 'Sam Rivera left the application.',
      })
    }
    await t.services.jobs.runUntilIdle()
    expect(mailsTo(renter, /co-applicant left/i)).toHaveLength(1)
  })

  it('the renter removes a joined co-applicant or withdraws an invitation; no one else may, and not once decided', async () => {
    const { owner, renter, applicationId } = await openApplication()
    const joined = await personWithProfile({ legalName: 'Jo Park' })
    const pending = await personWithProfile()
    await join(applicationId, renter, joined)
    const { token } = await invite(applicationId, renter, pending)
    const [joinedInvite, pendingInvite] = (await findApplication(db(), { applicationId, viewerId: renter.id })).coApplicants
    const remove = (userId: string, inviteId: number) => codeOf(removeCoApplicant(t.services, { applicationId, userId, inviteId }))

    expect(await remove(owner.id, joinedInvite!.id)).toBe('forbidden: Only the applicant can remove a co-applicant.')
    expect(await remove(joined.id, pendingInvite!.id)).toBe('forbidden: Only the applicant can remove a co-applicant.')
    expect(await remove(renter.id, 999_999_999)).toMatch(/^conflict: That co-applicant is no longer/)
    expect((await findApplication(db(), { applicationId, viewerId: renter.id })).coApplicants).toHaveLength(2)

    expect(await remove(renter.id, pendingInvite!.id)).toBe('ok')
    expect(await codeOf(acceptInvite(t.services, { token, userId: pending.id }))).toBe('not-found: This invitation is no longer valid.')
    expect(await remove(renter.id, joinedInvite!.id)).toBe('ok')
    expect(await codeOf(findApplication(db(), { applicationId, viewerId: joined.id }))).toMatch(/^not-found/)
    const seen = await findApplication(db(), { applicationId, viewerId: owner.id })
    expect(seen.events.slice(-2).map((e) => [e.action, e.reason])).toEqual([
      ['co_applicant_removed', 'An invitation not yet accepted was withdrawn.'],
      ['co_applicant_removed', 'Jo Park was removed from the application.'],
    ])

    // Decided, the application keeps its co-applicants.
    const again = await personWithProfile()
    await join(applicationId, renter, again)
    await changeApplication(t.services, { applicationId, actorId: owner.id, action: 'approved', input: { homeTaken: 'off' } })
    const [still] = (await findApplication(db(), { applicationId, viewerId: renter.id })).coApplicants
    expect(await remove(renter.id, still!.id)).toMatch(/^conflict/)
    expect(await codeOf(removeCoApplicant(t.services, { applicationId, userId: again.id }))).toMatch(/^conflict/)
    expect((await findApplication(db(), { applicationId, viewerId: again.id })).viewerRole).toBe('co_applicant')
  })
})

describe('co-applicants told of changes', () => {
  it('a joined co-applicant gets the decline the renter gets, with the reasons, addressed to them as co-applicant', async () => {
    const { owner, renter, applicationId } = await openApplication()
    const partner = await personWithProfile()
    const pending = await personWithProfile()
    await join(applicationId, renter, partner)
    await invite(applicationId, renter, pending)
    await changeApplication(t.services, { applicationId, actorId: owner.id, action: 'review_started', input: {} })
    await changeApplication(t.services, {
      applicationId,
      actorId: owner.id,
      action: 'declined',
      input: { reasons: ['income'], text: 'The income is short of three times the rent.' },
    })
    await t.services.jobs.runUntilIdle()
    expect(mailsTo(partner, /being reviewed/)).toHaveLength(1)
    const [toRenter] = mailsTo(renter, /was declined/)
    const [toPartner] = mailsTo(partner, /was declined/)
    for (const mail of [toRenter!, toPartner!]) {
      expect(mail.text).toContain('- Income below the published criteria')
      expect(mail.text).toContain('No consumer report was used in this decision')
    }
    expect(toPartner!.text).toContain('You joined the application from Alex Q. Morgan as a co-applicant.')
    expect(toRenter!.text).not.toContain('co-applicant')
    expect(mailsTo(pending, /declined|reviewed/)).toEqual([])
  })

  it('the co-applicant hears of the renter’s own withdrawal, the landlord as before', async () => {
    const { owner, renter, applicationId } = await openApplication()
    const partner = await personWithProfile()
    await join(applicationId, renter, partner)
    await changeApplication(t.services, { applicationId, actorId: renter.id, action: 'withdrawn', input: {} })
    await t.services.jobs.runUntilIdle()
    expect(mailsTo(partner, /withdrew the application you joined/)).toHaveLength(1)
    expect(mailsTo(owner, /withdrew their application/)).toHaveLength(1)
    expect(mailsTo(renter, /withdrew/)).toEqual([])
  })
})

describe('the household', () => {
  it('occupancy counts the applicant, their occupants, each joined co-applicant and theirs', async () => {
    const child = { name: 'Kim Morgan', adult: false }
    const { owner, home, renter, applicationId } = await openApplicationWithCriteria({ maxOccupants: 3, occupants: [child] })
    const occupancy = async () =>
      (await findApplication(db(), { applicationId, viewerId: owner.id })).checks.find((c) => c.criterion === 'occupancy')
    expect(await occupancy()).toMatchObject({ met: true, detail: '2 people, the applicant included; at most 3' })
    await join(applicationId, renter, await personWithProfile({ occupants: [{ name: 'Lee Rivera', adult: false }] }))
    await invite(applicationId, renter, await personWithProfile())
    expect(await occupancy()).toMatchObject({ met: false, detail: '4 people, the applicant and 1 co-applicant included; at most 3' })
    const [summary] = (await listListingApplications(db(), { listingId: home.id, ownerId: owner.id })).applications
    expect(summary).toMatchObject({ occupants: 4, coApplicantCount: 1 })
    expect(summary!.checks.find((c) => c.criterion === 'occupancy')?.met).toBe(false)
  })
})

describe('the invitation job', () => {
  it('holds no token: it recomputes the link, and a replaced invitation’s job sends nothing', async () => {
    const { renter, applicationId } = await openApplication()
    const partner = await personWithProfile()
    const email = partner.email
    await inviteCoApplicant(t.services, { applicationId, renterId: renter.id, email })
    await inviteCoApplicant(t.services, { applicationId, renterId: renter.id, email, now: new Date(Date.now() + 60_000) })
    const { rows } = await db().execute<{ data: Record<string, unknown> }>(
      sql`select data from pgboss.job where name = ${APPLICATION_INVITE_JOB} and (data->>'inviteId')::bigint in (select id from application_invite where application_id = ${applicationId})`,
    )
    expect(rows).toHaveLength(2)
    // The invitation's id, its expiry and the origin of the page that sent it (none outside a request).
    for (const { data } of rows) expect(Object.keys(data).filter((key) => !['expiresAt', 'inviteId', 'origin'].includes(key))).toEqual([])
    await t.services.jobs.runUntilIdle()
    const mails = t.mail.messages.filter((m) => m.to.includes(email))
    expect(mails).toHaveLength(1)
    const token = mails[0]!.text.match(/\/applications\/join\/([A-Za-z0-9_-]{43})/)![1]!
    for (const { data } of rows) expect(JSON.stringify(data)).not.toContain(token)
    expect(await codeOf(acceptInvite(t.services, { token, userId: partner.id }))).toBe('ok')
  })
})
