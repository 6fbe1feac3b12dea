// The rent ledger on the real services and database (PGlite and PostgreSQL): charges posted from a signed
// lease's terms once however often the job runs, late fees and reminders once each, payments recorded,
// reported, confirmed, rejected and reversed, what was paid applied oldest first, receipts and statements,
// the rent roll and its CSV, every refusal, and the books the database itself keeps from being changed.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addPayment,
  answerPayment,
  findLedger,
  findReceipt,
  rentRoll,
  renderStatement,
  runLedgerCharges,
} from '#server/ledger/index.server.ts'
import { publishLeaseTemplate } from '#tests/support/lease-process.ts'
import { signedLeaseWith, type SignedLease } from '#tests/support/ledger.ts'
import { listingFactory, type Person } from '#tests/support/listings.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'

let t: TestServices
let listings: ReturnType<typeof listingFactory>
let signed: SignedLease
let stranger: Person
const db = () => t.services.database.db
const context = () => ({ db: db(), mailer: t.services.mailer, publicUrl: 'http://localhost:3000' })
const as = (person: Person, name = 'Someone') => ({ userId: person.id, email: person.email, name })
const at = (day: string) => new Date(`${day}T15:00:00Z`)

// Starts on the 10th: March is prorated (22 of 31 days); rent $2,000 due on the 1st; a $25 key fee once,
// $30 parking monthly; an $80 late fee (Delaware caps it at 5% of the rent, $100) after 8 days (the
// lease's 5 and Delaware's 3 more without a local office).
const TERMS = {
  startDate: '2027-03-10',
  endDate: '2028-03-09',
  rentCents: 200_000,
  dueDay: 1,
  graceDays: 5,
  lateFeeCents: 8_000,
  depositCents: 200_000,
  otherFees: [
    { label: 'Key fee', amountCents: 2_500, frequency: 'once' as const },
    { label: 'Parking', amountCents: 3_000, frequency: 'monthly' as const },
  ],
}

beforeAll(async () => {
  t = await createTestServices()
  listings = listingFactory(db())
  await publishLeaseTemplate(db())
  signed = await signedLeaseWith(t, listings, TERMS)
  stranger = await listings.renter()
})
afterAll(async () => {
  await t.close()
})

async function codeOf(promise: Promise<unknown>) {
  return promise.then(
    () => 'ok',
    (e: { code?: string; message: string; cause?: { message?: string } }) => `${e.code ?? ''}: ${e.message} ${e.cause?.message ?? ''}`,
  )
}

