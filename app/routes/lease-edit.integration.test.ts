// Drafting a lease through its pages against a real database: /leases/new from an approved application,
// the terms form's dollars saved as exact cents, a refusal by the state's rules that keeps what was typed
// and changes nothing, a third person's 404, and a change to a sent lease saved as a new version.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NOT_MONEY } from '#common/leases/dollars.ts'
import type { TermsFormValues } from '#common/leases/terms-form.ts'
import { applyToListing, changeApplication, saveRenterProfile } from '#server/applications/index.server.ts'
import { profile } from '#server/db/schema.ts'
import { findLease, sendLease } from '#server/leases/index.server.ts'
import { completeRenterProfile, jobPaying } from '#tests/support/applications.ts'
import { establishedUser } from '#tests/support/chat.ts'
import { publishLeaseTemplate } from '#tests/support/lease-process.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { settle } from '#tests/support/route-answers.ts'
import { createTestServices, formRequest, TEST_ORIGIN, type TestServices } from '#tests/support/test-services.ts'
import type { TestUser } from '#tests/support/users.ts'
import { action as editAction, loader as editLoader } from './lease-edit.tsx'
import { action as newAction } from './lease-new.tsx'

let t: TestServices
let landlord: TestUser
let stranger: TestUser

beforeAll(async () => {
  t = await createTestServices()
  await publishLeaseTemplate(t.services.database.db)
  landlord = await establishedUser(t, { name: 'Maria Landlord' })
  await t.services.database.db.update(profile).set({ role: 'landlord' }).where(eq(profile.userId, landlord.id))
  stranger = await establishedUser(t, { name: 'Third Person' })
}, 120_000)

afterAll(async () => {
  await t?.close()
})

/** An application to a new home of the landlord's (a 1925 house in Delaware), approved. */
async function approvedApplication() {
  const listings = listingFactory(t.services.database.db)
  const home = await listings.create({ ownerId: landlord.id })
  const renter = await listings.renter()
  await saveRenterProfile(t.services, {
    userId: renter.id,
    profile: completeRenterProfile({ employment: [jobPaying(900_000)], occupants: [], pets: [] }),
  })
  const row = await applyToListing(t.services, {
    renterId: renter.id,
    listingId: home.id,
    input: { moveInDate: '2027-03-01', leaseMonths: '12', note: '' },
  })
  await changeApplication(t.services, { applicationId: row.id, actorId: landlord.id, action: 'approved', input: { homeTaken: false } })
  return { applicationId: row.id, renter }
}

const call = (handler: (args: never) => unknown, request: Request, params: Record<string, string> = {}) =>
  settle(() => handler({ request, params, context: t.context(), unstable_pattern: new URL(request.url).pathname } as never))

const post = (path: string, fields: Record<string, string>, who: TestUser = landlord) =>
  formRequest(path, fields, { headers: { Cookie: who.cookie } })

/** A drafted lease's id, through /leases/new. */
async function draftedLease(): Promise<number> {
  const { applicationId } = await approvedApplication()
  const answer = await call(
    newAction,
    post('/leases/new', { applicationId: String(applicationId), redirectTo: `/applications/${applicationId}` }),
  )
  const location = answer.response?.headers.get('Location') ?? ''
  expect(location).toMatch(/^\/leases\/\d+\/edit$/)
  return Number(location.split('/')[2])
}

async function formValues(leaseId: number, who: TestUser = landlord) {
  const request = new Request(`${TEST_ORIGIN}/leases/${leaseId}/edit`, { headers: { Cookie: who.cookie } })
  return call(editLoader, request, { id: String(leaseId) })
}

/** The posted fields of the form showing these values. */
function fieldsOf(values: TermsFormValues, changes: Partial<TermsFormValues> = {}): Record<string, string> {
  const v = { ...values, ...changes }
  const fields: Record<string, string> = { intent: 'save' }
  v.tenants.forEach((person, i) => Object.assign(fields, { [`tenants.${i}.name`]: person.name, [`tenants.${i}.email`]: person.email }))
  v.fees.forEach((fee, i) =>
    Object.assign(fields, { [`fees.${i}.label`]: fee.label, [`fees.${i}.amount`]: fee.amount, [`fees.${i}.frequency`]: fee.frequency }),
  )
  v.clauses.forEach((clause, i) => (fields[`clauses.${i}`] = clause))
  for (const [utility, paidBy] of Object.entries(v.utilities)) fields[`utility.${utility}`] = paidBy
  for (const [name, value] of Object.entries(v)) if (typeof value === 'string') fields[name] = value
  return fields
}

