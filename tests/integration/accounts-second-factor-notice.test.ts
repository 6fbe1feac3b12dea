// Landlords with a signed lease are asked to turn on a second factor, on /my-listings and on the profile,
// until they do; nobody else is.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loader as myListingsLoader } from '#app/routes/my-listings.tsx'
import { loader as profileLoader } from '#app/routes/userprofile.tsx'
import { applyToListing, changeApplication, saveRenterProfile } from '#server/applications/index.server.ts'
import { lease, passkey, profile, user } from '#server/db/schema.ts'
import { createLease, sendLease } from '#server/leases/index.server.ts'
import { completeRenterProfile, jobPaying } from '#tests/support/applications.ts'
import { actorOf, consentAndSign, publishLeaseTemplate } from '#tests/support/lease-process.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'
import { signUpVerifiedUser, type TestUser } from '#tests/support/users.ts'
import { callRoute, pageRequest } from './accounts-helpers.ts'

describe('the request to landlords with signed leases to add a second factor', () => {
  let t: TestServices
  let owner: TestUser
  let renter: TestUser
  let leaseId: number
  const db = () => t.services.database.db

  beforeAll(async () => {
    t = await createTestServices()
    await publishLeaseTemplate(db())
    owner = await signUpVerifiedUser(t, { name: 'Maria Landlord' })
    await db().update(profile).set({ role: 'landlord' }).where(eq(profile.email, owner.email))
    renter = await signUpVerifiedUser(t, { name: 'Robin Renter' })
    const home = await listingFactory(db()).create({ ownerId: owner.id, title: 'Second factor row house' })
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
    await t?.close()
  })

  async function asked(person: TestUser) {
    const pages = await Promise.all([
      callRoute(t, profileLoader, pageRequest('/userprofile', person.cookie)),
      callRoute(t, myListingsLoader, pageRequest('/my-listings', person.cookie)),
    ])
    return pages.map((page) => (page.data as { askForSecondFactor: boolean }).askForSecondFactor)
  }

  it('asks only the landlord of a signed lease, on both pages, until a second factor or a passkey is on', async () => {
    // A lease out for signature is not signed yet.
    expect(await asked(owner)).toEqual([false, false])

    await consentAndSign(t, leaseId, renter, 'Robin Renter')
    await consentAndSign(t, leaseId, owner, 'Maria Landlord')
    const [signed] = await db().select({ state: lease.state }).from(lease).where(eq(lease.id, leaseId))
    expect(signed?.state).toBe('fully_signed')

    expect(await asked(owner)).toEqual([true, true])
    // The tenant signed it too, but is not its landlord.
    expect(await asked(renter)).toEqual([false, false])

    await db().update(user).set({ twoFactorEnabled: true }).where(eq(user.id, owner.id))
    expect(await asked(owner)).toEqual([false, false])

    // A passkey instead of the second factor is enough too.
    await db().update(user).set({ twoFactorEnabled: false }).where(eq(user.id, owner.id))
    expect(await asked(owner)).toEqual([true, true])
    await db()
      .insert(passkey)
      .values({
        id: `pk-${owner.id}`,
        userId: owner.id,
        publicKey: 'key',
        credentialID: `cred-${owner.id}`,
        counter: 0,
        deviceType: 'singleDevice',
        backedUp: false,
      })
    expect(await asked(owner)).toEqual([false, false])
  })
})
