// Large listing sets for benchmarks (`npm run seed -- --listings 1000000`): rows are made by the
// database itself, INSERT … SELECT over generate_series with SQL-side random values, in batches, so a
// million homes take minutes rather than a million round trips.
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.server.ts'
import { SEED_CITIES } from './cities.ts'

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`
const textArray = (values: readonly string[]) => `array[${values.map(literal).join(', ')}]`

/** One VALUES row per city: the same cities, prices and neighbourhoods as the demo listings. */
const citiesSql = SEED_CITIES.map(
  (c, i) =>
    `(${i}, ${literal(c.city)}, ${literal(c.state)}, ${c.latitude}, ${c.longitude}, ${c.oneBedroomRent}, ${c.shortTermShare}, ${textArray(c.zips)}, ${textArray(c.neighbourhoods)}, ${textArray(c.streets)})`,
).join(',\n')

const pick = (array: string, roll: string) => `(${array})[1 + floor(${roll} * array_length(${array}, 1))::int]`

/** Inserts listings numbered [from, to] for the given owners, with a price-history row each. */
function batchSql(from: number, to: number, owners: string[]) {
  return sql.raw(`
with city(i, city, state, lat, lon, rent, short_share, zips, hoods, streets) as (values ${citiesSql}),
g as (
  select n, floor(random() * ${SEED_CITIES.length})::int as ci, random() as r_type, random() as r_beds,
         random() as r_price, random() as r_offer, random() as r_status, random() as r_misc
  from generate_series(${from}, ${to}) as n
),
typed as (
  select g.*, c.*,
    case when r_type < 0.42 then 'apartment' when r_type < 0.56 then 'condo' when r_type < 0.70 then 'house'
         when r_type < 0.82 then 'townhouse' when r_type < 0.93 then 'studio' else 'room' end as type
  from g join city c on c.i = g.ci
),
sized as (
  select t.*,
    case type when 'studio' then 0 when 'room' then 1 when 'townhouse' then 2 + floor(r_beds * 3)::int
              when 'house' then 2 + floor(r_beds * 4)::int else 1 + floor(r_beds * 3)::int end as beds
  from typed t
),
priced as (
  select s.*,
    (round(rent * (case type when 'condo' then 1.12 when 'townhouse' then 1.2 when 'house' then 1.3 when 'studio' then 0.82
                              when 'room' then 0.5 else 1 end)
           * (case when type in ('studio', 'room') then 1 else 1 + 0.32 * (beds - 1) end)
           * (0.85 + r_price * 0.3) / 25) * 2500)::int as rent_cents,
    r_offer < short_share as is_short,
    r_offer >= short_share * 0.4 as is_lease
  from sized s
),
inserted as (
  insert into listing (owner_id, title, description, type, status, monthly_rent_cents, min_term_months, deposit_cents,
    nightly_cents, min_nights, all_in_monthly_cents, street, unit, city, state, zip, neighbourhood, latitude, longitude,
    bedrooms, bathroom_halves, interior_sqft, year_built, amenities, included_utilities, allows_cats, allows_dogs,
    pet_policy, is_furnished, available_from, created_at, updated_at, last_confirmed_at)
  select
    (${textArray(owners)})[1 + n % ${owners.length}],
    initcap(case when type = 'studio' then 'studio' when type = 'room' then 'private room'
                 else (array['one','two','three','four','five'])[greatest(beds, 1)] || '-bedroom ' || type end)
      || ' in ' || ${pick('hoods', 'r_misc')},
    'Home number ' || n || ' in ' || priced.city || '. ' || ${pick(
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
    case when r_status < 0.86 then 'published' when r_status < 0.91 then 'draft' when r_status < 0.96 then 'leased' else 'archived' end,
    case when is_lease then rent_cents end,
    case when is_lease then 12 end,
    case when is_lease then rent_cents end,
    case when is_short then (round(rent_cents / 30.0 * 1.8 / 500) * 500)::int end,
    case when is_short then 2 end,
    case when is_lease then rent_cents else (round(rent_cents / 30.0 * 1.8 / 500) * 500)::int * 30 end,
    (2 + floor(random() * 2998))::int || ' ' || ${pick('streets', 'random()')},
    '',
    priced.city, priced.state, ${pick('zips', 'random()')}, ${pick('hoods', 'r_misc')},
    lat + (random() - 0.5) * 0.12, lon + (random() - 0.5) * 0.15,
    beds,
    case when beds <= 1 then 2 else 2 + floor(random() * (beds * 2 - 1))::int end,
    case type when 'room' then 140 + floor(random() * 120)::int when 'studio' then 360 + floor(random() * 240)::int
              else 450 + beds * 320 + floor(random() * 350)::int end,
    1890 + floor(random() * 135)::int,
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
    now() - random() * interval '4 years',
    now() - random() * interval '4 years',
    now() - random() * interval '34 days'
  from priced
  returning id, monthly_rent_cents, nightly_cents, created_at
)
insert into listing_price_history (listing_id, kind, amount_cents, changed_at)
select id, 'lease', monthly_rent_cents, created_at from inserted where monthly_rent_cents is not null
union all
select id, 'short-term', nightly_cents, created_at from inserted where nightly_cents is not null
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
  // Statistics for the planner, and the visibility map that lets searches read the covering
  // indexes without visiting the rows (PostgreSQL's autovacuum would get there later; PGlite has none).
  await db.execute(sql`vacuum analyze listing`)
  await db.execute(sql`vacuum analyze listing_price_history`)
  const [row] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from listing`)).rows
  return { inserted: total, seconds: (performance.now() - started) / 1000, listings: row?.n ?? 0 }
}
