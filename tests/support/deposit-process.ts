// A tenancy at move-out for the deposit's tests and for looking at its pages: a lease drafted from an
// approved application between two given people, sent and signed by both, its deposit charged and paid
// (all or part), and its move-in inspection filled in and signed by both: all through the real domain
// functions, on whatever services and database the caller has.
import { applyToListing, changeApplication, saveRenterProfile } from '#server/applications/index.server.ts'
import { findInspection, saveItem, sendForSignature, signInspection, startInspection } from '#server/inspections/index.server.ts'
import { consentToSign, createLease, findLease, saveLeaseTerms, sendLease, signLease } from '#server/leases/index.server.ts'
import { addPayment, runLedgerCharges } from '#server/ledger/index.server.ts'
import type { Services } from '#server/services.server.ts'
import type { LeaseTermsInput } from '#common/leases/terms.ts'
import { completeRenterProfile, jobPaying } from './applications.ts'
import { actorOf } from './lease-process.ts'
import type { listingFactory, Person } from './listings.ts'

type Parties = { services: Services; listings: ReturnType<typeof listingFactory>; owner: Person; renter: Person }

/** Both parties sign the lease (or the inspection) as they read it; the tenant first. */
async function signBoth({ services, owner, renter }: Parties, leaseId: number) {
  const db = services.database.db
  for (const person of [renter, owner]) {
    const actor = await actorOf(db, person)
    await consentToSign(services, { leaseId, actor, given: true, input: { agree: true } })
    const view = await findLease(db, { leaseId, viewer: { userId: person.id, email: person.email } })
    await signLease(services, {
      leaseId,
      actor: { ...actor, signInMethod: 'password' },
      input: { typedName: actor.name, confirm: true, documentSha256: view.document!.sha256 },
    })
  }
}

/**
 * A fully signed lease with `terms`, its deposit paid up to `paidCents` on the start day (payments go to
 * the oldest charge, the deposit, first), and a signed move-in inspection with `moveInNote` on each item of
 * its first room.
 */
export async function tenancyAtMoveOut(
  parties: Parties,
  { terms, paidCents, moveInNote }: { terms: Partial<LeaseTermsInput> & { startDate: string }; paidCents: number; moveInNote: string },
) {
  const { services, listings, owner, renter } = parties
  const db = services.database.db
  const home = await listings.create({ ownerId: owner.id, bedrooms: 1, bathrooms: 1 })
  await saveRenterProfile(services, {
    userId: renter.id,
    profile: completeRenterProfile({ employment: [jobPaying(900_000)], occupants: [], pets: [] }),
  })
  const applied = await applyToListing(services, {
    renterId: renter.id,
    listingId: home.id,
    input: { moveInDate: terms.startDate, leaseMonths: '12', note: '' },
  })
  await changeApplication(services, { applicationId: applied.id, actorId: owner.id, action: 'approved', input: { homeTaken: false } })
  const landlord = await actorOf(db, owner)
  const row = await createLease(services, { actor: landlord, input: { applicationId: applied.id } })
  const draft = await findLease(db, { leaseId: row.id, viewer: { userId: owner.id, email: owner.email } })
  await saveLeaseTerms(services, { leaseId: row.id, actor: landlord, input: { ...draft.draftTerms!, ...terms } })
  await sendLease(services, { leaseId: row.id, actor: landlord })
  await signBoth(parties, row.id)

  const startAt = new Date(`${terms.startDate}T15:00:00Z`)
  await runLedgerCharges({ db, mailer: services.mailer, publicUrl: services.config.publicUrl }, startAt)
  await addPayment(services, {
    leaseId: row.id,
    actor: landlord,
    input: { method: 'check', paidOn: terms.startDate, amountCents: paidCents, reference: 'Check 1001' },
    now: startAt,
  })

  const kind = 'move_in' as const
  await startInspection(services, { leaseId: row.id, kind, actor: landlord })
  const view = (await findInspection(db, { leaseId: row.id, kind, viewer: landlord }))!
  for (const room of view.rooms) {
    for (const item of room.items) {
      await saveItem(services, {
        leaseId: row.id,
        kind,
        actor: landlord,
        itemId: item.id,
        input: { condition: 'good', notes: room === view.rooms[0] ? moveInNote : '' },
      })
    }
  }
  await sendForSignature(services, { leaseId: row.id, kind, actor: landlord })
  for (const person of [renter, owner]) {
    const signed = (await findInspection(db, { leaseId: row.id, kind, viewer: { userId: person.id, email: person.email } }))!
    const actor = await actorOf(db, person)
    await signInspection(services, {
      leaseId: row.id,
      kind,
      actor,
      input: { typedName: actor.name, confirm: true, documentSha256: signed.document!.sha256 },
    })
  }
  return { leaseId: row.id, landlord }
}
