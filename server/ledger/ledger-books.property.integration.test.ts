// The books, by property: random sequences of charges (rent, fees, deposit), late fees (each posted twice:
// the second must do nothing), payments recorded by the landlord, reported by a tenant and confirmed or
// rejected, partial and over-payments, reversals of payments and of charges (and a second reversal of the
// same, refused; a waived charge's, refused), charges the landlord adds, waivers of part or all of a charge
// (more than is owed, the deposit, or a charge with nothing owed, refused), and the deposit's return (a
// deduction kept, a refund paid), on two leases. After every operation the database is read back: every
// transaction added has two or more entries summing to zero, and each lease's balance from the entries equals
// the balance this test computes on its own from the operations it made, as does the deposit held. Every
// tenth operation and at the end of each sequence, every entry that existed before is what it was (a hash of
// all earlier entries compared), the balances are summed over every entry again, and the ledger page's
// balance and allocation are checked too, each charge's owed amount against this test's own allocation
// (waivers to their charge, then the credits oldest first). The figures are printed.
import fc from 'fast-check'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addCharge, addPayment, answerPayment, findLedger, rentRoll, waiveCharge } from '#server/ledger/index.server.ts'
import { publishLeaseTemplate } from '#tests/support/lease-process.ts'
import { signedLeaseWith, type SignedLease } from '#tests/support/ledger.ts'
import { listingFactory, type Person } from '#tests/support/listings.ts'
import { testDatabaseKind } from '#tests/support/test-database.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'
import { chargeEntries, post, reverse } from './posting.server.ts'

let t: TestServices
let leases: SignedLease[]
const db = () => t.services.database.db
const as = (person: Person) => ({ userId: person.id, email: person.email, name: 'Party' })

beforeAll(async () => {
  t = await createTestServices()
  const listings = listingFactory(db())
  await publishLeaseTemplate(db())
  leases = [await signedLeaseWith(t, listings, { startDate: '2026-01-05', endDate: null, termKind: 'month_to_month' })]
  leases.push(await signedLeaseWith(t, listings, { startDate: '2026-02-01' }))
})
afterAll(async () => {
  await t.close()
})

const amount = fc.integer({ min: 1, max: 400_000 })
/** A day paid, from 2025 to this lease year's November (days from 2026-01-01): never in the future. */
const paidDay = fc.integer({ min: -365, max: 320 })
const op = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('charge' as const),
      of: fc.constantFrom('rent' as const, 'fee' as const, 'deposit' as const),
      amount,
      // Due from late 2024 to the end of 2027, posted that day, a few days ahead, or months after (as a
      // charge added later is): the rent roll's running sums per month must cope with each.
      day: fc.integer({ min: -400, max: 1_090 }),
      posted: fc.constantFrom(0, 0, 0, -5, 45, 400),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant('lateFee' as const), amount: fc.integer({ min: 1, max: 20_000 }) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('record' as const), amount, day: paidDay }), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constant('report' as const),
      amount,
      day: paidDay,
      answer: fc.constantFrom('confirmed' as const, 'rejected' as const, 'pending' as const),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('reversePayment' as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('reverseCharge' as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('depositReturn' as const), deduct: fc.nat(100_000), refund: fc.nat(100_000) }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('waive' as const),
      pick: fc.nat(),
      /** Mostly a charge with something owed on it (by this test's count); else any, to be refused when nothing is. */
      open: fc.boolean(),
      part: fc.oneof(fc.constant('all' as const), fc.integer({ min: 1, max: 150_000 })),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('addCharge' as const), amount, day: fc.nat(270) }), weight: 1 },
)
const step = fc.record({ op, lease: fc.nat(1) })

/** What this test expects, kept apart from the code under test: per lease, the tenant's balance and the deposit held. */
type Model = {
  receivable: number
  depositHeld: number
  /** Payments net of their reversals, and deposit applied: what is applied to the charges oldest first. */
  credit: number
  charges: { id: number; effect: number; deposit: boolean; dueOn: string; waived: number }[]
  payments: { id: number; amount: number }[]
  reversed: Set<number>
}

