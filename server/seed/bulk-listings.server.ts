// Large listing sets for benchmarks (`npm run seed -- --listings 1000000`): rows are made by the
// database itself, INSERT … SELECT over generate_series with SQL-side random values, in batches, so a
// million homes take minutes rather than a million round trips.
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.server.ts'
import { SEED_CITIES } from './cities.ts'
import { CONFIRMATION_DAYS } from '#common/listings/vocabulary.ts'

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`
const textArray = (values: readonly string[]) => `array[${values.map(literal).join(', ')}]`

/** One VALUES row per city: the same cities, prices, neighborhoods and rent trends as the demo listings. */
const citiesSql = SEED_CITIES.map(
  (c, i) =>
    `(${i}, ${literal(c.city)}, ${literal(c.state)}, ${c.latitude}, ${c.longitude}, ${c.oneBedroomRent}, ${c.shortTermShare}, ${textArray(c.zips)}, ${textArray(c.neighborhoods)}, ${textArray(c.streets)}, ${c.rentGrowth})`,
).join(',\n')

/** The share of lease listings whose rent was reviewed each year since listed (the rest kept their first rent). */
const REVIEWED_SHARE = 0.4

const pick = (array: string, roll: string) => `(${array})[1 + floor(${roll} * array_length(${array}, 1))::int]`

/**
 * Inserts listings numbered [from, to] for the given owners, each lease with its asking rents over time: the
 * first when it was listed and, for some, one a year since (a rent review), following the city's trend with noise.
 * Most leased and archived listings are an earlier letting of the next listing's home (same address and
 * unit, let a year or more before it), so the table holds repeat rents as a real one does.
 */
function batchSql(from: number, to: number, owners: string[]) {
  return sql.raw(`
