// The demo host's short-term home: Maria's "Quiet three-bedroom apartment in Downtown" books on rules
// of its own (two nights at least, a weekend price, a weekly discount, a cleaning fee, the moderate
// policy) and has two of her blocks, so its stays page and its calendar show what a host sets.
// Only once: a listing that already has rules keeps them.
import { and, eq, isNotNull } from 'drizzle-orm'
import { addDays, todayIn } from '#common/stays/dates.ts'
import type { StayRules } from '#common/stays/rules.ts'
import type { Db } from '#server/db/client.server.ts'
import { listing, stayHold, stayRules } from '#server/db/schema.ts'

const DEMO_STAY_TITLE = 'Quiet three-bedroom apartment in Downtown'
const DEMO_HOST_ID = 'demo-landlord-1'

const DEMO_STAY_RULES: StayRules = {
  instantBook: false,
  maxNights: 28,
  maxGuests: 6,
  advanceNoticeDays: 2,
  preparationDays: 1,
  bookingWindowDays: 270,
  checkInTime: '15:00',
  checkOutTime: '11:00',
  cleaningFeeCents: 9_500,
  weeklyDiscountPercent: 10,
  weekendNightlyCents: null,
  cancellationPolicy: 'moderate',
  checkInDetails:
    'The key box is left of the front door; its code comes with your confirmation message. Street parking is free after 6 PM.',
}

/** Returns whether the rules were written now. */
export async function seedDemoStays(db: Db, now = new Date()): Promise<boolean> {
  const [home] = await db
    .select({ id: listing.id, nightlyCents: listing.nightlyCents, minNights: listing.minNights, timeZone: listing.timeZone })
    .from(listing)
    .where(and(eq(listing.ownerId, DEMO_HOST_ID), eq(listing.title, DEMO_STAY_TITLE), isNotNull(listing.nightlyCents)))
    .limit(1)
  if (!home) return false
  return db.transaction(async (tx) => {
    const [written] = await tx
      .insert(stayRules)
      .values({
        listingId: home.id,
        ...DEMO_STAY_RULES,
        maxNights: Math.max(DEMO_STAY_RULES.maxNights, home.minNights ?? 1),
        // Friday and Saturday nights a fifth dearer, in whole dollars.
        weekendNightlyCents: Math.round((home.nightlyCents! * 1.2) / 100) * 100,
      })
      .onConflictDoNothing()
      .returning({ listingId: stayRules.listingId })
    if (!written) return false
    if ((home.minNights ?? 0) < 2) await tx.update(listing).set({ minNights: 2 }).where(eq(listing.id, home.id))
    const today = todayIn(home.timeZone ?? 'America/New_York', now)
    await tx.insert(stayHold).values([
      { listingId: home.id, kind: 'host_block', nights: `[${addDays(today, 12)},${addDays(today, 15)})`, label: 'Painters in the hall' },
      { listingId: home.id, kind: 'host_block', nights: `[${addDays(today, 40)},${addDays(today, 47)})`, label: 'Family visiting' },
    ])
    return true
  })
}
