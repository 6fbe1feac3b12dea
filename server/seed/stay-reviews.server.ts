// Demo stays with reviews: two completed stays at Maria Delgado's short-term home in Downtown (Alex Morgan's
// and James Okafor's), both sides reviewed and published, one answered by the host, so a fresh site's
// listing shows its averages and reviews and Alex's stays page shows a past stay. Once, with a marker.
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm'
import { instantAt } from '#common/stays/dates.ts'
import { quoteStay } from '#common/stays/quote.ts'
import { DEFAULT_STAY_RULES } from '#common/stays/rules.ts'
import type { Db } from '#server/db/client.server.ts'
import { listing, setting, stayBooking, stayBookingEvent, stayHold, stayReview } from '#server/db/schema.ts'
import { listingTimeZone } from '#server/listings/index.server.ts'
import { reviewWindowEnd } from '#server/stays/index.server.ts'

const SEED_MARKER = 'demo_stay_reviews_seeded'
const HOST_ID = 'demo-landlord-1'
/** Maria's short-term home in the deterministic demo listings; her first short-term home should it ever be missing. */
const DEMO_HOME_TITLE = 'Quiet three-bedroom apartment in Downtown'

const STAYS = [
  {
    guestId: 'demo-renter',
    checkIn: '2025-10-03',
    checkOut: '2025-10-06',
    guests: 2,
    guestReview: {
      cleanliness: 5,
      accuracy: 5,
      communication: 5,
      location: 4,
      value: 4,
      text: 'Spotless and exactly as pictured. Maria answered within minutes and left clear notes on the heating. The street is lively on Friday nights, but the bedrooms face the back and we slept well.',
    },
    hostReview: {
      cleanliness: 5,
      communication: 5,
      houseRules: 5,
      text: 'Alex kept in touch about the arrival time, respected the quiet hours and left the apartment as tidy as they found it. Welcome back any time.',
    },
    answer: 'Thank you, Alex! We have since added blackout blinds to the front room too.',
  },
  {
    guestId: 'demo-landlord-2',
    checkIn: '2025-11-14',
    checkOut: '2025-11-16',
    guests: 1,
    guestReview: {
      cleanliness: 4,
      accuracy: 4,
      communication: 5,
      location: 5,
      value: 4,
      text: 'A comfortable base for a weekend of meetings downtown: everything is a short walk away. The kitchen could use a sharper knife, otherwise all as described.',
    },
    hostReview: {
      cleanliness: 4,
      communication: 5,
      houseRules: 5,
      text: 'James was a considerate guest: on time, easy to reach, and the keys were back in the box at check-out.',
    },
    answer: null,
  },
] as const

/** Adds the demo stays and their reviews once, when Maria has a short-term home; returns how many stays. */
export async function seedDemoStayReviews(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(setting)
      .values({ key: SEED_MARKER, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning()
    if (!claimed) return 0
    const [home] = await tx
      .select()
      .from(listing)
      .where(and(eq(listing.ownerId, HOST_ID), isNotNull(listing.nightlyCents), eq(listing.status, 'published')))
      .orderBy(desc(sql`${listing.title} = ${DEMO_HOME_TITLE}`), asc(listing.id))
      .limit(1)
    if (!home || home.nightlyCents === null) return 0
    const timeZone = listingTimeZone(home)
    const { checkInTime, checkOutTime } = DEFAULT_STAY_RULES
    for (const stay of STAYS) {
      const quote = quoteStay({
        checkIn: stay.checkIn,
        checkOut: stay.checkOut,
        nightlyCents: home.nightlyCents,
        weekendNightlyCents: null,
        weeklyDiscountPercent: 0,
        cleaningFeeCents: 0,
      })
      const checkInAt = instantAt(stay.checkIn, checkInTime, timeZone)
      const checkOutAt = instantAt(stay.checkOut, checkOutTime, timeZone)
      const bookedAt = new Date(checkInAt.getTime() - 20 * 86_400_000)
      const acceptedAt = new Date(bookedAt.getTime() + 3 * 3_600_000)
      const completedAt = new Date(checkOutAt.getTime() + 3_600_000)
      const [booking] = await tx
        .insert(stayBooking)
        .values({
          listingId: home.id,
          guestId: stay.guestId,
          hostId: HOST_ID,
          checkIn: stay.checkIn,
          checkOut: stay.checkOut,
          guests: stay.guests,
          timeZone,
          checkInTime,
          checkOutTime,
          state: 'completed',
          instant: false,
          quote,
          totalCents: quote.totalCents,
          currency: home.currency,
          cancellationPolicy: DEFAULT_STAY_RULES.cancellationPolicy,
          createdAt: bookedAt,
          updatedAt: completedAt,
        })
        .returning({ id: stayBooking.id })
      const bookingId = booking!.id
      await tx.insert(stayHold).values({ listingId: home.id, nights: `[${stay.checkIn},${stay.checkOut})`, kind: 'booking', bookingId })
      await tx.insert(stayBookingEvent).values([
        { bookingId, actorId: stay.guestId, action: 'requested', fromState: null, toState: 'requested', createdAt: bookedAt },
        { bookingId, actorId: HOST_ID, action: 'accepted', fromState: 'requested', toState: 'confirmed', createdAt: acceptedAt },
        { bookingId, actorId: null, action: 'completed', fromState: 'confirmed', toState: 'completed', createdAt: completedAt },
      ])
      const publishBy = reviewWindowEnd({ checkOut: stay.checkOut, timeZone }, checkOutTime)
      const guestAt = new Date(checkOutAt.getTime() + 2 * 86_400_000)
      const hostAt = new Date(checkOutAt.getTime() + 3 * 86_400_000)
      const { text: guestText, ...guestStars } = stay.guestReview
      const { text: hostText, ...hostStars } = stay.hostReview
      await tx.insert(stayReview).values([
        {
          bookingId,
          listingId: home.id,
          side: 'guest',
          authorId: stay.guestId,
          ...guestStars,
          text: guestText,
          submittedAt: guestAt,
          publishBy,
          publishedAt: hostAt,
          ...(stay.answer ? { answer: stay.answer, answeredAt: new Date(hostAt.getTime() + 86_400_000) } : {}),
        },
        {
          bookingId,
          listingId: home.id,
          side: 'host',
          authorId: HOST_ID,
          ...hostStars,
          text: hostText,
          submittedAt: hostAt,
          publishBy,
          publishedAt: hostAt,
        },
      ])
    }
    return STAYS.length
  })
}
