// The leases JSON API through the real HTTP app: a landlord drafts a lease from an approved application,
// writes its terms and sends it; both tenants consent and sign, the landlord countersigns; both tenants
// download the same sealed PDF, whose SHA-256 the public check knows (a changed byte it does not). A
// third person (another renter, another landlord, an administrator) finds nothing at any lease address.
import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profile } from '#server/db/schema.ts'
import { completeRenterProfile, jobPaying } from '#tests/support/applications.ts'
import { establishedUser } from '#tests/support/chat.ts'
import { callApi, type ApiCall } from '#tests/support/json-api.ts'
import { publishLeaseTemplate } from '#tests/support/lease-process.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { TEST_ORIGIN, createTestServices, type TestServices } from '#tests/support/test-services.ts'
import type { TestUser } from '#tests/support/users.ts'

let t: TestServices
let landlord: TestUser
let renter: TestUser
let second: TestUser
let otherRenter: TestUser
let otherLandlord: TestUser
let admin: TestUser
let applicationId: number

const api = (method: string, pathname: string, call?: ApiCall) => callApi(t, method, pathname, call)

/** A PDF address read as a file: its status, headers and bytes. */
async function download(pathname: string, cookie?: string) {
  const headers = new Headers({ Origin: TEST_ORIGIN, ...(cookie ? { Cookie: cookie } : {}) })
  const response = await t.app.request(new Request(`${TEST_ORIGIN}/api${pathname}`, { headers }))
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) }
}

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

beforeAll(async () => {
  t = await createTestServices()
  const { db } = t.services.database
  await publishLeaseTemplate(db)
  ;[landlord, renter, second, otherRenter, otherLandlord, admin] = await Promise.all([
    establishedUser(t, { name: 'Lee Landlord' }),
    establishedUser(t, { name: 'Robin Renter' }),
    establishedUser(t, { name: 'Sasha Second' }),
    establishedUser(t, { name: 'Olga Other' }),
    establishedUser(t, { name: 'Oscar Owner' }),
    establishedUser(t, { name: 'Ada Admin', isAdministrator: true }),
  ])
  for (const person of [landlord, otherLandlord]) await db.update(profile).set({ role: 'landlord' }).where(eq(profile.userId, person.id))
  const home = await listingFactory(db).create({ ownerId: landlord.id })
  const saved = await api('PUT', '/me/application', {
    cookie: renter.cookie,
    body: completeRenterProfile({ employment: [jobPaying(900_000)], occupants: [], pets: [] }),
  })
  expect(saved.status, JSON.stringify(saved.json)).toBe(200)
  const applied = await api('POST', `/properties/${home.id}/applications`, {
    cookie: renter.cookie,
    body: { moveInDate: '2027-03-01', leaseMonths: 12, note: '' },
  })
  expect(applied.status, JSON.stringify(applied.json)).toBe(201)
  applicationId = applied.json.application.id
  const approved = await api('POST', `/applications/${applicationId}/approve`, { cookie: landlord.cookie, body: { homeTaken: false } })
  expect(approved.status, JSON.stringify(approved.json)).toBe(200)
})
afterAll(async () => {
  await t?.close()
})

