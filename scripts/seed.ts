// `npm run seed`: creates the demo data in the configured database (DATA_DIR or DATABASE_URL) if it
// is not there yet — the same seed `npm start` runs on a fresh database.
// `npm run seed -- --listings N` then adds N generated listings for benchmarks, and recomputes the Cooper
// Index so it reflects them (`--no-index` skips that).
// `npm run seed -- --stays` gives every short-term listing a year of taken nights and some their own
// rules (server/seed/bulk-stays.server.ts), for the date search's benchmark.
import { parseArgs } from 'node:util'
import { parseConfig } from '../server/config.server.ts'

const { values } = parseArgs({
  options: { listings: { type: 'string' }, 'no-index': { type: 'boolean', default: false }, stays: { type: 'boolean', default: false } },
  allowPositionals: false,
})
const extra = values.listings === undefined ? 0 : Number(values.listings.replaceAll('_', ''))
if (!Number.isSafeInteger(extra) || extra < 0) {
  console.error(`--listings takes a whole number of listings, like --listings 1000000 (got "${values.listings}").`)
  process.exit(2)
}

// A seed is not one of the site's workers: its homes are the starting state, not jobs to work.
const config = parseConfig({ ...process.env, SEED_DEMO_DATA: 'true', JOBS_WORKERS: 'false' })
const { createServices } = await import('../server/services.server.ts')
const services = await createServices(config)
try {
  console.log('Demo data is in place.')
  if (extra > 0) {
    const { and, eq, inArray, notInArray, or, sql } = await import('drizzle-orm')
    const { profile } = await import('../server/db/schema.ts')
    const { seedBulkListings } = await import('../server/seed/bulk-listings.server.ts')
    const { DEMO_LANDLORD_IDS } = await import('../server/seed/listings.server.ts')
    const { HISTORY_OWNERS } = await import('../server/seed/history.server.ts')
    const { db } = services.database
    const landlords = await db
      .select({ id: profile.userId })
      .from(profile)
      .where(
        and(
          or(inArray(profile.userId, [...DEMO_LANDLORD_IDS]), eq(profile.role, 'landlord')),
          // The demo's past lettings keep their own managers, who publish nothing.
          notInArray(
            profile.userId,
            HISTORY_OWNERS.map((owner) => owner.id),
          ),
        ),
      )
      .orderBy(profile.userId)
      .limit(20)
    const { rows: before } = await db.execute<{ head: string }>(sql`select coalesce(max(id), 0) as head from listing_alert_change`)
    console.log(`Adding ${extra.toLocaleString('en-US')} listings to ${services.database.kind}…`)
    const result = await seedBulkListings(services.database, {
      total: extra,
      owners: landlords.map((l) => l.id),
      onBatch: (done) => process.stdout.write(`\r  ${done.toLocaleString('en-US')} of ${extra.toLocaleString('en-US')}`),
    })
    process.stdout.write('\n')
    // As the demo's own homes: generated homes are the site's starting state, so nobody is alerted of
    // them (their publication's news, migration 0065, is marked worked).
    await db.execute(sql`
      update listing_alert_change set queued_at = coalesce(queued_at, now()), processed_at = now()
      where id > ${before[0]?.head ?? 0} and processed_at is null`)
    console.log(
      `Added ${result.inserted.toLocaleString('en-US')} listings in ${result.seconds.toFixed(1)} s ` +
        `(${Math.round(result.inserted / result.seconds).toLocaleString('en-US')}/s); ${result.listings.toLocaleString('en-US')} in all.`,
    )
    if (values['no-index']) {
      console.log('The Cooper Index was left as it was: the nightly run (or Recompute now) brings it up to date.')
    } else {
      console.log('Recomputing the Cooper Index…')
      const { recomputeCooperIndex } = await import('../server/cooper-index/index.server.ts')
      const summary = await recomputeCooperIndex({ db, logger: services.logger })
      console.log(
        `The Cooper Index: ${summary.observations.toLocaleString('en-US')} asking rents, ${summary.pairs.toLocaleString('en-US')} pairs, ` +
          `${summary.markets} markets, in ${(summary.ms / 1000).toFixed(1)} s.`,
      )
    }
  }
  if (values.stays) {
    const { seedStayHolds } = await import('../server/seed/bulk-stays.server.ts')
    console.log('Taking nights on the short-term listings…')
    const stays = await seedStayHolds(services.database)
    console.log(
      `${stays.holds.toLocaleString('en-US')} holds on ${stays.listings.toLocaleString('en-US')} short-term listings, ` +
        `${stays.rules.toLocaleString('en-US')} with rules of their own, in ${stays.seconds.toFixed(1)} s.`,
    )
  }
} finally {
  await services.close()
}
