// Tours benchmark: a landlord with LISTINGS homes and about TOURS booked tours across them, then
// (1) the open slots of one of those homes for 14 days, read READS times (homes drawn from --seed),
// and (2) ATTEMPTS booking attempts at once, drawn over SLOTS slots of another home (each slot takes
// --capacity parties): no slot over its capacity, no error that is not a refusal, and how long each
// took. Prints one JSON line per part, with the slowest cases, and how long a bare `select 1` took
// meanwhile (the machine's load: on a shared machine the same code measures twice as slow when it is
// busy). A fresh embedded database unless DATABASE_URL names a PostgreSQL database (it is written to:
// use a throwaway one).
//   npx node bench/tours.ts [--tours 1000] [--listings 5] [--reads 500] [--attempts 200] [--slots 20] [--capacity 2] [--seed 1]
import { parseArgs } from 'node:util'
import { eq, sql } from 'drizzle-orm'
import { DEFAULT_AVAILABILITY } from '#common/tours/availability.ts'
import { openDatabase } from '#server/db/client.server.ts'
import { tourSlot } from '#server/db/schema.ts'
import { isAppError } from '#server/errors.server.ts'
import { findOpenSlots, saveAvailability } from '#server/tours/index.server.ts'
import { storeTourRequest } from '#server/tours/request.server.ts'
import { createPerson, listingFactory } from '#tests/support/listings.ts'
import { seededRandom } from '#tests/support/synthetic-rents.ts'

