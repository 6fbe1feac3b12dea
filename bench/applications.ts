// Applications benchmark: a landlord with LISTINGS homes and APPLICATIONS applications across them
// (skewed: a few homes draw many, as popular homes do; each with a full snapshot), then READS reads of
// one home's review page (listListingApplications, homes drawn from --seed) and of the waiting counts
// of all the landlord's homes (countWaitingApplications). Prints one JSON line per read, with p50, p95,
// the slowest and the largest page. A fresh embedded database unless DATABASE_URL names a PostgreSQL
// database (it is written to: use a throwaway one).
//   npx node bench/applications.ts [--listings 500] [--applications 20000] [--reads 300] [--seed 1]
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { countWaitingApplications, listListingApplications, saveCriteria } from '#server/applications/index.server.ts'
import { openDatabase } from '#server/db/client.server.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { seededRandom } from '#tests/support/synthetic-rents.ts'

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '500' },
    applications: { type: 'string', default: '20000' },
    reads: { type: 'string', default: '300' },
    seed: { type: 'string', default: '1' },
  },
})
function count(name: 'listings' | 'applications' | 'reads'): number {
  const n = Number(values[name])
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number`)
  return n
}
const [listingCount, applicationCount, reads] = [count('listings'), count('applications'), count('reads')]
const random = seededRandom(Number(values.seed))

const url = process.env.DATABASE_URL
const database = await openDatabase(url ? { kind: 'postgres', url, poolSize: 10 } : { kind: 'pglite', dataDir: null })
const { db } = database
const factory = listingFactory(db)
const owner = await factory.landlord()
const homes: number[] = []
for (let i = 0; i < listingCount; i += 1) {
  const home = await factory.create({ ownerId: owner.id, title: `Bench home ${i}`, withoutPhoto: true })
  if (i % 2 === 0) {
    const input = { incomeMultiple: 3, petPolicy: 'cats', maxOccupants: 4, accepting: true, otherRequirements: 'No smoking.' }
    await saveCriteria({ database }, { ownerId: owner.id, listingId: home.id, input })
  }
  homes.push(home.id)
}

// Renters, then applications written in bulk, one renter each.
const renters = applicationCount
await db.execute(sql`
  insert into "user" (id, name, email, email_verified)
  select 'bench-renter-' || g, 'Bench renter ' || g, 'bench-renter-' || g || '@example.com', true from generate_series(1, ${renters}) g`)
const snapshot = {
  legalName: 'Bench Applicant',
  email: 'bench@example.com',
  phone: '+1 302 555 0100',
  addresses: [
    {
      street: '1 Main St',
      city: 'Wilmington',
      state: 'DE',
      postalCode: '19801',
      from: '2019-01',
      to: '',
      monthlyRentCents: 150000,
      landlordName: 'Pat',
      landlordPhone: '',
      landlordEmail: '',
    },
    {
      street: '2 Oak St',
      city: 'Newark',
      state: 'DE',
      postalCode: '19711',
      from: '2016-01',
      to: '2018-12',
      monthlyRentCents: 90000,
      landlordName: '',
      landlordPhone: '',
      landlordEmail: '',
    },
  ],
  employment: [{ employer: 'Acme', position: 'Engineer', from: '2019-01', monthlyIncomeCents: 550000, contactName: '', contactPhone: '' }],
  otherIncome: [{ source: 'Housing Choice Voucher', monthlyCents: 40000 }],
  occupants: [{ name: 'Sam', adult: true }],
  pets: [{ kind: 'cat', size: 'small', description: '' }],
  vehicles: [],
  emergencyContact: { name: 'Jo', phone: '+1 302 555 0101', relationship: 'Sister' },
  documentIds: [],
}
const homeList = sql.raw(`array[${homes.join(',')}]::bigint[]`)
await db.execute(sql`
  insert into application (listing_id, renter_id, landlord_id, criteria_id, state, snapshot, move_in_date, lease_months, rent_cents, submitted_at, expires_at)
  select home, 'bench-renter-' || g, ${owner.id},
         (select max(c.id) from application_criteria c where c.listing_id = home),
         (array['submitted','under_review','info_requested','approved','declined','withdrawn','expired'])[1 + (g % 7)],
         ${JSON.stringify(snapshot)}::jsonb, '2027-01-15', 12, 165000,
         now() - (g || ' minutes')::interval, now() + interval '30 days'
    from (select g, (${homeList})[1 + floor(power(((g * 7919) % 10007) / 10007.0, 3) * ${listingCount})::int] as home
            from generate_series(1, ${applicationCount}) g) picked`)
await db.execute(sql`analyze`)

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
const pageTimes: { ms: number; size: number }[] = []
for (let i = 0; i < reads; i += 1) {
  const listingId = homes[Math.floor(random() * homes.length)]!
  const started = performance.now()
  const page = await listListingApplications(db, { listingId, ownerId: owner.id })
  pageTimes.push({ ms: performance.now() - started, size: page.applications.length })
}
const largest = homes[0]!
const started = performance.now()
const top = await listListingApplications(db, { listingId: largest, ownerId: owner.id })
const largestMs = performance.now() - started
const sortedPages = pageTimes.map((t) => t.ms).sort((a, b) => a - b)
console.log(
  JSON.stringify({
    bench: 'applications-review-page',
    database: database.kind,
    listings: listingCount,
    applications: applicationCount,
    reads,
    p50Ms: Math.round(quantile(sortedPages, 0.5) * 10) / 10,
    p95Ms: Math.round(quantile(sortedPages, 0.95) * 10) / 10,
    maxMs: Math.round(sortedPages.at(-1)! * 10) / 10,
    meanPage: Math.round(pageTimes.reduce((s, t) => s + t.size, 0) / reads),
    largestPage: { applications: top.applications.length, ms: Math.round(largestMs * 10) / 10 },
  }),
)

const countTimes: number[] = []
for (let i = 0; i < Math.min(reads, 100); i += 1) {
  const begun = performance.now()
  await countWaitingApplications(db, { ownerId: owner.id, listingIds: homes })
  countTimes.push(performance.now() - begun)
}
countTimes.sort((a, b) => a - b)
console.log(
  JSON.stringify({
    bench: 'applications-waiting-counts',
    database: database.kind,
    listings: listingCount,
    p50Ms: Math.round(quantile(countTimes, 0.5) * 10) / 10,
    p95Ms: Math.round(quantile(countTimes, 0.95) * 10) / 10,
  }),
)
await database.close()
