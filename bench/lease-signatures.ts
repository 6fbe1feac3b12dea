// Lease signatures benchmark: LEASES leases, each on a listing of its own (an approved application of a
// new landlord, drafted, given 1 to 3 tenants and sent), every signer's consent given beforehand, then one
// signature per lease fired all at once through the front door (signLease), as the signing pages send
// them. From --seed each lease draws its tenants and whether its signature in the burst is the last one
// (--sealing of them: the tenants signed before, the landlord countersigns, and the signature seals the
// lease, marks the listing let and completes it) or not (a tenant signs, others still to sign). Prints one
// JSON line: the signatures, the errors (0 expected), the latency of a signature (from the burst's start
// to its answer) overall and for the sealing and the other ones apart, the burst's wall time, the
// process's CPU time per signature (on PGlite the database's own included: it runs in the process), the
// load average, and the check made afterwards that every lease meant to be fully signed is, with its
// seal over its signed PDF, and every other one is partially signed without a seal. Exits 1 when a
// signature failed or the check did.
//
// A fresh embedded database unless DATABASE_URL names a PostgreSQL database (it is written to: use a
// throwaway one).
//   npx node bench/lease-signatures.ts [--leases 100] [--sealing 0.5] [--seed 1]
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { parseConfig } from '#server/config.server.ts'
import { openDatabase } from '#server/db/client.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { consentToSign, createLease, findLease, saveLeaseTerms, sendLease, sha256Hex, signLease } from '#server/leases/index.server.ts'
import { createServices } from '#server/services.server.ts'
import { actorOf, approvedApplication, publishLeaseTemplate } from '#tests/support/lease-process.ts'
import { listingFactory, type Person } from '#tests/support/listings.ts'
import { seededRandom } from '#tests/support/synthetic-rents.ts'
import type { TestServices } from '#tests/support/test-services.ts'

const { values } = parseArgs({
  options: {
    leases: { type: 'string', default: '100' },
    sealing: { type: 'string', default: '0.5' },
    seed: { type: 'string', default: '1' },
  },
})
const leaseCount = Number(values.leases)
if (!Number.isInteger(leaseCount) || leaseCount < 1) throw new Error('--leases must be a positive whole number')
const sealingShare = Number(values.sealing)
if (!(sealingShare >= 0 && sealingShare <= 1)) throw new Error('--sealing must be a share from 0 to 1')
const seed = Number(values.seed)
const random = seededRandom(seed)

const url = process.env.DATABASE_URL
const database = await openDatabase(url ? { kind: 'postgres', url, poolSize: 10 } : { kind: 'pglite', dataDir: null })
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cooper-bench-leases-'))
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
const listings = listingFactory(db)
await publishLeaseTemplate(db)

type Signing = { leaseId: number; seals: boolean; actor: Awaited<ReturnType<typeof actorOf>>; sha256: string }

/** A lease sent, every signer's consent given, and the signatures before the burst's made. */
async function prepare(): Promise<Signing> {
  // approvedApplication needs only the services of a test's set.
  const parties = await approvedApplication({ services } as unknown as TestServices, listings)
  const landlord = await actorOf(db, parties.owner)
  const extra: Person[] = []
  for (let n = 1 + Math.floor(random() * 3); n > 1; n -= 1) extra.push(await listings.renter())
  const tenants = [await actorOf(db, parties.renter), ...(await Promise.all(extra.map((person) => actorOf(db, person))))]
  const seals = random() < sealingShare
  const row = await createLease(services, { actor: landlord, input: { applicationId: parties.applicationId } })
  const draft = await findLease(db, { leaseId: row.id, viewer: landlord })
  await saveLeaseTerms(services, {
    leaseId: row.id,
    actor: landlord,
    input: {
      ...draft.draftTerms!,
      tenants: [...draft.draftTerms!.tenants, ...extra.map((person, n) => ({ name: `Tenant ${n + 2}`, email: person.email }))],
      occupants: tenants.length,
    },
  })
  await sendLease(services, { leaseId: row.id, actor: landlord })
  const sha256 = (await findLease(db, { leaseId: row.id, viewer: landlord })).document!.sha256
  for (const actor of [...tenants, landlord]) await consentToSign(services, { leaseId: row.id, actor, given: true, input: { agree: true } })
  // Sealing: every tenant has signed and the landlord countersigns in the burst. Otherwise some tenants
  // (never all) have signed and the next one signs in the burst.
  const before = seals ? tenants.length : Math.floor(random() * tenants.length)
  for (const actor of tenants.slice(0, before)) {
    await signLease(services, { leaseId: row.id, actor, input: { typedName: actor.name, confirm: true, documentSha256: sha256 } })
  }
  return { leaseId: row.id, seals, actor: seals ? landlord : tenants[before]!, sha256 }
}

