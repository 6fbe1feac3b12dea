/* eslint-disable max-lines -- one benchmark in one file: the rows it writes, the reads and the pages it times share its draws */
// Applications benchmark: one landlord with LISTINGS homes and APPLICATIONS applications over them
// from RENTERS renters, spread unevenly (drawn from --seed: a few homes with hundreds, most with a
// handful), then (a) the domain read listListingApplications: every application of a home at once
// (the worst case, which nothing reads since the API pages too) and one page of PAGE_SIZE (what the
// review page and GET /api/properties/:id/applications read), and (b) the whole review page /properties/:slug/applications?page=<n> as the landlord's
// browser gets it from the production server (its session cookie, Brotli accepted, server rendering
// included), READS times each, one after another. Homes are drawn in proportion to their
// applications (each application brings its landlord to the page), the home with the most always
// among them, and the page among the home's pages. Prints one JSON line with the slowest pages; it
// asserts nothing.
//
// The rows are written in bulk (multi-row INSERTs of about 1,000) as the site stores them: a complete
// reusable application as each one's snapshot (common/applications/profile.ts), its documents, the
// criteria versions most homes publish, every state, and each application's history (its submitted
// event and the one that brought it to its state). The homes come from the listings factory (the
// domain functions). A fresh embedded database unless DATABASE_URL names a PostgreSQL database (it is
// written to: use a throwaway one); the server then runs on it, on --port (3380).
//   npm run build && npx node bench/applications.ts [--listings 500] [--applications 20000] [--renters 2000] [--reads 500] [--seed 1]
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import type { RenterProfile } from '#common/applications/profile.ts'
import {
  APPLICATION_EXPIRY_DAYS,
  DOCUMENT_KINDS,
  PET_KINDS,
  PET_POLICIES,
  PET_SIZES,
  type ApplicationAction,
  type ApplicationState,
} from '#common/applications/vocabulary.ts'
import { listingSlug } from '#common/listings/listing-url.ts'
import { siteConfig } from '#common/site-config.ts'
import { createAuth } from '#server/accounts/index.server.ts'
import { listListingApplications } from '#server/applications/index.server.ts'
import { openDatabase } from '#server/db/client.server.ts'
import {
  application,
  applicationCriteria,
  applicationDocument,
  applicationEvent,
  privateDocument,
  profile,
  renterApplication,
  user,
} from '#server/db/schema.ts'
import { createLogger } from '#server/logger.server.ts'
import { listingFactory } from '#tests/support/listings.ts'
import { seededRandom } from '#tests/support/synthetic-rents.ts'
import { startProductionServer } from './production-server.ts'

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '500' },
    applications: { type: 'string', default: '20000' },
    renters: { type: 'string', default: '2000' },
    reads: { type: 'string', default: '500' },
    seed: { type: 'string', default: '1' },
    port: { type: 'string', default: '3380' },
  },
})
function count(name: 'listings' | 'applications' | 'renters' | 'reads' | 'seed' | 'port'): number {
  const n = Number(values[name])
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number`)
  return n
}
const [listingCount, applicationCount, renterCount, reads, seed, port] = [
  count('listings'),
  count('applications'),
  count('renters'),
  count('reads'),
  count('seed'),
  count('port'),
]
if (port < 3380 || port > 3390) throw new Error('--port is one of 3380–3390')
if (!fs.existsSync(path.resolve(import.meta.dirname, '../build/server/index.js'))) {
  console.error('Build first: npm run build')
  process.exit(1)
}
const random = seededRandom(seed)
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1))
/** A standard normal draw (Box–Muller). */
const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())

const BATCH = 1_000
/** Applications on one page of the review (app/routes/property-applications.tsx). */
const PAGE_SIZE = 50
async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH))
}

const url = process.env.DATABASE_URL
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cooper-bench-apps-'))
const database = await openDatabase(url ? { kind: 'postgres', url, poolSize: 10 } : { kind: 'pglite', dataDir })
const { db } = database
const origin = `http://127.0.0.1:${port}`
const secret = crypto.randomBytes(32).toString('hex')
const run = Date.now().toString(36)

// The landlord, through the site's auth (as bench/realtime.ts): a confirmed account with an open session.
const auth = createAuth({
  config: { publicUrl: origin, PUBLIC_URL: origin, PORT: port, oidc: undefined, RATE_LIMIT: false, secret },
  database,
  mailer: { send: async () => {} } as never,
  logger: createLogger('warn'),
  queueJob: async () => {},
})
const { internalAdapter } = await auth.$context
const landlordUser = await internalAdapter.createUser(
  { email: `landlord.${run}@example.com`, name: 'Bench Landlord', emailVerified: true, termsVersion: siteConfig.termsVersion },
  { method: 'email-password' },
)
await db
  .insert(profile)
  .values({ email: landlordUser.email, userId: landlordUser.id, role: 'landlord' })
  .onConflictDoUpdate({ target: profile.email, set: { role: 'landlord' } })
const session = await internalAdapter.createSession(landlordUser.id)
if (!session) throw new Error('No session for the bench landlord')
const signature = crypto.createHmac('sha256', secret).update(session.token).digest('base64')
const cookie = `cooper.session_token=${encodeURIComponent(`${session.token}.${signature}`)}`
const ownerId = landlordUser.id

// The homes, through the domain functions.
const setupStarted = performance.now()
const factory = listingFactory(db)
const CITIES = [
  { city: 'Wilmington', state: 'DE', zip: '19806' },
  { city: 'Philadelphia', state: 'PA', zip: '19103' },
  { city: 'Baltimore', state: 'MD', zip: '21201' },
]
const homes: { id: number; title: string; rentCents: number }[] = []
for (let i = 0; i < listingCount; i += 1) {
  const place = pick(CITIES)
  const rentCents = between(90, 400) * 1_000
  const home = await factory.create({
    ownerId,
    title: `Bench home ${i + 1}, ${between(1, 4)} bedrooms in ${place.city}`,
    street: `${between(1, 4999)} Market Street`,
    unit: random() < 0.5 ? `${between(1, 12)}${pick(['A', 'B', 'C'])}` : '',
    ...place,
    lease: { monthlyRentCents: rentCents, minTermMonths: 12, depositCents: rentCents },
  })
  homes.push({ id: home.id, title: home.title, rentCents })
}
const listingsSeconds = (performance.now() - setupStarted) / 1000

// How many applications each home has: lognormal weights, so a few have hundreds and most a handful
// (no home more than there are renters: a renter has one live application per home).
const weights = homes.map(() => Math.exp(1.6 * normal()))
const totalWeight = weights.reduce((sum, w) => sum + w, 0)
const perHome = weights.map((w) => Math.min(renterCount, Math.floor((applicationCount * w) / totalWeight)))
for (let left = applicationCount - perHome.reduce((s, n) => s + n, 0); left > 0;) {
  const i = Math.floor(random() * homes.length)
  if (perHome[i]! < renterCount) {
    perHome[i]! += 1
    left -= 1
  }
}

// The renters, each with a complete reusable application and 0–3 documents.
const FIRST = [
  'Ada',
  'Ben',
  'Carla',
  'Dev',
  'Elif',
  'Femi',
  'Grace',
  'Hiro',
  'Ines',
  'Jamal',
  'Kim',
  'Luis',
  'Maya',
  'Noor',
  'Owen',
  'Priya',
]
const LAST = [
  'Adams',
  'Brooks',
  'Chen',
  'Diaz',
  'Evans',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ito',
  'Jones',
  'Khan',
  'Lopez',
  'Moreau',
  'Nguyen',
]
const EMPLOYERS = ['ChristianaCare', 'DuPont', 'Chase', 'University of Delaware', 'Amtrak', 'Wawa', 'Self-employed', 'State of Delaware']
const month = (yearsAgo: number) => {
  const date = new Date(Date.UTC(2026, 10 - Math.floor(yearsAgo * 12), 1))
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`
}
type Renter = { id: string; profile: RenterProfile }
const renters: Renter[] = []
const userRows: (typeof user.$inferInsert)[] = []
const profileRows: (typeof profile.$inferInsert)[] = []
for (let i = 0; i < renterCount; i += 1) {
  const id = `bench-renter-${run}-${i}`
  const name = `${pick(FIRST)} ${pick(LAST)}`
  const email = `${id}@example.com`
  userRows.push({ id, name, email, emailVerified: true })
  profileRows.push({ email, userId: id, role: 'renter' })
  const addressCount = between(1, 3)
  const addresses = Array.from({ length: addressCount }, (_, k) => {
    const yearsAgo = (k + 1) * (0.5 + random() * 2.5)
    const place = pick(CITIES)
    const hasLandlord = random() < 0.7
    return {
      street: `${between(1, 4999)} ${pick(['Oak', 'Elm', 'Pine', 'Maple', 'Union'])} Street`,
      city: place.city,
      state: place.state,
      postalCode: place.zip,
      from: month(yearsAgo),
      to: k === 0 ? '' : month(k * 1.5),
      monthlyRentCents: random() < 0.8 ? between(80, 350) * 1_000 : null,
      landlordName: hasLandlord ? `${pick(FIRST)} ${pick(LAST)}` : '',
      landlordPhone: hasLandlord ? `302-555-${String(between(0, 9999)).padStart(4, '0')}` : '',
      landlordEmail: hasLandlord && random() < 0.5 ? `landlord${i}.${k}@example.com` : '',
    }
  })
  const jobs = random() < 0.9 ? between(1, 2) : 0
  renters.push({
    id,
    profile: {
      legalName: random() < 0.9 ? name : `${name} ${pick(LAST)}`,
      email,
      phone: `302-555-${String(between(0, 9999)).padStart(4, '0')}`,
      addresses,
      employment: Array.from({ length: jobs }, () => ({
        employer: pick(EMPLOYERS),
        position: pick(['Nurse', 'Engineer', 'Teller', 'Teacher', 'Conductor', 'Clerk', '']),
        from: month(0.5 + random() * 8),
        monthlyIncomeCents: between(180, 1_400) * 1_000,
        contactName: random() < 0.6 ? `${pick(FIRST)} ${pick(LAST)}` : '',
        contactPhone: random() < 0.6 ? `302-555-${String(between(0, 9999)).padStart(4, '0')}` : '',
      })),
      otherIncome:
        jobs === 0 || random() < 0.15
          ? [{ source: pick(['Housing Choice Voucher', 'Pension', 'Child support']), monthlyCents: between(50, 1_500) * 1_000 }]
          : [],
      occupants: Array.from({ length: random() < 0.6 ? 0 : between(1, 4) }, (_, k) => ({
        name: `${pick(FIRST)} ${pick(LAST)}`,
        adult: k === 0 && random() < 0.6,
      })),
      pets:
        random() < 0.35
          ? Array.from({ length: between(1, 2) }, () => ({ kind: pick(PET_KINDS), size: pick(PET_SIZES), description: '' }))
          : [],
      vehicles: random() < 0.5 ? [{ description: pick(['Blue Honda Civic', 'Grey Subaru Outback', 'Bicycle']), plate: '' }] : [],
      emergencyContact: {
        name: `${pick(FIRST)} ${pick(LAST)}`,
        phone: '302-555-0100',
        relationship: pick(['Parent', 'Sibling', 'Friend', '']),
      },
      documentIds: [],
    },
  })
}
await insertInBatches(userRows, (batch) => db.insert(user).values(batch))
await insertInBatches(profileRows, (batch) => db.insert(profile).values(batch))
const documentRows = renters.flatMap((renter) =>
  // Some renters attach none.
  Array.from({ length: random() < 0.3 ? 0 : between(1, 3) }, (_, k) => ({
    ownerId: renter.id,
    kind: DOCUMENT_KINDS[k % DOCUMENT_KINDS.length]!,
    fileName: `document-${k + 1}.pdf`,
    contentType: 'application/pdf',
    byteSize: between(40_000, 2_000_000),
    sha256: crypto.randomBytes(32).toString('hex'),
  })),
)
for (let i = 0; i < documentRows.length; i += BATCH) {
  const inserted = await db
    .insert(privateDocument)
    .values(documentRows.slice(i, i + BATCH))
    .returning({ id: privateDocument.id, ownerId: privateDocument.ownerId })
  const byOwner = new Map(renters.map((renter) => [renter.id, renter]))
  for (const row of inserted) byOwner.get(row.ownerId)!.profile.documentIds.push(row.id)
}
await insertInBatches(renters, (batch) =>
  db.insert(renterApplication).values(batch.map((renter) => ({ userId: renter.id, profile: renter.profile }))),
)

// Criteria: most homes publish 1–3 versions; an application follows the version of its day.
const criteriaRows: (typeof applicationCriteria.$inferInsert)[] = []
homes.forEach((home) => {
  if (random() < 0.15) return
  const versions = between(1, 3)
  for (let version = 1; version <= versions; version += 1) {
    criteriaRows.push({
      listingId: home.id,
      version,
      incomeMultipleTenths: random() < 0.85 ? pick([25, 30, 30, 35]) : null,
      petPolicy: pick(PET_POLICIES),
      maxOccupants: random() < 0.7 ? between(2, 6) : null,
      moveInFrom: random() < 0.5 ? '2026-12-01' : null,
      moveInTo: random() < 0.3 ? '2027-03-01' : null,
      otherRequirements: random() < 0.3 ? 'No smoking inside; renter’s insurance from the move-in date.' : '',
      createdAt: new Date(Date.UTC(2026, 8, version * 20)),
    })
  }
})
const criteriaIdsByHome = new Map<number, number[]>()
for (let i = 0; i < criteriaRows.length; i += BATCH) {
  const inserted = await db
    .insert(applicationCriteria)
    .values(criteriaRows.slice(i, i + BATCH))
    .returning({ id: applicationCriteria.id, listingId: applicationCriteria.listingId })
  for (const row of inserted) criteriaIdsByHome.set(row.listingId, [...(criteriaIdsByHome.get(row.listingId) ?? []), row.id])
}

// The applications: every state, open ones recent, their renters drawn without repeats per home.
const STATES: [ApplicationState, number][] = [
  ['submitted', 0.3],
  ['under_review', 0.15],
  ['info_requested', 0.05],
  ['approved', 0.05],
  ['conditionally_approved', 0.02],
  ['declined', 0.2],
  ['withdrawn', 0.13],
  ['expired', 0.1],
]
const drawState = () => {
  let u = random()
  for (const [state, p] of STATES) if ((u -= p) < 0) return state
  return 'submitted'
}
const LAST_STEP: Partial<Record<ApplicationState, ApplicationAction>> = {
  under_review: 'review_started',
  info_requested: 'info_requested',
  approved: 'approved',
  conditionally_approved: 'conditionally_approved',
  declined: 'declined',
  withdrawn: 'withdrawn',
  expired: 'expired',
}
const now = Date.now()
const DAY = 86_400_000
type Planned = { row: typeof application.$inferInsert; documentIds: number[] }
const planned: Planned[] = []
homes.forEach((home, h) => {
  const order = renters.map((_, i) => i)
  const versions = criteriaIdsByHome.get(home.id) ?? []
  for (let k = 0; k < perHome[h]!; k += 1) {
    const j = k + Math.floor(random() * (order.length - k))
    ;[order[k], order[j]] = [order[j]!, order[k]!]
    const renter = renters[order[k]!]!
    const state = drawState()
    const isOpen = state === 'submitted' || state === 'under_review' || state === 'info_requested'
    const submittedAt = new Date(now - (isOpen ? random() * 25 : 5 + random() * 120) * DAY)
    const isFinal = !isOpen
    planned.push({
      row: {
        listingId: home.id,
        renterId: renter.id,
        landlordId: ownerId,
        criteriaId: versions.length === 0 ? null : versions[Math.min(versions.length - 1, Math.floor(random() * (versions.length + 1)))]!,
        state,
        snapshot: renter.profile,
        moveInDate: `2027-0${between(1, 4)}-01`,
        leaseMonths: pick([6, 12, 12, 12, 18, 24]),
        note: random() < 0.4 ? 'We would love to make this our home; happy to answer any question.' : '',
        rentCents: home.rentCents,
        infoRequest: state === 'info_requested' ? 'Could you send a recent pay slip?' : '',
        declineReasons: state === 'declined' ? [pick(['income', 'references', 'another_applicant'])] : [],
        decisionText: state === 'declined' || state === 'approved' ? 'Thank you for applying.' : '',
        depositCents: state === 'approved' || state === 'conditionally_approved' ? home.rentCents : null,
        submittedAt,
        decidedAt: isFinal ? new Date(submittedAt.getTime() + 3 * DAY) : null,
        expiresAt: new Date(submittedAt.getTime() + APPLICATION_EXPIRY_DAYS * DAY),
        createdAt: submittedAt,
        updatedAt: isFinal || state !== 'submitted' ? new Date(submittedAt.getTime() + 2 * DAY) : submittedAt,
      },
      documentIds: renter.profile.documentIds,
    })
  }
})
const eventRows: (typeof applicationEvent.$inferInsert)[] = []
const linkRows: (typeof applicationDocument.$inferInsert)[] = []
for (let i = 0; i < planned.length; i += BATCH) {
  const batch = planned.slice(i, i + BATCH)
  const inserted = await db
    .insert(application)
    .values(batch.map((p) => p.row))
    .returning({ id: application.id })
  inserted.forEach(({ id }, k) => {
    const { row, documentIds } = batch[k]!
    const actorFor = (action: ApplicationAction) => (action === 'expired' ? null : action === 'withdrawn' ? row.renterId : ownerId)
    eventRows.push({ applicationId: id, actorId: row.renterId, action: 'submitted', toState: 'submitted', createdAt: row.submittedAt! })
    const step = LAST_STEP[row.state as ApplicationState]
    if (step) {
      const fromState = step === 'review_started' || step === 'withdrawn' || step === 'expired' ? 'submitted' : 'under_review'
      if (fromState === 'under_review')
        eventRows.push({
          applicationId: id,
          actorId: ownerId,
          action: 'review_started',
          fromState: 'submitted',
          toState: 'under_review',
          createdAt: new Date(row.submittedAt!.getTime() + DAY),
        })
      eventRows.push({
        applicationId: id,
        actorId: actorFor(step),
        action: step,
        fromState,
        toState: row.state,
        createdAt: row.updatedAt as Date,
      })
    }
    for (const documentId of documentIds) linkRows.push({ applicationId: id, documentId })
  })
}
await insertInBatches(eventRows, (batch) => db.insert(applicationEvent).values(batch))
await insertInBatches(linkRows, (batch) => db.insert(applicationDocument).values(batch))
await db.execute(sql`analyze`)
const setupSeconds = (performance.now() - setupStarted) / 1000

// The homes read: in proportion to their applications, and the busiest one always.
const cumulative: number[] = []
perHome.reduce((sum, n, i) => (cumulative[i] = sum + n), 0)
const busiest = perHome.indexOf(Math.max(...perHome))
const drawHome = () => {
  const u = random() * cumulative.at(-1)!
  return cumulative.findIndex((c) => c > u)
}
const draws = Array.from({ length: reads }, (_, i) => (i === 0 ? busiest : drawHome()))
const quantiles = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b)
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10
  return { p50Ms: at(0.5), p95Ms: at(0.95), p99Ms: at(0.99) }
}

// (a) The domain read: every application of the home at once, and the page of PAGE_SIZE the review
// page and the JSON API read (the page drawn among the home's pages).
const pageOf = (h: number) => 1 + Math.floor(random() * Math.max(1, Math.ceil(perHome[h]! / PAGE_SIZE)))
const pages = draws.map(pageOf)
await listListingApplications(db, { listingId: homes[busiest]!.id, ownerId })
const domainTimes: { home: number; ms: number }[] = []
for (const h of draws) {
  const started = performance.now()
  const found = await listListingApplications(db, { listingId: homes[h]!.id, ownerId })
  domainTimes.push({ home: h, ms: performance.now() - started })
  if (found.applications.length !== perHome[h])
    throw new Error(`home ${h}: ${found.applications.length} of ${perHome[h]} applications read`)
}
const domainPageTimes: { home: number; ms: number }[] = []
for (const [i, h] of draws.entries()) {
  const started = performance.now()
  const found = await listListingApplications(db, { listingId: homes[h]!.id, ownerId, page: { number: pages[i]!, size: PAGE_SIZE } })
  domainPageTimes.push({ home: h, ms: performance.now() - started })
  const expected = Math.min(PAGE_SIZE, perHome[h]! - (pages[i]! - 1) * PAGE_SIZE)
  if (found.applications.length !== expected) throw new Error(`home ${h}: ${found.applications.length} of ${expected} applications read`)
}
await database.close()

// (b) The page, from the production server on the same database.
const server = await startProductionServer(port, {
  ...(url ? { DATABASE_URL: url } : { DATA_DIR: dataDir }),
  AUTH_SECRET: secret,
  PUBLIC_URL: origin,
  SEED_DEMO_DATA: 'false',
  JOBS_WORKERS: 'false',
})
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
function getPage(pathname: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}${pathname}`, { agent, headers: { cookie, 'accept-encoding': 'br, gzip', accept: 'text/html' } }, (res) => {
        let bytes = 0
        res.on('data', (chunk: Buffer) => (bytes += chunk.length))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }))
        res.on('error', reject)
      })
      .on('error', reject)
  })
}
const pagePath = (h: number, page: number) => `/properties/${listingSlug(homes[h]!)}/applications?page=${page}`
const pageTimes: { home: number; page: number; ms: number }[] = []
let errors = 0
let pageBytes = 0
let cpuBefore = 0
let cpuMs = 0
try {
  for (let i = 0; i < 5; i += 1) {
    const warm = await getPage(pagePath(draws[i]!, pages[i]!))
    if (warm.status !== 200) throw new Error(`The review page answered ${warm.status}`)
  }
  cpuBefore = server.cpuSeconds()
  for (const [i, h] of draws.entries()) {
    const started = performance.now()
    try {
      const reply = await getPage(pagePath(h, pages[i]!))
      if (reply.status !== 200) errors += 1
      pageBytes = Math.max(pageBytes, reply.bytes)
    } catch {
      errors += 1
    }
    pageTimes.push({ home: h, page: pages[i]!, ms: performance.now() - started })
  }
  cpuMs = (server.cpuSeconds() - cpuBefore) * 1000
} finally {
  agent.destroy()
  await server.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}

