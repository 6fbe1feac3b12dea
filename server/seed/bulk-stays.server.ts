// A year of taken nights on the generated short-term listings, for the date search's benchmark
// (`npm run seed -- --stays`, decision 044): every short-term listing gets random host blocks over the
// next year — a stay of 1–8 nights in most 12-day stretches — and a third of them rules of their own
// (most guests 1–8, most nights 7–60). Written by the database itself, a batch of listings per statement.
// The holds are blocks (no booking rows behind them): search reads every kind of hold alike.
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.server.ts'

/** Listings per statement. */
const BATCH = 20_000

/** The 12-day stretches of the year ahead, and the share of them a stay takes. */
const STRETCHES = 30
const TAKEN_SHARE = 0.75

export type StaySeedResult = { listings: number; holds: number; rules: number; seconds: number }

export async function seedStayHolds({ db }: Database): Promise<StaySeedResult> {
  const started = performance.now()
  const { rows } = await db.execute<{ low: string; high: string }>(
    sql`select coalesce(min(id), 0)::text as low, coalesce(max(id), 0)::text as high from listing where nightly_cents is not null`,
  )
  const low = Number(rows[0]!.low)
  const high = Number(rows[0]!.high)
  let holds = 0
  let rules = 0
  let listings = 0
  for (let from = low; from <= high; from += BATCH) {
    const to = from + BATCH - 1
    const held = await db.execute(sql`
      insert into stay_hold (listing_id, nights, kind, label)
      select l.id, daterange(start, start + nights), 'host_block', 'Benchmark'
      from listing l
      cross join lateral generate_series(0, ${STRETCHES - 1}) as k
      cross join lateral (select current_date + k * 12 + floor(random() * 4)::int as start, 1 + floor(random() * 8)::int as nights) as stay
      where l.id between ${from} and ${to} and l.nightly_cents is not null
        and not exists (select 1 from stay_hold h where h.listing_id = l.id)
        and random() < ${TAKEN_SHARE}`)
    holds += held.rowCount ?? 0
    const ruled = await db.execute(sql`
      insert into stay_rules (listing_id, instant_book, max_nights, max_guests, advance_notice_days, preparation_days,
        booking_window_days, check_in_time, check_out_time, cleaning_fee_cents, weekly_discount_percent, cancellation_policy)
      select id, false, 7 + floor(random() * 54)::int, 1 + floor(random() * 8)::int, 1, 0, 365, '15:00', '11:00', 0, 0, 'moderate'
      from listing where id between ${from} and ${to} and nightly_cents is not null and random() < 0.33
      on conflict (listing_id) do nothing`)
    rules += ruled.rowCount ?? 0
    const counted = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from listing where id between ${from} and ${to} and nightly_cents is not null`,
    )
    listings += Number(counted.rows[0]!.n)
  }
  await db.execute(sql`vacuum analyze stay_hold`)
  await db.execute(sql`vacuum analyze stay_rules`)
  return { listings, holds, rules, seconds: (performance.now() - started) / 1000 }
}