describe('charges from the signed lease', () => {
  it('posts the deposit, the key fee and a prorated March ahead of the start, once however often the job runs', async () => {
    const before = await runLedgerCharges(context(), at('2027-03-01'))
    expect(before.charges).toBe(0)
    await Promise.all([runLedgerCharges(context(), at('2027-03-06')), runLedgerCharges(context(), at('2027-03-06'))])
    const again = await runLedgerCharges(context(), at('2027-03-06'))
    expect(again.charges).toBe(0)
    const view = await findLedger(db(), { leaseId: signed.leaseId, viewer: as(signed.tenant), now: at('2027-03-06') })
    // $2,000 × 22/31 = $1,419.35; parking $30 × 22/31 = $21.29.
    expect(view.charges.map((c) => [c.memo, c.dueOn, c.amountCents, c.status]).sort()).toEqual(
      [
        ['Key fee', '2027-03-10', 2_500, 'due'],
        ['Parking for 2027-03', '2027-03-10', 2_129, 'due'],
        ['Rent for 2027-03', '2027-03-10', 141_935, 'due'],
        ['Security deposit', '2027-03-10', 200_000, 'due'],
      ].sort(),
    )
    expect(view.balanceCents).toBe(2_500 + 2_129 + 141_935 + 200_000)
    // Posted ahead of their day, so not owed yet: owed on the day they fall due.
    expect(view.owedNowCents).toBe(0)
    const onTheDay = await findLedger(db(), { leaseId: signed.leaseId, viewer: as(signed.tenant), now: at('2027-03-10') })
    expect(onTheDay.owedNowCents).toBe(2_500 + 2_129 + 141_935 + 200_000)
  })

  it('applies payments to the oldest charges first, and marks rent late after the grace, with one late fee and one reminder each', async () => {
    const landlord = as(signed.landlord, signed.landlordName)
    await addPayment(t.services, {
      leaseId: signed.leaseId,
      actor: landlord,
      input: { method: 'check', paidOn: '2027-03-10', amountCents: 346_564, reference: 'Check 101' },
      now: at('2027-03-10'),
    })
    // April's charges come five days ahead; a partial payment pays part of April's rent.
    await runLedgerCharges(context(), at('2027-03-28'))
    await runLedgerCharges(context(), at('2027-03-29'))
    await addPayment(t.services, {
      leaseId: signed.leaseId,
      actor: landlord,
      input: { method: 'cash', paidOn: '2027-04-02', amountCents: 50_000 },
      now: at('2027-04-02'),
    })
    const reminders = t.mail.messages.filter((mail) => mail.subject.startsWith('Rent is due on 2027-04-01'))
    expect(reminders.length).toBeGreaterThan(0)
    const sent = t.mail.messages.length
    // On the 9th the rent is still within the grace (1st + 8 days); on the 10th it is late.
    expect((await runLedgerCharges(context(), at('2027-04-09'))).lateFees).toBe(0)
    const late = await Promise.all([runLedgerCharges(context(), at('2027-04-10')), runLedgerCharges(context(), at('2027-04-10'))])
    expect(late[0].lateFees + late[1].lateFees).toBe(1)
    expect((await runLedgerCharges(context(), at('2027-04-11'))).lateFees).toBe(0)
    const lateMails = t.mail.messages.slice(sent).filter((mail) => mail.subject.startsWith('Rent is late'))
    expect(lateMails).toHaveLength(1)
    expect(lateMails[0]!.text).toContain('does not take, hold or move money')
    const view = await findLedger(db(), { leaseId: signed.leaseId, viewer: as(signed.tenant), now: at('2027-04-11') })
    const april = view.charges.find((c) => c.memo === 'Rent for 2027-04')!
    expect([april.paidCents, april.owedCents, april.status]).toEqual([50_000, 150_000, 'late'])
    expect(view.charges.find((c) => c.memo === 'Parking for 2027-04')!.status).toBe('late')
    // The late fee itself is late only after its own grace.

    expect(view.charges.find((c) => c.kind === 'late_fee')).toMatchObject({ amountCents: 8_000, status: 'due' })
    expect(view.charges.filter((c) => c.dueOn < '2027-04-01').every((c) => c.status === 'paid')).toBe(true)
    expect(view.balanceCents).toBe(150_000 + 3_000 + 8_000)
  })
})

describe('a lease sealed close to its start', () => {
  it('has its first charges posted as soon as the last signature seals it, not at the next hourly run', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
    const soon = await signedLeaseWith(t, listings, { ...TERMS, startDate: day(2), endDate: day(370), otherFees: [] })
    await t.services.jobs.runUntilIdle()
    const view = await findLedger(db(), { leaseId: soon.leaseId, viewer: as(soon.tenant) })
    expect(view.charges.find((charge) => charge.kind === 'deposit')).toMatchObject({ amountCents: 200_000, dueOn: day(2) })
    // The hourly run finds nothing more of it to post.
    const before = view.charges.length
    await runLedgerCharges(context())
    expect((await findLedger(db(), { leaseId: soon.leaseId, viewer: as(soon.tenant) })).charges).toHaveLength(before)
  })
})