/** What is still owed on each charge, by this test's own count: its waivers first, then the credits oldest first. */
function owedByCharge(model: Model): Map<number, number> {
  let left = Math.max(0, model.credit)
  const owed = new Map<number, number>()
  const ordered = [...model.charges].sort((a, b) => (a.dueOn === b.dueOn ? a.id - b.id : a.dueOn < b.dueOn ? -1 : 1))
  for (const charge of ordered) {
    const due = model.reversed.has(charge.id) ? 0 : Math.max(0, charge.effect - charge.waived)
    const paid = Math.min(left, due)
    left -= paid
    owed.set(charge.id, due - paid)
  }
  return owed
}

const NOW = new Date('2026-11-30T12:00:00Z')

// The rules are the database's own (triggers and constraints, the same SQL on both) and the roll's query is
// the same text on both, so the embedded database runs a third of PostgreSQL's sequences: a rule broken on
// either is found, and the suite's slowest file on PGlite takes a third of its time there.
const RUNS = testDatabaseKind() === 'postgres' ? 36 : 12
const figures = {
  operations: 0,
  balancesChecked: 0,
  transactionsChecked: 0,
  pagesRead: 0,
  rollsChecked: 0,
  fullChecks: 0,
  runs: 0,
  waived: 0,
  waiversRefused: 0,
}
let key = 0
/** What the last check saw: the highest entry and transaction, each lease's sums, and the digest of the entries then. */
let previous = { maxEntry: 0, maxTransaction: 0, sums: {} as Record<string, number>, digestedUpTo: 0, digest: '0' }

/**
 * Checks the books after one operation on `touched`: the transactions added since the last check each have
 * two or more entries summing to zero (earlier ones were checked when added, and cannot change), and the
 * balances (the sums at the last check plus the entries added since) equal the model's. With `full`, every
 * entry that existed at the last full check hashes as it did, and the balances are summed over every entry
 * again: reading every entry after each of two thousand operations made the test's time grow with the
 * square of its length, and an entry changed in between still hashes differently at the next full check.
 */
async function checkBooks(models: Model[], touched: number, full: boolean) {
  const since = full ? 0 : previous.maxEntry
  // One statement for the bookkeeping checks, so that PGlite answers thousands of them in seconds.
  const { rows } = await db().execute<{
    unbalanced: string
    digest_before: string | null
    digest_all: string | null
    max_entry: string | null
    max_tx: string | null
    sums: string
  }>(sql`
    with added as (
      select t.id from ledger_transaction t left join ledger_entry e on e.transaction_id = t.id
      where t.id > ${previous.maxTransaction}::bigint
      group by t.id having count(e.id) < 2 or coalesce(sum(e.amount_cents), 0) <> 0
    )
    select (select count(*) from added)::text as unbalanced,
      (select max(id) from ledger_entry) as max_entry,
      (select max(id) from ledger_transaction) as max_tx,
      (select coalesce(json_object_agg(lease_id || ':' || account, total), '{}')::text from (
        select lease_id, account, sum(amount_cents) as total from ledger_entry
        where id > ${since}::bigint and account in ('tenant_receivable', 'deposit_held') group by lease_id, account) sums) as sums,
      ${
        full
          ? sql`hashes.digest_before, hashes.digest_all from (
              select sum(h) filter (where id <= ${previous.digestedUpTo}::bigint)::text as digest_before, sum(h)::text as digest_all from (
                select id, hashtextextended(id || ':' || transaction_id || ':' || lease_id || ':' || account || ':' || amount_cents || ':' || created_at, 0) as h
                from ledger_entry) hashed) hashes`
          : sql`null as digest_before, null as digest_all`
      }`)
  const row = rows[0]!
  expect(row.unbalanced).toBe('0')
  figures.transactionsChecked += Number(row.max_tx ?? 0) - previous.maxTransaction
  const found = JSON.parse(row.sums) as Record<string, number>
  const sums: Record<string, number> = full ? {} : { ...previous.sums }
  for (const [account, total] of Object.entries(found)) sums[account] = (sums[account] ?? 0) + Number(total)
  previous = { ...previous, maxEntry: Number(row.max_entry ?? 0), maxTransaction: Number(row.max_tx ?? 0), sums }
  if (full) {
    expect(row.digest_before ?? '0').toBe(previous.digest)
    previous = { ...previous, digestedUpTo: previous.maxEntry, digest: row.digest_all ?? '0' }
    figures.fullChecks += 1
  }
  for (const [index, model] of models.entries()) {
    const { leaseId } = leases[index]!
    expect(sums[`${leaseId}:tenant_receivable`] ?? 0).toBe(model.receivable)
    expect(0 - (sums[`${leaseId}:deposit_held`] ?? 0)).toBe(model.depositHeld)
    figures.balancesChecked += 1
  }
  if (!full) return
  figures.pagesRead += 1
  const { leaseId, tenant } = leases[touched]!
  const model = models[touched]!
  const view = await findLedger(db(), { leaseId, viewer: as(tenant), now: new Date('2026-11-30T12:00:00Z') })
  expect(view.balanceCents).toBe(model.receivable)
  // What is owed on the charges, less what was paid ahead, is the balance: the allocation loses nothing.
  expect(view.charges.reduce((sum, charge) => sum + charge.owedCents, 0) - view.unappliedCents).toBe(model.receivable)
  const owed = owedByCharge(model)
  expect(Object.fromEntries(view.charges.map((charge) => [charge.id, charge.owedCents]))).toEqual(Object.fromEntries(owed))
  expect(Object.fromEntries(view.charges.map((charge) => [charge.id, charge.waivedCents]))).toEqual(
    Object.fromEntries(model.charges.map((charge) => [charge.id, charge.waived])),
  )
  // The landlord's rent roll of a month from late 2024 to early 2028, taken on a day in those years, has the
  // figures a plain sum over every entry gives.
  const month = new Date(Date.UTC(2024, 9 + ((figures.pagesRead * 7) % 41), 1)).toISOString().slice(0, 7)
  const now = new Date(Date.UTC(2024, 9, 1 + ((figures.pagesRead * 37) % 1_250), 12))
  const landlordId = leases[touched]!.landlord.id
  const roll = await rentRoll(db(), { landlordId, month, now })
  expect(
    roll.rows.map(({ leaseId, dueCents, paidCents, lateCents, balanceCents, pendingCount }) => ({
      leaseId,
      dueCents,
      paidCents,
      lateCents,
      balanceCents,
      pendingCount,
    })),
    `the roll of ${month} on ${now.toISOString().slice(0, 10)}`,
  ).toEqual(await rollFromEveryEntry(landlordId, month, now))
  figures.rollsChecked += 1
}

