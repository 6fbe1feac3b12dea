// Fully signed leases for the ledger's tests: drafted from an approved application with the terms a test
// needs, sent, signed by the tenant and countersigned by the landlord through the real services.
import { createLease, findLease, saveLeaseTerms, sendLease } from '#server/leases/index.server.ts'
import type { LeaseTermsInput } from '#common/leases/terms.ts'
import { actorOf, approvedApplication, consentAndSign } from './lease-process.ts'
import type { listingFactory, Person } from './listings.ts'
import type { TestServices } from './test-services.ts'

export type SignedLease = { leaseId: number; landlord: Person; tenant: Person; landlordName: string; tenantName: string }

export async function signedLeaseWith(
  t: TestServices,
  listings: ReturnType<typeof listingFactory>,
  terms: Partial<LeaseTermsInput> = {},
): Promise<SignedLease> {
  const db = t.services.database.db
  const { owner, renter, applicationId } = await approvedApplication(t, listings)
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