describe('payments', () => {
  it('a tenant reports, the landlord confirms: the books move, the receipt is kept and mailed; a rejection and a reversal say why', async () => {
    const { leaseId } = signed
    const landlord = as(signed.landlord, signed.landlordName)
    const reported = await addPayment(t.services, {
      leaseId,
      actor: as(signed.tenant, 'Renter Person'),
      input: { method: 'bank_transfer', paidOn: '2027-04-12', amountCents: 161_000, reference: '=HYPERLINK("x")' },
      now: at('2027-04-12'),
    })
    expect(reported.state).toBe('pending')
    const pendingView = await findLedger(db(), { leaseId, viewer: as(signed.landlord), now: at('2027-04-12') })
    expect(pendingView.balanceCents).toBe(161_000)
    expect(
      await codeOf(answerPayment(t.services, { leaseId, paymentId: reported.id, actor: as(signed.tenant), action: 'confirmed' })),
    ).toMatch(/^forbidden/)
    const confirmed = await answerPayment(t.services, { leaseId, paymentId: reported.id, actor: landlord, action: 'confirmed' })
    expect(confirmed.state).toBe('confirmed')
    expect(await codeOf(answerPayment(t.services, { leaseId, paymentId: reported.id, actor: landlord, action: 'confirmed' }))).toMatch(
      /^conflict/,
    )
    await t.services.jobs.runUntilIdle()
    const receipt = await findReceipt(db(), { leaseId, paymentId: reported.id, viewer: as(signed.tenant) })
    expect(Buffer.from(receipt.bytes).subarray(0, 5).toString()).toBe('%PDF-')
    const receiptMails = t.mail.messages.filter((mail) => mail.subject.startsWith('Rent receipt') && mail.text.includes(receipt.sha256))
    expect(receiptMails).toHaveLength(1)
    expect(receiptMails[0]!.to).toContain(signed.tenant.email)
    const view = await findLedger(db(), { leaseId, viewer: as(signed.tenant), now: at('2027-04-12') })
    expect(view.balanceCents).toBe(0)
    expect(view.charges.every((c) => c.status === 'paid')).toBe(true)

    // The check bounces: reversed with a reason, the charges owed again; never twice.
    await answerPayment(t.services, {
      leaseId,
      paymentId: reported.id,
      actor: landlord,
      action: 'reversed',
      input: { reason: 'Bounced' },
      now: at('2027-04-15'),
    })
    expect(
      await codeOf(
        answerPayment(t.services, { leaseId, paymentId: reported.id, actor: landlord, action: 'reversed', input: { reason: 'Again' } }),
      ),
    ).toMatch(/^conflict/)
    const bounced = await findLedger(db(), { leaseId, viewer: as(signed.tenant), now: at('2027-04-15') })
    expect(bounced.balanceCents).toBe(161_000)
    expect(bounced.payments.find((p) => p.id === reported.id)).toMatchObject({ state: 'reversed', reason: 'Bounced' })

    const other = await addPayment(t.services, {
      leaseId,
      actor: as(signed.tenant),
      input: { method: 'other', paidOn: '2027-04-15', amountCents: 100 },
      now: at('2027-04-15'),
    })
    expect(
      await codeOf(answerPayment(t.services, { leaseId, paymentId: other.id, actor: landlord, action: 'rejected', input: { reason: '' } })),
    ).toMatch(/^invalid/)
    await answerPayment(t.services, {
      leaseId,
      paymentId: other.id,
      actor: landlord,
      action: 'rejected',
      input: { reason: 'Never arrived' },
    })
    expect((await findLedger(db(), { leaseId, viewer: as(signed.tenant), now: at('2027-04-15') })).balanceCents).toBe(161_000)
  })

  it('refuses bad input and a day in the future, changing nothing', async () => {
    const { leaseId } = signed
    const actor = as(signed.landlord)
    const count = async () => Number((await db().execute<{ n: string }>(sql`select count(*) as n from rent_payment`)).rows[0]!.n)
    const before = await count()
    for (const input of [
      { method: 'bitcoin', paidOn: '2027-04-01', amountCents: 100 },
      { method: 'cash', paidOn: '2027-02-30', amountCents: 100 },
      { method: 'cash', paidOn: '2027-04-01', amountCents: 0 },
      { method: 'cash', paidOn: '2027-04-01', amountCents: 10.5 },
      { method: 'cash', paidOn: '2099-04-01', amountCents: 100 },
      'nonsense',
    ]) {
      expect(await codeOf(addPayment(t.services, { leaseId, actor, input, now: at('2027-04-15') }))).toMatch(/^invalid/)
    }
    expect(await count()).toBe(before)
  })

  it('shows a third person nothing: every ledger, receipt, statement and write is not found', async () => {
    const { leaseId } = signed
    const viewer = as(stranger)
    const [payment] = (await findLedger(db(), { leaseId, viewer: as(signed.tenant) })).payments
    for (const attempt of [
      () => findLedger(db(), { leaseId, viewer }),
      () => findReceipt(db(), { leaseId, paymentId: payment!.id, viewer }),
      () => renderStatement(db(), { leaseId, year: 2027, viewer }),
      () => addPayment(t.services, { leaseId, actor: viewer, input: { method: 'cash', paidOn: '2027-04-01', amountCents: 100 } }),
      () => answerPayment(t.services, { leaseId, paymentId: payment!.id, actor: viewer, action: 'confirmed' }),
      () => findLedger(db(), { leaseId: 999_999_999, viewer: as(signed.landlord) }),
    ]) {
      expect(await codeOf(attempt())).toMatch(/^not-found: No such lease/)
    }
    expect((await rentRoll(db(), { landlordId: stranger.id, month: '2027-04' })).rows).toEqual([])
  })
})

