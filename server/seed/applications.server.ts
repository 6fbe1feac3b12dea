// Demo applications: Maria Delgado's homes on the market publish criteria (income three times the rent,
// pets as the listing says, a household that fits the bedrooms), and Alex Morgan has a complete reusable
// application, so a newcomer can apply and decide at once. Once, with a marker; two statements.
import { eq, sql } from 'drizzle-orm'
import type { RenterProfile } from '#common/applications/profile.ts'
import type { Db } from '#server/db/client.server.ts'
import { sendDemoLease } from '#server/leases/index.server.ts'
import { applicationCriteria, listing, renterApplication, setting, user } from '#server/db/schema.ts'

const SEED_MARKER = 'demo_applications_seeded'
const DEMO_LANDLORD_ID = 'demo-landlord-1'
const DEMO_RENTER_ID = 'demo-renter'

/** Alex, moving to Wilmington for work: reaching back well over three years, with no documents attached. */
export const DEMO_RENTER_PROFILE: RenterProfile = {
  legalName: 'Alex Morgan',
  email: 'alex.morgan@cooperhome.example',
  phone: '+1 (215) 555-0187',
  addresses: [
    {
      street: '418 Spruce Street, Apt 2F',
      city: 'Philadelphia',
      state: 'PA',
      postalCode: '19106',
      from: '2021-08',
      to: '',
      monthlyRentCents: 162_500,
      landlordName: 'Society Hill Rentals',
      landlordPhone: '+1 (215) 555-0142',
      landlordEmail: '',
    },
    {
      street: '77 College Avenue',
      city: 'Newark',
      state: 'DE',
      postalCode: '19711',
      from: '2018-09',
      to: '2021-07',
      monthlyRentCents: 98_000,
      landlordName: 'Pat Reyes',
      landlordPhone: '',
      landlordEmail: '',
    },
  ],
  employment: [
    {
      employer: 'ChristianaCare',
      position: 'Registered nurse',
      from: '2021-09',
      monthlyIncomeCents: 685_000,
      contactName: 'Human resources',
      contactPhone: '+1 (302) 555-0190',
    },
  ],
  otherIncome: [],
  occupants: [],
  pets: [{ kind: 'cat', size: 'small', description: 'Pepper, an indoor cat, 6 years old' }],
  vehicles: [{ description: '2017 Honda Fit, blue', plate: '' }],
  emergencyContact: { name: 'Jordan Morgan', phone: '+1 (610) 555-0133', relationship: 'Brother' },
  documentIds: [],
}

/** Adds the demo criteria and the demo renter's application once; answers how many listings got criteria. */
export async function seedDemoApplications(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(setting)
      .values({ key: SEED_MARKER, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning()
    if (!claimed) return 0
    const [renter] = await tx.select({ id: user.id }).from(user).where(eq(user.id, DEMO_RENTER_ID))
    if (renter) await tx.insert(renterApplication).values({ userId: renter.id, profile: DEMO_RENTER_PROFILE }).onConflictDoNothing()
    // Every fourth home asks 2.5 × the rent, the rest 3 ×; pets follow the listing's own policy.
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into ${applicationCriteria} (listing_id, version, income_multiple_tenths, pet_policy, max_occupants, other_requirements, accepting)
      select ${listing.id}, 1,
             case when ${listing.id} % 4 = 0 then 25 else 30 end,
             case when ${listing.allowsCats} and ${listing.allowsDogs} then 'cats_and_dogs'
                  when ${listing.allowsCats} then 'cats' when ${listing.allowsDogs} then 'dogs' else 'none' end,
             least(30, greatest(2, ${listing.bedrooms} * 2)),
             'No smoking inside. Renter’s insurance from the move-in date.',
             true
        from ${listing}
       where ${listing.ownerId} = ${DEMO_LANDLORD_ID} and ${listing.status} = 'published' and ${listing.monthlyRentCents} is not null
      on conflict do nothing
      returning id`)
    return rows.length
  })
}

/**
 * The demo landlord's lease sent to the demo renter for signature, once (the leases area keeps it from
 * being sent twice: a landlord with a lease gets none).
 */
export function seedDemoLease(db: Db): Promise<boolean> {
  return sendDemoLease(db, { landlordId: DEMO_LANDLORD_ID, tenantId: DEMO_RENTER_ID })
}
