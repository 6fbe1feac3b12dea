// `npm run seed`: creates the demo data in the configured database (DATA_DIR or DATABASE_URL) if it
// is not there yet — the same seed `npm start` runs on a fresh database.
// `npm run seed -- --listings N` then adds N generated listings for benchmarks.
import { parseArgs } from 'node:util'
import { parseConfig } from '../server/config.server.ts'

const { values } = parseArgs({ options: { listings: { type: 'string' } }, allowPositionals: false })
const extra = values.listings === undefined ? 0 : Number(values.listings.replaceAll('_', ''))
if (!Number.isSafeInteger(extra) || extra < 0) {
  console.error(`--listings takes a whole number of listings, like --listings 1000000 (got "${values.listings}").`)
  process.exit(2)
}

const config = parseConfig({ ...process.env, SEED_DEMO_DATA: 'true' })
const { createServices } = await import('../server/services.server.ts')
const services = await createServices(config)
try {
  console.log('Demo data is in place.')
  if (extra > 0) {
    const { inArray, eq, or } = await import('drizzle-orm')
    const { profile } = await import('../server/db/schema.ts')
    const { seedBulkListings } = await import('../server/seed/bulk-listings.server.ts')
    const { DEMO_LANDLORD_IDS } = await import('../server/seed/listings.server.ts')
    const { db } = services.database
    const landlords = await db
      .select({ id: profile.userId })
      .from(profile)
      .where(or(inArray(profile.userId, [...DEMO_LANDLORD_IDS]), eq(profile.role, 'landlord')))
      .orderBy(profile.userId)
      .limit(20)
    console.log(`Adding ${extra.toLocaleString('en-US')} listings to ${services.database.kind}…`)
    const result = await seedBulkListings(services.database, {
      total: extra,
      owners: landlords.map((l) => l.id),
      onBatch: (done) => process.stdout.write(`\r  ${done.toLocaleString('en-US')} of ${extra.toLocaleString('en-US')}`),
    })
    process.stdout.write('\n')
    console.log(
      `Added ${result.inserted.toLocaleString('en-US')} listings in ${result.seconds.toFixed(1)} s ` +
        `(${Math.round(result.inserted / result.seconds).toLocaleString('en-US')}/s); ${result.listings.toLocaleString('en-US')} in all.`,
    )
  }
} finally {
  await services.close()
}
