// The signed record, by property: random sequences of what the parties (and a stranger, and a direct
// SQL statement) do to a few leases never leave a signed lease changed or a signature over a document
// other than the one stored. After every step the database is read back and checked: each signature
// names the hash of its version's stored PDF; a fully signed lease has one signature per signer and a
// seal that begins with the signed PDF and hashes to its own SHA-256; once fully signed, its row,
// versions, signatures, seal and events are what they were at that moment (the events may only be
// followed by the note that the other applicants were told); every event log only grows, each event
// starting from the state the one before left; the states move only along the allowed transitions;
// and the stranger is refused every time, seeing nothing.
import crypto from 'node:crypto'
import fc from 'fast-check'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LeaseState } from '#common/leases/vocabulary.ts'
import { isAppError } from '#server/errors.server.ts'
import {
  amendLease,
  consentToSign,
  createLease,
  declineLease,
  expireLeases,
  findLease,
  saveAmendmentText,
  saveLeaseTerms,
  sendLease,
  sha256Hex,
  signLease,
  voidLease,
} from '#server/leases/index.server.ts'
import { actorOf, approvedApplication, publishLeaseTemplate } from '#tests/support/lease-process.ts'
import { listingFactory, type Person } from '#tests/support/listings.ts'
import { testDatabaseKind } from '#tests/support/test-database.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

let t: TestServices
let listings: ReturnType<typeof listingFactory>
const db = () => t.services.database.db

beforeAll(async () => {
  t = await createTestServices()
  listings = listingFactory(db())
  await publishLeaseTemplate(db())
})
afterAll(async () => {
  await t.close()
})

/** The moves a lease's state may make in one step (a state may also stay where it is). */
const ALLOWED: Record<LeaseState, LeaseState[]> = {
  draft: ['sent', 'voided'],
  sent: ['partially_signed', 'draft', 'declined', 'voided', 'expired'],
  partially_signed: ['fully_signed', 'draft', 'declined', 'voided', 'expired'],
  fully_signed: [],
  declined: [],
  voided: [],
  expired: [],
}

type Actor = Awaited<ReturnType<typeof actorOf>>
type Party = 'landlord' | 'tenant0' | 'tenant1' | 'tenant2' | 'stranger'
type World = { leases: number[]; landlord: Actor; tenants: Actor[]; stranger: Actor; owners: Map<number, Actor[]> }
type Snapshot = { state: LeaseState; row: string; versions: string[]; signatures: string[]; seal: string[]; events: string[] }

const FINAL: LeaseState[] = ['fully_signed', 'declined', 'voided', 'expired']
const PARTIES: Party[] = ['landlord', 'tenant0', 'tenant1', 'tenant2', 'stranger']
const TABLES = ['lease_version', 'lease_signature', 'lease_event', 'lease_seal', 'lease_signer', 'lease_consent'] as const

const action = fc.oneof(
  fc.record({ kind: fc.constant('terms' as const), valid: fc.boolean(), change: fc.nat(5), amount: fc.integer({ min: 1, max: 500 }) }),
  fc.record({ kind: fc.constant('send' as const) }),
  fc.record({ kind: fc.constant('consent' as const), given: fc.boolean() }),
  fc.record({ kind: fc.constant('sign' as const), hash: fc.constantFrom('current', 'current', 'stale', 'random') }),
  fc.record({ kind: fc.constant('decline' as const) }),
  fc.record({ kind: fc.constant('void' as const) }),
  fc.record({ kind: fc.constant('amend' as const) }),
  fc.record({ kind: fc.constant('amendText' as const) }),
  fc.record({ kind: fc.constant('expire' as const) }),
  fc.record({ kind: fc.constant('sql' as const), table: fc.constantFrom(...TABLES, 'lease'), op: fc.constantFrom('update', 'delete') }),
  // The step a careful party takes next, drawn most often, so that runs reach seals, not only refusals.
  { arbitrary: fc.record({ kind: fc.constant('advance' as const) }), weight: 10 },
)
const step = fc.record({ action, lease: fc.nat(9), who: fc.constantFrom(...PARTIES), salt: fc.nat() })
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never

