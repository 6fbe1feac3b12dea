// The writes of a deposit's return, each for the lease's landlord only: the end of the tenancy recorded
// (which sets the state's deadline), deductions added and removed while drafting, and the itemised
// statement sent: rendered, kept with its SHA-256 and posted to the ledger in one database transaction.
// The front doors commit, then announce: the statement mailed to the tenants by a job, and both sides'
// open pages told. A sent statement is final (the database refuses any change to it).
import { and, eq } from 'drizzle-orm'
import { deductionSchema, moveOutSchema, sendStatementSchema } from '#common/deposits/forms.ts'
import { formatDollars } from '#common/leasing/state-rules.ts'
import type { Database } from '#server/db/client.server.ts'
import { depositDeduction, depositReturn, lease } from '#server/db/schema.ts'
import { AppError, parseOrThrow } from '#server/errors.server.ts'
import { listInspectionEvidence } from '#server/inspections/index.server.ts'
import type { SendOptions } from '#server/jobs/queue.server.ts'
import { post, sha256Hex, sideOf, todayAt, type LedgerViewer } from '#server/ledger/index.server.ts'
import type { Tx } from '#server/listings/index.server.ts'
import type { Logger } from '#server/logger.server.ts'
import type { PublicNews } from '#server/realtime/events.server.ts'
import { depositMovements } from './movements.ts'
import { deductionsOf, depositMoney, dueOnFor, returnOf } from './read.server.ts'
import { renderStatementPdf, statementLines } from './statement.server.ts'

export const DEPOSIT_STATEMENT_JOB = 'deposit-statement'

export type DepositServices = {
  database: Database
  jobs: { send(name: string, data?: Record<string, unknown>, options?: SendOptions): Promise<void> }
  realtime: { publish(news: PublicNews): Promise<void> }
  logger: Logger
}
type Args = { leaseId: number; actor: LedgerViewer; now?: Date }

async function landlordOf(db: Database['db'] | Tx, leaseId: number, actor: LedgerViewer) {
  const found = await sideOf(db, leaseId, actor)
  if (found.side !== 'landlord') throw new AppError('forbidden', 'Only the landlord records the return of the deposit.')
  return found.lease
}

async function draftOf(tx: Tx, leaseId: number) {
  const [row] = await tx.select().from(depositReturn).where(eq(depositReturn.leaseId, leaseId)).for('update')
  if (!row) throw new AppError('conflict', 'Record the end of the tenancy first.')
  if (row.state === 'sent') throw new AppError('conflict', 'The statement was sent: it is final and cannot change.')
  return row
}

/** The landlord records the day the tenancy ended (or corrects it while drafting): the deadline follows. */
export async function storeMoveOut(db: Database['db'], { leaseId, actor, input }: Args & { input: unknown }) {
  const found = await landlordOf(db, leaseId, actor)
  const { endedOn } = parseOrThrow(moveOutSchema, input)
  if (endedOn < found.terms.startDate) {
    throw new AppError('invalid', 'The tenancy cannot end before the lease starts.', {
      endedOn: [`Give a day on or after ${found.terms.startDate}.`],
    })
  }
  const dueOn = dueOnFor(found, endedOn)
  return db.transaction(async (tx) => {
    await tx.select({ id: lease.id }).from(lease).where(eq(lease.id, leaseId)).for('update')
    const existing = await returnOf(tx, leaseId)
    if (existing?.state === 'sent') throw new AppError('conflict', 'The statement was sent: it is final and cannot change.')
    if (existing) {
      const [row] = await tx.update(depositReturn).set({ endedOn, dueOn }).where(eq(depositReturn.id, existing.id)).returning()
      return row!
    }
    const [row] = await tx.insert(depositReturn).values({ leaseId, endedOn, dueOn, recordedBy: actor.userId }).returning()
    return row!
  })
}

