// The landlord's adjustments on the real services and database (PGlite and PostgreSQL): a one-off charge
// added and part or all of a charge waived, each with its limits and refusals (amount, reason, description,
// due day, the tenant, a stranger, a lease not signed, more than is owed, the deposit), the waiver applied
// to its own charge so payments go to the others, the balance, late fees, reminders, the rent roll's due
// and late, receipts and statements afterwards, the tenants' e-mail once, and the database refusing a
// waiver beyond its charge, of the deposit, or reversed.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLease } from '#server/leases/index.server.ts'
import {
  addCharge,
  addPayment,
  findLedger,
  findReceipt,
  renderStatement,
  rentRoll,
  runLedgerCharges,
  sendAdjustmentNotice,
  waiveCharge,
} from '#server/ledger/index.server.ts'
import { actorOf, approvedApplication, publishLeaseTemplate } from '#tests/support/lease-process.ts'
import { signedLeaseWith, type SignedLease } from '#tests/support/ledger.ts'
import { listingFactory, type Person } from '#tests/support/listings.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'
import { reverse } from './posting.server.ts'

let t: TestServices
let signed: SignedLease
let other: SignedLease
let draftLeaseId: number
let draftOwner: Person
let stranger: Person
const db = () => t.services.database.db
const context = () => ({ db: db(), mailer: t.services.mailer, publicUrl: 'http://localhost:3000' })
const as = (person: Person, name = 'Someone') => ({ userId: person.id, email: person.email, name })
const at = (day: string) => new Date(`${day}T15:00:00Z`)
const transactionCount = async () =>
  Number((await db().execute<{ n: string }>(sql`select count(*) as n from ledger_transaction`)).rows[0]!.n)

// As in ledger.integration.test.ts: $2,000 rent due on the 1st, March prorated from the 10th, a $2,000
// deposit, an $80 late fee after eight days' grace (Delaware).
const TERMS = {
  startDate: '2027-03-10',
  endDate: '2028-03-09',
  rentCents: 200_000,
  dueDay: 1,
  graceDays: 5,
  lateFeeCents: 8_000,
  depositCents: 200_000,
  otherFees: [],
}

beforeAll(async () => {
  t = await createTestServices()
  const listings = listingFactory(db())
  await publishLeaseTemplate(db())
  signed = await signedLeaseWith(t, listings, TERMS)
  other = await signedLeaseWith(t, listings, TERMS)
  stranger = await listings.renter()
  const draft = await approvedApplication(t, listings)
  draftOwner = draft.owner
  draftLeaseId = (await createLease(t.services, { actor: await actorOf(db(), draft.owner), input: { applicationId: draft.applicationId } }))
    .id
  // The deposit and March are posted and paid on time, then April is posted.
  await runLedgerCharges(context(), at('2027-03-06'))
  await addPayment(t.services, {
    leaseId: signed.leaseId,
    actor: as(signed.landlord),
    input: { method: 'check', paidOn: '2027-03-10', amountCents: 341_935 },
    now: at('2027-03-10'),
  })
  await runLedgerCharges(context(), at('2027-03-28'))
  await t.services.jobs.runUntilIdle()
}, 120_000)
afterAll(async () => {
  await t.close()
})

async function codeOf(promise: Promise<unknown>) {
  return promise.then(
    () => 'ok',
    (e: { code?: string; message: string; fieldErrors?: Record<string, string[]>; cause?: { message?: string } }) =>
      `${e.code ?? ''}: ${e.message} ${JSON.stringify(e.fieldErrors ?? {})} ${e.cause?.message ?? ''}`,
  )
}
const view = (day: string, person: Person = signed.tenant) =>
  findLedger(db(), { leaseId: signed.leaseId, viewer: as(person), now: at(day) })
const chargeOf = async (memo: string, day = '2027-04-02') => (await view(day)).charges.find((charge) => charge.memo === memo)!