/**
 * The rent roll's figures summed over every entry of the landlord's leases, joined to their transactions: what
 * was due in the month, paid in it, late (charges past their due day and grace, less every credit) and the
 * balance on the day the roll is taken (the month's end, or `now` if sooner), and payments awaiting an answer.
 */
async function rollFromEveryEntry(landlordId: string, month: string, now: Date) {
  const first = `${month}-01`
  const next = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 1)).toISOString().slice(0, 10)
  const today = now.toISOString().slice(0, 10)
  const asOf = today < next ? today : next
  const { rows } = await db().execute<Record<string, string>>(sql`
    with leases as (
      select l.id, (v.terms->>'graceDays')::int as grace
      from lease l join lease_version v on v.lease_id = l.id and v.version = l.version
      where l.landlord_id = ${landlordId} and l.state = 'fully_signed' and l.kind = 'lease'
    ), moves as (
      select e.lease_id, t.effective_on, coalesce(t.due_on, o.due_on) as due_on, e.amount_cents as recv
      from ledger_entry e
      join ledger_transaction t on t.id = e.transaction_id
      left join ledger_transaction o on o.id = t.reverses_id
      where e.account = 'tenant_receivable' and t.effective_on < ${next}
    )
    select leases.id as lease_id,
      coalesce(sum(recv) filter (where due_on >= ${first} and due_on < ${next}), 0) as due,
      coalesce(-sum(recv) filter (where due_on is null and effective_on >= ${first}), 0) as paid,
      greatest(coalesce(sum(recv) filter (where due_on + grace < ${asOf}::date), 0)
        - coalesce(-sum(recv) filter (where due_on is null and effective_on < ${asOf}::date), 0), 0) as late,
      coalesce(sum(recv) filter (where effective_on < ${asOf}::date), 0) as balance,
      (select count(*) from rent_payment p where p.lease_id = leases.id and p.state = 'pending') as pending
    from leases left join moves on moves.lease_id = leases.id
    group by leases.id order by leases.id`)
  return rows.map((row) => ({
    leaseId: Number(row.lease_id),
    dueCents: Number(row.due),
    paidCents: Number(row.paid),
    lateCents: Number(row.late),
    balanceCents: Number(row.balance),
    pendingCount: Number(row.pending),
  }))
}