/** A deduction added while drafting; the deductions together never exceed what is held. */
export async function storeDeduction(db: Database['db'], { leaseId, actor, input, now = new Date() }: Args & { input: unknown }) {
  const found = await landlordOf(db, leaseId, actor)
  const deduction = parseOrThrow(deductionSchema, input)
  const items = new Set((await listInspectionEvidence(db, { leaseId, viewer: actor })).map((item) => item.itemId))
  if (deduction.evidence.some((id) => !items.has(id))) {
    throw new AppError('invalid', 'Choose evidence from this lease’s inspections.', {
      evidence: ['Choose items from the inspections of this lease.'],
    })
  }
  return db.transaction(async (tx) => {
    const row = await draftOf(tx, leaseId)
    const money = await depositMoney(tx, found, now)
    const existing = await deductionsOf(tx, row.id)
    const total = existing.reduce((sum, each) => sum + each.amountCents, 0) + deduction.amount
    if (deduction.category === 'unpaid_rent') {
      const rent =
        existing.filter((each) => each.category === 'unpaid_rent').reduce((sum, each) => sum + each.amountCents, 0) + deduction.amount
      if (rent > money.owedCents) {
        throw new AppError('invalid', `The tenant owes ${formatDollars(money.owedCents)} in the ledger: unpaid rent cannot take more.`, {
          amount: [`At most ${formatDollars(Math.max(0, money.owedCents - rent + deduction.amount))} for unpaid rent.`],
        })
      }
    }
    if (total > money.heldCents) {
      throw new AppError(
        'invalid',
        `The deductions would come to ${formatDollars(total)}, more than the ${formatDollars(money.heldCents)} held.`,
        {
          amount: [`At most ${formatDollars(Math.max(0, money.heldCents - total + deduction.amount))} more can be deducted.`],
        },
      )
    }
    const [added] = await tx
      .insert(depositDeduction)
      .values({
        returnId: row.id,
        category: deduction.category,
        amountCents: deduction.amount,
        reason: deduction.reason,
        evidenceItemIds: deduction.evidence,
      })
      .returning()
    return added!
  })
}

/** A deduction taken back while drafting. */
export async function removeDeduction(db: Database['db'], { leaseId, actor, deductionId }: Args & { deductionId: number }) {
  await landlordOf(db, leaseId, actor)
  return db.transaction(async (tx) => {
    const row = await draftOf(tx, leaseId)
    const gone = await tx
      .delete(depositDeduction)
      .where(and(eq(depositDeduction.id, Number.isSafeInteger(deductionId) ? deductionId : 0), eq(depositDeduction.returnId, row.id)))
      .returning({ id: depositDeduction.id })
    if (gone.length === 0) throw new AppError('not-found', 'No such deduction.')
  })
}

/** The statement sent: rendered and kept, the deposit's movements posted to the ledger, all in one transaction. */
export async function storeSentStatement(db: Database['db'], { leaseId, actor, input, now = new Date() }: Args & { input: unknown }) {
  const found = await landlordOf(db, leaseId, actor)
  const refund = parseOrThrow(sendStatementSchema, input)
  const evidence = await listInspectionEvidence(db, { leaseId, viewer: actor })
  const today = todayAt(found.timeZone, now)
  return db.transaction(async (tx) => {
    const row = await draftOf(tx, leaseId)
    const money = await depositMoney(tx, found, now)
    const deductions = await deductionsOf(tx, row.id)
    const rentCents = deductions.filter((each) => each.category === 'unpaid_rent').reduce((sum, each) => sum + each.amountCents, 0)
    const otherCents = deductions.reduce((sum, each) => sum + each.amountCents, 0) - rentCents
    if (rentCents + otherCents > money.heldCents || rentCents > money.owedCents) {
      throw new AppError('conflict', 'The deductions are more than the deposit held or than the tenant owes now: take some back first.')
    }
    const refundCents = money.heldCents - rentCents - otherCents
    if (refundCents > 0 && (!refund.method || !refund.paidOn)) {
      throw new AppError('invalid', `Say how and when the refund of ${formatDollars(refundCents)} was paid.`, {
        ...(refund.method ? {} : { method: ['Choose how the refund was paid.'] }),
        ...(refund.paidOn ? {} : { paidOn: ['Give the day the refund was paid.'] }),
      })
    }
    if (refundCents > 0 && refund.paidOn > today) {
      throw new AppError('invalid', 'Record the refund once it is paid: the day cannot be in the future.', {
        paidOn: ['Give a day that has passed.'],
      })
    }
    const sent = {
      heldCents: money.heldCents,
      refundCents,
      refundMethod: refundCents > 0 ? refund.method : null,
      refundPaidOn: refundCents > 0 ? refund.paidOn : null,
      refundReference: refundCents > 0 ? refund.reference : null,
      sentLate: row.dueOn !== null && today > row.dueOn,
    }
    const pdf = await renderStatementPdf(found, statementLines({ found, row: { ...row, ...sent }, deductions, evidence }), now)
    const movements = depositMovements({
      inBooksCents: money.inBooksCents,
      heldCents: money.heldCents,
      rentCents,
      otherCents,
      reference: sent.refundReference ?? '',
    })
    for (const movement of movements) {
      await post(tx, {
        leaseId,
        kind: movement.kind,
        memo: movement.memo,
        effectiveOn: movement.part === 'refund' ? sent.refundPaidOn! : today,
        key: `deposit:${row.id}:${movement.part}`,
        actorId: actor.userId,
        entries: movement.entries,
      })
    }
    const [done] = await tx
      .update(depositReturn)
      .set({ ...sent, state: 'sent', sentAt: now, sentBy: actor.userId, pdf, sha256: sha256Hex(pdf) })
      .where(eq(depositReturn.id, row.id))
      .returning()
    return done!
  })
}