with city(i, city, state, lat, lon, rent, short_share, zips, hoods, streets, growth) as (values ${citiesSql}),
rolls as (
  -- The dice of each listing: those of its home (h_…) and those of this letting.
  select n, random() as h_city, random() as h_type, random() as h_beds, random() as h_price, random() as h_hood,
         random() as h_number, random() as h_street, random() as h_floor, random() as h_door, random() as h_zip,
         random() as h_lat, random() as h_lon, random() as h_baths, random() as h_sqft, random() as h_built,
         random() as r_offer, random() as r_status, random() as r_created, random() as r_review, random() as r_gap
  from generate_series(${from}, ${to}) as n
),
g as (
  -- A leased or archived listing followed by a listing that is neither is that home's earlier letting: it takes
  -- the next listing's home dice, and is dated from the next one's listing.
  select p.n, p.r_offer, p.r_status, p.r_review, p.r_gap, x.n is not null as is_earlier,
    coalesce(x.h_city, p.h_city) as h_city, coalesce(x.h_type, p.h_type) as r_type, coalesce(x.h_beds, p.h_beds) as r_beds,
    coalesce(x.h_price, p.h_price) as r_price, coalesce(x.h_hood, p.h_hood) as r_misc, coalesce(x.h_number, p.h_number) as h_number,
    coalesce(x.h_street, p.h_street) as h_street, coalesce(x.h_floor, p.h_floor) as h_floor, coalesce(x.h_door, p.h_door) as h_door,
    coalesce(x.h_zip, p.h_zip) as h_zip, coalesce(x.h_lat, p.h_lat) as h_lat, coalesce(x.h_lon, p.h_lon) as h_lon,
    coalesce(x.h_baths, p.h_baths) as h_baths, coalesce(x.h_sqft, p.h_sqft) as h_sqft, coalesce(x.h_built, p.h_built) as h_built,
    coalesce(x.r_created, p.r_created) as r_created, x.r_review as next_review
  from rolls p
  left join rolls x on x.n = p.n + 1 and p.r_status >= 0.91 and x.r_status < 0.91
),
typed as (
  select g.*, c.*,
    case when r_type < 0.42 then 'apartment' when r_type < 0.56 then 'condo' when r_type < 0.70 then 'house'
         when r_type < 0.82 then 'townhouse' when r_type < 0.93 then 'studio' else 'room' end as type
  from g join city c on c.i = floor(g.h_city * ${SEED_CITIES.length})::int
),
sized as (
  select t.*,
    case type when 'studio' then 0 when 'room' then 1 when 'townhouse' then 2 + floor(r_beds * 3)::int
              when 'house' then 2 + floor(r_beds * 4)::int else 1 + floor(r_beds * 3)::int end as beds,
    -- When the next letting was listed (or this one, when it is not an earlier letting), and its last rent review.
    now() - r_created * interval '4 years' as next_created
  from typed t
),
dated as (
  select s.*,
    case when is_earlier then next_created - interval '13 months' - r_gap * interval '2 years' else next_created end as created,
    case when next_review < ${REVIEWED_SHARE} then next_created + interval '1 year' * floor(extract(epoch from now() - next_created) / 31557600)
         else next_created end as next_change
  from sized s
),
priced as (
  select d.*,
    (round(rent * (case type when 'condo' then 1.12 when 'townhouse' then 1.2 when 'house' then 1.3 when 'studio' then 0.82
                              when 'room' then 0.5 else 1 end)
           * (case when type in ('studio', 'room') then 1 else 1 + 0.32 * (beds - 1) end)
           * (0.85 + r_price * 0.3) / 25) * 2500)::int as home_rent_cents,
    not is_earlier and r_offer < short_share as is_short,
    is_earlier or r_offer >= short_share * 0.4 as is_lease,
    -- Some landlords review the rent once a year, until a month before the home is let again (or now).
    case when r_review >= ${REVIEWED_SHARE} then created
         else created + interval '1 year' * floor(extract(epoch from
           (case when is_earlier then next_created - interval '1 month' else now() end) - created) / 31557600) end as last_change
  from dated d
),
homes as (
  select p.*,
    case when not is_earlier then home_rent_cents
         -- The next letting's rent, taken back along the city's trend to this letting's last change, with noise.
         else (round(home_rent_cents * exp(-growth * extract(epoch from next_change - last_change) / 31557600
                                           + (r_offer - 0.5) * 0.06) / 2500) * 2500)::int end as rent_cents,
    case when r_status < 0.86 then 'published' when r_status < 0.91 then 'draft' when r_status < 0.96 then 'leased' else 'archived' end as status,
    (2 + floor(h_number * 19998))::int || ' ' || ${pick('streets', 'h_street')} as street,
    -- Flats have a unit number (floor and door), houses none.
    case when type in ('apartment', 'condo', 'studio') then ((1 + floor(h_floor * 30)::int) * 100 + floor(h_door * 24)::int)::text else '' end as unit,
    ${pick('zips', 'h_zip')} as zip,
    ${pick('hoods', 'r_misc')} as hood
  from priced p
),
inserted as (
  insert into listing (owner_id, title, description, type, status, monthly_rent_cents, min_term_months, deposit_cents,
    nightly_cents, min_nights, all_in_monthly_cents, street, unit, city, state, zip, neighborhood, latitude, longitude,
    bedrooms, bathroom_halves, interior_sqft, year_built, amenities, included_utilities, allows_cats, allows_dogs,
    pet_policy, is_furnished, available_from, created_at, updated_at, last_confirmed_at)
  select
    (${textArray(owners)})[1 + n % ${owners.length}],
    initcap(case when type = 'studio' then 'studio' when type = 'room' then 'private room'
                 else (array['one','two','three','four','five'])[greatest(beds, 1)] || '-bedroom ' || type end)
      || ' in ' || hood,
    'Home number ' || n || ' in ' || city || '. ' || ${pick(
      textArray([
        'Hardwood floors and tall windows.',
        'A renovated kitchen with a gas range.',
        'Quiet building with a local landlord.',
        'Steps from cafés and the bus line.',
        'A shared garden out back.',
      ]),
      'random()',
    )},
    type,
    status,
    case when is_lease then rent_cents end,
    case when is_lease then 12 end,
    case when is_lease then rent_cents end,
    case when is_short then (round(rent_cents / 30.0 * 1.8 / 500) * 500)::int end,
    case when is_short then 2 end,
    case when is_lease then rent_cents else (round(rent_cents / 30.0 * 1.8 / 500) * 500)::int * 30 end,
    street, unit, city, state, zip, hood, lat + (h_lat - 0.5) * 0.12, lon + (h_lon - 0.5) * 0.15,
    beds,
    case when beds <= 1 then 2 else 2 + floor(h_baths * (beds * 2 - 1))::int end,
    case type when 'room' then 140 + floor(h_sqft * 120)::int when 'studio' then 360 + floor(h_sqft * 240)::int
              else 450 + beds * 320 + floor(h_sqft * 350)::int end,
    1890 + floor(h_built * 135)::int,
    array_remove(array[
      case when random() < 0.4 then 'parking' end, case when random() < 0.45 then 'in-unit-laundry' end,
      case when random() < 0.7 then 'air-conditioning' end, case when random() < 0.6 then 'dishwasher' end,
      case when random() < 0.2 then 'elevator' end, case when random() < 0.12 then 'gym' end,
      case when random() < 0.1 then 'pool' end, case when random() < 0.05 then 'doorman' end,
      case when random() < 0.1 then 'ev-charging' end, case when random() < 0.4 then 'outdoor-space' end,
      case when random() < 0.15 then 'wheelchair-access' end, case when random() < 0.3 then 'storage' end
    ], null),
    array_remove(array[case when random() < 0.6 then 'water' end, case when random() < 0.5 then 'trash' end,
                       case when random() < 0.2 then 'heat' end], null),
    type <> 'room' and random() < 0.55,
    type <> 'room' and random() < 0.4,
    '',
    is_short or random() < 0.1,
    date '2025-09-01' + floor(random() * 240)::int,
    created,
    last_change,
    now() - random() * interval '34 days'
  from homes
  returning id, city, monthly_rent_cents, nightly_cents, created_at, updated_at
)
insert into listing_price_history (listing_id, kind, amount_cents, changed_at, market_phase)
select id, 'lease',
  case when k = years then monthly_rent_cents
       else (round(monthly_rent_cents * exp(-c.growth * (years - k) + (random() - 0.5) * 0.05) / 2500) * 2500)::int end,
  created_at + k * interval '1 year',
  -- The first rent was asked; the yearly ones since are reviews of the let home.
  case when k = 0 then 'listed' else 'off-market' end