describe('statements and the rent roll', () => {
  it('renders a year statement and a month roll whose figures match the books', async () => {
    const statement = await renderStatement(db(), { leaseId: signed.leaseId, year: 2027, viewer: as(signed.tenant) })
    expect(Buffer.from(statement.bytes).subarray(0, 5).toString()).toBe('%PDF-')
    const roll = await rentRoll(db(), { landlordId: signed.landlord.id, month: '2027-04', now: at('2027-04-20') })
    expect(roll.rows).toHaveLength(1)
    expect(roll.rows[0]).toMatchObject({
      leaseId: signed.leaseId,
      dueCents: 203_000 + 8_000,
      balanceCents: 161_000,
      lateCents: 161_000,
      pendingCount: 0,
    })
    expect(roll.rows[0]!.paidCents).toBe(50_000)
    expect(roll.totals.balanceCents).toBe(161_000)
    // Ten in the evening of 30 April where the home is (Delaware), already May in UTC: the roll's month is April.
    const evening = await rentRoll(db(), { landlordId: signed.landlord.id, now: new Date('2027-05-01T02:00:00Z') })
    expect(evening.month).toBe('2027-04')
    await expect(rentRoll(db(), { landlordId: signed.landlord.id, month: '2027-13' })).rejects.toThrow('Give the month as YYYY-MM.')
  })
})

