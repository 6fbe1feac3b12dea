// Rent roll benchmark: one landlord with --leases fully signed leases (one signed through the real
// process, the rest copies of it with their own start, rent and tenant) and about five years of books:
// each lease runs 12 to 24 months from a start drawn in the five years, with its deposit, its rent
// charged each month, a payment most months (some partial, some late, a few reversed as bounced) and a
// late fee where the rent went unpaid. Then, from --seed, --samples random months are rolled (the
// landlord's /rent page: rentRoll) and --samples random leases and years have their statement PDF
// rendered. Prints one JSON line: the books' size, p50/p95/max of each, and the slowest cases.
//   npx node bench/rent-roll.ts [--database pglite|postgres] [--leases 2000] [--samples 200] [--seed 1]
// PostgreSQL: a throwaway database is made on DATABASE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) and dropped after.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { sql } from 'drizzle-orm'
import { parseConfig } from '#server/config.server.ts'
import { openDatabase } from '#server/db/client.server.ts'
import { renderStatement, rentRoll } from '#server/ledger/index.server.ts'
import { createServices } from '#server/services.server.ts'
import { publishLeaseTemplate } from '#tests/support/lease-process.ts'
import { signedLeaseWith } from '#tests/support/ledger.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { seededRandom } from '#tests/support/synthetic-rents.ts'
import type { TestServices } from '#tests/support/test-services.ts'

const { values } = parseArgs({
  options: {
    database: { type: 'string', default: 'pglite' },
    leases: { type: 'string', default: '2000' },
    samples: { type: 'string', default: '200' },
    seed: { type: 'string', default: '1' },
  },
})
const leaseCount = Number(values.leases)
const samples = Number(values.samples)
const seed = Number(values.seed)
if (!Number.isInteger(leaseCount) || leaseCount < 1 || !Number.isInteger(samples) || samples < 1)
  throw new Error('--leases and --samples are positive whole numbers')
if (values.database !== 'pglite' && values.database !== 'postgres') throw new Error('--database is pglite or postgres')
const random = seededRandom(seed)
const pick = (n: number) => Math.floor(random() * n)

