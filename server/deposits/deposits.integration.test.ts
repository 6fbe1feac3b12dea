// The deposit's return on the real services and database (PGlite and PostgreSQL): the end of the
// tenancy and the state's deadline, deductions refused beyond what is held or owed (nothing changed),
// the statement sent into the ledger (deposit_held back to zero, the tenant's balance right), kept and
// mailed, final in the database itself, third persons answered 'not-found', and the reminders once each.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { depositDueOn } from '#common/deposits/deadline.ts'
import {
  addDeduction,
  findDeposit,
  findDepositStatement,
  recordMoveOut,
  sendDepositReminders,
  sendDepositStatement,
  takeBackDeduction,
} from '#server/deposits/index.server.ts'
import { listInspectionEvidence, startInspection } from '#server/inspections/index.server.ts'
import { accountBalance, addPayment, runLedgerCharges, sha256Hex } from '#server/ledger/index.server.ts'
import { actorOf, publishLeaseTemplate } from '#tests/support/lease-process.ts'
import { tenancyAtMoveOut } from '#tests/support/deposit-process.ts'
import { signedLeaseWith, type SignedLease } from '#tests/support/ledger.ts'
import { listingFactory, type Person } from '#tests/support/listings.ts'
import { callApi } from '#tests/support/json-api.ts'
import { createPageApp } from '#tests/support/page-app.ts'
import { pdfPageTexts } from '#tests/support/pdf-text.ts'
import { createTestServices, formRequest, TEST_ORIGIN, type TestServices } from '#tests/support/test-services.ts'
import { signUpVerifiedUser } from '#tests/support/users.ts'

let t: TestServices
let listings: ReturnType<typeof listingFactory>
let stranger: Person
const db = () => t.services.database.db
const context = () => ({ db: db(), mailer: t.services.mailer, publicUrl: 'http://localhost:3000' })
const who = (person: Person) => ({ userId: person.id, email: person.email })
const at = (day: string) => new Date(`${day}T15:00:00Z`)
const TERMS = {
  startDate: '2027-03-01',
  endDate: '2028-02-29',
  rentCents: 200_000,
  dueDay: 1,
  graceDays: 5,
  lateFeeCents: 0,
  otherFees: [],
}