describe('adding a charge', () => {
  it('refuses bad input, a due day out of the lease, the tenant, a stranger and a lease not signed, changing nothing', async () => {
    const { leaseId } = signed
    const landlord = as(signed.landlord)
    const good = { description: 'Water bill for March', amountCents: 4_250, dueOn: '2027-04-15' }
    const before = await transactionCount()
    const now = at('2027-04-02')
    for (const [input, field] of [
      [{ ...good, description: 'ab' }, 'description'],
      [{ ...good, description: 'x'.repeat(201) }, 'description'],
      [{ ...good, amountCents: 0 }, 'amountCents'],
      [{ ...good, amountCents: 100_000_001 }, 'amountCents'],
      [{ ...good, amountCents: 12.5 }, 'amountCents'],
      [{ ...good, dueOn: '2027-02-30' }, 'dueOn'],
      [{ ...good, dueOn: '2027-03-09' }, 'dueOn'],
      [{ ...good, dueOn: '2029-03-10' }, 'dueOn'],
    ] as const) {
      expect(await codeOf(addCharge(t.services, { leaseId, actor: landlord, input, now }))).toMatch(new RegExp(`^invalid: .*"${field}"`))
    }
    // Within the lease but more than a year ago.
    expect(
      await codeOf(addCharge(t.services, { leaseId, actor: landlord, input: { ...good, dueOn: '2027-05-01' }, now: at('2028-06-01') })),
    ).toMatch(/^invalid: .*a charge can be at most a year old/)
    expect(await codeOf(addCharge(t.services, { leaseId, actor: as(signed.tenant), input: good, now }))).toMatch(/^forbidden/)
    expect(await codeOf(addCharge(t.services, { leaseId, actor: as(stranger), input: good, now }))).toMatch(/^not-found: No such lease/)
    expect(await codeOf(addCharge(t.services, { leaseId: draftLeaseId, actor: as(draftOwner), input: good, now }))).toMatch(
      /^not-found: No such lease/,
    )
    expect(await transactionCount()).toBe(before)
  })

  it('posts a one-off charge the tenants see and are e-mailed about once; a year after the lease ends is the last day', async () => {
    const { leaseId } = signed
    const sent = t.mail.messages.length
    await addCharge(t.services, {
      leaseId,
      actor: as(signed.landlord),
      input: { description: '  Water bill for March ', amountCents: 4_250, dueOn: '2027-04-15' },
      now: at('2027-04-02'),
    })
    expect(await chargeOf('Water bill for March')).toMatchObject({ kind: 'fee', dueOn: '2027-04-15', amountCents: 4_250, status: 'due' })
    expect((await view('2027-04-02')).balanceCents).toBe(200_000 + 4_250)
    await t.services.jobs.runUntilIdle()
    const mails = t.mail.messages.slice(sent)
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([[[signed.tenant.email], expect.stringMatching(/^A charge was added: /)]])
    expect(mails[0]!.text).toContain('Your landlord added a charge of $42.50, due on 2027-04-15: "Water bill for March".')
    // The other lease's books are not touched; a charge a year after the end is still taken.
    const last = await addCharge(t.services, {
      leaseId: other.leaseId,
      actor: as(other.landlord),
      input: { description: 'Repair of the back door', amountCents: 100_000_000, dueOn: '2029-03-09' },
      now: at('2027-04-02'),
    })
    expect((await findLedger(db(), { leaseId: other.leaseId, viewer: as(other.tenant), now: at('2027-04-02') })).charges[0]).toMatchObject({
      id: last.chargeId,
      amountCents: 100_000_000,
    })
  })
})

