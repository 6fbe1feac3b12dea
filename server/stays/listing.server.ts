// A short-term listing as booking reads it: its owner, zone, nightly price and minimum nights, and its
// rules (its own row of stay_rules, or the defaults of common/stays).
import { eq } from 'drizzle-orm'
import { DEFAULT_STAY_RULES, type StayRules } from '#common/stays/rules.ts'
import type { CancellationPolicy } from '#common/stays/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { listing, stayRules } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import { listingTimeZone, type Tx } from '#server/listings/index.server.ts'

export const NOT_SHORT_TERM = 'This home is not offered for short stays.'

export type StayListing = {
  id: number
  ownerId: string
  title: string
  status: string
  city: string
  state: string
  nightlyCents: number
  minNights: number
  currency: string
  timeZone: string
  rules: StayRules
  hasOwnRules: boolean
}

type RulesRow = typeof stayRules.$inferSelect

export function rulesOf(row: RulesRow | null): StayRules {
  if (!row) return DEFAULT_STAY_RULES
  return {
    instantBook: row.instantBook,
    maxNights: row.maxNights,
    maxGuests: row.maxGuests,
    advanceNoticeDays: row.advanceNoticeDays,
    preparationDays: row.preparationDays,
    bookingWindowDays: row.bookingWindowDays,
    checkInTime: row.checkInTime,
    checkOutTime: row.checkOutTime,
    cleaningFeeCents: row.cleaningFeeCents,
    weekendNightlyCents: row.weekendNightlyCents,
    weeklyDiscountPercent: row.weeklyDiscountPercent,
    cancellationPolicy: row.cancellationPolicy as CancellationPolicy,
    checkInDetails: row.checkInDetails,
  }
}

/**
 * The listing with its rules. A listing others may not see (a draft, an archived one) or one not
 * offered for short stays is not found, except by its owner, who may set rules before publishing.
 */
export async function readStayListing(
  db: Db | Tx,
  { listingId, viewerId = null }: { listingId: number; viewerId?: string | null },
): Promise<StayListing> {
  const [row] = await db
    .select({ listing, rules: stayRules })
    .from(listing)
    .leftJoin(stayRules, eq(stayRules.listingId, listing.id))
    .where(eq(listing.id, listingId))
  const home = row?.listing
  const isOwner = home !== undefined && viewerId !== null && home.ownerId === viewerId
  if (!home || (!isOwner && home.status !== 'published')) throw new AppError('not-found', 'No such listing.')
  if (home.nightlyCents === null || home.minNights === null) throw new AppError('not-found', NOT_SHORT_TERM)
  return {
    id: home.id,
    ownerId: home.ownerId,
    title: home.title,
    status: home.status,
    city: home.city,
    state: home.state,
    nightlyCents: home.nightlyCents,
    minNights: home.minNights,
    currency: home.currency,
    timeZone: listingTimeZone(home),
    rules: rulesOf(row.rules),
    hasOwnRules: row.rules !== null,
  }
}