const { values } = parseArgs({
  options: {
    tours: { type: 'string', default: '1000' },
    listings: { type: 'string', default: '5' },
    reads: { type: 'string', default: '500' },
    attempts: { type: 'string', default: '200' },
    slots: { type: 'string', default: '20' },
    capacity: { type: 'string', default: '2' },
    seed: { type: 'string', default: '1' },
  },
})
function count(name: 'tours' | 'listings' | 'reads' | 'attempts' | 'slots' | 'capacity'): number {
  const n = Number(values[name])
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number`)
  return n
}
const [tours, listingCount, reads, attempts, slotCount, capacity] = [
  count('tours'),
  count('listings'),
  count('reads'),
  count('attempts'),
  count('slots'),
  count('capacity'),
]
const random = seededRandom(Number(values.seed))

const url = process.env.DATABASE_URL
const database = await openDatabase(url ? { kind: 'postgres', url, poolSize: 10 } : { kind: 'pglite', dataDir: null })
const { db } = database
const factory = listingFactory(db)
const owner = await factory.landlord()
const everyDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '07:00', end: '22:00' }))
const availability = { ...DEFAULT_AVAILABILITY, windows: everyDay, tourMinutes: 15, noticeHours: 1, partiesPerSlot: 1 }
const homes: number[] = []
for (let i = 0; i <= listingCount; i += 1) {
  const home = await factory.create({ ownerId: owner.id, title: `Bench home ${i}` })
  await saveAvailability(db, {
    viewerId: owner.id,
    listingId: home.id,
    input: i === listingCount ? { ...availability, partiesPerSlot: capacity } : availability,
  })
  homes.push(home.id)
}
const contested = homes.pop()!

// Booked tours: each renter books one slot of each home (the limits allow three live tours per landlord),
// the times drawn at random among the open ones.
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
let booked = 0
while (booked < tours) {
  const renter = await createPerson(db)
  for (const listingId of homes.slice(0, Math.min(3, tours - booked))) {
    const open = (await findOpenSlots(db, { listingId })).days.flatMap((d) => d.slots)
    const slot = open[Math.floor(random() * open.length)]!
    await storeTourRequest(db, { renterId: renter.id, listingId, input: { startsAt: slot.startsAt, partySize: 1 } })
    booked += 1
  }
  homes.push(homes.shift()!) // the next renter starts on another home
}

/** The median of 200 bare statements: what one round trip costs on this database at this moment. */
async function statementMs() {
  const ms: number[] = []
  for (let i = 0; i < 200; i += 1) {
    const started = performance.now()
    await db.execute(sql`select 1`)
    ms.push(performance.now() - started)
  }
  return +quantile(
    ms.sort((a, b) => a - b),
    0.5,
  ).toFixed(3)
}

const times: { ms: number; listingId: number }[] = []
for (let i = 0; i < reads; i += 1) {
  const listingId = homes[Math.floor(random() * homes.length)]!
  const started = performance.now()
  await findOpenSlots(db, { listingId })
  times.push({ ms: performance.now() - started, listingId })
}
const sortedReads = times.map((t) => t.ms).sort((a, b) => a - b)
console.log(
  JSON.stringify({
    part: 'open slots, 14 days',
    database: database.kind,
    bookedTours: booked,
    reads,
    p50Ms: +quantile(sortedReads, 0.5).toFixed(2),
    p99Ms: +quantile(sortedReads, 0.99).toFixed(2),
    selectOneMs: await statementMs(),
    slowest: times
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3)
      .map((t) => ({ ms: +t.ms.toFixed(2), listingId: t.listingId })),
  }),
)

// Concurrent attempts over the contested home's first slots.
const targets = (await findOpenSlots(db, { listingId: contested })).days.flatMap((d) => d.slots).slice(0, slotCount)
const renters = await Promise.all(Array.from({ length: attempts }, () => createPerson(db)))
const outcomes = await Promise.all(
  renters.map(async (renter) => {
    const slot = targets[Math.floor(random() * targets.length)]!
    const started = performance.now()
    try {
      await storeTourRequest(db, { renterId: renter.id, listingId: contested, input: { startsAt: slot.startsAt, partySize: 1 } })
      return { ms: performance.now() - started, outcome: 'booked' }
    } catch (error) {
      return { ms: performance.now() - started, outcome: isAppError(error) ? error.code : `error: ${(error as Error).message}` }
    }
  }),
)
const rows = await db.select().from(tourSlot).where(eq(tourSlot.listingId, contested))
const [live] = await db
  .execute<{ n: number }>(sql`select count(*)::int as n from tour where listing_id = ${contested} and state in ('requested', 'confirmed')`)
  .then((r) => ('rows' in r ? r.rows : (r as unknown as { n: number }[])))
const sortedAttempts = outcomes.map((o) => o.ms).sort((a, b) => a - b)
const counts: Record<string, number> = {}
for (const o of outcomes) counts[o.outcome] = (counts[o.outcome] ?? 0) + 1
console.log(
  JSON.stringify({
    part: 'concurrent booking attempts',
    database: database.kind,
    attempts,
    slots: targets.length,
    capacity,
    outcomes: counts,
    overCapacity: rows.filter((r) => r.booked > r.capacity).length,
    bookedPlaces: rows.reduce((sum, r) => sum + r.booked, 0),
    liveTours: live?.n,
    p50Ms: +quantile(sortedAttempts, 0.5).toFixed(1),
    p95Ms: +quantile(sortedAttempts, 0.95).toFixed(1),
    p95MsByOutcome: Object.fromEntries(
      Object.keys(counts).map((outcome) => [
        outcome,
        +quantile(
          outcomes
            .filter((o) => o.outcome === outcome)
            .map((o) => o.ms)
            .sort((a, b) => a - b),
          0.95,
        ).toFixed(1),
      ]),
    ),
    slowestMs: +sortedAttempts.at(-1)!.toFixed(1),
    selectOneMs: await statementMs(),
    ...(database.kind === 'pglite'
      ? {
          // One connection runs one statement at a time for every attempt. A booking costs six (its
          // read, begin, the renter's lock with the place, the limits, the tour with its event,
          // commit); the attempts queued behind a full slot cost none, and a burst's refusals share
          // one read of the next open times. So p95 is about the whole burst: 40 bookings in turn.
          note: 'PGlite has one connection: the attempts queue statement by statement, so p95 is about the whole burst',
        }
      : {}),
  }),
)
await database.close()
