import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listing, profile } from '#server/db/schema.ts'
import { confirmAvailable } from '#server/listings/index.server.ts'
import { STALE_NOTICES_JOB } from '#server/listings/stale-notices.server.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { TEST_ORIGIN, createTestServices, type TestServices } from '#tests/support/test-services.ts'
import { signUpVerifiedUser, type TestUser } from '#tests/support/users.ts'

const DAY = 86_400_000

describe('the stale listing notice', () => {
  let t: TestServices
  let owner: TestUser
  const db = () => t.services.database.db

  beforeAll(async () => {
    t = await createTestServices()
    owner = await signUpVerifiedUser(t, { name: 'Lena Landlord' })
    await db().update(profile).set({ role: 'landlord' }).where(eq(profile.userId, owner.id))
  })
  afterAll(async () => {
    await t.close()
  })

  const noticesTo = (email: string) => t.mail.messages.filter((m) => m.to.includes(email) && /hidden from search/.test(m.subject))

  it('e-mails the owner once about a published listing unconfirmed for 30 days, and again only after a new confirmation lapses', async () => {
    const factory = listingFactory(db())
    const stale = await factory.create({
      ownerId: owner.id,
      title: 'Sunny loft above the bakery',
      lastConfirmedAt: new Date(Date.now() - 31 * DAY),
    })
    const fresh = await factory.create({
      ownerId: owner.id,
      title: 'Quiet cottage by the park',
      lastConfirmedAt: new Date(Date.now() - 29 * DAY),
    })
    await factory.create({ ownerId: owner.id, title: 'Old draft', status: 'draft', lastConfirmedAt: new Date(Date.now() - 90 * DAY) })

    await t.services.jobs.send(STALE_NOTICES_JOB)
    expect(await t.services.jobs.runUntilIdle()).toBe(1)
    const mail = await t.mail.waitFor(owner.email, { subject: /hidden from search/ })
    expect(mail.subject).toBe('Your listing is hidden from search: Sunny loft above the bakery')
    expect(mail.text).toContain(`${TEST_ORIGIN}/properties/sunny-loft-above-the-bakery-${stale.id}`)
    expect(mail.text).toContain(`${TEST_ORIGIN}/userprofile`)
    expect(mail.text).not.toContain('Quiet cottage')
    expect(mail.text).not.toContain('Old draft')
    const [marked] = await db().select().from(listing).where(eq(listing.id, stale.id))
    expect(marked!.staleNoticeSentAt).not.toBeNull()

    // A second run sends nothing more.
    await t.services.jobs.send(STALE_NOTICES_JOB)
    await t.services.jobs.runUntilIdle()
    expect(noticesTo(owner.email)).toHaveLength(1)

    // Confirming clears the notice, so a later lapse is told again.
    await confirmAvailable(db(), { viewerId: owner.id, listingId: stale.id })
    const [confirmed] = await db().select().from(listing).where(eq(listing.id, stale.id))
    expect(confirmed!.staleNoticeSentAt).toBeNull()
    await db()
      .update(listing)
      .set({ lastConfirmedAt: new Date(Date.now() - 40 * DAY) })
      .where(eq(listing.id, stale.id))
    await db()
      .update(listing)
      .set({ lastConfirmedAt: new Date(Date.now() - 35 * DAY) })
      .where(eq(listing.id, fresh.id))
    await t.services.jobs.send(STALE_NOTICES_JOB)
    await t.services.jobs.runUntilIdle()
    const notices = noticesTo(owner.email)
    expect(notices).toHaveLength(2)
    expect(notices[1]!.subject).toBe('2 of your listings are hidden from search')
    expect(notices[1]!.text).toContain('Sunny loft above the bakery')
    expect(notices[1]!.text).toContain('Quiet cottage by the park')
  })
})