async function rows(query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const result = await db().execute(query)
  return (result as unknown as { rows: Record<string, unknown>[] }).rows
}
/** A table's rows of a lease as PostgreSQL prints them: bytes, JSON and times exactly as stored. */
async function texts(table: string, leaseId: number, key = 'lease_id'): Promise<string[]> {
  const found = await rows(sql`select t::text as row from ${sql.identifier(table)} t where ${sql.identifier(key)} = ${leaseId} order by 1`)
  return found.map((row) => String(row.row))
}
async function snapshot(leaseId: number): Promise<Snapshot> {
  return {
    state: await stateOf(leaseId),
    row: (await texts('lease', leaseId, 'id'))[0]!,
    versions: await texts('lease_version', leaseId),
    signatures: await texts('lease_signature', leaseId),
    seal: await texts('lease_seal', leaseId),
    events: await eventTexts(leaseId),
  }
}
async function eventTexts(leaseId: number): Promise<string[]> {
  const found = await rows(sql`select t::text as row from lease_event t where lease_id = ${leaseId} order by id`)
  return found.map((row) => String(row.row))
}
async function stateOf(leaseId: number): Promise<LeaseState> {
  const [row] = await rows(sql`select state from lease where id = ${leaseId}`)
  return row!.state as LeaseState
}

/** A lease from an approved application, with 1–3 tenants; some sent at once. */
async function newWorld(leaseCount: number, tenantCounts: number[], sendAtOnce: boolean[]): Promise<World> {
  const stranger = await actorOf(db(), await listings.renter())
  const owners = new Map<number, Actor[]>()
  const leases: number[] = []
  let landlord!: Actor
  let tenants: Actor[] = []
  for (let i = 0; i < leaseCount; i += 1) {
    const parties = await approvedApplication(t, listings)
    const owner = await actorOf(db(), parties.owner)
    const extra: Person[] = []
    for (let n = 1; n < tenantCounts[i]!; n += 1) extra.push(await listings.renter())
    const people = [await actorOf(db(), parties.renter), ...(await Promise.all(extra.map((person) => actorOf(db(), person))))]
    const row = await createLease(t.services, { actor: owner, input: { applicationId: parties.applicationId } })
    const draft = await findLease(db(), { leaseId: row.id, viewer: owner })
    await saveLeaseTerms(t.services, {
      leaseId: row.id,
      actor: owner,
      input: {
        ...draft.draftTerms!,
        tenants: [...draft.draftTerms!.tenants, ...extra.map((person, n) => ({ name: `Tenant ${n + 2}`, email: person.email }))],
        occupants: people.length,
      },
    })
    if (sendAtOnce[i]) await sendLease(t.services, { leaseId: row.id, actor: owner })
    leases.push(row.id)
    owners.set(row.id, [owner, ...people])
    if (i === 0) [landlord, tenants] = [owner, people]
  }
  return { leases, landlord, tenants, stranger, owners }
}

/** Who `who` is on this lease: its own landlord and tenants (a tenant it lacks is the first one). */
function actorFor(world: World, leaseId: number, who: Party): Actor {
  if (who === 'stranger') return world.stranger
  const [owner, ...people] = world.owners.get(leaseId)!
  if (who === 'landlord') return owner!
  return people[Number(who.slice(-1)) % people.length]!
}

const randomHash = (salt: number) => crypto.createHash('sha256').update(`not the lease ${salt}`).digest('hex')

async function currentHash(leaseId: number): Promise<string | null> {
  const [row] = await rows(
    sql`select v.sha256 from lease l join lease_version v on v.lease_id = l.id and v.version = l.version where l.id = ${leaseId}`,
  )
  return (row?.sha256 as string | undefined) ?? null
}
async function staleHash(leaseId: number): Promise<string | null> {
  const [row] = await rows(
    sql`select v.sha256 from lease l join lease_version v on v.lease_id = l.id and v.version < l.version where l.id = ${leaseId} order by v.version limit 1`,
  )
  return (row?.sha256 as string | undefined) ?? null
}

/** The terms changed as `change` says: kept within the rules when `valid`, broken in some way when not. */
function changedTerms(terms: Record<string, unknown>, { valid, change, amount }: { valid: boolean; change: number; amount: number }) {
  if (valid) {
    const changes = [
      { rentCents: (terms.rentCents as number) + amount * 100 },
      { clauses: [...(terms.clauses as string[]), `No smoking indoors (${amount}).`] },
      { dueDay: 1 + (amount % 28) },
      { graceDays: amount % 6 },
      { parking: `Space ${amount}` },
      { pets: amount % 2 === 0 ? 'One cat.' : '' },
    ]
    return { ...terms, ...changes[change % changes.length] }
  }
  const broken = [{ rentCents: 0 }, { dueDay: 31 }, { tenants: [] }, { endDate: '2000-01-01' }, { occupants: 0 }, { depositCents: -amount }]
  return { ...terms, ...broken[change % broken.length] }
}