async function apply(
  step: fc.Arbitrary<unknown> extends never ? never : { op: typeof op extends fc.Arbitrary<infer T> ? T : never; lease: number },
  models: Model[],
) {
  const model = models[step.lease]!
  const { leaseId, landlord, tenant } = leases[step.lease]!
  const o = step.op
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10)
  switch (o.kind) {
    case 'charge': {
      const id = await db().transaction((tx) =>
        post(tx, {
          leaseId,
          kind: o.of,
          memo: o.of,
          effectiveOn: day(o.day + o.posted),
          dueOn: day(o.day),
          key: `test:${++key}`,
          entries: chargeEntries(o.of, o.amount),
        }),
      )
      model.charges.push({ id: id!, effect: o.amount, deposit: o.of === 'deposit', dueOn: day(o.day), waived: 0 })
      model.receivable += o.amount
      if (o.of === 'deposit') model.depositHeld += o.amount
      return
    }
    case 'lateFee': {
      const lateKey = `late:test:${++key}`
      const once = () =>
        db().transaction((tx) =>
          post(tx, {
            leaseId,
            kind: 'late_fee',
            memo: 'late',
            effectiveOn: day(40),
            dueOn: day(40),
            key: lateKey,
            entries: chargeEntries('late_fee', o.amount),
          }),
        )
      const id = await once()
      expect(await once()).toBeNull()
      model.charges.push({ id: id!, effect: o.amount, deposit: false, dueOn: day(40), waived: 0 })
      model.receivable += o.amount
      return
    }
    case 'record': {
      const row = await addPayment(t.services, {
        leaseId,
        actor: as(landlord),
        input: { method: 'check', paidOn: day(o.day), amountCents: o.amount },
      })
      model.payments.push({ id: row.id, amount: o.amount })
      model.receivable -= o.amount
      model.credit += o.amount
      return
    }
    case 'report': {
      const row = await addPayment(t.services, {
        leaseId,
        actor: as(tenant),
        input: { method: 'bank_transfer', paidOn: day(o.day), amountCents: o.amount },
      })
      if (o.answer === 'pending') return
      await answerPayment(t.services, { leaseId, paymentId: row.id, actor: as(landlord), action: o.answer, input: { reason: 'No' } })
      if (o.answer === 'confirmed') {
        model.payments.push({ id: row.id, amount: o.amount })
        model.receivable -= o.amount
        model.credit += o.amount
      }
      return
    }
    case 'reversePayment': {
      if (model.payments.length === 0) return
      const payment = model.payments[o.pick % model.payments.length]!
      const done = await answerPayment(t.services, {
        leaseId,
        paymentId: payment.id,
        actor: as(landlord),
        action: 'reversed',
        input: { reason: 'Bounced' },
      }).then(
        () => true,
        (error: { code?: string }) => (expect(error.code).toBe('conflict'), false),
      )
      expect(done).toBe(!model.reversed.has(-payment.id))
      if (done) {
        model.reversed.add(-payment.id)
        model.receivable += payment.amount
        model.credit -= payment.amount
      }
      return
    }
    case 'reverseCharge': {
      if (model.charges.length === 0) return
      const charge = model.charges[o.pick % model.charges.length]!
      const done = await db()
        .transaction((tx) => reverse(tx, { leaseId, transactionId: charge.id, memo: 'waived', effectiveOn: day(50), actorId: landlord.id }))
        .then(
          () => true,
          (error: { code?: string }) => (expect(error.code).toBe('conflict'), false),
        )
      // A charge is reversed once, and never once part of it was waived.
      expect(done).toBe(!model.reversed.has(charge.id) && charge.waived === 0)
      if (done) {
        model.reversed.add(charge.id)
        model.receivable -= charge.effect
        if (charge.deposit) model.depositHeld -= charge.effect
      }
      return
    }
    case 'depositReturn': {
      // At move-out: part of the deposit kept against what the tenant owes, the rest paid back.
      // Nothing is returned when nothing is held (a deposit charge reversed after part of it went back
      // leaves the account at or below zero).
      const deduct = Math.max(0, Math.min(o.deduct, model.depositHeld))
      const refund = Math.max(0, Math.min(o.refund, model.depositHeld - deduct))
      await db().transaction(async (tx) => {
        if (deduct > 0) {
          await post(tx, {
            leaseId,
            kind: 'deposit_deduction',
            memo: 'Deducted',
            effectiveOn: day(60),
            key: `test:${++key}`,
            entries: [
              { account: 'deposit_held', amountCents: deduct },
              { account: 'tenant_receivable', amountCents: -deduct },
            ],
          })
        }
        if (refund > 0) {
          await post(tx, {
            leaseId,
            kind: 'deposit_refund',
            memo: 'Refunded',
            effectiveOn: day(60),
            key: `test:${++key}`,
            entries: [
              { account: 'deposit_held', amountCents: refund },
              { account: 'cash_refunded', amountCents: -refund },
            ],
          })
        }
      })
      model.receivable -= deduct
      model.credit += deduct
      model.depositHeld -= deduct + refund
      return
    }
    case 'waive': {
      if (model.charges.length === 0) return
      const owedNow = owedByCharge(model)
      const open = model.charges.filter((each) => !each.deposit && owedNow.get(each.id)! > 0)
      const pool = o.open && open.length > 0 ? open : model.charges
      const charge = pool[o.pick % pool.length]!
      const owed = owedNow.get(charge.id)!
      const amountCents = o.part === 'all' ? Math.max(1, owed) : o.part
      const outcome = await waiveCharge(t.services, {
        leaseId,
        chargeId: charge.id,
        actor: as(landlord),
        input: { amountCents, reason: 'Repair took long' },
        now: NOW,
      }).then(
        () => 'ok',
        (error: { code?: string }) => error.code,
      )
      // The deposit is never waived, nor a charge with nothing owed, nor more than is owed.
      expect(outcome).toBe(charge.deposit || owed === 0 ? 'conflict' : amountCents > owed ? 'invalid' : 'ok')
      figures[outcome === 'ok' ? 'waived' : 'waiversRefused'] += 1
      if (outcome === 'ok') {
        charge.waived += amountCents
        model.receivable -= amountCents
      }
      return
    }
    case 'addCharge': {
      // Both leases have begun by February 2026 and run past November.
      const dueOn = day(31 + o.day)
      const added = await addCharge(t.services, {
        leaseId,
        actor: as(landlord),
        input: { description: 'Repair of a broken window', amountCents: o.amount, dueOn },
        now: NOW,
      })
      model.charges.push({ id: added.chargeId, effect: o.amount, deposit: false, dueOn, waived: 0 })
      model.receivable += o.amount
      return
    }
  }
}

