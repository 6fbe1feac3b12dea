// The applications JSON API through the real HTTP app: the reusable application, criteria, applying,
// the landlord's answers, and 404 to a third person (another renter, another landlord, an administrator)
// on every application address.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RenterProfile } from '#common/applications/profile.ts'
import { application, profile } from '#server/db/schema.ts'
import { establishedUser } from '#tests/support/chat.ts'
import { callApi, type ApiCall } from '#tests/support/json-api.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'
import type { TestUser } from '#tests/support/users.ts'

let t: TestServices
let landlord: TestUser
let renter: TestUser
let otherRenter: TestUser
let otherLandlord: TestUser
let admin: TestUser
let listingId: number

const api = (method: string, pathname: string, call?: ApiCall) => callApi(t, method, pathname, call)

const year = new Date().getUTCFullYear()
const completeProfile: RenterProfile = {
  legalName: 'Robin Renter',
  email: 'robin@example.com',
  phone: '555-0100',
  addresses: [
    {
      street: '1 Elm St',
      city: 'Albany',
      state: 'NY',
      postalCode: '12207',
      from: `${year - 5}-01`,
      to: '',
      monthlyRentCents: 150_000,
      landlordName: 'Pat Prior',
      landlordPhone: '555-0101',
      landlordEmail: '',
    },
  ],
  employment: [
    { employer: 'Acme', position: 'Engineer', from: `${year - 4}-03`, monthlyIncomeCents: 900_000, contactName: '', contactPhone: '' },
  ],
  otherIncome: [],
  occupants: [],
  pets: [],
  vehicles: [],
  emergencyContact: { name: 'Dana', phone: '555-0102', relationship: 'Sister' },
  documentIds: [],
}

beforeAll(async () => {
  t = await createTestServices()
  landlord = await establishedUser(t, { name: 'Lee Landlord' })
  renter = await establishedUser(t, { name: 'Robin Renter' })
  otherRenter = await establishedUser(t, { name: 'Olga Other' })
  otherLandlord = await establishedUser(t, { name: 'Oscar Owner' })
  admin = await establishedUser(t, { name: 'Ada Admin', isAdministrator: true })
  const { db } = t.services.database
  await db.update(profile).set({ role: 'landlord' }).where(eq(profile.userId, landlord.id))
  await db.update(profile).set({ role: 'landlord' }).where(eq(profile.userId, otherLandlord.id))
  listingId = (
    await listingFactory(db).create({
      ownerId: landlord.id,
      lease: { monthlyRentCents: 250_000, minTermMonths: 12, depositCents: 250_000 },
    })
  ).id
})
afterAll(async () => {
  await t?.close()
})

