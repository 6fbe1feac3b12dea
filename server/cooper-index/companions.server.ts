// The companion figures of a Cooper Index run: what the listings published today say beside the index (median
// asking rent, how many, days on the market, the share whose rent was cut), per market and bedrooms group.
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'

export type Companion = {
  medianRentCents: number | null
  activeListings: number
  medianDaysOnMarket: number | null
  priceCutShare: number | null
}

/**
 * The companion figures of every market and group, from the listings published with a lease offer at `now`:
 * median asking rent, their number, median days since they last went on the market (or were created), and the
 * share whose rent is below an earlier ask of the same letting. Keyed `state|city|group` (`|group` for the nation, `state|group` for a state).
 */
export async function readCompanions(db: Db, now: Date): Promise<Map<string, Companion>> {
  type Row = {
    state: string | null
    city: string | null
    grp: string | null
    listings: number | string
    median_rent: number | string | null
    median_days: number | string | null
    cut_share: number | string | null
  }
  const result = await db.execute<Row>(sql`
    with active as (
      select l.state, lower(trim(l.city)) as city,
             case when l.bedrooms <= 1 then '0-1' when l.bedrooms = 2 then '2' else '3+' end as grp,
             l.monthly_rent_cents as rent,
             extract(epoch from (${now}::timestamptz - on_market.since)) / 86400 as days,
             -- A cut: an ask above today's rent since the listing last went on the market (this letting's own).
             exists (select 1 from listing_price_history h
                     where h.listing_id = l.id and h.kind = 'lease' and h.market_phase <> 'off-market'
                       and h.changed_at >= on_market.since and h.amount_cents > l.monthly_rent_cents) as cut
      from listing l
      cross join lateral (
        select coalesce(max(h.changed_at), l.created_at) as since from listing_price_history h
        where h.listing_id = l.id and h.kind = 'lease' and h.market_phase = 'listed') on_market
      where l.status = 'published' and l.monthly_rent_cents is not null
    )
    select state, city, grp, count(*) as listings,
           percentile_cont(0.5) within group (order by rent) as median_rent,
           percentile_cont(0.5) within group (order by days) as median_days,
           avg(case when cut then 1.0 else 0.0 end) as cut_share
    from active
    group by grouping sets ((), (state), (state, city), (grp), (state, grp), (state, city, grp))`)
  const companions = new Map<string, Companion>()
  const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value))
  for (const row of result.rows) {
    const place = row.state === null ? '' : row.city === null ? row.state : `${row.state}|${row.city}`
    const medianRent = numberOrNull(row.median_rent)
    companions.set(`${place}|${row.grp ?? 'all'}`, {
      medianRentCents: medianRent === null ? null : Math.round(medianRent),
      activeListings: Number(row.listings),
      medianDaysOnMarket: numberOrNull(row.median_days),
      priceCutShare: numberOrNull(row.cut_share),
    })
  }
  return companions
}
