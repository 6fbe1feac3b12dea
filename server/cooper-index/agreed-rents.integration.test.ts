// The agreed rent of a lease signed on the site in the Cooper Index: a fully signed lease gives the letting it was
// signed in its rent; amendments and leases not fully signed give none.
//
// Listings, their price histories and the leases are inserted directly: the index reads only the leases' final
// rows, and these tests need past prices.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readObservations } from '#server/cooper-index/observations.server.ts'
import { unitKeyOf } from '#server/cooper-index/pairs.server.ts'
import { recomputeCooperIndex } from '#server/cooper-index/index.server.ts'
import type { Db } from '#server/db/client.server.ts'
import { createLogger } from '#server/logger.server.ts'
import { insertListingsWithAsks, type HistoryAsk, type HistoryHome } from '#tests/support/cooper-history.ts'
import { createPerson } from '#tests/support/listings.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database.ts'

const logger = createLogger('silent')
const NOW = new Date('2026-11-20T12:00:00Z')
const place = { city: 'Wilmington', state: 'DE', zip: '19801' }

type LeaseRow = { kind?: 'lease' | 'amendment'; amends?: number; state: string; rentCents: number; completedAt: Date | null }

/** Inserts a lease row as the signing process leaves it; returns its id. */
async function insertLease(db: Db, listingId: number, landlordId: string, lease: LeaseRow): Promise<number> {
  const terms = { rentCents: lease.rentCents, startDate: '2023-03-01', endDate: '2024-02-29' }
  const { rows } = await db.execute<{ id: string | number }>(sql`
    insert into lease (kind, amends_lease_id, listing_id, landlord_id, state, terms, premises, completed_at)
    values (${lease.kind ?? 'lease'}, ${lease.amends ?? null}, ${listingId}, ${landlordId}, ${lease.state},
            ${JSON.stringify(terms)}::jsonb, ${JSON.stringify({ street: 'x' })}::jsonb, ${lease.completedAt?.toISOString() ?? null})
    returning id`)
  return Number(rows[0]!.id)
}

/** Each home's lettings as read for a run: [month, rent in cents], in time order. */
async function lettingsByHome(db: Db, homes: HistoryHome[]): Promise<[string, number][][]> {
  const columns = await readObservations(db, NOW)
  return homes.map((home) => {
    const unit = columns.units.indexOf(unitKeyOf(home))
    const lettings: [number, string, number][] = []
    for (let i = 0; i < columns.count; i++) {
      if (columns.unit[i] !== unit) continue
      const month = columns.month[i]!
      lettings.push([
        columns.time[i]!,
        `${2000 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`,
        columns.rentCents[i]!,
      ])
    }
    return lettings.sort((a, b) => a[0] - b[0]).map(([, month, rent]) => [month, rent])
  })
}

const ask = (at: string, amountCents: number, phase: HistoryAsk['phase'] = 'asking'): HistoryAsk => ({
  at: new Date(at),
  amountCents,
  phase,
})