console.log(
  JSON.stringify({
    benchmark: 'applications',
    database: database.kind,
    listings: listingCount,
    applications: applicationCount,
    renters: renterCount,
    reads,
    seed,
    mostOnOneListing: perHome[busiest],
    listingsWithUnder10: perHome.filter((n) => n < 10).length,
    setupSeconds: Math.round(setupSeconds),
    listingsSeconds: Math.round(listingsSeconds),
    pageSize: PAGE_SIZE,
    domainRead: quantiles(domainTimes.map((t) => t.ms)),
    domainReadPage: quantiles(domainPageTimes.map((t) => t.ms)),
    reviewPage: {
      ...quantiles(pageTimes.map((t) => t.ms)),
      errors,
      // The server's CPU (user + system) per page: steadier than the times on a busy machine.
      serverCpuMsPerPage: Math.round((cpuMs / reads) * 10) / 10,
      largestPageKbBrotli: Math.round(pageBytes / 102.4) / 10,
    },
    slowest: pageTimes
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10)
      .map((t) => ({ listingApplications: perHome[t.home], page: t.page, ms: Math.round(t.ms * 10) / 10 })),
    slowestDomainRead: domainTimes
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map((t) => ({ listingApplications: perHome[t.home], ms: Math.round(t.ms * 10) / 10 })),
  }),
)
