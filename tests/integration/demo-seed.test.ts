import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countUnreadMessages, findProfileByEmail } from '#server/accounts/profile.server.ts'
import { account, applicationCriteria, article, listing, user } from '#server/db/schema.ts'
import { DEMO_PASSWORD, demoAccounts, seedDemoData } from '#server/seed/demo.server.ts'
import { HISTORY_OWNERS } from '#server/seed/history.server.ts'
import { findPriceDrops, findSavedHomesCity, findSavedListings } from '#server/listings/index.server.ts'
import { findListingApplyState, findRenterProfile } from '#server/applications/index.server.ts'
import { listLeases } from '#server/leases/index.server.ts'
import { createTestServices, jsonRequest, type TestServices } from '#tests/support/test-services.ts'

describe('demo data', () => {
  let t: TestServices
  beforeAll(async () => {
    t = await createTestServices()
    await seedDemoData({ database: t.services.database, auth: t.services.auth, logger: t.services.logger })
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

  it('has sent Alex Morgan a lease from Maria Delgado to sign, the landlord countersigning after', async () => {
    const { db } = t.services.database
    const [alex] = await listLeases(db, { userId: 'demo-renter', email: 'alex.morgan@cooperhome.example' })
    expect(alex).toMatchObject({ state: 'sent', viewerRole: 'tenant', awaitingYou: true })
    const [maria] = await listLeases(db, { userId: 'demo-landlord-1', email: 'maria.delgado@cooperhome.example' })
    expect(maria).toMatchObject({ id: alex!.id, viewerRole: 'landlord', awaitingYou: false })
    expect(alex!.parties.map((party) => [party.name, party.role])).toEqual([
      ['Alex Morgan', 'tenant'],
      ['Maria Delgado', 'landlord'],
    ])
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
