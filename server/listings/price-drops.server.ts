// Price drops: homes on the market whose landlord lowered the asking price lately. A drop is the home's
// latest change of its headline price (the monthly rent, or the nightly price of a home let only by the
// night), made while it was on the market, to the price it asks now and below the price it asked before.
import { and, desc, eq, gt, inArray, ne, notExists, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '#server/db/client.server.ts'
import { listing, listingPriceHistory } from '#server/db/schema.ts'
import type { ListingSummary, PriceDrop } from '#common/listings/types.ts'
import { CONFIRMATION_DAYS, PRICE_DROP_DAYS } from '#common/listings/vocabulary.ts'
import { summaryColumns } from './mapping.server.ts'
import { summariesWithPhotos } from './read.server.ts'
import { searchIndexOf } from './search/engine/live-index.server.ts'

const change = listingPriceHistory
const before = alias(listingPriceHistory, 'before')
const after = alias(listingPriceHistory, 'after')

/** The price asked just before the change, in the same kind: the higher of the two, for a drop. */
const previous = (db: Db) =>
  db
    .select({ cents: before.amountCents })
    .from(before)
    .where(
      and(
        eq(before.listingId, change.listingId),
        eq(before.kind, change.kind),
        ne(before.marketPhase, 'off-market'),
        sql`(${before.changedAt}, ${before.id}) < (${change.changedAt}, ${change.id})`,
      ),
    )
    .orderBy(desc(before.changedAt), desc(before.id))
    .limit(1)
    .as('previous')

/**
 * The conditions of a drop on the row `change` of the price history joined to its listing: published and
 * confirmed lately (so it shows in search too), the kind of its headline price, now asked, lowered on the
 * market within PRICE_DROP_DAYS, and not changed since.
 */
function isDrop(db: Db, previousCents: SQL): SQL {
  return and(
    eq(change.marketPhase, 'asking'),
    sql`${change.changedAt} > now() - make_interval(days => ${PRICE_DROP_DAYS})`,
    eq(listing.status, 'published'),
    sql`${listing.lastConfirmedAt} > now() - make_interval(days => ${CONFIRMATION_DAYS})`,
    or(
      and(eq(change.kind, 'lease'), eq(change.amountCents, listing.monthlyRentCents)),
      and(eq(change.kind, 'short-term'), sql`${listing.monthlyRentCents} is null`, eq(change.amountCents, listing.nightlyCents)),
    ),
    gt(previousCents, change.amountCents),
    notExists(
      db
        .select({ one: sql`1` })
        .from(after)
        .where(
          and(
            eq(after.listingId, change.listingId),
            eq(after.kind, change.kind),
            sql`(${after.changedAt}, ${after.id}) > (${change.changedAt}, ${change.id})`,
          ),
        ),
    ),
  )!
}

function dropOf(row: { kind: string; fromCents: number; toCents: number; changedAt: Date }): PriceDrop {
  return { kind: row.kind as PriceDrop['kind'], fromCents: row.fromCents, toCents: row.toCents, changedAt: row.changedAt.toISOString() }
}

/**
 * The latest price drops, newest first, with the homes: read back from now through the prices changed on
 * the market (a partial index), so the cost stays that of the few lately changed.
 */
export async function findPriceDrops(db: Db, { limit }: { limit: number }): Promise<{ listing: ListingSummary; drop: PriceDrop }[]> {
  const earlier = previous(db)
  const rows = await db
    .select({ ...summaryColumns, kind: change.kind, toCents: change.amountCents, fromCents: earlier.cents, changedAt: change.changedAt })
    .from(change)
    .innerJoin(listing, eq(listing.id, change.listingId))
    .innerJoinLateral(earlier, sql`true`)
    .where(isDrop(db, sql`${earlier.cents}`))
    .orderBy(desc(change.changedAt), desc(change.id))
    .limit(limit)
  const homes = await summariesWithPhotos(db, rows)
  return rows.map((row, k) => ({ listing: homes[k]!, drop: dropOf(row) }))
}

/** The price drops of these listings, by id: for the cards of a page that shows them beside their homes. */
export async function priceDropsOf(db: Db, listingIds: number[]): Promise<Map<number, PriceDrop>> {
  const drops = new Map<number, PriceDrop>()
  if (listingIds.length === 0) return drops
  const earlier = previous(db)
  const rows = await db
    .select({ id: listing.id, kind: change.kind, toCents: change.amountCents, fromCents: earlier.cents, changedAt: change.changedAt })
    .from(change)
    .innerJoin(listing, eq(listing.id, change.listingId))
    .innerJoinLateral(earlier, sql`true`)
    .where(and(inArray(change.listingId, listingIds), isDrop(db, sql`${earlier.cents}`)))
  for (const row of rows) drops.set(row.id, dropOf(row))
  return drops
}

/** How long at most a page's reading of the drops is kept: drops leave their window by the day. */
const KEPT_AT_MOST_MS = 60 * 60 * 1000
/** The most readings kept for one database between two changes (the home page asks a few). */
const MOST_KEPT = 100
const keptReadings = new WeakMap<Db, { generation: string; readings: Map<string, Promise<unknown>> }>()

/**
 * A reading of the drops kept until the search index applies another change of listings (every change
 * of a price, a status or a confirmation goes through the change log it follows), and for an hour at
 * most. Asked after a search, which brings the index up to the database's latest change, it is as
 * fresh as that search: what every visitor of the home page reads, read once. While the index loads
 * (searches are answered by the database then), nothing is kept.
 */
function keptUntilChange<T>(db: Db, key: string, read: () => Promise<T>): Promise<T> {
  const live = searchIndexOf(db)
  if (!live.isAnswering) return read()
  const generation = `${live.applied}|${Math.floor(Date.now() / KEPT_AT_MOST_MS)}`
  let kept = keptReadings.get(db)
  if (!kept || kept.generation !== generation) keptReadings.set(db, (kept = { generation, readings: new Map() }))
  let reading = kept.readings.get(key) as Promise<T> | undefined
  if (!reading) {
    reading = read()
    const readings = kept.readings
    readings.set(key, reading)
    reading.catch(() => readings.delete(key))
    if (readings.size > MOST_KEPT) readings.delete(readings.keys().next().value!)
  }
  return reading
}

/** The latest price drops (findPriceDrops), read once for each change the search index applies. */
export function findLatestPriceDrops(db: Db, { limit }: { limit: number }) {
  return keptUntilChange(db, `latest|${limit}`, () => findPriceDrops(db, { limit }))
}

/** The price drops of these listings (priceDropsOf), read once for each change the search index applies. */
export function findPriceDropsOfLatest(db: Db, listingIds: number[]) {
  return keptUntilChange(db, `of|${listingIds.join(',')}`, () => priceDropsOf(db, listingIds))
}