describe('the books the database keeps', () => {
  it('refuses to change or remove any entry or transaction, an unbalanced or one-sided transaction, a late entry and a reversal of a reversal', async () => {
    const refused = async (statement: ReturnType<typeof sql>) =>
      db()
        .transaction(async (tx) => {
          await tx.execute(statement)
        })
        .then(
          () => 'accepted',
          (e: { message: string; cause?: { message?: string } }) => e.cause?.message ?? e.message,
        )
    const snapshot = async () => (await db().execute(sql`select * from ledger_entry order by id`)).rows
    const before = await snapshot()
    expect(await refused(sql`update ledger_entry set amount_cents = amount_cents + 1`)).toMatch(/append-only: UPDATE refused/)
    expect(await refused(sql`delete from ledger_entry`)).toMatch(/append-only: DELETE refused/)
    expect(await refused(sql`truncate ledger_entry cascade`)).toMatch(/append-only: TRUNCATE refused/)
    expect(await refused(sql`update ledger_transaction set memo = 'changed'`)).toMatch(/append-only/)
    expect(await refused(sql`delete from ledger_transaction`)).toMatch(/append-only/)
    expect(await refused(sql`update rent_payment set amount_cents = 1`)).toMatch(/cannot become|changes only its state/)
    // The rent roll's projection is written only as entries are posted.
    const projection = async () => [
      (await db().execute(sql`select * from ledger_receivable order by entry_id`)).rows,
      (await db().execute(sql`select * from ledger_receivable_month order by lease_id, month`)).rows,
      (await db().execute(sql`select * from ledger_receivable_span order by lease_id`)).rows,
    ]
    const projected = await projection()
    expect(projected[0]!.length).toBeGreaterThan(0)
    expect(projected[1]!.length).toBeGreaterThan(0)
    expect(await refused(sql`update ledger_receivable set amount_cents = 1`)).toMatch(/kept from the books: UPDATE refused/)
    expect(await refused(sql`delete from ledger_receivable`)).toMatch(/kept from the books: DELETE refused/)
    expect(await refused(sql`truncate ledger_receivable cascade`)).toMatch(/append-only: TRUNCATE refused/)
    expect(await refused(sql`update ledger_receivable_month set e_through = 0`)).toMatch(/kept from the books: UPDATE refused/)
    expect(await refused(sql`delete from ledger_receivable_month`)).toMatch(/kept from the books: DELETE refused/)
    expect(await refused(sql`truncate ledger_receivable_month`)).toMatch(/append-only: TRUNCATE refused/)
    expect(await refused(sql`update ledger_receivable_span set e_total = 0`)).toMatch(/kept from the books: UPDATE refused/)
    expect(await refused(sql`truncate ledger_receivable_span`)).toMatch(/append-only: TRUNCATE refused/)
    expect(
      await refused(
        sql`insert into ledger_receivable_month (lease_id, month, landlord_id, e_before, e_through, n_before, n_through, d_before, d_through) values (${signed.leaseId}::bigint, '2099-01-01', ${signed.landlord.id}, 0, -100, 0, 0, 0, 0)`,
      ),
    ).toMatch(/kept from the books: INSERT refused/)
    expect(await projection()).toEqual(projected)
    const lease = sql`${signed.leaseId}::bigint`
    const newTx = (key: string) =>
      sql`insert into ledger_transaction (lease_id, kind, effective_on, due_on, idempotency_key) values (${lease}, 'fee', '2027-04-01', '2027-04-01', ${key}) returning id`
    expect(
      await refused(sql`with t as (${newTx('test:unbalanced')}) insert into ledger_entry (transaction_id, lease_id, account, amount_cents)
        select id, ${lease}, 'tenant_receivable', 100 from t union all select id, ${lease}, 'fee_income', -99 from t`),
    ).toMatch(/does not balance/)
    expect(
      await refused(
        sql`with t as (${newTx('test:one-sided')}) insert into ledger_entry (transaction_id, lease_id, account, amount_cents) select id, ${lease}, 'tenant_receivable', 0 + 100 - 100 + 1 from t`,
      ),
    ).toMatch(/at least two/)
    expect(await refused(newTx('test:empty'))).toMatch(/at least two/)
    expect(
      await refused(
        sql`insert into ledger_transaction (lease_id, kind, effective_on, idempotency_key, currency) values (${lease}, 'payment', '2027-04-01', 'test:eur', 'EUR')`,
      ),
    ).toMatch(/currency_check|violates check/)
    const [old] = (
      await db().execute<{ id: string }>(
        sql`select id from ledger_transaction where lease_id = ${lease} and kind = 'rent' order by id limit 1`,
      )
    ).rows
    expect(
      await refused(
        sql`insert into ledger_entry (transaction_id, lease_id, account, amount_cents) values (${old!.id}::bigint, ${lease}, 'tenant_receivable', 5), (${old!.id}::bigint, ${lease}, 'rent_income', -5)`,
      ),
    ).toMatch(/only with their transaction/)
    const [reversal] = (await db().execute<{ id: string }>(sql`select id from ledger_transaction where kind = 'reversal' limit 1`)).rows
    expect(
      await refused(
        sql`insert into ledger_transaction (lease_id, kind, effective_on, idempotency_key, reverses_id) values (${lease}, 'reversal', '2027-04-01', 'test:rr', ${reversal!.id}::bigint)`,
      ),
    ).toMatch(/cannot itself be reversed/)
    expect(await snapshot()).toEqual(before)
  })
})
