// The rent ledger over HTTP: the JSON API and the pages' files through the real app. A tenant reports a
// payment, the landlord confirms it, both download the same receipt and a statement; the rent roll as
// JSON and as formula-safe CSV; the landlord adds and waives a charge over the API and with the page's
// forms (no script), the tenant reading the waiver and its reason; and a third person (another renter, another landlord, an administrator)
// and a visitor signed out find nothing at any ledger, receipt, statement or API address.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profile } from '#server/db/schema.ts'
import { establishedUser } from '#tests/support/chat.ts'
import { callApi, type ApiCall } from '#tests/support/json-api.ts'
import { publishLeaseTemplate } from '#tests/support/lease-process.ts'
import { signedLeaseBetween } from '#tests/support/ledger.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { createPageApp, type PageApp } from '#tests/support/page-app.ts'
import { TEST_ORIGIN, createTestServices, type TestServices } from '#tests/support/test-services.ts'
import type { TestUser } from '#tests/support/users.ts'

let t: TestServices
let pages: PageApp
let landlord: TestUser
let renter: TestUser
let strangers: TestUser[]
let leaseId: number

const api = (method: string, pathname: string, call?: ApiCall) => callApi(t, method, pathname, call)
async function postForm(pathname: string, cookie: string, fields: Record<string, string>) {
  const response = await pages.app.request(
    new Request(`${TEST_ORIGIN}${pathname}`, {
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: { Cookie: cookie, Origin: TEST_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
    }),
  )
  return { status: response.status, html: await response.text() }
}
async function fetchPath(pathname: string, cookie?: string) {
  const headers = new Headers({ Origin: TEST_ORIGIN, ...(cookie ? { Cookie: cookie } : {}) })
  const response = await pages.app.request(new Request(`${TEST_ORIGIN}${pathname}`, { headers }))
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) }
}

beforeAll(async () => {
  t = await createTestServices()
  pages = await createPageApp(t)
  const { db } = t.services.database
  await publishLeaseTemplate(db)
  ;[landlord, renter, ...strangers] = await Promise.all([
    establishedUser(t, { name: 'Lee Landlord' }),
    establishedUser(t, { name: 'Robin Renter' }),
    establishedUser(t, { name: 'Olga Other' }),
    establishedUser(t, { name: 'Oscar Owner' }),
    establishedUser(t, { name: 'Ada Admin', isAdministrator: true }),
  ])
  await db.update(profile).set({ role: 'landlord' }).where(eq(profile.userId, landlord.id))
  const signed = await signedLeaseBetween(
    t,
    listingFactory(db),
    { owner: landlord, renter },
    { startDate: '2026-10-01', rentCents: 150_000, depositCents: 0 },
  )
  leaseId = signed.leaseId
  const { runLedgerCharges } = await import('#server/ledger/index.server.ts')
  await runLedgerCharges({ db, mailer: t.services.mailer, publicUrl: TEST_ORIGIN }, new Date('2026-11-02T12:00:00Z'))
}, 120_000)
afterAll(async () => {
  await pages?.close()
  await t?.close()
})

const chargeNamed = (charges: { memo: string; id: number }[], memo: string) => charges.find((charge) => charge.memo === memo)!