from (select inserted.*, round(extract(epoch from updated_at - created_at) / 31557600)::int as years from inserted
      where monthly_rent_cents is not null) i
join city c on c.city = i.city
cross join lateral generate_series(0, years) as k
union all
select id, 'short-term', nightly_cents, created_at, 'listed' from inserted where nightly_cents is not null
`)
}

export type BulkSeedResult = { inserted: number; seconds: number; listings: number }

/**
 * Adds `total` listings owned by the given landlords, `batchSize` per statement, then VACUUM ANALYZE
 * so the planner sees the new distribution. Reports progress through `onBatch`.
 */
export async function seedBulkListings(
  { db }: Database,
  { total, owners, batchSize = 25_000, onBatch }: { total: number; owners: string[]; batchSize?: number; onBatch?: (done: number) => void },
): Promise<BulkSeedResult> {
  if (owners.length === 0) throw new Error('No landlord to own the listings: create one (or the demo accounts) first.')
  const started = performance.now()
  for (let from = 1; from <= total; from += batchSize) {
    const to = Math.min(total, from + batchSize - 1)
    await db.execute(batchSql(from, to, owners))
    onBatch?.(to)
  }
  // Generated listings unconfirmed for too long are marked as the hourly stale job marks them (its
  // mail aside), as on a site that has been running: search hides them either way, and the map's
  // cell counts leave marked listings out rather than subtract them one by one.
  await db.execute(sql`
    update listing set stale_notice_sent_at = now()
    where status = 'published' and stale_notice_sent_at is null
      and last_confirmed_at <= now() - make_interval(days => ${CONFIRMATION_DAYS})`)
  // Statistics for the planner, and the visibility map that lets searches read the covering
  // indexes without visiting the rows (PostgreSQL's autovacuum would get there later; PGlite has none).
  await db.execute(sql`vacuum analyze listing`)
  await db.execute(sql`vacuum analyze listing_price_history`)
  const [row] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from listing`)).rows
  return { inserted: total, seconds: (performance.now() - started) / 1000, listings: row?.n ?? 0 }
}