describe('the leases API', () => {
  it('drafts, sends, has every party sign and seals a lease; the parties download one signed PDF the public check knows', async () => {
    expect((await api('GET', '/leases')).status).toBe(401)
    expect((await api('POST', '/leases', { body: { applicationId } })).status).toBe(401)
    expect((await api('POST', '/leases', { cookie: otherLandlord.cookie, body: { applicationId } })).status).toBe(404)
    expect((await api('POST', '/leases', { cookie: renter.cookie, body: { applicationId } })).status).toBe(404)

    const created = await api('POST', '/leases', { cookie: landlord.cookie, body: { applicationId } })
    expect(created.status, JSON.stringify(created.json)).toBe(201)
    const id = created.json.lease.id as number
    expect(created.json.lease).toMatchObject({ state: 'draft', viewerRole: 'landlord', applicationId })
    expect(created.json.lease.actions).toEqual(['edit', 'send', 'void'])
    // One live lease per application: asking again answers the same one.
    expect((await api('POST', '/leases', { cookie: landlord.cookie, body: { applicationId } })).json.lease.id).toBe(id)
    // Before it is sent, the tenant finds nothing to read.
    expect((await api('GET', `/leases/${id}`, { cookie: second.cookie })).status).toBe(404)

    const draftTerms = created.json.lease.draftTerms
    const refused = await api('PUT', `/leases/${id}/terms`, { cookie: landlord.cookie, body: { ...draftTerms, rentCents: -1 } })
    expect(refused.status).toBe(400)
    expect(refused.json.errors.rentCents).toContain('The monthly rent cannot be negative.')
    const terms = await api('PUT', `/leases/${id}/terms`, {
      cookie: landlord.cookie,
      body: {
        ...draftTerms,
        tenants: [...draftTerms.tenants, { name: 'Sasha Second', email: second.email }],
        occupants: 2,
        lateFeeCents: 5000,
      },
    })
    expect(terms.status, JSON.stringify(terms.json)).toBe(200)
    expect(terms.json.lease.draftTerms.tenants).toHaveLength(2)
    expect(
      (await api('PUT', `/leases/${id}/amendment`, { cookie: landlord.cookie, body: { text: 'Not an amendment at all.' } })).status,
    ).toBe(409)

    const sent = await api('POST', `/leases/${id}/send`, { cookie: landlord.cookie })
    expect(sent.status, JSON.stringify(sent.json)).toBe(200)
    expect(sent.json.lease.state).toBe('sent')
    expect((await api('POST', `/leases/${id}/send`, { cookie: landlord.cookie })).status).toBe(409)

    const mine = await api('GET', '/leases', { cookie: second.cookie })
    expect(mine.json.leases.map((row: { id: number }) => row.id)).toEqual([id])
    const read = await api('GET', `/leases/${id}`, { cookie: second.cookie })
    expect(read.json.lease).toMatchObject({ viewerRole: 'tenant', draftTerms: null, actions: ['consent', 'decline'] })
    const { sha256, html, version } = read.json.lease.document as { sha256: string; html: string; version: number }
    expect(html).toContain('Sasha Second')
    const versionPdf = await download(`/leases/${id}/versions/${version}/pdf`, second.cookie)
    expect(versionPdf.status).toBe(200)
    expect(sha256Of(versionPdf.bytes)).toBe(sha256)

    // Consent first; a signature over another document is refused; the landlord countersigns last.
    const sign = (who: TestUser, typedName: string, documentSha256 = sha256) =>
      api('POST', `/leases/${id}/sign`, {
        cookie: who.cookie,
        body: { typedName, confirm: true, documentSha256, drawing: 'M 10 10 L 20 25' },
      })
    expect((await sign(renter, 'Robin Renter')).status).toBe(409)
    for (const tenant of [renter, second]) {
      const consent = await api('POST', `/leases/${id}/consent`, { cookie: tenant.cookie, body: { agree: true } })
      expect(consent.status, JSON.stringify(consent.json)).toBe(200)
      expect(consent.json.lease.actions).toContain('sign')
    }
    expect((await api('POST', `/leases/${id}/withdraw-consent`, { cookie: second.cookie })).json.lease.actions).toContain('consent')
    expect((await api('POST', `/leases/${id}/consent`, { cookie: second.cookie, body: { agree: true } })).status).toBe(200)
    expect((await sign(renter, 'Robin Renter', 'f'.repeat(64))).status).toBe(409)
    expect((await api('POST', `/leases/${id}/consent`, { cookie: landlord.cookie, body: { agree: true } })).status).toBe(200)
    expect((await sign(landlord, 'Lee Landlord')).status).toBe(409)

    const first = await sign(renter, 'Robin Renter')
    expect(first.status, JSON.stringify(first.json)).toBe(200)
    expect(first.json.lease.state).toBe('partially_signed')
    expect((await sign(renter, 'Robin Renter')).status).toBe(409)
    expect((await sign(second, 'Sasha Second')).json.lease.state).toBe('partially_signed')
    const done = await sign(landlord, 'Lee Landlord')
    expect(done.status, JSON.stringify(done.json)).toBe(200)
    expect(done.json.lease.state).toBe('fully_signed')
    const signed = done.json.lease.events.filter((event: { action: string }) => event.action === 'signed')
    expect(signed).toHaveLength(3)
    expect(signed.every((event: { ipAddress: string | null }) => event.ipAddress)).toBe(true)
    expect((await api('POST', `/leases/${id}/decline`, { cookie: second.cookie, body: { reason: 'Too late.' } })).status).toBe(409)
    expect((await api('POST', `/leases/${id}/void`, { cookie: landlord.cookie, body: { reason: 'Too late.' } })).status).toBe(409)

    const [a, b] = [await download(`/leases/${id}/signed.pdf`, renter.cookie), await download(`/leases/${id}/signed.pdf`, second.cookie)]
    for (const file of [a, b]) {
      expect(file.status).toBe(200)
      expect(file.headers.get('content-type')).toBe('application/pdf')
      expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="lease-\d+-signed\.pdf"$/)
      expect(file.headers.get('cache-control')).toBe('private, no-store')
    }
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true)
    const verified = await api('POST', '/leases/verify', { body: { sha256: sha256Of(a.bytes) } })
    expect(verified).toEqual({ status: 200, json: { match: true } })
    const changed = Uint8Array.from(a.bytes)
    changed[Math.floor(changed.length / 2)]! ^= 1
    expect((await api('POST', '/leases/verify', { body: { sha256: sha256Of(changed) } })).json).toEqual({ match: false })
    expect((await api('POST', '/leases/verify', { body: { sha256: 'not a hash' } })).status).toBe(400)

    // An amendment of the signed lease: 201, a draft of its own.
    const amendment = await api('POST', `/leases/${id}/amend`, { cookie: landlord.cookie })
    expect(amendment.status, JSON.stringify(amendment.json)).toBe(201)
    expect(amendment.json.lease).toMatchObject({ kind: 'amendment', amendsLeaseId: id, state: 'draft' })
    const text = await api('PUT', `/leases/${amendment.json.lease.id}/amendment`, {
      cookie: landlord.cookie,
      body: { text: 'The tenants may keep one cat from April 1, 2027.' },
    })
    expect(text.status, JSON.stringify(text.json)).toBe(200)
    expect(text.json.lease.amendmentText).toBe('The tenants may keep one cat from April 1, 2027.')

    // A third person, an administrator included, finds nothing at any lease address; nor does a malformed or unknown id.
    const addresses = (leaseId: number | string): [string, string, unknown][] => [
      ['GET', `/leases/${leaseId}`, undefined],
      ['PUT', `/leases/${leaseId}/terms`, draftTerms],
      ['PUT', `/leases/${leaseId}/amendment`, { text: 'A change of ten characters or more.' }],
      ['POST', `/leases/${leaseId}/send`, undefined],
      ['POST', `/leases/${leaseId}/void`, { reason: 'Mine now.' }],
      ['POST', `/leases/${leaseId}/amend`, undefined],
      ['POST', `/leases/${leaseId}/consent`, { agree: true }],
      ['POST', `/leases/${leaseId}/withdraw-consent`, undefined],
      ['POST', `/leases/${leaseId}/sign`, { typedName: 'Olga Other', confirm: true, documentSha256: sha256 }],
      ['POST', `/leases/${leaseId}/decline`, { reason: 'Not mine.' }],
      ['GET', `/leases/${leaseId}/versions/1/pdf`, undefined],
      ['GET', `/leases/${leaseId}/signed.pdf`, undefined],
    ]
    const before = JSON.stringify((await api('GET', `/leases/${id}`, { cookie: landlord.cookie })).json.lease.events)
    for (const stranger of [otherRenter, otherLandlord, admin]) {
      for (const target of [id, amendment.json.lease.id as number]) {
        for (const [method, path, body] of addresses(target)) {
          const answer = await api(method, path, { cookie: stranger.cookie, body })
          expect(answer.status, `${method} ${path}`).toBe(404)
          expect(answer.json.detail, `${method} ${path}`).toMatch(/^No such /)
        }
      }
      expect((await api('GET', '/leases', { cookie: stranger.cookie })).json.leases).toEqual([])
    }
    for (const target of ['999999999', 'abc', '0', '-1', '1.5']) {
      for (const [method, path, body] of addresses(target)) {
        expect((await api(method, path, { cookie: landlord.cookie, body })).status, `${method} ${path}`).toBe(404)
      }
    }
    expect((await api('GET', `/leases/${id}/versions/x/pdf`, { cookie: landlord.cookie })).status).toBe(404)
    expect((await api('GET', `/leases/${id}/versions/9/pdf`, { cookie: landlord.cookie })).status).toBe(404)
    expect(JSON.stringify((await api('GET', `/leases/${id}`, { cookie: landlord.cookie })).json.lease.events)).toBe(before)
  })
})
