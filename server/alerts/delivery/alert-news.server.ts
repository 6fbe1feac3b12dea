// Alerts as their e-mails tell them: the home as it stands now (or only its title once deleted), the
// price change the listing's trigger recorded, and the Cooper Index comparison that made it match.
import { eq, inArray } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { alert, listing, listingAlertChange } from '#server/db/schema.ts'
import type { AlertKind } from '#common/alerts/vocabulary.ts'
import type { AlertNews } from './alert-email.ts'

export type StoredAlertNews = { alertId: number; userId: string; savedSearchIds: number[]; createdAt: Date; news: AlertNews }

/** The alerts with these ids, in the order of the ids given; unknown ids are left out. */
export async function findAlertNews(db: Db, alertIds: number[]): Promise<StoredAlertNews[]> {
  if (alertIds.length === 0) return []
  const rows = await db
    .select({
      alertId: alert.id,
      userId: alert.userId,
      kind: alert.kind,
      savedSearchIds: alert.savedSearchIds,
      belowIndex: alert.belowIndex,
      createdAt: alert.createdAt,
      listingId: alert.listingId,
      changeTitle: listingAlertChange.title,
      fromCents: listingAlertChange.fromCents,
      toCents: listingAlertChange.toCents,
      title: listing.title,
      priceCents: listing.allInMonthlyCents,
      bedrooms: listing.bedrooms,
      bathroomHalves: listing.bathroomHalves,
      city: listing.city,
      state: listing.state,
    })
    .from(alert)
    .innerJoin(listingAlertChange, eq(listingAlertChange.id, alert.changeId))
    .leftJoin(listing, eq(listing.id, alert.listingId))
    .where(inArray(alert.id, alertIds))
  const byId = new Map(
    rows.map((row) => {
      const details =
        row.title === null
          ? null
          : {
              priceCents: row.priceCents!,
              bedrooms: row.bedrooms!,
              bathroomHalves: row.bathroomHalves!,
              city: row.city!,
              state: row.state!,
            }
      const news: AlertNews = {
        kind: row.kind as AlertKind,
        home: { listingId: row.listingId, title: row.title ?? row.changeTitle, details },
        fromCents: row.fromCents,
        toCents: row.toCents,
        belowIndex: row.belowIndex,
      }
      return [row.alertId, { alertId: row.alertId, userId: row.userId, savedSearchIds: row.savedSearchIds, createdAt: row.createdAt, news }]
    }),
  )
  return alertIds.flatMap((id) => byId.get(id) ?? [])
}
