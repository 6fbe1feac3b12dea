// The lease pages as a browser receives them: the Leases list, one lease for its parties and a 404 for
// anyone else (page, PDFs and every form), consent and signature through the page's forms (a stale
// document refused), the PDFs' bytes against the SHA-256 shown, and the public check of a PDF's hash.
// The signing rules themselves are tested in server/leases/leases.integration.test.ts.
import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyToListing, changeApplication, saveRenterProfile } from '#server/applications/index.server.ts'
import { lease, profile } from '#server/db/schema.ts'
import { createLease, findLease, sendLease } from '#server/leases/index.server.ts'
import { completeRenterProfile, jobPaying } from '#tests/support/applications.ts'
import { actorOf, publishLeaseTemplate } from '#tests/support/lease-process.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { createPageApp, type PageApp } from '#tests/support/page-app.ts'
import { createTestServices, formRequest, TEST_ORIGIN, type TestServices } from '#tests/support/test-services.ts'
import { signUpVerifiedUser, type TestUser } from '#tests/support/users.ts'

describe('lease pages', () => {
  let t: TestServices
  let pages: PageApp
  let owner: TestUser
  let renter: TestUser
  let stranger: TestUser
  let leaseId: number
  const db = () => t.services.database.db

  beforeAll(async () => {
    t = await createTestServices()
    pages = await createPageApp(t)
    await publishLeaseTemplate(db())
    owner = await signUpVerifiedUser(t, { name: 'Maria Landlord' })
    await db().update(profile).set({ role: 'landlord' }).where(eq(profile.email, owner.email))
    renter = await signUpVerifiedUser(t, { name: 'Robin Renter' })
    stranger = await signUpVerifiedUser(t, { name: 'Sam Stranger' })
    const home = await listingFactory(db()).create({ ownerId: owner.id, title: 'Lease page row house' })
    await saveRenterProfile(t.services, {
      userId: renter.id,
      profile: completeRenterProfile({ employment: [jobPaying(900_000)], occupants: [], pets: [] }),
    })
    const applied = await applyToListing(t.services, {
      renterId: renter.id,
      listingId: home.id,
      input: { moveInDate: '2027-03-01', leaseMonths: '12', note: '' },
    })
    await changeApplication(t.services, { applicationId: applied.id, actorId: owner.id, action: 'approved', input: { homeTaken: false } })
    const landlord = await actorOf(db(), owner)
    const row = await createLease(t.services, { actor: landlord, input: { applicationId: applied.id } })
    await sendLease(t.services, { leaseId: row.id, actor: landlord })
    leaseId = row.id
  }, 120_000)
  afterAll(async () => {
    await pages?.close()
    await t?.close()
  })

  const post = (user: TestUser | null, pathname: string, fields: Record<string, string>) =>
    pages.app.request(formRequest(pathname, fields, { headers: user ? { Cookie: user.cookie } : {} }))
  const pdfOf = (user: TestUser | null, which: string) =>
    pages.app.request(`${TEST_ORIGIN}/leases/${leaseId}/pdf/${which}`, { headers: user ? { Cookie: user.cookie } : {} })
  const stateOf = async () => (await db().select({ state: lease.state }).from(lease).where(eq(lease.id, leaseId)))[0]!.state
  const sha256 = (bytes: ArrayBuffer) => createHash('sha256').update(Buffer.from(bytes)).digest('hex')

  it('lists the lease for both parties, shows it with its SHA-256 and PDF, and is 404 to anyone else', async () => {
    const list = await pages.get('/leases', renter.cookie)
    expect(list.status).toBe(200)
    expect(list.html).toContain(`href="/leases/${leaseId}"`)
    expect(list.html).toContain('Awaiting your signature')
    expect((await pages.get('/leases', owner.cookie)).html).toContain(`href="/leases/${leaseId}"`)
    expect((await pages.get('/leases', stranger.cookie)).html).toContain('You have no lease yet.')
    const signedOut = await pages.app.request(`${TEST_ORIGIN}/leases`)
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.get('Location')).toMatch(/^\/login\?redirectTo=%2Fleases/)

    const view = await findLease(db(), { leaseId, viewer: { userId: renter.id, email: renter.email } })
    const page = await pages.get(`/leases/${leaseId}`, renter.cookie)
    expect(page.status).toBe(200)
    expect(page.html).toContain('<article class="lease">')
    expect(page.html).toContain(view.document!.sha256)
    expect(page.html).toContain(`href="/leases/${leaseId}/pdf/v1"`)
    expect(page.html).toContain('Agree to sign electronically')

    const pdf = await pdfOf(renter, 'v1')
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf')
    expect(pdf.headers.get('Content-Disposition')).toBe(`attachment; filename="lease-${leaseId}-v1.pdf"`)
    expect(pdf.headers.get('Cache-Control')).toBe('private, no-store')
    expect(sha256(await pdf.arrayBuffer())).toBe(view.document!.sha256)

    expect((await pages.get(`/leases/${leaseId}`, stranger.cookie)).status).toBe(404)
    expect((await pages.get(`/leases/999999`, renter.cookie)).status).toBe(404)
    expect((await pages.get(`/leases/abc`, renter.cookie)).status).toBe(404)
    for (const which of ['v1', 'signed', 'v2']) expect((await pdfOf(stranger, which)).status).toBe(404)
    for (const which of ['v1', 'signed']) expect((await pdfOf(null, which)).status).toBe(404)
    for (const which of ['v0', 'x', 'v1.pdf', 'signed2']) expect((await pdfOf(renter, which)).status).toBe(404)
    const fields = { agree: 'on', reason: 'Not mine', typedName: 'Sam Stranger', confirm: 'on', documentSha256: view.document!.sha256 }
    for (const intent of ['consent', 'withdraw_consent', 'sign', 'decline', 'send', 'void', 'amend', 'nonsense']) {
      expect((await post(stranger, `/leases/${leaseId}`, { ...fields, intent })).status).toBe(404)
    }
    expect(await stateOf()).toBe('sent')
  })

  it('takes consent and signatures through its forms, refuses a changed document, and seals the lease', async () => {
    const path = `/leases/${leaseId}`
    const unticked = await post(renter, path, { intent: 'consent' })
    expect(unticked.status).toBe(400)
    expect(await unticked.text()).toContain('Tick the box to agree to sign electronically.')

    const consented = await post(renter, path, { intent: 'consent', agree: 'on' })
    expect(consented.status).toBe(302)
    expect(consented.headers.get('Location')).toBe(path)
    const signing = await pages.get(path, renter.cookie)
    expect(signing.html).toContain('name="typedName"')
    expect(signing.html).toContain('value=""')

    const view = await findLease(db(), { leaseId, viewer: { userId: renter.id, email: renter.email } })
    const stale = await post(renter, path, { intent: 'sign', typedName: 'Robin Renter', confirm: 'on', documentSha256: 'a'.repeat(64) })
    expect(stale.status).toBe(409)
    expect(await stale.text()).toContain('The lease changed since you opened it: read the current version before signing.')
    expect(await stateOf()).toBe('sent')

    const drawing = 'M 10 20 L 30 40 L 50 45'
    const sign = { intent: 'sign', typedName: 'Robin Renter', drawing, confirm: 'on', documentSha256: view.document!.sha256 }
    expect((await post(renter, path, sign)).status).toBe(302)
    expect(await stateOf()).toBe('partially_signed')

    expect((await post(owner, path, { intent: 'consent', agree: 'on' })).status).toBe(302)
    const countersigned = await post(owner, path, { ...sign, typedName: 'Maria Landlord', drawing: '' })
    expect(countersigned.status).toBe(302)
    expect(await stateOf()).toBe('fully_signed')

    const sealed = await pages.get(path, renter.cookie)
    expect(sealed.html).toContain('Download the signed lease')
    const signedPdf = await pdfOf(renter, 'signed')
    expect(signedPdf.headers.get('Content-Type')).toBe('application/pdf')
    const signedHash = sha256(await signedPdf.arrayBuffer())
    expect(sealed.html).toContain(signedHash)

    // The public check: the signed PDF and the version sent match; anything else does not; a malformed hash is refused.
    const verify = (value: string) => post(null, '/leases/verify', { sha256: value })
    expect(await (await verify(signedHash)).text()).toContain('This file matches a lease signed on Cooper Home')
    expect(await (await verify(`${view.document!.sha256.toUpperCase()}  lease.pdf`)).text()).toContain('This file matches a lease')
    expect(await (await verify('b'.repeat(64))).text()).toContain('This file does not match any lease on record, nor any inspection')
    const malformed = await verify('not a hash')
    expect(malformed.status).toBe(400)
    expect(await malformed.text()).toContain('A SHA-256 is 64 characters')
    expect((await pages.get('/leases/verify')).status).toBe(200)
  })
})