describe('waiving a charge', () => {
  it('refuses bad amounts and reasons, more than is owed, the deposit, the tenant, a stranger and another lease, changing nothing', async () => {
    const { leaseId } = signed
    const landlord = as(signed.landlord)
    const april = await chargeOf('Rent for 2027-04')
    const deposit = await chargeOf('Security deposit')
    const othersCharge = (await findLedger(db(), { leaseId: other.leaseId, viewer: as(other.tenant) })).charges[0]!
    const before = await transactionCount()
    const good = { amountCents: 1_000, reason: 'Heater broken' }
    const now = at('2027-04-02')
    for (const [input, field] of [
      [{ ...good, amountCents: 0 }, 'amountCents'],
      [{ ...good, amountCents: 1.5 }, 'amountCents'],
      [{ ...good, reason: 'ok' }, 'reason'],
      [{ ...good, reason: '   ' }, 'reason'],
      [{ ...good, reason: 'x'.repeat(501) }, 'reason'],
      [{ ...good, amountCents: 200_001 }, 'amountCents'],
    ] as const) {
      expect(await codeOf(waiveCharge(t.services, { leaseId, chargeId: april.id, actor: landlord, input, now }))).toMatch(
        new RegExp(`^invalid: .*"${field}"`),
      )
    }
    expect(
      await codeOf(
        waiveCharge(t.services, { leaseId, chargeId: april.id, actor: landlord, input: { ...good, amountCents: 200_001 }, now }),
      ),
    ).toContain('At most $2,000 is still owed on this charge.')
    // The deposit is held, not income; a paid charge has nothing left to waive.
    expect(await codeOf(waiveCharge(t.services, { leaseId, chargeId: deposit.id, actor: landlord, input: good, now }))).toMatch(/^conflict/)
    const march = await chargeOf('Rent for 2027-03')
    expect(march.status).toBe('paid')
    expect(await codeOf(waiveCharge(t.services, { leaseId, chargeId: march.id, actor: landlord, input: good, now }))).toMatch(
      /^conflict: Nothing is owed/,
    )
    expect(await codeOf(waiveCharge(t.services, { leaseId, chargeId: april.id, actor: as(signed.tenant), input: good, now }))).toMatch(
      /^forbidden/,
    )
    expect(await codeOf(waiveCharge(t.services, { leaseId, chargeId: april.id, actor: as(stranger), input: good, now }))).toMatch(
      /^not-found: No such lease/,
    )
    expect(await codeOf(waiveCharge(t.services, { leaseId, chargeId: othersCharge.id, actor: landlord, input: good, now }))).toMatch(
      /^not-found: No such charge/,
    )
    expect(
      await codeOf(waiveCharge(t.services, { leaseId: draftLeaseId, chargeId: april.id, actor: as(draftOwner), input: good, now })),
    ).toMatch(/^not-found: No such lease/)
    expect(await transactionCount()).toBe(before)
  })

  it('goes to its own charge: waived whole or in part, the balance lower, payments applied to the rest oldest first', async () => {
    const { leaseId } = signed
    const landlord = as(signed.landlord)
    const sent = t.mail.messages.length
    const water = await chargeOf('Water bill for March')
    await waiveCharge(t.services, {
      leaseId,
      chargeId: water.id,
      actor: landlord,
      input: { amountCents: 4_250, reason: 'Included in the rent after all' },
      now: at('2027-04-02'),
    })
    const april = await chargeOf('Rent for 2027-04')
    await waiveCharge(t.services, {
      leaseId,
      chargeId: april.id,
      actor: landlord,
      input: { amountCents: 60_000, reason: 'Heater broken for two weeks' },
      now: at('2027-04-03'),
    })
    // A newer charge waived whole takes nothing from the older April rent.
    const after = await view('2027-04-03')
    expect(after.balanceCents).toBe(140_000)
    expect(after.charges.find((c) => c.id === water.id)).toMatchObject({ waivedCents: 4_250, owedCents: 0, paidCents: 0, status: 'waived' })
    expect(after.charges.find((c) => c.id === april.id)).toMatchObject({
      amountCents: 200_000,
      waivedCents: 60_000,
      owedCents: 140_000,
      status: 'due',
      waivers: [{ amountCents: 60_000, on: '2027-04-03', reason: 'Heater broken for two weeks' }],
    })
    expect(
      await codeOf(
        waiveCharge(t.services, { leaseId, chargeId: april.id, actor: landlord, input: { amountCents: 140_001, reason: 'More' } }),
      ),
    ).toContain('At most $1,400 is still owed')
    // A payment goes to what is still owed of April.
    await addPayment(t.services, {
      leaseId,
      actor: landlord,
      input: { method: 'cash', paidOn: '2027-04-05', amountCents: 100_000 },
      now: at('2027-04-05'),
    })
    expect(await chargeOf('Rent for 2027-04', '2027-04-05')).toMatchObject({ paidCents: 100_000, owedCents: 40_000, status: 'partly_paid' })
    // The tenants are told of each waiver, with the reason, once however often the job runs.
    await t.services.jobs.runUntilIdle()
    const waived = t.mail.messages.slice(sent).filter((mail) => mail.subject.startsWith('A charge was waived'))
    expect(waived).toHaveLength(2)
    expect(waived.map((mail) => mail.text).join('\n')).toContain(
      'Your landlord waived $600 of "Rent for 2027-04" (due on 2027-04-01): you no longer owe that part.\n\nThe reason given: Heater broken for two weeks',
    )
    const [waiver] = (
      await db().execute<{ id: string }>(sql`select id from ledger_transaction where kind = 'waiver' order by id desc limit 1`)
    ).rows
    expect(await sendAdjustmentNotice(context(), Number(waiver!.id))).toBe(0)
  })

  it('shows in late fees and the rent roll: a late rent waived in part is late for the rest, a late fee waived whole is owed no more', async () => {
    const { leaseId } = signed
    // April (due on the 1st, $400 still owed) is late after eight days' grace: one late fee.
    await runLedgerCharges(context(), at('2027-04-10'))
    const lateFee = (await view('2027-04-10')).charges.find((c) => c.kind === 'late_fee')!
    expect(lateFee).toMatchObject({ amountCents: 8_000, status: 'due' })
    expect((await chargeOf('Rent for 2027-04', '2027-04-10')).status).toBe('late')
    const roll = async () => (await rentRoll(db(), { landlordId: signed.landlord.id, month: '2027-04', now: at('2027-04-20') })).rows[0]!
    // Due in April: rent $2,000 − $600 waived, water $42.50 − $42.50 waived, the $80 late fee; paid $1,000;
    // late on the 20th: $400 of April's rent and the late fee (past its own grace on the 18th).
    expect(await roll()).toMatchObject({ dueCents: 148_000, paidCents: 100_000, lateCents: 48_000, balanceCents: 48_000 })
    await waiveCharge(t.services, {
      leaseId,
      chargeId: lateFee.id,
      actor: as(signed.landlord),
      input: { amountCents: 8_000, reason: 'First time late: forgiven' },
      now: at('2027-04-11'),
    })
    expect(await roll()).toMatchObject({ dueCents: 140_000, paidCents: 100_000, lateCents: 40_000, balanceCents: 40_000 })
    const books = await view('2027-04-20', signed.landlord)
    expect(books.balanceCents).toBe(40_000)
    expect(books.charges.filter((c) => c.status === 'late').map((c) => [c.memo, c.owedCents])).toEqual([['Rent for 2027-04', 40_000]])
    // Running the job again posts no second late fee for the rent that is still late.
    expect((await runLedgerCharges(context(), at('2027-04-21'))).lateFees).toBe(0)
  })

  it('leaves receipts and statements as they were: a receipt per payment only, the statement rendered with the waivers', async () => {
    const { leaseId } = signed
    const receipts = await db().execute<{ n: string }>(sql`select count(*) as n from rent_receipt where lease_id = ${leaseId}`)
    const payments = await db().execute<{ n: string }>(
      sql`select count(*) as n from rent_payment where lease_id = ${leaseId} and state = 'confirmed'`,
    )
    expect(receipts.rows[0]!.n).toBe(payments.rows[0]!.n)
    const [first] = (await view('2027-04-20')).payments.slice(-1)
    const receipt = await findReceipt(db(), { leaseId, paymentId: first!.id, viewer: as(signed.tenant) })
    expect(Buffer.from(receipt.bytes).subarray(0, 5).toString()).toBe('%PDF-')
    const statement = await renderStatement(db(), { leaseId, year: 2027, viewer: as(signed.tenant), now: at('2027-04-20') })
    expect(Buffer.from(statement.bytes).subarray(0, 5).toString()).toBe('%PDF-')
    // The statement's closing balance is the sum of the receivable entries, waivers included.
    const [sum] = (
      await db().execute<{ total: string }>(
        sql`select sum(amount_cents) as total from ledger_entry where lease_id = ${leaseId} and account = 'tenant_receivable'`,
      )
    ).rows
    expect(Number(sum!.total)).toBe((await view('2027-04-20')).balanceCents)
  })
})