/** The next step a careful party takes on this lease: send, consent, sign in order (the landlord last). */
async function advance(world: World, leaseId: number) {
  const landlord = actorFor(world, leaseId, 'landlord')
  const [row] = await rows(sql`select state, version, kind, amendment_text from lease where id = ${leaseId}`)
  if (row!.state === 'draft') {
    if (row!.kind === 'amendment' && !row!.amendment_text) {
      return saveAmendmentText(t.services, { leaseId, actor: landlord, text: 'The rent is due on the fifth of each month.' })
    }
    return sendLease(t.services, { leaseId, actor: landlord })
  }
  const signers = await rows(sql`
    select s.email, (select c.given from lease_consent c where c.lease_id = s.lease_id and c.email = s.email order by c.id desc limit 1) as consented,
      exists (select 1 from lease_signature g where g.signer_id = s.id) as signed
    from lease_signer s where s.lease_id = ${leaseId} and s.version = ${row!.version} order by s.role = 'landlord', s.position`)
  const next = signers.find((signer) => !signer.signed)
  if (!next) return null
  const actor = [...world.owners.get(leaseId)!].find((candidate) => candidate.email === next.email)!
  if (!next.consented) return consentToSign(t.services, { leaseId, actor, given: true, input: { agree: true } })
  return signLease(t.services, {
    leaseId,
    actor,
    input: { typedName: actor.name, confirm: true, documentSha256: (await currentHash(leaseId))!, drawing: 'M 1 2 L 30 40' },
  })
}

async function run(world: World, { action, lease: pick, who, salt }: Step): Promise<void> {
  const leaseId = world.leases[pick % world.leases.length]!
  const actor = actorFor(world, leaseId, who)
  switch (action.kind) {
    case 'terms': {
      const [row] = await rows(sql`select terms from lease where id = ${leaseId}`)
      await saveLeaseTerms(t.services, { leaseId, actor, input: changedTerms(row!.terms as Record<string, unknown>, action) })
      return
    }
    case 'send':
      await sendLease(t.services, { leaseId, actor })
      return
    case 'consent':
      await consentToSign(t.services, { leaseId, actor, given: action.given, input: { agree: true } })
      return
    case 'sign': {
      const hash =
        action.hash === 'current' ? await currentHash(leaseId) : action.hash === 'stale' ? await staleHash(leaseId) : randomHash(salt)
      await signLease(t.services, {
        leaseId,
        actor,
        input: { typedName: actor.name, confirm: true, documentSha256: hash ?? randomHash(salt) },
      })
      return
    }
    case 'decline':
      await declineLease(t.services, { leaseId, actor, input: { reason: 'The rent is more than we agreed.' } })
      return
    case 'void':
      await voidLease(t.services, { leaseId, actor, input: { reason: 'The tenants found another home.' } })
      return
    case 'amend': {
      const amendment = await amendLease(t.services, { leaseId, actor })
      if (!world.leases.includes(amendment.id)) {
        world.leases.push(amendment.id)
        world.owners.set(amendment.id, world.owners.get(leaseId)!)
      }
      return
    }
    case 'amendText':
      await saveAmendmentText(t.services, { leaseId, actor, text: `The parking space becomes number ${salt % 100}.` })
      return
    case 'expire': {
      const [row] = await rows(sql`select expires_at from lease where id = ${leaseId}`)
      const expiresAt = row!.expires_at ? new Date(row!.expires_at as string) : new Date(Date.now() + 15 * 86_400_000)
      await expireLeases(t.services, new Date(expiresAt.getTime() + 1000))
      return
    }
    case 'sql':
      await directWrite(leaseId, action.table, action.op)
      return
    case 'advance':
      await advance(world, leaseId)
      return
  }
}

/**
 * A statement straight to the database, as a bug or an intruder with the connection would send it: the
 * signed record must refuse it whenever it would touch a row. A lease still in play is the landlord's to
 * change, so its own row is only written once it is final (and deleting it is always refused).
 */
