// A fully signed lease for inspection tests, and the steps a party takes on an inspection.
import { applyToListing, changeApplication, saveRenterProfile } from '#server/applications/index.server.ts'
import { createLease, sendLease } from '#server/leases/index.server.ts'
import { findInspection, signInspection } from '#server/inspections/index.server.ts'
import type { InspectionKind } from '#common/inspections/vocabulary.ts'
import { completeRenterProfile, jobPaying } from './applications.ts'
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

/** A signed lease between two given people (accounts that sign in, say), for a new home of the first. */
export async function signedLeaseBetween(t: TestServices, listings: ReturnType<typeof listingFactory>, owner: Person, renter: Person) {
  const db = t.services.database.db
  const home = await listings.create({ ownerId: owner.id, bedrooms: 1, bathrooms: 1 })
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
  const row = await createLease(t.services, { actor: await actorOf(db, owner), input: { applicationId: applied.id } })
  await sendLease(t.services, { leaseId: row.id, actor: await actorOf(db, owner) })
  await consentAndSign(t, row.id, renter, 'Renter Person')
  await consentAndSign(t, row.id, owner, 'Owner Person')
  return row.id
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