describe('the agreed rent of a signed lease in the Cooper Index', () => {
  let database: TestDatabase
  const db = () => database.db
  let landlordId: string

  beforeAll(async () => {
    database = await createTestDatabase()
    landlordId = (await createPerson(db(), { role: 'landlord' })).id
  })
  afterAll(async () => {
    await database.drop()
  })

  it('gives the letting a lease was fully signed in the agreed rent, the latest of two, at the month it began', async () => {
    const home: HistoryHome = { street: '10 Signed Street', ...place }
    const [id] = await insertListingsWithAsks(db(), landlordId, [
      {
        home,
        asks: [
          ask('2023-01-15T12:00:00Z', 200_000, 'listed'),
          ask('2023-02-05T12:00:00Z', 190_000),
          ask('2024-01-15T12:00:00Z', 210_000, 'listed'),
        ],
      },
    ])
    expect(await lettingsByHome(db(), [home])).toEqual([
      [
        ['2023-01', 190_000],
        ['2024-01', 210_000],
      ],
    ])
    await insertLease(db(), id!, landlordId, { state: 'fully_signed', rentCents: 187_000, completedAt: new Date('2023-02-10T12:00:00Z') })
    const signed = await insertLease(db(), id!, landlordId, {
      state: 'fully_signed',
      rentCents: 185_000,
      completedAt: new Date('2023-02-20T12:00:00Z'),
    })
    // An amendment changes a lease already counted: it gives no rent of its own.
    await insertLease(db(), id!, landlordId, {
      kind: 'amendment',
      amends: signed,
      state: 'fully_signed',
      rentCents: 150_000,
      completedAt: new Date('2023-03-01T12:00:00Z'),
    })
    // The lease signed after the first letting's cut is its rent; the next letting, without a lease, keeps its ask.
    expect(await lettingsByHome(db(), [home])).toEqual([
      [
        ['2023-01', 185_000],
        ['2024-01', 210_000],
      ],
    ])
    // The run pairs the two lettings (every other home here has one letting).
    const summary = await recomputeCooperIndex({ db: db(), logger }, { now: NOW })
    expect(summary.pairs).toBe(1)
  })

  it('gives no rent from a lease voided, declined, expired or still out for signature, and leaves a home without a lease as it was', async () => {
    const voided: HistoryHome = { street: '20 Voided Street', ...place }
    const unsigned: HistoryHome = { street: '30 Unsigned Street', ...place }
    const plain: HistoryHome = { street: '40 Plain Street', ...place }
    const [voidedId, unsignedId] = await insertListingsWithAsks(db(), landlordId, [
      { home: voided, asks: [ask('2023-03-15T12:00:00Z', 180_000, 'listed')] },
      { home: unsigned, asks: [ask('2023-03-15T12:00:00Z', 175_000, 'listed')] },
      { home: plain, asks: [ask('2023-04-15T12:00:00Z', 170_000, 'listed'), ask('2023-05-01T12:00:00Z', 165_000)] },
    ])
    const completedAt = new Date('2023-04-01T12:00:00Z')
    for (const state of ['voided', 'declined', 'expired']) {
      await insertLease(db(), voidedId!, landlordId, { state, rentCents: 100_000, completedAt })
    }
    await insertLease(db(), unsignedId!, landlordId, { state: 'partially_signed', rentCents: 100_000, completedAt: null })
    await insertLease(db(), unsignedId!, landlordId, { state: 'sent', rentCents: 100_000, completedAt: null })
    expect(await lettingsByHome(db(), [voided, unsigned, plain])).toEqual([
      [['2023-03', 180_000]],
      [['2023-03', 175_000]],
      [['2023-04', 165_000]],
    ])
  })

  it('counts a letting still published once its lease is fully signed, and not a lease signed long after the last ask', async () => {
    const published: HistoryHome = { street: '50 Published Street', status: 'published', ...place }
    const renewed: HistoryHome = { street: '60 Renewed Street', ...place }
    const [publishedId, renewedId] = await insertListingsWithAsks(db(), landlordId, [
      { home: published, asks: [ask('2026-10-01T12:00:00Z', 220_000, 'listed')] },
      { home: renewed, asks: [ask('2024-05-15T12:00:00Z', 160_000, 'listed')] },
    ])
    // On the market at the run's time, without a lease: no settled rent yet.
    expect(await lettingsByHome(db(), [published])).toEqual([[]])
    await insertLease(db(), publishedId!, landlordId, {
      state: 'fully_signed',
      rentCents: 215_000,
      completedAt: new Date('2026-10-20T12:00:00Z'),
    })
    // A sitting tenant's lease a year after the letting is no rent of that letting.
    await insertLease(db(), renewedId!, landlordId, {
      state: 'fully_signed',
      rentCents: 168_000,
      completedAt: new Date('2025-05-15T12:00:00Z'),
    })
    expect(await lettingsByHome(db(), [published, renewed])).toEqual([[['2026-10', 215_000]], [['2024-05', 160_000]]])
  })
})
