// Alerts as their e-mails tell them: the home as it stands now (or only its title once deleted), the
// price change the listing's trigger recorded, and the Cooper Index comparison that made it match.
import { eq, inArray } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { alert, listing, listingAlertChange } from '#server/db/schema.ts'
import type { AlertKind } from '#common/alerts/vocabulary.ts'
import type { AlertNews } from './alert-email.ts'

export type StoredAlertNews = { alertId: number; userId: string; savedSearchIds: number[]; createdAt: Date; news: AlertNews }

/** The columns an alert's news is told from; select them from `alert` joined to its change and (left) its listing. */
export const alertNewsColumns = {
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
}

/** A row of `alertNewsColumns`: the listing's columns are null once it is deleted (the left join). */
type AlertNewsRow = {
  alertId: number
  userId: string
  kind: string
  savedSearchIds: number[]
  belowIndex: StoredAlertNews['news']['belowIndex']
  createdAt: Date
  listingId: number
  changeTitle: string
  fromCents: number | null
  toCents: number | null
  title: string | null
  priceCents: number | null
  bedrooms: number | null
  bathroomHalves: number | null
  city: string | null
  state: string | null
}

/** The news a row of `alertNewsColumns` tells: the home as it stands, or only its title once deleted. */
export function alertNewsOf(row: AlertNewsRow): StoredAlertNews {
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
  return { alertId: row.alertId, userId: row.userId, savedSearchIds: row.savedSearchIds, createdAt: row.createdAt, news }
}

/** The alerts with these ids, in the order of the ids given; unknown ids are left out. */
export async function findAlertNews(db: Db, alertIds: number[]): Promise<StoredAlertNews[]> {
  if (alertIds.length === 0) return []
  const rows = await db
    .select(alertNewsColumns)
    .from(alert)
    .innerJoin(listingAlertChange, eq(listingAlertChange.id, alert.changeId))
    .leftJoin(listing, eq(listing.id, alert.listingId))
    .where(inArray(alert.id, alertIds))
  const byId = new Map(rows.map((row) => [row.alertId, alertNewsOf(row)]))
  return alertIds.flatMap((id) => byId.get(id) ?? [])
}
