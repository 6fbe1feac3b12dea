// Leases on the real services for tests: a published template, an approved application to draft from,
// the actor a party acts as, and the steps of signing as a signer takes them.
import { eq } from 'drizzle-orm'
import { applyToListing, changeApplication, saveRenterProfile } from '#server/applications/index.server.ts'
import type { Db } from '#server/db/client.server.ts'
import { leaseTemplate, user } from '#server/db/schema.ts'
import { consentToSign, findLease, signLease, type LeaseActor } from '#server/leases/index.server.ts'
import { completeRenterProfile, jobPaying } from './applications.ts'
import { type listingFactory, type Person } from './listings.ts'
import type { TestServices } from './test-services.ts'

const TEMPLATE = `# Residential Lease Agreement

{{terms_table}}

## 1. Parties and premises

{{landlord}} lets {{premises}} to {{tenants}} ({{term}}).

## 2. Rent

Rent of {{rent}} is due on the {{due_day}} of each month; late fee: {{late_fee}} after {{grace_days}} days.

## 3. Deposit

The deposit of {{deposit}} is returned {{deposit_return}}.

## 4. Utilities

{{utilities}}

## 5. Other terms

{{clauses}}

{{disclosures}}
`

/** A published template in force (the latest published one counts). */
export async function publishLeaseTemplate(db: Db, body = TEMPLATE) {
  const [row] = await db
    .insert(leaseTemplate)
    .values({
      label: `test-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      title: 'Residential Lease Agreement',
      body,
      status: 'published',
      publishedAt: new Date(Date.now() - 1000),
    })
    .returning()
  return row!
}

/** The actor a person acts as, from a fixed address and browser. */
export async function actorOf(db: Db, person: Person, ipAddress = '203.0.113.7'): Promise<LeaseActor & { signInMethod: string }> {
  const [found] = await db.select({ name: user.name }).from(user).where(eq(user.id, person.id))
  return {
    userId: person.id,
    email: person.email,
    name: found?.name ?? 'Someone',
    ipAddress,
    userAgent: 'Mozilla/5.0 (test)',
    signInMethod: 'password',
  }
}

/** A renter's application to a new home of a new landlord, approved. */
export async function approvedApplication(
  t: TestServices,
  listings: ReturnType<typeof listingFactory>,
  overrides: Parameters<ReturnType<typeof listingFactory>['create']>[0] = {},
) {
  const owner = await listings.landlord()
  const home = await listings.create({ ownerId: owner.id, ...overrides })
  const renter = await listings.renter()
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
  return { owner, home, renter, applicationId: row.id }
}

/** A signer reads the lease, agrees to sign electronically, and signs the document they read. */
export async function consentAndSign(t: TestServices, leaseId: number, person: Person, typedName = 'Test Signer') {
  const actor = await actorOf(t.services.database.db, person)
  await consentToSign(t.services, { leaseId, actor, given: true, input: { agree: true } })
  const view = await findLease(t.services.database.db, { leaseId, viewer: { userId: person.id, email: person.email } })
  return signLease(t.services, { leaseId, actor, input: { typedName, confirm: true, documentSha256: view.document!.sha256 } })
}