const view = (leaseId: number) => findLease(t.services.database.db, { leaseId, viewer: { userId: landlord.id, email: landlord.email } })
const save = (leaseId: number, fields: Record<string, string>, who: TestUser = landlord) =>
  call(editAction, post(`/leases/${leaseId}/edit`, fields, who), { id: String(leaseId) })

describe('/leases/new and /leases/:id/edit', () => {
  it('drafts the lease from an approved application, filled in from it; a refusal goes back with a toast', async () => {
    const leaseId = await draftedLease()
    const page = await formValues(leaseId)
    expect(page.status).toBe(200)
    const { values, lease } = page.body as { values: TermsFormValues; lease: { premises: { yearBuilt: number } } }
    expect(values.tenants).toHaveLength(1)
    expect(values.rent).toBe('1650')
    expect(lease.premises.yearBuilt).toBe(1925)

    const refused = await call(newAction, post('/leases/new', { applicationId: '999999', redirectTo: '/applications/999999' }))
    expect(refused.status).toBe(302)
    expect(refused.response?.headers.get('Location')).toBe('/applications/999999')
    expect(refused.response?.headers.get('Set-Cookie')).toContain('cooper_flash=')
  })

  it('saves dollars as typed as exact cents, and adds a row without saving', async () => {
    const leaseId = await draftedLease()
    const { values } = (await formValues(leaseId)).body as { values: TermsFormValues }
    const saved = await save(leaseId, fieldsOf(values, { rent: '1,850.50', deposit: '$1,850.50', lateFee: '50' }))
    expect(saved.response?.headers.get('Location')).toBe(`/leases/${leaseId}/edit`)
    const terms = (await view(leaseId)).draftTerms!
    expect([terms.rentCents, terms.depositCents, terms.lateFeeCents]).toEqual([185050, 185050, 5000])

    const added = await save(leaseId, { ...fieldsOf(values), intent: 'add-tenant' })
    expect((added.body as { values: TermsFormValues }).values.tenants).toHaveLength(2)
    expect((await view(leaseId)).draftTerms!.tenants).toHaveLength(1)
  })

  it('refuses a deposit over the state’s limit and money that is not money, keeping what was typed and changing nothing', async () => {
    const leaseId = await draftedLease()
    const { values } = (await formValues(leaseId)).body as { values: TermsFormValues }
    const before = (await view(leaseId)).draftTerms

    const overLimit = await save(leaseId, fieldsOf(values, { deposit: '9,000', pets: 'One cat' }))
    expect(overLimit.status).toBe(400)
    const answer = overLimit.body as { fieldErrors: Record<string, string[]>; values: TermsFormValues }
    expect(answer.fieldErrors.deposit?.[0]).toContain('This is not legal advice.')
    expect([answer.values.deposit, answer.values.pets]).toEqual(['9,000', 'One cat'])

    const notMoney = await save(leaseId, fieldsOf(values, { rent: 'about 1800' }))
    expect(notMoney.status).toBe(400)
    expect((notMoney.body as { fieldErrors: Record<string, string[]> }).fieldErrors.rent).toEqual([NOT_MONEY])
    expect((await view(leaseId)).draftTerms).toEqual(before)
  })

  it('answers 404 to a third person, reading or saving', async () => {
    const leaseId = await draftedLease()
    expect((await formValues(leaseId, stranger)).status).toBe(404)
    const { values } = (await formValues(leaseId)).body as { values: TermsFormValues }
    expect((await save(leaseId, fieldsOf(values, { rent: '1' }), stranger)).status).toBe(404)
    expect((await view(leaseId)).draftTerms!.rentCents).toBe(165000)
  })

  it('saves a change to a sent lease as version 2, a draft to send again', async () => {
    const leaseId = await draftedLease()
    const actor = { userId: landlord.id, email: landlord.email, name: landlord.name }
    await sendLease(t.services, { leaseId, actor })
    expect((await view(leaseId)).state).toBe('sent')
    const { values } = (await formValues(leaseId)).body as { values: TermsFormValues }
    const saved = await save(leaseId, fieldsOf(values, { rent: '1,700' }))
    expect(saved.response?.headers.get('Location')).toBe(`/leases/${leaseId}/edit`)
    const after = await view(leaseId)
    expect([after.version, after.state, after.draftTerms!.rentCents]).toEqual([2, 'draft', 170000])
  })
})