describe('the applications API', () => {
  it('takes a renter from a reusable application to a decision, for the two parties only', async () => {
    expect((await api('GET', '/me/application')).status).toBe(401)
    const empty = await api('GET', '/me/application', { cookie: renter.cookie })
    expect(empty.json).toMatchObject({ profile: null })

    const bad = await api('PUT', '/me/application', {
      cookie: renter.cookie,
      body: { ...completeProfile, addresses: [{ ...completeProfile.addresses[0], postalCode: '12' }] },
    })
    expect(bad.status).toBe(400)
    expect(bad.json.errors['addresses.0.postalCode']).toEqual(['Enter a 5-digit ZIP code.'])
    expect((await api('GET', '/me/application', { cookie: renter.cookie })).json.profile).toBeNull()
    const saved = await api('PUT', '/me/application', { cookie: renter.cookie, body: completeProfile })
    expect(saved.status).toBe(200)
    expect(saved.json.missing).toEqual([])

    const criteria = await api('PUT', `/properties/${listingId}/application-criteria`, {
      cookie: landlord.cookie,
      body: {
        incomeMultiple: 3,
        petPolicy: 'cats',
        maxOccupants: 3,
        moveInFrom: null,
        moveInTo: null,
        otherRequirements: '',
        accepting: true,
      },
    })
    expect(criteria.status).toBe(200)
    expect(criteria.json.criteria).toMatchObject({ version: 1, incomeMultiple: 3 })
    expect(
      (
        await api('PUT', `/properties/${listingId}/application-criteria`, {
          cookie: otherLandlord.cookie,
          body: { petPolicy: 'any', accepting: false },
        })
      ).status,
    ).toBe(404)
    const shown = await api('GET', `/properties/${listingId}/application-criteria`)
    expect(shown.json).toMatchObject({ criteria: { version: 1, petPolicy: 'cats' }, applicationFeeCents: 0 })

    const moveIn = `${year + 1}-02-01`
    expect((await api('PUT', '/me/application', { cookie: landlord.cookie, body: completeProfile })).status).toBe(200)
    expect(
      (
        await api('POST', `/properties/${listingId}/applications`, {
          cookie: landlord.cookie,
          body: { moveInDate: moveIn, leaseMonths: 12 },
        })
      ).status,
    ).toBe(400)
    const incomplete = await api('POST', `/properties/${listingId}/applications`, {
      cookie: otherRenter.cookie,
      body: { moveInDate: moveIn, leaseMonths: 12 },
    })
    expect(incomplete.status).toBe(400)
    const applied = await api('POST', `/properties/${listingId}/applications`, {
      cookie: renter.cookie,
      body: { moveInDate: moveIn, leaseMonths: 12, note: 'Quiet, no pets' },
    })
    expect(applied.status).toBe(201)
    expect(applied.json.application).toMatchObject({
      state: 'submitted',
      viewerRole: 'renter',
      incomeToRent: 3.6,
      criteria: { version: 1 },
    })
    const id = applied.json.application.id as number
    expect(
      (await api('POST', `/properties/${listingId}/applications`, { cookie: renter.cookie, body: { moveInDate: moveIn, leaseMonths: 12 } }))
        .status,
    ).toBe(409)

    // A third person, an administrator included, finds nothing at any application address.
    for (const stranger of [otherRenter, otherLandlord, admin]) {
      expect((await api('GET', `/applications/${id}`, { cookie: stranger.cookie })).status).toBe(404)
      expect((await api('POST', `/applications/${id}/start-review`, { cookie: stranger.cookie })).status).toBe(404)
      expect((await api('POST', `/applications/${id}/withdraw`, { cookie: stranger.cookie, body: {} })).status).toBe(404)
      expect((await api('GET', `/properties/${listingId}/applications`, { cookie: stranger.cookie })).status).toBe(404)
    }
    expect((await api('POST', `/applications/${id}/toString`, { cookie: landlord.cookie })).status).toBe(404)
    expect((await api('POST', `/applications/${id}/approve`, { cookie: renter.cookie, body: {} })).status).toBe(403)

    const review = await api('GET', `/properties/${listingId}/applications`, { cookie: landlord.cookie })
    expect(review.json.applications).toHaveLength(1)
    expect(review.json.applications[0]).toMatchObject({ id, applicantName: 'Robin Renter' })
    expect(review.json).toMatchObject({ total: 1, page: { number: 1, size: 50 } })
    // Paged: a page past the last reads the last; a bad page is a clear 400.
    const past = await api('GET', `/properties/${listingId}/applications?page=9&perPage=1`, { cookie: landlord.cookie })
    expect(past.json).toMatchObject({ total: 1, page: { number: 1, size: 1 } })
    expect(past.json.applications.map((a: { id: number }) => a.id)).toEqual([id])
    for (const query of ['page=0', 'page=x', 'perPage=101', 'perPage=1.5']) {
      const bad = await api('GET', `/properties/${listingId}/applications?${query}`, { cookie: landlord.cookie })
      expect(bad.status, query).toBe(400)
      expect(JSON.stringify(bad.json), query).toMatch(/page|applications a page/i)
    }

    expect((await api('POST', `/applications/${id}/start-review`, { cookie: landlord.cookie })).json.application.state).toBe('under_review')
    const noReasons = await api('POST', `/applications/${id}/decline`, { cookie: landlord.cookie, body: { reasons: [] } })
    expect(noReasons.status).toBe(400)
    expect((await t.services.database.db.select().from(application).where(eq(application.id, id)))[0]!.state).toBe('under_review')
    const declined = await api('POST', `/applications/${id}/decline`, {
      cookie: landlord.cookie,
      body: { reasons: ['references'], text: '' },
    })
    expect(declined.status).toBe(200)
    expect(declined.json.application).toMatchObject({ state: 'declined', declineReasons: ['references'] })
    expect(declined.json.application.events.map((event: { action: string }) => event.action)).toEqual([
      'submitted',
      'review_started',
      'declined',
    ])
    expect((await api('POST', `/applications/${id}/withdraw`, { cookie: renter.cookie, body: {} })).status).toBe(409)

    const mine = await api('GET', '/applications', { cookie: renter.cookie })
    expect(mine.json.applications.map((row: { id: number }) => row.id)).toEqual([id])
    expect((await api('DELETE', '/me/application', { cookie: renter.cookie })).status).toBe(200)
    expect((await api('GET', '/me/application', { cookie: renter.cookie })).json.profile).toBeNull()
    expect((await api('GET', `/applications/${id}`, { cookie: renter.cookie })).json.application.snapshot.legalName).toBe('Robin Renter')
  })
})

