// The demo site's lease: the demo landlord has sent the demo renter a lease of one of her homes, so a
// newcomer signing in as either sees a lease out for signature and can sign and countersign it. Written
// through the same steps as a landlord's (draft, terms, send), once, without announcing anything.
import { and, asc, eq, isNotNull } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { lease, listing, user } from '#server/db/schema.ts'
import { storeLeaseTerms, storeNewLease, storeSentLease } from './drafts.server.ts'
import type { LeaseTermsInput } from '#common/leases/terms.ts'

/** Sends the demo lease unless the landlord has one already; answers whether it did. */
export async function sendDemoLease(db: Db, { landlordId, tenantId }: { landlordId: string; tenantId: string }): Promise<boolean> {
  const [existing] = await db.select({ id: lease.id }).from(lease).where(eq(lease.landlordId, landlordId)).limit(1)
  if (existing) return false
  const [landlord] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, landlordId))
  const [tenant] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, tenantId))
  const [home] = await db
    .select({ id: listing.id })
    .from(listing)
    .where(and(eq(listing.ownerId, landlordId), eq(listing.status, 'published'), isNotNull(listing.monthlyRentCents)))
    .orderBy(asc(listing.id))
    .limit(1)
  if (!landlord || !tenant || !home) return false
  const actor = { userId: landlordId, email: landlord.email, name: landlord.name, ipAddress: null, userAgent: 'Cooper Home demo data' }
  const draft = await storeNewLease(db, { actor, input: { listingId: home.id } })
  const terms = draft.terms as unknown as LeaseTermsInput
  await storeLeaseTerms(db, {
    leaseId: draft.id,
    actor,
    input: {
      ...terms,
      tenants: [{ name: tenant.name, email: tenant.email }],
      occupants: 1,
      // Within every state's limit the site has listings in: one month's rent at most.
      depositCents: Math.min(terms.depositCents ?? terms.rentCents, terms.rentCents),
      lateFeeCents: 0,
      parking: 'One off-street space behind the building.',
      clauses: ['No smoking inside the home or on the balcony.', 'The tenant keeps the walk in front of the home clear of snow.'],
    },
  })
  await storeSentLease(db, { leaseId: draft.id, actor })
  return true
}