async function directWrite(leaseId: number, table: (typeof TABLES)[number] | 'lease', op: 'update' | 'delete') {
  const where = table === 'lease' ? sql`id = ${leaseId}` : sql`lease_id = ${leaseId}`
  const name = sql.identifier(table)
  const [count] = await rows(sql`select count(*)::int as n from ${name} where ${where}`)
  if (count!.n === 0) return
  if (table === 'lease' && op === 'update' && !FINAL.includes(await stateOf(leaseId))) return
  const set = {
    lease: sql`state = 'draft'`,
    lease_version: sql`sha256 = ${randomHash(leaseId)}`,
    lease_signature: sql`document_sha256 = ${randomHash(leaseId)}`,
    lease_event: sql`reason = 'rewritten'`,
    lease_seal: sql`sha256 = ${randomHash(leaseId)}`,
    lease_signer: sql`name = 'Someone Else'`,
    lease_consent: sql`given = true`,
  }[table]
  const accepted = await db()
    .execute(op === 'delete' ? sql`delete from ${name} where ${where}` : sql`update ${name} set ${set} where ${where}`)
    .then(
      () => true,
      () => false,
    )
  if (accepted) throw new Error(`the database let "${op} ${table}" change lease ${leaseId}'s record`)
}

/** The checks of the record after a step, against what it was before. */
async function checkRecord(leaseId: number, before: Snapshot, signedAt: Map<number, Snapshot>) {
  const now = await snapshot(leaseId)
  const state = await stateOf(leaseId)
  if (before.state !== state) expect(ALLOWED[before.state], `lease ${leaseId}: ${before.state} → ${state}`).toContain(state)
  // The event log only grows, and each event starts where the one before left the lease.
  expect(now.events.slice(0, before.events.length)).toEqual(before.events)
  const events = await rows(sql`select action, from_state, to_state from lease_event where lease_id = ${leaseId} order by id`)
  for (let i = 1; i < events.length; i += 1) {
    expect(events[i]!.from_state, `lease ${leaseId} event ${i} (${String(events[i]!.action)})`).toBe(events[i - 1]!.to_state)
  }
  expect(events.at(-1)!.to_state).toBe(state)
  // Every signature names the hash of the PDF stored for its version.
  const versions = await rows(sql`select version, sha256, pdf from lease_version where lease_id = ${leaseId}`)
  for (const version of versions) expect(sha256Hex(version.pdf as Uint8Array)).toBe(version.sha256)
  const signatures = await rows(sql`
    select g.version, g.document_sha256, v.sha256, s.version as signer_version
    from lease_signature g join lease_signer s on s.id = g.signer_id
    left join lease_version v on v.lease_id = g.lease_id and v.version = g.version where g.lease_id = ${leaseId}`)
  for (const signature of signatures) {
    expect(signature.document_sha256).toBe(signature.sha256)
    expect(signature.signer_version).toBe(signature.version)
  }
  const seals = await rows(sql`select version, pdf, sha256, document_sha256 from lease_seal where lease_id = ${leaseId}`)
  if (state !== 'fully_signed') {
    expect(seals).toEqual([])
    return
  }
  // Fully signed: one signature per signer of its version, and the seal over that version's PDF.
  const [row] = await rows(sql`select version from lease where id = ${leaseId}`)
  const signed = await rows(sql`
    select s.id, (select count(*)::int from lease_signature g where g.signer_id = s.id) as n
    from lease_signer s where s.lease_id = ${leaseId} and s.version = ${row!.version}`)
  expect(signed.length).toBeGreaterThanOrEqual(2)
  expect(signed.map((signer) => signer.n)).toEqual(signed.map(() => 1))
  expect(signatures.filter((signature) => signature.version === row!.version)).toHaveLength(signed.length)
  expect(seals).toHaveLength(1)
  const seal = seals[0]!
  const version = versions.find((candidate) => candidate.version === row!.version)!
  const [sealPdf, versionPdf] = [Buffer.from(seal.pdf as Uint8Array), Buffer.from(version.pdf as Uint8Array)]
  expect(seal.version).toBe(row!.version)
  expect(sealPdf.subarray(0, versionPdf.length).equals(versionPdf)).toBe(true)
  expect(sealPdf.length).toBeGreaterThan(versionPdf.length)
  expect(sha256Hex(sealPdf)).toBe(seal.sha256)
  expect(seal.document_sha256).toBe(version.sha256)
  // Once fully signed, nothing of it changes again; its log may only be followed by the applicants' note.
  const first = signedAt.get(leaseId)
  if (!first) {
    signedAt.set(leaseId, now)
    return
  }
  expect({ ...now, events: now.events.slice(0, first.events.length) }).toEqual(first)
  const later = events.slice(first.events.length).map((event) => event.action)
  expect(later.every((name) => name === 'applicants_told')).toBe(true)
}

