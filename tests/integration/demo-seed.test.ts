import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countUnreadMessages, findProfileByEmail } from '#server/accounts/profile.server.ts'
import {
  account,
  applicationCriteria,
  article,
  lease,
  ledgerTransaction,
  listing,
  maintenanceRequest,
  rentPayment,
  user,
} from '#server/db/schema.ts'
import { DEMO_PASSWORD, demoAccounts, seedDemoData } from '#server/seed/demo.server.ts'
import { HISTORY_OWNERS } from '#server/seed/history.server.ts'
import { findPriceDrops, findSavedHomesCity, findSavedListings } from '#server/listings/index.server.ts'
import { findListingApplyState, findRenterProfile } from '#server/applications/index.server.ts'
import { listLeases } from '#server/leases/index.server.ts'
import { findStayCalendar, findStayRules } from '#server/stays/index.server.ts'
import { DEMO_TENANCY_MONTHS, seedDemoTenancy } from '#server/seed/tenancy.server.ts'
import { callApi } from '#tests/support/json-api.ts'
import { TEST_ORIGIN, createTestServices, jsonRequest, type TestServices } from '#tests/support/test-services.ts'

describe('demo data', () => {
  let t: TestServices
  let tenancyId: number | null
  beforeAll(async () => {
    t = await createTestServices()
    await seedDemoData({ database: t.services.database, auth: t.services.auth, logger: t.services.logger })
    tenancyId = await seedDemoTenancy(t.services)
    // The whole demo (listings, six years of lettings, the index, criteria) takes most of a minute on
    // a busy two-core machine.
  }, 120_000)
  afterAll(async () => {
    await t.close()
  })

  it('creates verified demo accounts that can sign in with the documented password', async () => {
    const res = await t.app.request(
      jsonRequest('/api/auth/sign-in/email', { email: 'alex.morgan@cooperhome.example', password: DEMO_PASSWORD }),
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('set-cookie')).toContain('cooper.session_token=')
    const renter = await findProfileByEmail(t.services.database.db, 'alex.morgan@cooperhome.example')
    expect(renter).toMatchObject({ role: 'renter', isAdministrator: false })
    const admin = await findProfileByEmail(t.services.database.db, 'admin@cooperhome.example')
    expect(admin?.isAdministrator).toBe(true)
    expect(await countUnreadMessages(t.services.database.db, 'Alex.Morgan@cooperhome.example')).toBe(2)
  })

  it('gives the demo renter saved homes in Wilmington, and the home page a handful of price drops', async () => {
    const { db } = t.services.database
    const [renter] = await db.select().from(user).where(eq(user.email, 'alex.morgan@cooperhome.example'))
    const saved = await findSavedListings(db, { user: renter! })
    expect(saved.map((home) => [home.city, home.status])).toEqual(Array(3).fill(['Wilmington', 'published']))
    expect(await findSavedHomesCity(db, { email: renter!.email })).toEqual({ city: 'Wilmington', state: 'DE' })
    const drops = await findPriceDrops(db, { limit: 10 })
    expect(drops).toHaveLength(10)
    for (const { drop } of drops) expect(drop.toCents).toBeLessThan(drop.fromCents)
  })

  it('gives Maria Delgado’s homes published criteria and Alex Morgan a complete application to send', async () => {
    const { db } = t.services.database
    const alex = await findRenterProfile(db, 'demo-renter')
    expect(alex.profile?.legalName).toBe('Alex Morgan')
    expect(alex.missing).toEqual([])
    const [home] = await db
      .select({ id: listing.id })
      .from(listing)
      .innerJoin(applicationCriteria, eq(applicationCriteria.listingId, listing.id))
      .where(eq(listing.ownerId, 'demo-landlord-1'))
      .limit(1)
    const state = await findListingApplyState(db, { listingId: home!.id, viewerId: 'demo-renter' })
    expect(state).toMatchObject({ criteria: { version: 1, accepting: true }, application: null, profileMissing: [] })
    expect([2.5, 3]).toContain(state.criteria?.incomeMultiple)
  })

  it('gives Maria Delgado’s short-term apartment rules of its own and two blocks', async () => {
    const { db } = t.services.database
    const [home] = await db
      .select({ id: listing.id })
      .from(listing)
      .where(and(eq(listing.ownerId, 'demo-landlord-1'), eq(listing.title, 'Quiet three-bedroom apartment in Downtown')))
    const rules = await findStayRules(db, { viewerId: 'demo-landlord-1', listingId: home!.id })
    expect(rules).toMatchObject({
      isListingOwn: true,
      rules: { checkInTime: '15:00', checkOutTime: '11:00', cancellationPolicy: 'moderate' },
    })
    expect(rules.minNights).toBeGreaterThanOrEqual(2)
    expect(rules.rules.weekendNightlyCents).toBeGreaterThan(rules.nightlyCents)
    expect(rules.rules.cleaningFeeCents).toBeGreaterThan(0)
    const calendar = await findStayCalendar(db, { listingId: home!.id, viewerId: 'demo-landlord-1' })
    expect(calendar.blocks).toHaveLength(2)
  })

  it('has sent Alex Morgan a lease from Maria Delgado to sign, the landlord countersigning after', async () => {
    const { db } = t.services.database
    const sent = (rows: Awaited<ReturnType<typeof listLeases>>) => rows.filter((row) => row.state === 'sent')
    const [alex] = sent(await listLeases(db, { userId: 'demo-renter', email: 'alex.morgan@cooperhome.example' }))
    expect(alex).toMatchObject({ state: 'sent', viewerRole: 'tenant', awaitingYou: true })
    const [maria] = sent(await listLeases(db, { userId: 'demo-landlord-1', email: 'maria.delgado@cooperhome.example' }))
    expect(maria).toMatchObject({ id: alex!.id, viewerRole: 'landlord', awaitingYou: false })
    expect(alex!.parties.map((party) => [party.name, party.role])).toEqual([
      ['Alex Morgan', 'tenant'],
      ['Maria Delgado', 'landlord'],
    ])
  })

  it('gives Maria Delgado and Alex Morgan a signed lease lived in for months: rent books, a signed move-in inspection, an open request', async () => {
    const maria = await signIn(t, 'maria.delgado@cooperhome.example')
    const alex = await signIn(t, 'alex.morgan@cooperhome.example')
    expect(tenancyId).toEqual(expect.any(Number))
    const leaseId = tenancyId!

    // Both see the lease fully signed, with its sealed PDF; Alex's other lease is still out for signature.
    const leases = (await callApi(t, 'GET', '/leases', { cookie: alex })).json.leases as { id: number; state: string }[]
    expect(leases.map((row) => row.state).sort()).toEqual(['fully_signed', 'sent'])
    const signed = await t.app.request(
      new Request(`${TEST_ORIGIN}/api/leases/${leaseId}/signed.pdf`, { headers: { Cookie: maria, Origin: TEST_ORIGIN } }),
    )
    expect([signed.status, signed.headers.get('content-type')]).toEqual([200, 'application/pdf'])

    // The landlord's rent roll for this month lists the lease with Alex's payment to confirm.
    const roll = await callApi(t, 'GET', '/rent', { cookie: maria })
    expect(roll.status).toBe(200)
    expect(roll.json.rows).toEqual([
      expect.objectContaining({ leaseId, tenants: 'Alex Morgan', pendingCount: 1, dueCents: expect.any(Number) }),
    ])
    expect(roll.json.rows[0].dueCents).toBeGreaterThan(0)

    // The tenant's ledger: the deposit and a rent for each month since the start, paid but for this month's,
    // which Alex reported; one month paid in two parts.
    const ledger = (await callApi(t, 'GET', `/leases/${leaseId}/rent`, { cookie: alex })).json
    expect(ledger.viewerSide).toBe('tenant')
    const rents = ledger.charges.filter((charge: { kind: string }) => charge.kind === 'rent')
    expect(rents.length).toBeGreaterThanOrEqual(DEMO_TENANCY_MONTHS + 1)
    expect(ledger.charges.filter((charge: { kind: string }) => charge.kind === 'deposit')).toHaveLength(1)
    const past = rents.filter((charge: { dueOn: string }) => charge.dueOn < `${ledger.today.slice(0, 7)}-01`)
    expect(past).toHaveLength(DEMO_TENANCY_MONTHS)
    for (const charge of past) expect(charge).toMatchObject({ status: 'paid', owedCents: 0 })
    const payments = ledger.payments as { state: string; amountCents: number; reportedBy: string }[]
    expect(payments.filter((payment) => payment.state === 'pending')).toEqual([
      expect.objectContaining({ amountCents: ledger.rentCents, reportedBy: 'Alex Morgan' }),
    ])
    expect(payments.filter((payment) => payment.state === 'confirmed').length).toBe(DEMO_TENANCY_MONTHS + 2)
    expect(payments.some((payment) => payment.amountCents < ledger.rentCents)).toBe(true)

    // The move-in inspection, signed by both.
    const inspection = (await callApi(t, 'GET', `/leases/${leaseId}/inspections/move-in`, { cookie: alex })).json.inspection
    expect(inspection.state).toBe('signed')
    expect(inspection.rooms.length).toBeGreaterThanOrEqual(3)
    expect(inspection.parties.map((party: { name: string; signedAt: string | null }) => [party.name, party.signedAt !== null])).toEqual([
      ['Maria Delgado', true],
      ['Alex Morgan', true],
    ])

    // The routine request Alex filed is open, with the windows Alex is home.
    const requests = (await callApi(t, 'GET', '/maintenance', { cookie: maria })).json.landlord as { id: number; state: string }[]
    expect(requests).toEqual([expect.objectContaining({ leaseId, urgency: 'routine', state: 'new', title: 'Dishwasher does not drain' })])
    const request = (await callApi(t, 'GET', `/maintenance/${requests[0]!.id}`, { cookie: alex })).json.request
    expect(request.windows.length).toBeGreaterThan(0)
  })

  it('seeds the tenancy once: a second run changes nothing', async () => {
    const { db } = t.services.database
    const counts = async () =>
      Promise.all(
        [lease, ledgerTransaction, rentPayment, maintenanceRequest].map(
          async (table) => (await db.select({ n: count() }).from(table))[0]!.n,
        ),
      )
    const before = await counts()
    expect(await seedDemoTenancy(t.services)).toBeNull()
    expect(await counts()).toEqual(before)
  })

  it('shows two completed stays with published reviews on Maria’s Downtown short-term home', async () => {
    const [home] = await t.services.database.db
      .select({ id: listing.id })
      .from(listing)
      .where(and(eq(listing.ownerId, 'demo-landlord-1'), eq(listing.title, 'Quiet three-bedroom apartment in Downtown')))
    const res = await t.app.request(`/api/properties/${home!.id}/reviews`)
    const reviews = (await res.json()) as { count: number; overall: number; reviews: { authorName: string; answer: unknown }[] }
    expect(reviews).toMatchObject({ count: 2, overall: 4.5 })
    expect(reviews.reviews.map((r) => r.authorName)).toEqual(['James', 'Alex'])
  })

  it('gives the Community room a history that newcomers can read, numbered for the live thread', async () => {
    const res = await t.app.request('/api/chat/room/messages')
    const page = (await res.json()) as { messages: { seq: number; author: { name: string }; body: string }[]; lastSeq: number }
    expect(page.messages.length).toBeGreaterThanOrEqual(5)
    expect(page.messages.map((m) => m.seq)).toEqual(page.messages.map((_, i) => i + 1))
    expect(page.lastSeq).toBe(page.messages.length)
    expect(page.messages[1]).toMatchObject({ author: { name: 'Alex Morgan' }, body: expect.stringContaining('Trolley Square') })
  })

  it('seeds the knowledge base and runs only once', async () => {
    await seedDemoData({ database: t.services.database, auth: t.services.auth, logger: t.services.logger })
    const [users] = await t.services.database.db.select({ n: count() }).from(user)
    // The demo accounts, and the property managers of the past lettings (who cannot sign in).
    expect(users?.n).toBe(demoAccounts.length + HISTORY_OWNERS.length)
    const [credentials] = await t.services.database.db.select({ n: count() }).from(account)
    expect(credentials?.n).toBe(demoAccounts.length)
    const [articles] = await t.services.database.db.select({ n: count() }).from(article)
    expect(articles?.n).toBeGreaterThanOrEqual(6)
    const [maria] = await t.services.database.db.select().from(user).where(eq(user.email, 'maria.delgado@cooperhome.example'))
    expect(maria?.emailVerified).toBe(true)
  })
})

describe('without demo data (SEED_DEMO_DATA=false, as a real deployment starts)', () => {
  let t: TestServices
  beforeAll(async () => {
    t = await createTestServices({ SEED_DEMO_DATA: 'false' })
  })
  afterAll(async () => {
    await t.close()
  })

  it('has no account at all, so no demo or default password signs anyone in', async () => {
    const [users] = await t.services.database.db.select({ n: count() }).from(user)
    expect(users?.n).toBe(0)
    for (const { email } of demoAccounts) {
      const res = await t.app.request(jsonRequest('/api/auth/sign-in/email', { email, password: DEMO_PASSWORD }))
      expect(res.status).toBe(401)
    }
  })
})

/** Signs in as a demo account with the documented password; answers the session cookie. */
async function signIn(t: TestServices, email: string): Promise<string> {
  const res = await t.app.request(jsonRequest('/api/auth/sign-in/email', { email, password: DEMO_PASSWORD }))
  expect(res.status).toBe(200)
  return res.headers.get('set-cookie')!.split(';')[0]!
}
