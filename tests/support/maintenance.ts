// Maintenance requests on the real services for tests: a fully signed lease between a new landlord and a
// new tenant, and the actors they file and answer requests as.
import { createLease, sendLease } from '#server/leases/index.server.ts'
import type { MaintenanceActor } from '#server/maintenance/index.server.ts'
import { actorOf, approvedApplication, consentAndSign } from './lease-process.ts'
import type { listingFactory, Person } from './listings.ts'
import type { TestServices } from './test-services.ts'

export type SignedLease = {
  owner: Person
  renter: Person
  leaseId: number
  landlord: MaintenanceActor
  tenant: MaintenanceActor
}

/** A lease drafted from an approved application, sent, signed by its tenant and countersigned. */
export async function signedLease(t: TestServices, listings: ReturnType<typeof listingFactory>): Promise<SignedLease> {
  const db = t.services.database.db
  const { owner, renter, applicationId } = await approvedApplication(t, listings)
  const landlord = await actorOf(db, owner)
  const row = await createLease(t.services, { actor: landlord, input: { applicationId } })
  await sendLease(t.services, { leaseId: row.id, actor: landlord })
  await consentAndSign(t, row.id, renter, 'Renter Person')
  await consentAndSign(t, row.id, owner, 'Owner Person')
  const tenant = await actorOf(db, renter)
  return {
    owner,
    renter,
    leaseId: row.id,
    landlord: { userId: landlord.userId, email: landlord.email, name: landlord.name },
    tenant: { userId: tenant.userId, email: tenant.email, name: tenant.name },
  }
}

/** A request's fields as the file form sends them, for the lease given. */
export function requestInput(leaseId: number, overrides: Record<string, unknown> = {}) {
  return {
    leaseId: String(leaseId),
    category: 'plumbing',
    urgency: 'urgent',
    title: 'Kitchen tap leaks',
    location: 'Kitchen, under the sink',
    description: 'Water drips into the cupboard under the sink.',
    entryAllowed: 'yes',
    entryNotes: 'The dog is friendly.',
    windows: [{ date: '2099-01-05', from: '09:00', to: '12:00' }],
    ...overrides,
  }
}