describe('the ledger API', () => {
  it('a tenant reports a payment, the landlord confirms it, both download the same receipt; the roll as JSON and safe CSV', async () => {
    const before = await api('GET', `/leases/${leaseId}/rent`, { cookie: renter.cookie })
    expect(before.status).toBe(200)
    expect(before.json.balanceCents).toBe(300_000)
    expect(before.json.charges.map((c: { memo: string }) => c.memo)).toEqual(['Rent for 2026-11', 'Rent for 2026-10'])
    const reported = await api('POST', `/leases/${leaseId}/rent/payments`, {
      cookie: renter.cookie,
      body: { method: 'check', paidOn: '2026-11-01', amountCents: 200_000, reference: '=cmd|calc' },
    })
    expect(reported.status, JSON.stringify(reported.json)).toBe(201)
    expect(reported.json.state).toBe('pending')
    expect((await api('POST', `/leases/${leaseId}/rent/payments/${reported.json.id}/confirm`, { cookie: renter.cookie })).status).toBe(403)
    const confirmed = await api('POST', `/leases/${leaseId}/rent/payments/${reported.json.id}/confirm`, { cookie: landlord.cookie })
    expect(confirmed.status).toBe(200)
    // Oldest first: October paid, November partly (and late: past the 1st and Delaware's eight days' grace).
    expect(confirmed.json.ledger.charges.map((c: { status: string; owedCents: number }) => [c.status, c.owedCents])).toEqual([
      ['late', 100_000],
      ['paid', 0],
    ])
    const [mine, theirs] = await Promise.all([
      fetchPath(`/api/leases/${leaseId}/rent/receipts/${reported.json.id}`, renter.cookie),
      fetchPath(`/leases/${leaseId}/rent/receipts/${reported.json.id}.pdf`, landlord.cookie),
    ])
    expect([mine.status, theirs.status]).toEqual([200, 200])
    expect(mine.headers.get('content-type')).toBe('application/pdf')
    expect(Buffer.from(mine.bytes).subarray(0, 5).toString()).toBe('%PDF-')
    expect(Buffer.from(mine.bytes).equals(Buffer.from(theirs.bytes))).toBe(true)
    const page = await pages.get(`/leases/${leaseId}/rent`, renter.cookie)
    expect(page.status).toBe(200)
    expect(page.html).toContain('it does not take, hold or move money')
    expect(page.html).toContain(`Receipt no. ${reported.json.id} (PDF)`)
    const rollPage = await pages.get('/rent?month=2026-11', landlord.cookie)
    expect(rollPage.html).toContain('Rent roll: November 2026')
    const statement = await fetchPath(`/leases/${leaseId}/rent/statement/2026.pdf`, renter.cookie)
    expect([statement.status, statement.headers.get('content-type')]).toEqual([200, 'application/pdf'])

    const roll = await api('GET', '/rent?month=2026-11', { cookie: landlord.cookie })
    expect(roll.json.rows).toHaveLength(1)
    expect(roll.json.totals).toMatchObject({ dueCents: 150_000, paidCents: 200_000, pendingCount: 0 })
    expect((await api('GET', '/rent?month=2026-13', { cookie: landlord.cookie })).status).toBe(400)
    const csv = await fetchPath('/rent.csv?month=2026-11', landlord.cookie)
    const text = Buffer.from(csv.bytes).toString()
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(text.split('\r\n')[0]).toBe('Month,Lease,Address,Tenants,Due (USD),Paid (USD),Late (USD),Balance (USD),Payments pending')
    expect(text).toContain(`2026-11,${leaseId},`)
    expect(text).toContain(',1500.00,2000.00,')
  })

  it('the landlord adds a charge and waives part of another over the API and with the forms; the tenant reads the waiver and why', async () => {
    const today = new Date().toISOString().slice(0, 10)
    const charge = { description: 'Plumber for a blocked sink', amountCents: 12_000, dueOn: today }
    expect((await api('POST', `/leases/${leaseId}/rent/charges`, { cookie: renter.cookie, body: charge })).status).toBe(403)
    const bad = await api('POST', `/leases/${leaseId}/rent/charges`, { cookie: landlord.cookie, body: { ...charge, amountCents: 0 } })
    expect([bad.status, bad.json.errors?.amountCents]).toEqual([400, ['The amount must be more than zero.']])
    const added = await api('POST', `/leases/${leaseId}/rent/charges`, { cookie: landlord.cookie, body: charge })
    expect(added.status, JSON.stringify(added.json)).toBe(201)
    expect(added.json.ledger.charges.find((c: { id: number }) => c.id === added.json.id)).toMatchObject({
      amountCents: 12_000,
      status: 'due',
    })
    // November's rent: $1,000 still owed. $1,000.01 is more than that.
    const november = chargeNamed(added.json.ledger.charges, 'Rent for 2026-11')
    const waive = (cookie: string, body: unknown) => api('POST', `/leases/${leaseId}/rent/charges/${november.id}/waive`, { cookie, body })
    expect((await waive(renter.cookie, { amountCents: 100, reason: 'Because' })).status).toBe(403)
    expect((await waive(landlord.cookie, { amountCents: 100_001, reason: 'Because' })).status).toBe(400)
    expect((await waive(landlord.cookie, { amountCents: 100, reason: 'no' })).status).toBe(400)
    const waived = await waive(landlord.cookie, { amountCents: 30_000, reason: 'The heating was off for a week' })
    expect(waived.status, JSON.stringify(waived.json)).toBe(201)
    expect(chargeNamed(waived.json.ledger.charges, 'Rent for 2026-11')).toMatchObject({ waivedCents: 30_000, owedCents: 70_000 })
    // The page's form, without script: a refusal answers beside the form; the whole plumber's bill waived.
    const refusedPost = await postForm(`/leases/${leaseId}/rent`, landlord.cookie, {
      intent: 'waive',
      chargeId: String(added.json.id),
      amount: '120.01',
      reason: 'Our plumber',
    })
    expect(refusedPost.status).toBe(400)
    expect(refusedPost.html).toContain('At most $120 is still owed on this charge.')
    const posted = await postForm(`/leases/${leaseId}/rent`, landlord.cookie, {
      intent: 'waive',
      chargeId: String(added.json.id),
      amount: '120',
      reason: 'Our plumber caused it',
    })
    expect(posted.status).toBe(302)
    const page = await pages.get(`/leases/${leaseId}/rent`, renter.cookie)
    expect(page.html).toContain('Waived $300 on ')
    expect(page.html).toContain('The heating was off for a week')
    expect(page.html).toContain('Our plumber caused it')
    expect(page.html).not.toContain('Add a charge')
    const mine = (await api('GET', `/leases/${leaseId}/rent`, { cookie: renter.cookie })).json
    expect(mine.charges.find((c: { id: number }) => c.id === added.json.id)).toMatchObject({ status: 'waived', owedCents: 0 })
    expect((await pages.get(`/leases/${leaseId}/rent`, landlord.cookie)).html).toContain('Add a charge')
  })

  it('answers 404 to a third person and a visitor at every ledger address, and lists none of the lease in their roll', async () => {
    const [payment] = (await api('GET', `/leases/${leaseId}/rent`, { cookie: landlord.cookie })).json.payments
    for (const cookie of [...strangers.map((person) => person.cookie), undefined]) {
      for (const path of [
        `/leases/${leaseId}/rent`,
        `/leases/${leaseId}/rent/receipts/${payment.id}.pdf`,
        `/leases/${leaseId}/rent/statement/2026.pdf`,
        `/api/leases/${leaseId}/rent`,
        `/api/leases/${leaseId}/rent/receipts/${payment.id}`,
        `/api/leases/${leaseId}/rent/statements/2026`,
      ]) {
        const answer = await fetchPath(path, cookie)
        expect([path, answer.status]).toEqual([
          path,
          cookie !== undefined ? 404 : path.startsWith('/api') ? 401 : path.endsWith('/rent') ? 302 : 404,
        ])
      }
      if (!cookie) continue
      for (const [path, body] of [
        [`/leases/${leaseId}/rent/payments`, { method: 'cash', paidOn: '2026-11-01', amountCents: 100 }],
        [`/leases/${leaseId}/rent/payments/${payment.id}/reverse`, { reason: 'x' }],
        [`/leases/${leaseId}/rent/charges`, { description: 'Water bill', amountCents: 100, dueOn: '2026-11-01' }],
        [`/leases/${leaseId}/rent/charges/${payment.id}/waive`, { amountCents: 100, reason: 'Because' }],
      ] as const) {
        expect((await api('POST', path, { cookie, body })).status).toBe(404)
      }
      expect((await api('GET', '/rent?month=2026-11', { cookie })).json.rows).toEqual([])
    }
  })
})
