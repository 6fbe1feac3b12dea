// What the parties read of a lease's deposit return: what was charged and paid (so held) from the ledger,
// the end of the tenancy and the state's deadline, the deductions with the inspection items they cite
// (photos linked for the reader), and the statement once sent. Anyone else gets 'not-found'.
import { asc, eq } from 'drizzle-orm'
import { depositDueOn } from '#common/deposits/deadline.ts'
import type { DeductionView, DepositView, EvidenceItem } from '#common/deposits/types.ts'
import type { DeductionCategory, DepositReturnState } from '#common/deposits/vocabulary.ts'
import type { PaymentMethod } from '#common/ledger/vocabulary.ts'
import { stateRule, type StateCode } from '#common/leasing/state-rules.ts'
import type { Db } from '#server/db/client.server.ts'
import { depositDeduction, depositReturn } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import { tenancyPhotoLinks } from '#server/documents/index.server.ts'
import { listInspectionEvidence, type InspectionEvidence } from '#server/inspections/index.server.ts'
import {
  accountBalance,
  addressLine,
  readBooks,
  sideOf,
  todayAt,
  transactionsOf,
  type LedgerLease,
  type LedgerViewer,
} from '#server/ledger/index.server.ts'
import type { Tx } from '#server/listings/index.server.ts'

export type ReturnRow = typeof depositReturn.$inferSelect
export type DeductionRow = typeof depositDeduction.$inferSelect

export const depositPath = (leaseId: number) => `/leases/${leaseId}/deposit`

/** The state's deadline for returning a deposit; null where our table does not have it. */
export function deadlineOf(found: LedgerLease): DepositView['deadline'] {
  let rule
  try {
    rule = stateRule(found.premises.state as StateCode).depositReturn
  } catch {
    return null
  }
  return rule
    ? { state: found.premises.state, days: rule.days, isBusinessDays: rule.isBusinessDays, citation: rule.citation, note: rule.note }
    : null
}

export const dueOnFor = (found: LedgerLease, endedOn: string) => {
  const deadline = deadlineOf(found)
  return deadline ? depositDueOn(endedOn, deadline) : null
}

/** The deposit in the books: charged, paid (held for the tenant), still in deposit_held, and what else is owed. */
export async function depositMoney(db: Db | Tx, found: LedgerLease, now: Date) {
  const books = readBooks(await transactionsOf(db, found.id), { today: todayAt(found.timeZone, now), graceDays: found.terms.graceDays })
  const deposits = books.charges.filter((charge) => charge.kind === 'deposit')
  const chargedCents = deposits.reduce((sum, charge) => sum + charge.amountCents, 0)
  const heldCents = deposits.reduce((sum, charge) => sum + charge.paidCents, 0)
  const inBooksCents = -(await accountBalance(db, found.id, 'deposit_held'))
  const owedCents = Math.max(0, books.balanceCents - (chargedCents - heldCents))
  return { chargedCents, heldCents, inBooksCents, owedCents }
}

const evidenceKey = (room: string, item: string) => `${room.trim().toLowerCase()}\u0000${item.trim().toLowerCase()}`

/** The inspection items as evidence for one reader: a move-out item carries its move-in state beside it. */
export function evidenceFor(all: InspectionEvidence[], readerId: string): Map<number, EvidenceItem> {
  const links = tenancyPhotoLinks({ photoIds: all.flatMap((item) => item.photoIds), readerId })
  const photos = (ids: number[]) => ids.map((id) => ({ id: String(id), url: links.get(id) ?? null }))
  const moveIn = new Map(all.filter((item) => item.kind === 'move_in').map((item) => [evidenceKey(item.room, item.item), item]))
  return new Map(
    all.map((item) => {
      const before = item.kind === 'move_out' ? moveIn.get(evidenceKey(item.room, item.item)) : undefined
      return [
        item.itemId,
        {
          itemId: item.itemId,
          kind: item.kind,
          room: item.room,
          item: item.item,
          condition: item.condition,
          notes: item.notes,
          photos: photos(item.photoIds),
          moveIn: before ? { condition: before.condition, notes: before.notes, photos: photos(before.photoIds) } : null,
        },
      ]
    }),
  )
}

export async function returnOf(db: Db | Tx, leaseId: number): Promise<ReturnRow | null> {
  return (await db.select().from(depositReturn).where(eq(depositReturn.leaseId, leaseId)))[0] ?? null
}

export async function deductionsOf(db: Db | Tx, returnId: number): Promise<DeductionRow[]> {
  return db.select().from(depositDeduction).where(eq(depositDeduction.returnId, returnId)).orderBy(asc(depositDeduction.id))
}

/** A lease's deposit as one party sees it; 'not-found' for anyone else and before the lease is fully signed. */
export async function findDeposit(
  db: Db,
  { leaseId, viewer, now = new Date() }: { leaseId: number; viewer: LedgerViewer; now?: Date },
): Promise<DepositView> {
  const { lease: found, side } = await sideOf(db, leaseId, viewer)
  const money = await depositMoney(db, found, now)
  const row = await returnOf(db, leaseId)
  const deductionRows = row ? await deductionsOf(db, row.id) : []
  const evidence = evidenceFor(await listInspectionEvidence(db, { leaseId, viewer }), viewer.userId)
  const deductions: DeductionView[] = deductionRows.map((deduction) => ({
    id: deduction.id,
    category: deduction.category as DeductionCategory,
    amountCents: deduction.amountCents,
    reason: deduction.reason,
    evidence: deduction.evidenceItemIds.flatMap((id) => evidence.get(id) ?? []),
  }))
  const deductedCents = deductions.reduce((sum, deduction) => sum + deduction.amountCents, 0)
  const sent = row?.state === 'sent'
  const today = todayAt(found.timeZone, now)
  const dueOn = row?.dueOn ?? null
  return {
    leaseId,
    address: addressLine(found.premises),
    viewerRole: side,
    chargedCents: money.chargedCents,
    heldCents: sent ? row.heldCents! : money.heldCents,
    paidInFull: money.chargedCents > 0 && money.heldCents >= money.chargedCents,
    owedCents: money.owedCents,
    leaseEndDate: found.terms.endDate ?? null,
    state: row ? (row.state as DepositReturnState) : 'not_ended',
    endedOn: row?.endedOn ?? null,
    deadline: deadlineOf(found),
    dueOn,
    late: sent ? row.sentLate === true : dueOn !== null && today > dueOn,
    deductions,
    deductedCents,
    refundCents: sent ? row.refundCents! : Math.max(0, money.heldCents - deductedCents),
    sent: sent
      ? {
          at: row.sentAt!.toISOString(),
          on: todayAt(found.timeZone, row.sentAt!),
          refundMethod: (row.refundMethod as PaymentMethod | null) ?? null,
          refundPaidOn: row.refundPaidOn,
          refundReference: row.refundReference ?? '',
          sha256: row.sha256!,
          pdfPath: `${depositPath(leaseId)}/statement.pdf`,
        }
      : null,
    evidenceChoices: side === 'landlord' && !sent ? [...evidence.values()] : [],
  }
}

/** The sent statement's PDF, for a party of the lease; 'not-found' before it is sent and for anyone else. */
export async function findDepositStatement(db: Db, { leaseId, viewer }: { leaseId: number; viewer: LedgerViewer }) {
  await sideOf(db, leaseId, viewer)
  const row = await returnOf(db, leaseId)
  if (row?.state !== 'sent') throw new AppError('not-found', 'No such statement.')
  return { bytes: row.pdf!, sha256: row.sha256!, fileName: `lease-${leaseId}-deposit-statement.pdf` }
}