describe('the books the database keeps', () => {
  it('refuses a waiver beyond its charge, of the deposit, of another lease, dated otherwise, and any reversal of a waiver or a waived charge', async () => {
    const { leaseId } = signed
    const refused = async (statement: ReturnType<typeof sql>) =>
      db()
        .transaction(async (tx) => {
          await tx.execute(statement)
        })
        .then(
          () => 'accepted',
          (e: { message: string; cause?: { message?: string } }) => e.cause?.message ?? e.message,
        )
    const books = await view('2027-04-20')
    const april = books.charges.find((c) => c.memo === 'Rent for 2027-04')!
    const deposit = books.charges.find((c) => c.kind === 'deposit')!
    const before = await transactionCount()
    const waiver = (key: string, chargeId: number, dueOn: string, account: string, cents: number, lease = leaseId) =>
      sql`with t as (insert into ledger_transaction (lease_id, kind, effective_on, due_on, idempotency_key, waives_id)
        values (${lease}::bigint, 'waiver', '2027-04-20', ${dueOn}, ${key}, ${chargeId}::bigint) returning id)
        insert into ledger_entry (transaction_id, lease_id, account, amount_cents)
        select id, ${lease}::bigint, 'tenant_receivable', ${-cents}::bigint from t union all select id, ${lease}::bigint, ${account}, ${cents}::bigint from t`
    // $2,000 charged, $600 waived: another $1,400.01 is beyond it.
    expect(await refused(waiver('test:beyond', april.id, '2027-04-01', 'rent_income', 140_001))).toMatch(/waived beyond its amount/)
    expect(await refused(waiver('test:account', april.id, '2027-04-01', 'fee_income', 100))).toMatch(/must undo entries of charge/)
    expect(await refused(waiver('test:day', april.id, '2027-04-02', 'rent_income', 100))).toMatch(/due day of its charge/)
    expect(await refused(waiver('test:deposit', deposit.id, deposit.dueOn, 'deposit_held', 100))).toMatch(/rent, fee or late fee/)
    expect(await refused(waiver('test:lease', april.id, '2027-04-01', 'rent_income', 100, other.leaseId))).toMatch(/of its own lease/)
    const [done] = (await db().execute<{ id: string }>(sql`select id from ledger_transaction where waives_id = ${april.id}::bigint`)).rows
    expect(
      await refused(
        sql`insert into ledger_transaction (lease_id, kind, effective_on, idempotency_key, reverses_id) values (${leaseId}::bigint, 'reversal', '2027-04-20', 'test:rw', ${done!.id}::bigint)`,
      ),
    ).toMatch(/a waiver is final/)
    expect(
      await refused(
        sql`insert into ledger_transaction (lease_id, kind, effective_on, idempotency_key, reverses_id) values (${leaseId}::bigint, 'reversal', '2027-04-20', 'test:rc', ${april.id}::bigint)`,
      ),
    ).toMatch(/a waived charge is not reversed/)
    // The application says the same before the database has to.
    const attempt = (transactionId: number) =>
      codeOf(db().transaction((tx) => reverse(tx, { leaseId, transactionId, memo: 'x', effectiveOn: '2027-04-20', actorId: null })))
    expect(await attempt(april.id)).toMatch(/^conflict: A charge that was waived/)
    expect(await attempt(Number(done!.id))).toMatch(/^conflict: A waiver is final/)
    expect(await transactionCount()).toBe(before)
  })
})