describe('co-applicants through the API', () => {
  it('the renter invites by e-mail, the invitee joins, and a pending invitee or another account is refused', async () => {
    const home = await listingFactory(t.services.database.db).create({
      ownerId: landlord.id,
      lease: { monthlyRentCents: 250_000, minTermMonths: 12, depositCents: 250_000 },
    })
    const applicant = await establishedUser(t, { name: 'Casey Applicant' })
    const partner = await establishedUser(t, { name: 'Sam Partner' })
    for (const person of [applicant, partner]) {
      expect((await api('PUT', '/me/application', { cookie: person.cookie, body: completeProfile })).status).toBe(200)
    }
    const applied = await api('POST', `/properties/${home.id}/applications`, {
      cookie: applicant.cookie,
      body: { moveInDate: `${year + 1}-03-01`, leaseMonths: 12 },
    })
    const id = applied.json.application.id as number
    expect(
      (await api('POST', `/applications/${id}/co-applicants`, { cookie: landlord.cookie, body: { email: 'x@example.com' } })).status,
    ).toBe(403)
    expect(
      (await api('POST', `/applications/${id}/co-applicants`, { cookie: otherRenter.cookie, body: { email: 'x@example.com' } })).status,
    ).toBe(404)
    const invited = await api('POST', `/applications/${id}/co-applicants`, { cookie: applicant.cookie, body: { email: partner.email } })
    expect(invited.status).toBe(201)
    expect(invited.json.application.coApplicants).toMatchObject([{ email: partner.email.toLowerCase(), joined: false }])
    expect((await api('GET', `/applications/${id}`, { cookie: partner.cookie })).status).toBe(404)

    await t.services.jobs.runUntilIdle()
    const mail = t.mail.messages.filter((m) => m.to.includes(partner.email)).at(-1)!
    const token = mail.text.match(/\/applications\/join\/([A-Za-z0-9_-]+)/)![1]!
    expect((await api('POST', `/application-invites/${token}/accept`, { cookie: otherRenter.cookie })).status).toBe(403)
    const joined = await api('POST', `/application-invites/${token}/accept`, { cookie: partner.cookie })
    expect(joined.status).toBe(200)
    expect(joined.json.application).toMatchObject({ id, viewerRole: 'co_applicant', actions: [] })
    expect((await api('POST', `/application-invites/${token}/accept`, { cookie: partner.cookie })).status).toBe(404)
    const review = await api('GET', `/applications/${id}`, { cookie: landlord.cookie })
    expect(review.json.application.monthlyIncomeCents).toBe(2 * completeProfile.employment[0]!.monthlyIncomeCents)
    expect((await api('GET', `/applications/${id}`, { cookie: admin.cookie })).status).toBe(404)

    // Leaving and removing: only the co-applicant leaves, only the applicant removes.
    const inviteId = review.json.application.coApplicants[0].id as number
    expect((await api('DELETE', `/applications/${id}/co-applicants/${inviteId}`, { cookie: landlord.cookie })).status).toBe(403)
    expect((await api('DELETE', `/applications/${id}/co-applicants/nope`, { cookie: applicant.cookie })).status).toBe(404)
    expect((await api('POST', `/applications/${id}/leave`, { cookie: applicant.cookie })).status).toBe(403)
    expect((await api('POST', `/applications/${id}/leave`, { cookie: otherRenter.cookie })).status).toBe(404)
    expect((await api('POST', `/applications/${id}/leave`, { cookie: partner.cookie })).status).toBe(204)
    expect((await api('GET', `/applications/${id}`, { cookie: partner.cookie })).status).toBe(404)
    const after = await api('GET', `/applications/${id}`, { cookie: landlord.cookie })
    expect(after.json.application).toMatchObject({ coApplicants: [], coApplicantCount: 0 })
    expect(after.json.application.events.at(-1).action).toBe('co_applicant_left')
    expect((await api('DELETE', `/applications/${id}/co-applicants/${inviteId}`, { cookie: applicant.cookie })).status).toBe(409)
  })
})