describe('the rent ledger by property', () => {
  it(
    'balances every transaction, changes no entry, and keeps each balance equal to an independent count',
    { timeout: 600_000 },
    async () => {
      // The books only grow, so one model per lease runs through all the sequences.
      const models: Model[] = leases.map(() => ({
        receivable: 0,
        depositHeld: 0,
        credit: 0,
        charges: [],
        payments: [],
        reversed: new Set(),
      }))
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 56, maxLength: 70 }), async (steps) => {
          figures.runs += 1
          for (const [index, each] of steps.entries()) {
            await apply(each, models)
            figures.operations += 1
            // Every tenth operation and after the last, the full check, and the ledger page (allocation included) is read.
            await checkBooks(models, each.lease, index % 10 === 0 || index === steps.length - 1)
          }
        }),
        // The books only grow, so a shrunk sequence would not replay the failure: report the first one whole.
        { numRuns: RUNS, endOnFailure: true },
      )
      console.log(
        `ledger property: ${figures.runs} sequences, ${figures.operations} operations, ${figures.balancesChecked} balances checked, ${figures.transactionsChecked} transactions checked as they were added, ${figures.fullChecks} full checks, ${figures.pagesRead} ledger pages read, ${figures.rollsChecked} rent rolls checked, ${figures.waived} waivers posted and ${figures.waiversRefused} refused`,
      )
      // Every sequence ran whole: at least 56 operations each.
      expect(figures.runs).toBe(RUNS)
      expect(figures.operations).toBeGreaterThanOrEqual(RUNS * 56)
      expect(figures.waived).toBeGreaterThan(0)
      expect(figures.waiversRefused).toBeGreaterThan(0)
    },
  )
})
