// A renter's notifications: their alerts newest first, a page at a time, how many are unread (the
// count beside the avatar), and marking them read. Each write that changes the unread count tells
// the renter's open pages after it commits.
import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { alert, listing, listingAlertChange, savedSearch } from '#server/db/schema.ts'
import type { Logger } from '#server/logger.server.ts'
import type { RealtimeBus } from '#server/realtime/bus.server.ts'
import { listingPath } from '#common/listings/listing-url.ts'
import type { AlertView } from '#common/alerts/schemas.ts'
import type { AlertKind } from '#common/alerts/vocabulary.ts'

/** How many notifications a page shows. */
export const NOTIFICATIONS_PAGE_SIZE = 20

/** What the writes that change the unread count need: the database, and the bus to tell the renter's pages. */
export type AlertServices = { database: { db: Db }; realtime: Pick<RealtimeBus, 'publish'>; logger: Logger }

/** How many of the renter's alerts are unread. */
export async function countUnreadAlerts(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(alert)
    .where(and(eq(alert.userId, userId), isNull(alert.readAt)))
  return Number(row?.n ?? 0)
}

/**
 * A page of the renter's alerts, newest first, before the alert `before` (the cursor: alerts are
 * written in id order, so the id orders them as their time does), and the cursor of the next page.
 */
export async function findNotifications(
  db: Db,
  { userId, before, limit = NOTIFICATIONS_PAGE_SIZE }: { userId: string; before?: number; limit?: number },
): Promise<{ items: AlertView[]; nextBefore: number | null }> {
  const rows = await db
    .select({
      id: alert.id,
      kind: alert.kind,
      createdAt: alert.createdAt,
      readAt: alert.readAt,
      savedSearchIds: alert.savedSearchIds,
      belowIndex: alert.belowIndex,
      listingId: alert.listingId,
      changeTitle: listingAlertChange.title,
      fromCents: listingAlertChange.fromCents,
      toCents: listingAlertChange.toCents,
      title: listing.title,
      city: listing.city,
      state: listing.state,
      bedrooms: listing.bedrooms,
      priceCents: listing.allInMonthlyCents,
    })
    .from(alert)
    .innerJoin(listingAlertChange, eq(listingAlertChange.id, alert.changeId))
    .leftJoin(listing, eq(listing.id, alert.listingId))
    .where(and(eq(alert.userId, userId), before ? lt(alert.id, before) : undefined))
    .orderBy(desc(alert.id))
    .limit(limit + 1)
  const shown = rows.slice(0, limit)
  const searchIds = [...new Set(shown.flatMap((row) => row.savedSearchIds))]
  const searches =
    searchIds.length === 0
      ? []
      : await db
          .select({ id: savedSearch.id, name: savedSearch.name })
          .from(savedSearch)
          .where(and(eq(savedSearch.userId, userId), inArray(savedSearch.id, searchIds)))
  const nameOf = new Map(searches.map((search) => [search.id, search.name]))
  const items = shown.map((row): AlertView => ({
    id: row.id,
    kind: row.kind as AlertKind,
    createdAt: row.createdAt.toISOString(),
    isRead: row.readAt !== null,
    listing: {
      id: row.listingId,
      // A deleted listing has no page; its title is the one its change kept.
      path: row.title === null ? null : listingPath({ id: row.listingId, title: row.title }),
      title: row.title ?? row.changeTitle,
      city: row.city,
      state: row.state,
      bedrooms: row.bedrooms,
      priceCents: row.priceCents,
    },
    fromCents: row.fromCents,
    toCents: row.toCents,
    searches: row.savedSearchIds.flatMap((id) => (nameOf.has(id) ? [{ id, name: nameOf.get(id)! }] : [])),
    belowIndex: row.belowIndex,
  }))
  return { items, nextBefore: rows.length > limit ? (shown.at(-1)?.id ?? null) : null }
}

/** Tells the renter's open pages their unread count; a lost event is caught up by the next page load. */
async function announceUnread(services: AlertServices, userId: string): Promise<number> {
  const unread = await countUnreadAlerts(services.database.db, userId)
  try {
    await services.realtime.publish({ kind: 'alerts', counts: [{ userId, unread }] })
  } catch (error) {
    services.logger.warn({ err: error, userId }, 'alerts were marked read but the unread count was not announced')
  }
  return unread
}

/** Marks the renter's alerts read: those given (the ones a page showed), or all. Gives the unread count left. */
export async function markAlertsRead(services: AlertServices, { userId, ids }: { userId: string; ids: number[] | 'all' }): Promise<number> {
  if (ids !== 'all' && ids.length === 0) return countUnreadAlerts(services.database.db, userId)
  const marked = await services.database.db
    .update(alert)
    .set({ readAt: sql`now()` })
    .where(and(eq(alert.userId, userId), isNull(alert.readAt), ids === 'all' ? undefined : inArray(alert.id, ids)))
    .returning({ id: alert.id })
  if (marked.length === 0) return countUnreadAlerts(services.database.db, userId)
  return announceUnread(services, userId)
}
