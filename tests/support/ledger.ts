// Fully signed leases for the ledger's tests: drafted from an approved application with the terms a test
// needs, sent, signed by the tenant and countersigned by the landlord through the real services.
import { applyToListing, changeApplication, saveRenterProfile } from '#server/applications/index.server.ts'
import { createLease, findLease, saveLeaseTerms, sendLease } from '#server/leases/index.server.ts'
import type { LeaseTermsInput } from '#common/leases/terms.ts'
import { completeRenterProfile, jobPaying } from './applications.ts'
import { actorOf, approvedApplication, consentAndSign } from './lease-process.ts'
import type { listingFactory, Person } from './listings.ts'
import type { TestServices } from './test-services.ts'

export type SignedLease = { leaseId: number; landlord: Person; tenant: Person; landlordName: string; tenantName: string }

export async function signedLeaseWith(
  t: TestServices,
  listings: ReturnType<typeof listingFactory>,
  terms: Partial<LeaseTermsInput> = {},
): Promise<SignedLease> {
  const { owner, renter, applicationId } = await approvedApplication(t, listings)
  return signApplication(t, { owner, renter, applicationId }, terms)
}

/** A lease between two given people (accounts a test signs in as) for a new home of the owner's. */
export async function signedLeaseBetween(
  t: TestServices,
  listings: ReturnType<typeof listingFactory>,
  { owner, renter }: { owner: Person; renter: Person },
  terms: Partial<LeaseTermsInput> = {},
): Promise<SignedLease> {
  const home = await listings.create({ ownerId: owner.id })
  await saveRenterProfile(t.services, {
    userId: renter.id,
    profile: completeRenterProfile({ employment: [jobPaying(900_000)], occupants: [], pets: [] }),
  })
  const row = await applyToListing(t.services, {
    renterId: renter.id,
    listingId: home.id,
    input: { moveInDate: '2027-03-01', leaseMonths: '12', note: '' },
  })
  await changeApplication(t.services, { applicationId: row.id, actorId: owner.id, action: 'approved', input: { homeTaken: false } })
  return signApplication(t, { owner, renter, applicationId: row.id }, terms)
}

async function signApplication(
  t: TestServices,
  { owner, renter, applicationId }: { owner: Person; renter: Person; applicationId: number },
  terms: Partial<LeaseTermsInput>,
): Promise<SignedLease> {
  const db = t.services.database.db
  const landlord = await actorOf(db, owner)
  const row = await createLease(t.services, { actor: landlord, input: { applicationId } })
  const draft = await findLease(db, { leaseId: row.id, viewer: { userId: owner.id, email: owner.email } })
  await saveLeaseTerms(t.services, { leaseId: row.id, actor: landlord, input: { ...draft.draftTerms!, ...terms } })
  await sendLease(t.services, { leaseId: row.id, actor: landlord })
  await consentAndSign(t, row.id, renter, 'Renter Person')
  await consentAndSign(t, row.id, owner, 'Owner Person')
  const tenant = await actorOf(db, renter)
  return { leaseId: row.id, landlord: owner, tenant: renter, landlordName: landlord.name, tenantName: tenant.name }
}