// The steps are the same code and the same triggers on both databases: PostgreSQL takes the full 15 random
// runs, the embedded database 8 (random ones of its own, so a suite still tries 23 sequences).
const RUNS = testDatabaseKind() === 'postgres' ? 15 : 8

describe('the signed record under random steps', () => {
  it('never leaves a signed lease changed nor a signature over a document other than the one stored', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 }),
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 2, maxLength: 2 }),
        fc.array(fc.boolean(), { minLength: 2, maxLength: 2 }),
        fc.array(step, { minLength: 1, maxLength: 12 }),
        async (leaseCount, tenantCounts, sendAtOnce, steps) => {
          const world = await newWorld(leaseCount, tenantCounts, sendAtOnce)
          const signedAt = new Map<number, Snapshot>()
          for (const leaseId of world.leases) await checkRecord(leaseId, await snapshot(leaseId), signedAt)
          for (const next of steps) {
            const tracked = [...world.leases]
            const before = new Map(await Promise.all(tracked.map(async (id) => [id, await snapshot(id)] as const)))
            const outcome = await run(world, next).then(
              () => 'ok' as const,
              (error: unknown) => error,
            )
            // Every refusal is the domain's, never an error from below (nor a direct write let through).
            if (outcome !== 'ok') expect(isAppError(outcome), String(outcome)).toBe(true)
            if (next.who === 'stranger' && !['expire', 'sql', 'advance'].includes(next.action.kind)) {
              expect(outcome !== 'ok' && isAppError(outcome) ? outcome.code : outcome).toBe('not-found')
            }
            for (const id of tracked) await checkRecord(id, before.get(id)!, signedAt)
            for (const id of world.leases.filter((id) => !tracked.includes(id))) await checkRecord(id, await snapshot(id), signedAt)
          }
          for (const leaseId of world.leases) {
            await expect(findLease(db(), { leaseId, viewer: world.stranger })).rejects.toMatchObject({ code: 'not-found' })
          }
        },
      ),
      { numRuns: RUNS },
    )
    // 15 runs take 10–25 s on two cores; beside the other files on a busy machine they have needed more.
  }, 120_000)
})

describe('a party between versions', () => {
  it('is refused in words, not told the lease they read does not exist; a stranger still finds nothing', async () => {
    const world = await newWorld(1, [2], [true])
    const [leaseId] = world.leases as [number]
    const [owner, first, second] = world.owners.get(leaseId)! as [Actor, Actor, Actor]
    const terms = (await findLease(db(), { leaseId, viewer: owner })).draftTerms!
    // A new version without the second tenant, still a draft: both tenants read it (they signed nothing).
    await saveLeaseTerms(t.services, { leaseId, actor: owner, input: { ...terms, tenants: [terms.tenants[0]!], occupants: 1 } })
    const codeOf = (promise: Promise<unknown>) =>
      promise.then(
        () => 'ok',
        (error: { code?: string; message: string }) => `${error.code}: ${error.message}`,
      )
    const attempts = (actor: Actor) => [
      () => consentToSign(t.services, { leaseId, actor, given: true, input: { agree: true } }),
      () => declineLease(t.services, { leaseId, actor, input: { reason: 'Not this one.' } }),
    ]
    for (const actor of [first, second]) {
      await expect(findLease(db(), { leaseId, viewer: actor })).resolves.toMatchObject({ state: 'draft' })
      for (const attempt of attempts(actor)) expect(await codeOf(attempt())).toBe('conflict: This lease is not out for signature.')
    }
    for (const attempt of attempts(world.stranger)) expect(await codeOf(attempt())).toBe('not-found: No such lease.')
    // Sent again: the tenant left out of the new version is told so; the stranger still finds nothing.
    await sendLease(t.services, { leaseId, actor: owner })
    for (const attempt of attempts(second)) expect(await codeOf(attempt())).toBe('conflict: You do not sign the version out for signature.')
    for (const attempt of attempts(world.stranger)) expect(await codeOf(attempt())).toBe('not-found: No such lease.')
    expect(await stateOf(leaseId)).toBe('sent')
  })
})
