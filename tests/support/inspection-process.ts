// A fully signed lease for inspection tests, and the steps a party takes on an inspection.
import { createLease, sendLease } from '#server/leases/index.server.ts'
import { findInspection, signInspection } from '#server/inspections/index.server.ts'
import type { InspectionKind } from '#common/inspections/vocabulary.ts'
import { actorOf, approvedApplication, consentAndSign } from './lease-process.ts'
import type { listingFactory, Person } from './listings.ts'
import type { TestServices } from './test-services.ts'

/** A lease from an approved application, signed by its tenant and countersigned by its landlord. */
export async function signedLease(t: TestServices, listings: ReturnType<typeof listingFactory>) {
  const parties = await approvedApplication(t, listings, { bedrooms: 2, bathrooms: 1.5 })
  const db = t.services.database.db
  const row = await createLease(t.services, { actor: await actorOf(db, parties.owner), input: { applicationId: parties.applicationId } })
  await sendLease(t.services, { leaseId: row.id, actor: await actorOf(db, parties.owner) })
  await consentAndSign(t, row.id, parties.renter, 'Renter Person')
  await consentAndSign(t, row.id, parties.owner, 'Owner Person')
  return { ...parties, leaseId: row.id }
}

export const viewerOf = (person: Person) => ({ userId: person.id, email: person.email })

/** A party signs the document out for signature as they read it. */
export async function signAs(t: TestServices, leaseId: number, kind: InspectionKind, person: Person, typedName = 'Some Signer') {
  const view = await findInspection(t.services.database.db, { leaseId, kind, viewer: viewerOf(person) })
  return signInspection(t.services, {
    leaseId,
    kind,
    actor: await actorOf(t.services.database.db, person),
    input: { typedName, confirm: true, documentSha256: view!.document!.sha256 },
  })
}
