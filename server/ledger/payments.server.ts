// Payments as the parties tell them. Cooper Home moves no money: the landlord records a payment
// (confirmed at once), or a tenant reports one, pending until the landlord confirms or rejects it. A
// confirmed payment posts cash received against what the tenant owes; reversing it (a bounced check)
// posts the reversal. Every step is an event of the payment; the front doors commit, then queue the
// receipt (rendered, kept and mailed by a job).
import { and, eq } from 'drizzle-orm'
import { paymentSchema, reasonSchema } from '#common/ledger/forms.ts'
import type { PaymentAction, PaymentState } from '#common/ledger/vocabulary.ts'
import { rentPayment, rentPaymentEvent } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import type { Tx } from '#server/listings/index.server.ts'
import { sideOf, todayAt, type LedgerActor, type LedgerServices } from './access.server.ts'
import { paymentEntries, post, reverse } from './posting.server.ts'

export const LEDGER_RECEIPT_JOB = 'ledger-receipt'

type PaymentRow = typeof rentPayment.$inferSelect

async function appendPaymentEvent(
  tx: Tx,
  row: PaymentRow,
  { actor, action, from, reason = '' }: { actor: LedgerActor; action: PaymentAction; from: PaymentState | null; reason?: string },
) {
  await tx.insert(rentPaymentEvent).values({
    paymentId: row.id,
    leaseId: row.leaseId,
    actorId: actor.userId,
    actorName: actor.name,
    action,
    fromState: from,
    toState: row.state,
    reason,
  })
}

async function postPayment(tx: Tx, row: PaymentRow, actorId: string): Promise<PaymentRow> {
  const transactionId = await post(tx, {
    leaseId: row.leaseId,
    kind: 'payment',
    memo: `Payment ${row.id}${row.reference ? ` (${row.reference})` : ''}`,
    effectiveOn: row.paidOn,
    key: `payment:${row.id}`,
    actorId,
    entries: paymentEntries(row.amountCents),
  })
  const [confirmed] = await tx
    .update(rentPayment)
    .set({ state: 'confirmed', transactionId })
    .where(eq(rentPayment.id, row.id))
    .returning()
  return confirmed!
}

/** The landlord records a payment they received, or a tenant reports one they made. */
export async function storeNewPayment(
  services: Pick<LedgerServices, 'database'>,
  { leaseId, actor, input, now = new Date() }: { leaseId: number; actor: LedgerActor; input: unknown; now?: Date },
): Promise<PaymentRow> {
  const { db } = services.database
  const { lease: found, side } = await sideOf(db, leaseId, actor)
  const payment = parseOrThrow(paymentSchema, input)
  if (payment.paidOn > todayAt(found.timeZone, now)) {
    throw new AppError('invalid', 'A payment cannot be dated in the future.', { paidOn: ['Give a day that has passed.'] })
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(rentPayment)
      .values({ leaseId, state: 'pending', ...payment, reportedBy: actor.userId, reportedByName: actor.name })
      .returning()
    await appendPaymentEvent(tx, row!, { actor, action: side === 'landlord' ? 'recorded' : 'reported', from: null })
    if (side === 'tenant') return row!
    return postPayment(tx, row!, actor.userId)
  })
}

async function lockedPayment(tx: Tx, leaseId: number, paymentId: number): Promise<PaymentRow> {
  const [row] = await tx
    .select()
    .from(rentPayment)
    .where(and(eq(rentPayment.id, paymentId), eq(rentPayment.leaseId, leaseId)))
    .for('update')
  if (!row) throw new AppError('not-found', 'No such payment.')
  return row
}

/** The landlord answers a payment: confirm or reject a pending one, reverse a confirmed one. */
export async function storePaymentAnswer(
  services: Pick<LedgerServices, 'database'>,
  {
    leaseId,
    paymentId,
    actor,
    action,
    input = {},
    now = new Date(),
  }: { leaseId: number; paymentId: number; actor: LedgerActor; action: 'confirmed' | 'rejected' | 'reversed'; input?: unknown; now?: Date },
): Promise<PaymentRow> {
  const { db } = services.database
  const { lease: found, side } = await sideOf(db, leaseId, actor)
  if (side !== 'landlord') throw new AppError('forbidden', 'Only the landlord confirms, rejects or reverses a payment.')
  if (!Number.isSafeInteger(paymentId) || paymentId <= 0) throw new AppError('not-found', 'No such payment.')
  const reason = action === 'confirmed' ? '' : parseOrThrow(reasonSchema, input).reason
  return db.transaction(async (tx) => {
    const row = await lockedPayment(tx, leaseId, paymentId)
    const from = row.state as PaymentState
    const expected: PaymentState = action === 'reversed' ? 'confirmed' : 'pending'
    if (from !== expected) throw new AppError('conflict', `This payment is ${from}: it cannot be ${action}.`)
    let next: PaymentRow
    if (action === 'confirmed') next = await postPayment(tx, row, actor.userId)
    else if (action === 'rejected') {
      ;[next] = (await tx.update(rentPayment).set({ state: 'rejected' }).where(eq(rentPayment.id, row.id)).returning()) as [PaymentRow]
    } else {
      await reverse(tx, {
        leaseId,
        transactionId: row.transactionId!,
        memo: `Payment ${row.id} reversed: ${reason}`,
        effectiveOn: todayAt(found.timeZone, now),
        actorId: actor.userId,
      })
      ;[next] = (await tx.update(rentPayment).set({ state: 'reversed' }).where(eq(rentPayment.id, row.id)).returning()) as [PaymentRow]
    }
    await appendPaymentEvent(tx, next, { actor, action, from, reason })
    return next
  })
}

async function announce(services: LedgerServices, row: PaymentRow) {
  if (row.state !== 'confirmed') return
  try {
    await services.jobs.send(LEDGER_RECEIPT_JOB, { paymentId: row.id })
  } catch (error) {
    services.logger.warn({ err: error, paymentId: row.id }, 'a payment was stored but its receipt was not queued')
  }
}

/** Front door: a payment recorded (landlord) or reported (tenant). */
export async function addPayment(services: LedgerServices, args: Parameters<typeof storeNewPayment>[1]) {
  const row = await storeNewPayment(services, args)
  await announce(services, row)
  return row
}

/** Front door: a payment confirmed, rejected or reversed by the landlord. */
export async function answerPayment(services: LedgerServices, args: Parameters<typeof storePaymentAnswer>[1]) {
  const row = await storePaymentAnswer(services, args)
  await announce(services, row)
  return row
}