const setupStarted = performance.now()
const signings: Signing[] = []
for (let i = 0; i < leaseCount; i += 1) signings.push(await prepare())
const setupSeconds = +((performance.now() - setupStarted) / 1000).toFixed(1)

const cpuBefore = process.cpuUsage()
const burstStarted = performance.now()
const outcomes = await Promise.all(
  signings.map(async ({ leaseId, actor, sha256, seals }) => {
    const input = { typedName: actor.name, confirm: true, documentSha256: sha256, drawing: 'M 10 20 L 30 40 L 50 25' }
    try {
      const row = await signLease(services, { leaseId, actor, input })
      return { leaseId, ms: performance.now() - burstStarted, seals, error: null, state: row.state }
    } catch (error) {
      return { leaseId, ms: performance.now() - burstStarted, seals, error: isAppError(error) ? error.code : String(error), state: null }
    }
  }),
)
const wallMs = performance.now() - burstStarted
const cpu = process.cpuUsage(cpuBefore)

// The record afterwards: sealed leases fully signed with a seal over their signed PDF, the others not.
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows
const ids = signings.map((signing) => signing.leaseId)
const records = rowsOf(
  await db.execute(sql`
    select l.id, l.state, v.pdf as version_pdf, s.pdf as seal_pdf, s.sha256 as seal_sha256
    from lease l join lease_version v on v.lease_id = l.id and v.version = l.version
    left join lease_seal s on s.lease_id = l.id
    where l.id in (${sql.join(ids, sql`, `)})`),
)
let wrong = 0
for (const signing of signings) {
  const record = records.find((candidate) => Number(candidate.id) === signing.leaseId)!
  if (!signing.seals) {
    if (record.state !== 'partially_signed' || record.seal_pdf !== null) wrong += 1
    continue
  }
  const [sealPdf, versionPdf] = [Buffer.from(record.seal_pdf as Uint8Array), Buffer.from(record.version_pdf as Uint8Array)]
  const sealed =
    record.state === 'fully_signed' &&
    record.seal_pdf !== null &&
    sealPdf.subarray(0, versionPdf.length).equals(versionPdf) &&
    sha256Hex(sealPdf) === record.seal_sha256
  if (!sealed) wrong += 1
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
const figures = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b)
  const round = (n: number) => +n.toFixed(1)
  return {
    count: sorted.length,
    p50Ms: round(quantile(sorted, 0.5)),
    p95Ms: round(quantile(sorted, 0.95)),
    p99Ms: round(quantile(sorted, 0.99)),
    maxMs: round(sorted.at(-1) ?? 0),
  }
}
const errors = outcomes.filter((outcome) => outcome.error !== null)
const line = {
  benchmark: 'lease-signatures',
  database: database.kind,
  seed,
  leases: leaseCount,
  signatures: outcomes.length,
  errors: errors.length,
  ...(errors.length > 0 ? { errorCodes: [...new Set(errors.map((outcome) => outcome.error))].slice(0, 5) } : {}),
  all: figures(outcomes.map((outcome) => outcome.ms)),
  sealing: figures(outcomes.filter((outcome) => outcome.seals).map((outcome) => outcome.ms)),
  notLast: figures(outcomes.filter((outcome) => !outcome.seals).map((outcome) => outcome.ms)),
  /** The three signatures answered last: which lease, and whether theirs sealed it. */
  slowest: [...outcomes]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map((outcome) => ({ leaseId: outcome.leaseId, ms: +outcome.ms.toFixed(1), seals: outcome.seals })),
  wallMs: +wallMs.toFixed(1),
  cpuMsPerSignature: +((cpu.user + cpu.system) / 1000 / outcomes.length).toFixed(1),
  fullySigned: records.filter((record) => record.state === 'fully_signed').length,
  expectedFullySigned: signings.filter((signing) => signing.seals).length,
  recordWrong: wrong,
  setupSeconds,
  loadAverage: +os.loadavg()[0]!.toFixed(1),
}
console.log(JSON.stringify(line))

await services.jobs.stop()
await services.realtime.close()
await database.close()
fs.rmSync(dataDir, { recursive: true, force: true })
process.exit(errors.length === 0 && wrong === 0 ? 0 : 1)