beforeAll(async () => {
  t = await createTestServices()
  listings = listingFactory(db())
  await publishLeaseTemplate(db())
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

/** A signed lease whose deposit was charged and `paidCents` of it paid (with March's rent when it covers more). */
async function leaseWithDeposit(depositCents: number, paidCents: number): Promise<SignedLease> {
  const signed = await signedLeaseWith(t, listings, { ...TERMS, depositCents })
  await runLedgerCharges(context(), at('2027-03-01'))
  await addPayment(t.services, {
    leaseId: signed.leaseId,
    actor: { ...who(signed.landlord), name: signed.landlordName },
    input: { method: 'check', paidOn: '2027-03-01', amountCents: paidCents, reference: 'Check 1' },
    now: at('2027-03-01'),
  })
  return signed
}

const balances = async (leaseId: number) => ({
  held: await accountBalance(db(), leaseId, 'deposit_held'),
  tenant: await accountBalance(db(), leaseId, 'tenant_receivable'),
  deductions: await accountBalance(db(), leaseId, 'deduction_income'),
  refunded: await accountBalance(db(), leaseId, 'cash_refunded'),
})

describe('the deposit returned at move-out', () => {
  let signed: SignedLease
  let landlord: Awaited<ReturnType<typeof actorOf>>

  it('shows what is held and the state deadline once the landlord records the end; others get not-found', async () => {
    // $2,000 deposit and March paid; April's rent charged and unpaid: the tenant owes $2,000 besides.
    signed = await leaseWithDeposit(200_000, 400_000)
    await runLedgerCharges(context(), at('2027-04-01'))
    landlord = await actorOf(db(), signed.landlord)
    const leaseId = signed.leaseId
    const before = await findDeposit(db(), { leaseId, viewer: who(signed.tenant), now: at('2027-04-20') })
    expect(before).toMatchObject({
      state: 'not_ended',
      chargedCents: 200_000,
      heldCents: 200_000,
      paidInFull: true,
      owedCents: 200_000,
      leaseEndDate: '2028-02-29',
    })
    expect(before.deadline).toMatchObject({ state: 'DE', days: 20, citation: 'Del. Code tit. 25, § 5514' })

    expect(await codeOf(findDeposit(db(), { leaseId, viewer: who(stranger) }))).toMatch(/^not-found/)
    expect(await codeOf(recordMoveOut(t.services, { leaseId, actor: who(stranger), input: { endedOn: '2027-04-30' } }))).toMatch(
      /^not-found/,
    )
    expect(await codeOf(recordMoveOut(t.services, { leaseId, actor: who(signed.tenant), input: { endedOn: '2027-04-30' } }))).toMatch(
      /^forbidden/,
    )
    expect(
      await codeOf(addDeduction(t.services, { leaseId, actor: landlord, input: { amount: '10', category: 'keys', reason: 'Two keys' } })),
    ).toMatch(/^conflict: Record the end of the tenancy first/)
    expect(await codeOf(recordMoveOut(t.services, { leaseId, actor: landlord, input: { endedOn: '2027-02-30' } }))).toMatch(/^invalid/)
    expect(await codeOf(recordMoveOut(t.services, { leaseId, actor: landlord, input: { endedOn: '2027-02-01' } }))).toMatch(
      /before the lease starts/,
    )

    await recordMoveOut(t.services, { leaseId, actor: landlord, input: { endedOn: '2027-04-30' } })
    const view = await findDeposit(db(), { leaseId, viewer: who(signed.tenant), now: at('2027-05-01') })
    expect(view).toMatchObject({
      state: 'drafting',
      endedOn: '2027-04-30',
      dueOn: depositDueOn('2027-04-30', { days: 20, isBusinessDays: false }),
      late: false,
    })
    expect(view.dueOn).toBe('2027-05-20')
    expect(view.evidenceChoices).toEqual([])
  })

  it('refuses deductions beyond the deposit held, unpaid rent beyond what is owed, and evidence of another lease, changing nothing', async () => {
    const leaseId = signed.leaseId
    await startInspection(t.services, { leaseId, kind: 'move_in', actor: landlord })
    const [item] = await listInspectionEvidence(db(), { leaseId, viewer: who(signed.landlord) })
    const add = (input: Record<string, unknown>) =>
      codeOf(addDeduction(t.services, { leaseId, actor: landlord, input, now: at('2027-05-02') }))
    expect(await add({ amount: 'twelve', category: 'damage', reason: 'A hole in the wall' })).toMatch(/^invalid/)
    expect(await add({ amount: '2000.01', category: 'damage', reason: 'A hole in the wall' })).toMatch(/more than the \$2,000 held/)
    expect(await add({ amount: '1', category: 'spite', reason: 'Because' })).toMatch(/^invalid/)
    expect(await add({ amount: '1', category: 'damage', reason: 'A hole', evidence: [999_999_999] })).toMatch(/this lease’s inspections/)
    expect(
      await codeOf(
        addDeduction(t.services, { leaseId, actor: who(signed.tenant), input: { amount: '1', category: 'keys', reason: 'Keys' } }),
      ),
    ).toMatch(/^forbidden/)
    expect((await findDeposit(db(), { leaseId, viewer: who(signed.landlord) })).deductions).toEqual([])

    expect(await add({ amount: '1,500', category: 'unpaid_rent', reason: 'April rent not paid' })).toBe('ok')
    expect(await add({ amount: '600', category: 'unpaid_rent', reason: 'More rent' })).toMatch(/owes \$2,000 in the ledger/)
    expect(await add({ amount: '200', category: 'cleaning', reason: 'Oven left greasy', evidence: [item!.itemId] })).toBe('ok')
    expect(await add({ amount: '300.01', category: 'damage', reason: 'Door' })).toMatch(/more than the \$2,000 held/)
    expect(await add({ amount: '45', category: 'keys', reason: 'Two keys not returned' })).toBe('ok')
    const view = await findDeposit(db(), { leaseId, viewer: who(signed.landlord), now: at('2027-05-02') })
    expect(view.deductions.map((d) => [d.category, d.amountCents])).toEqual([
      ['unpaid_rent', 150_000],
      ['cleaning', 20_000],
      ['keys', 4_500],
    ])
    expect(view.deductions[1]!.evidence[0]).toMatchObject({ itemId: item!.itemId, kind: 'move_in', room: item!.room })
    expect(view.evidenceChoices.length).toBeGreaterThan(0)
    await takeBackDeduction(t.services, { leaseId, actor: landlord, deductionId: view.deductions[2]!.id })
    expect(await codeOf(takeBackDeduction(t.services, { leaseId, actor: landlord, deductionId: view.deductions[2]!.id }))).toMatch(
      /^not-found/,
    )
    expect((await findDeposit(db(), { leaseId, viewer: who(signed.landlord) })).refundCents).toBe(30_000)
  })

  it('sends the itemised statement late: posted to the ledger, kept, mailed, and final in the database', async () => {
    const leaseId = signed.leaseId
    const send = (input: Record<string, unknown>, actor: { userId: string; email: string } = landlord) =>
      codeOf(sendDepositStatement(t.services, { leaseId, actor, input, now: at('2027-05-21') }))
    expect(await send({ confirm: true })).toMatch(/Say how and when the refund of \$300 was paid/)
    expect(await send({ method: 'check', paidOn: '2027-05-30', confirm: true })).toMatch(/cannot be in the future/)
    expect(await send({ method: 'check', paidOn: '2027-05-21' })).toMatch(/^invalid/)
    expect(await send({ method: 'check', paidOn: '2027-05-21', confirm: true }, who(signed.tenant))).toMatch(/^forbidden/)
    expect(await balances(leaseId)).toEqual({ held: -200_000, tenant: 200_000, deductions: 0, refunded: 0 })

    expect(await send({ method: 'check', paidOn: '2027-05-21', reference: 'Check 77', confirm: 'on' })).toBe('ok')
    expect(await balances(leaseId)).toEqual({ held: 0, tenant: 50_000, deductions: -20_000, refunded: -30_000 })
    const view = await findDeposit(db(), { leaseId, viewer: who(signed.tenant), now: at('2027-06-01') })
    expect(view).toMatchObject({ state: 'sent', late: true, heldCents: 200_000, refundCents: 30_000, deductedCents: 170_000 })
    expect(view.sent).toMatchObject({ refundMethod: 'check', refundPaidOn: '2027-05-21', refundReference: 'Check 77' })

    const pdf = await findDepositStatement(db(), { leaseId, viewer: who(signed.tenant) })
    expect(sha256Hex(pdf.bytes)).toBe(view.sent!.sha256)
    const text = (await pdfPageTexts(pdf.bytes)).flat().join(' ')
    for (const words of [
      'Itemised deposit statement',
      'This statement was sent after the deadline.',
      'Unpaid rent',
      'Cleaning beyond normal wear',
      'Oven left greasy',
      'Evidence: Move-in inspection',
      'Check 77',
    ]) {
      expect(text).toContain(words)
    }
    expect(await codeOf(findDepositStatement(db(), { leaseId, viewer: who(stranger) }))).toMatch(/^not-found/)

    await t.services.jobs.runUntilIdle()
    const mails = t.mail.messages.filter(
      (mail) => mail.subject.startsWith('Your deposit statement') && mail.text.includes(view.sent!.sha256),
    )
    expect(mails).toHaveLength(1)
    expect(mails[0]!.to).toContain(signed.tenant.email)
    expect(mails[0]!.text).toContain('sent after the deadline')

    expect(await send({ method: 'check', paidOn: '2027-05-21', confirm: true })).toMatch(/^conflict: The statement was sent/)
    expect(
      await codeOf(addDeduction(t.services, { leaseId, actor: landlord, input: { amount: '1', category: 'keys', reason: 'Keys' } })),
    ).toMatch(/^conflict/)
    const id = (await db().execute(sql`select id from deposit_return where lease_id = ${leaseId}`)).rows[0]!.id
    for (const statement of [
      sql`update deposit_return set refund_cents = 0 where id = ${id}`,
      sql`delete from deposit_return where id = ${id}`,
      sql`update deposit_deduction set amount_cents = 1 where return_id = ${id}`,
      sql`delete from deposit_deduction where return_id = ${id}`,
      sql`insert into deposit_deduction (return_id, category, amount_cents, reason) values (${id}, 'keys', 1, 'x')`,
    ]) {
      expect(await codeOf(db().execute(statement))).toMatch(/final/)
    }
    expect(await balances(leaseId)).toEqual({ held: 0, tenant: 50_000, deductions: -20_000, refunded: -30_000 })
  })
})

describe('a third person', () => {
  it('gets 404 from every deposit page, form, PDF and API address, sent statement or not', async () => {
    const third = await signUpVerifiedUser(t, { name: 'Third Person' })
    const pages = await createPageApp(t)
    try {
      const sent = (await db().execute(sql`select lease_id from deposit_return where state = 'sent' limit 1`)).rows[0]!.lease_id
      // The page is there: a visitor signed out is sent to log in.
      expect((await pages.get(`/leases/${Number(sent)}/deposit`)).status).toBe(302)
      for (const leaseId of [Number(sent), 999_999]) {
        const headers = { Cookie: third.cookie }
        expect((await pages.get(`/leases/${leaseId}/deposit`, third.cookie)).status).toBe(404)
        expect((await pages.app.request(`${TEST_ORIGIN}/leases/${leaseId}/deposit/statement.pdf`, { headers })).status).toBe(404)
        const form = await pages.app.request(
          formRequest(`/leases/${leaseId}/deposit`, { intent: 'move_out', endedOn: '2027-04-30' }, { headers }),
        )
        expect(form.status).toBe(404)
        for (const [method, path, body] of [
          ['GET', '', undefined],
          ['POST', '/move-out', { endedOn: '2027-04-30' }],
          ['POST', '/deductions', { amount: '1', category: 'keys', reason: 'Keys' }],
          ['DELETE', '/deductions/1', undefined],
          ['POST', '/send', { confirm: true }],
          ['GET', '/statement.pdf', undefined],
        ] as const) {
          expect((await callApi(t, method, `/leases/${leaseId}/deposit${path}`, { cookie: third.cookie, body })).status).toBe(404)
        }
      }
      expect((await db().execute(sql`select count(*)::int as n from deposit_deduction`)).rows[0]!.n).toBe(2)
    } finally {
      await pages.close()
    }
  }, 120_000)
})

describe('a deposit never paid in full, and the reminders', () => {
  it('holds only what was paid, reminds the landlord 7 and 1 days before once each, and clears the unpaid part', async () => {
    // A $1,000 deposit of which $400 was paid, and a move-in inspection signed by both.
    const signed = { landlord: await listings.landlord(), tenant: await listings.renter() }
    const parties = { services: t.services, listings, owner: signed.landlord, renter: signed.tenant }
    const terms = { ...TERMS, depositCents: 100_000 }
    const { leaseId, landlord } = await tenancyAtMoveOut(parties, { terms, paidCents: 40_000, moveInNote: 'Freshly painted' })
    const view = await findDeposit(db(), { leaseId, viewer: who(signed.landlord), now: at('2027-03-02') })
    expect(view).toMatchObject({ chargedCents: 100_000, heldCents: 40_000, paidInFull: false })
    expect(view.evidenceChoices[0]).toMatchObject({ kind: 'move_in', condition: 'good', notes: 'Freshly painted' })
    await recordMoveOut(t.services, { leaseId, actor: landlord, input: { endedOn: '2027-03-31' } })
    // Due 2027-04-20: reminders on or after 04-13 and 04-19, once each however often the job runs.
    const reminders = () =>
      t.mail.messages.filter((mail) => mail.subject.startsWith('Deposit due back') && mail.to.includes(signed.landlord.email))
    expect(await sendDepositReminders(context(), at('2027-04-12'))).toBe(0)
    expect(await sendDepositReminders(context(), at('2027-04-13'))).toBe(1)
    await Promise.all([sendDepositReminders(context(), at('2027-04-14')), sendDepositReminders(context(), at('2027-04-14'))])
    expect(await sendDepositReminders(context(), at('2027-04-19'))).toBe(1)
    expect(await sendDepositReminders(context(), at('2027-04-20'))).toBe(0)
    expect(reminders().map((mail) => mail.subject.slice(0, 25))).toEqual(['Deposit due back in 7 day', 'Deposit due back in 1 day'])
    expect(reminders()[0]!.text).toContain('not legal advice')

    const tenantBefore = await accountBalance(db(), leaseId, 'tenant_receivable')
    await sendDepositStatement(t.services, {
      leaseId,
      actor: landlord,
      input: { method: 'cash', paidOn: '2027-04-15', confirm: true },
      // Late on the 15th in Delaware, already the 16th in UTC: the statement says the day where the home is.
      now: new Date('2027-04-16T02:30:00Z'),
    })
    const sent = await findDeposit(db(), { leaseId, viewer: who(signed.tenant), now: at('2027-04-16') })
    expect(sent.sent).toMatchObject({ at: '2027-04-16T02:30:00.000Z', on: '2027-04-15' })
    expect(await balances(leaseId)).toEqual({ held: 0, tenant: tenantBefore - 60_000, deductions: 0, refunded: -40_000 })
    expect(await sendDepositReminders(context(), at('2027-04-19'))).toBe(0)
  })
})