const adminUrl = process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const dbName = `cooper_bench_rent_${process.pid}`
if (values.database === 'postgres') {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${dbName}`)
  await admin.end()
}
const database = await openDatabase(
  values.database === 'postgres'
    ? { kind: 'postgres', url: adminUrl.replace(/\/[^/]*$/, `/${dbName}`), poolSize: 4 }
    : { kind: 'pglite', dataDir: null },
)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cooper-bench-rent-'))
const config = parseConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  SEED_DEMO_DATA: 'false',
  LOG_LEVEL: 'silent',
  JOBS_WORKERS: 'false',
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
})
const services = await createServices(config, { database })
const { db } = database
await publishLeaseTemplate(db)

// One lease signed as the site signs it; the others are copies of its row, version and tenant.
const model = await signedLeaseWith({ services } as unknown as TestServices, listingFactory(db))
const rows = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows
const month = (index: number) => `${2021 + Math.floor((index + 11) / 12)}-${String(((index + 11) % 12) + 1).padStart(2, '0')}`
const leases: { id: number; start: number; months: number; rent: number }[] = []
for (let n = 1; n < leaseCount; n += 1) leases.push({ id: 0, start: pick(48), months: 12 + pick(13), rent: 100_000 + pick(300) * 1_000 })
const seeded = performance.now()
for (const lease of leases) {
  const terms = sql`jsonb_set(jsonb_set(jsonb_set(v.terms, '{startDate}', to_jsonb(${`${month(lease.start)}-01`}::text)), '{endDate}', 'null'), '{rentCents}', to_jsonb(${lease.rent}::int))`
  const [row] = rows(
    await db.execute(sql`insert into lease (listing_id, landlord_id, state, version, terms, premises)
      select listing_id, landlord_id, 'draft', 1, terms, premises from lease where id = ${model.leaseId}::bigint returning id`),
  )
  lease.id = Number(row!.id)
  await db.execute(sql`insert into lease_version (lease_id, version, terms, document, template_id, template_version, pdf, sha256, rendered_at)
    select ${lease.id}::bigint, 1, ${terms}, v.document, v.template_id, v.template_version, v.pdf, v.sha256, v.rendered_at from lease_version v where v.lease_id = ${model.leaseId}::bigint`)
  await db.execute(sql`insert into lease_signer (lease_id, version, position, role, name, email)
    select ${lease.id}::bigint, 1, position, role, name, email from lease_signer where lease_id = ${model.leaseId}::bigint`)
  await db.execute(sql`update lease set state = 'fully_signed', completed_at = now() where id = ${lease.id}::bigint`)
}

// The books: written as the ledger writes them, a thousand transactions to a database transaction.
type Tx = { lease: number; kind: string; on: string; due: string | null; key: string; reverses: number | null; entries: [string, number][] }
const pending: Tx[] = []
let nextId = 1_000_000
let entryCount = 0
let transactionCount = 0
async function flush() {
  if (pending.length === 0) return
  const batch = pending.splice(0)
  const ids = batch.map(() => nextId++)
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into ledger_transaction (id, lease_id, kind, memo, effective_on, due_on, idempotency_key, reverses_id) values ${sql.join(
        batch.map(
          (t, i) =>
            sql`(${ids[i]}::bigint, ${t.lease}::bigint, ${t.kind}, ${t.kind}, ${t.on}::date, ${t.due}::date, ${t.key}, ${t.reverses === null ? null : (ids[batch.findIndex((b) => b.key === `tx:${t.reverses}`)] ?? null)}::bigint)`,
        ),
        sql`, `,
      )}`,
    )
    const entries = batch.flatMap((t, i) =>
      t.entries.map(([account, cents]) => sql`(${ids[i]}::bigint, ${t.lease}::bigint, ${account}, ${cents}::bigint)`),
    )
    await tx.execute(sql`insert into ledger_entry (transaction_id, lease_id, account, amount_cents) values ${sql.join(entries, sql`, `)}`)
    entryCount += entries.length
    transactionCount += batch.length
  })
}
let serial = 0
const add = async (t: Omit<Tx, 'key'> & { key?: string }) => {
  pending.push({ ...t, key: t.key ?? `tx:${++serial}` })
  return serial
}
for (const lease of leases) {
  await add({
    lease: lease.id,
    kind: 'deposit',
    on: `${month(lease.start)}-01`,
    due: `${month(lease.start)}-01`,
    reverses: null,
    entries: [
      ['tenant_receivable', lease.rent],
      ['deposit_held', -lease.rent],
    ],
  })
  await add({
    lease: lease.id,
    kind: 'payment',
    on: `${month(lease.start)}-01`,
    due: null,
    reverses: null,
    entries: [
      ['cash_received', lease.rent],
      ['tenant_receivable', -lease.rent],
    ],
  })
  for (let m = lease.start; m < Math.min(lease.start + lease.months, 60); m += 1) {
    const day = `${month(m)}-01`
    await add({
      lease: lease.id,
      kind: 'rent',
      on: day,
      due: day,
      reverses: null,
      entries: [
        ['tenant_receivable', lease.rent],
        ['rent_income', -lease.rent],
      ],
    })
    const luck = random()
    if (luck < 0.08) {
      await add({
        lease: lease.id,
        kind: 'late_fee',
        on: `${month(m)}-10`,
        due: `${month(m)}-10`,
        reverses: null,
        entries: [
          ['tenant_receivable', 5_000],
          ['late_fee_income', -5_000],
        ],
      })
      continue
    }
    const paid = luck < 0.2 ? Math.round(lease.rent / 2) : lease.rent
    const payment = await add({
      lease: lease.id,
      kind: 'payment',
      on: `${month(m)}-0${1 + pick(9)}`,
      due: null,
      reverses: null,
      entries: [
        ['cash_received', paid],
        ['tenant_receivable', -paid],
      ],
    })
    if (luck > 0.985) {
      await add({
        lease: lease.id,
        kind: 'reversal',
        on: `${month(m)}-15`,
        due: null,
        reverses: payment,
        entries: [
          ['cash_received', -paid],
          ['tenant_receivable', paid],
        ],
      })
    }
  }
  if (pending.length >= 1000) await flush()
}
await flush()
await db.execute(sql`select setval(pg_get_serial_sequence('ledger_transaction', 'id'), ${nextId}::bigint)`)
await db.execute(sql`analyze`)
const seedMs = performance.now() - seeded

const landlordId = model.landlord.id
const viewer = { userId: landlordId, email: model.landlord.email }
const time = async <T>(work: () => Promise<T>) => {
  const started = performance.now()
  await work()
  return performance.now() - started
}
const rolls: { month: string; ms: number }[] = []
const statements: { leaseId: number; year: number; ms: number }[] = []
await rentRoll(db, { landlordId, month: '2024-01' })
for (let n = 0; n < samples; n += 1) {
  const asked = month(pick(60))
  rolls.push({ month: asked, ms: await time(() => rentRoll(db, { landlordId, month: asked })) })
  const lease = leases[pick(leases.length)]!
  const year = Number(month(lease.start).slice(0, 4)) + pick(2)
  statements.push({ leaseId: lease.id, year, ms: await time(() => renderStatement(db, { leaseId: lease.id, year, viewer })) })
}
const figures = <T extends { ms: number }>(cases: T[]) => {
  const sorted = [...cases].sort((a, b) => a.ms - b.ms)
  const at = (q: number) => +(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]?.ms ?? 0).toFixed(1)
  return {
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    maxMs: at(1),
    slowest: sorted
      .slice(-3)
      .reverse()
      .map((c) => ({ ...c, ms: +c.ms.toFixed(1) })),
  }
}
const roll = figures(rolls)
const statement = figures(statements)
console.log(
  JSON.stringify({
    benchmark: 'rent-roll',
    database: database.kind,
    seed,
    leases: leaseCount,
    transactions: transactionCount,
    entries: entryCount,
    seedSeconds: +(seedMs / 1000).toFixed(1),
    samples,
    rentRoll: roll,
    statementPdf: statement,
    targetsMet: roll.p95Ms <= 100 && statement.p95Ms <= 300,
  }),
)
await services.jobs.stop()
await database.close()
fs.rmSync(dataDir, { recursive: true, force: true })
if (values.database === 'postgres') {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`drop database if exists ${dbName} with (force)`)
  await admin.end()
}
