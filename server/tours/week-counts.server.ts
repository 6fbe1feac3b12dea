// How many tours of each of a landlord's listings are coming in the next seven days (requested or
// confirmed), for the counts on My listings.
import { and, count, eq, gte, inArray, lt } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { tour } from '#server/db/schema.ts'

const WEEK_MS = 7 * 86_400_000

export async function countToursThisWeek(
  db: Db,
  { ownerId, listingIds, now = new Date() }: { ownerId: string; listingIds: number[]; now?: Date },
): Promise<Map<number, number>> {
  if (listingIds.length === 0) return new Map()
  const rows = await db
    .select({ listingId: tour.listingId, tours: count() })
    .from(tour)
    .where(
      and(
        eq(tour.landlordId, ownerId),
        inArray(tour.listingId, listingIds),
        inArray(tour.state, ['requested', 'confirmed']),
        gte(tour.startsAt, now),
        lt(tour.startsAt, new Date(now.getTime() + WEEK_MS)),
      ),
    )
    .groupBy(tour.listingId)
  return new Map(rows.map((row) => [row.listingId, row.tours]))
}
