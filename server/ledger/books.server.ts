// A lease's books read back: each charge net of any reversal and less what was waived of it, the credits
// (payments net of their reversals, and deposit applied), the balance as the sum of the tenant's
// receivable entries, and the payments applied to the charges oldest first (common/ledger/schedule.ts) —
// on read, never stored. A waiver is not a credit: it goes to its own charge, whatever its age.
import { and, asc, eq, sql } from 'drizzle-orm'
import { addDays, allocate, type BookCharge } from '#common/ledger/schedule.ts'
import { CHARGE_KINDS, type ChargeKind } from '#common/ledger/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { ledgerEntry, ledgerTransaction } from '#server/db/schema.ts'
import type { Tx } from '#server/listings/index.server.ts'

export type BookTransaction = {
  id: number
  kind: string
  memo: string
  effectiveOn: string
  dueOn: string | null
  reversesId: number | null
  waivesId: number | null
  reason: string
  receivableCents: number
  createdAt: Date
}

const isCharge = (kind: string): kind is ChargeKind => (CHARGE_KINDS as readonly string[]).includes(kind)

/** Every transaction of a lease with what it did to the tenant's receivable, in the order posted. */
export async function transactionsOf(db: Db | Tx, leaseId: number): Promise<BookTransaction[]> {
  return db
    .select({
      id: ledgerTransaction.id,
      kind: ledgerTransaction.kind,
      memo: ledgerTransaction.memo,
      effectiveOn: ledgerTransaction.effectiveOn,
      dueOn: ledgerTransaction.dueOn,
      reversesId: ledgerTransaction.reversesId,
      waivesId: ledgerTransaction.waivesId,
      reason: ledgerTransaction.reason,
      receivableCents: sql<number>`coalesce(sum(${ledgerEntry.amountCents}), 0)`.mapWith(Number),
      createdAt: ledgerTransaction.createdAt,
    })
    .from(ledgerTransaction)
    .leftJoin(ledgerEntry, and(eq(ledgerEntry.transactionId, ledgerTransaction.id), eq(ledgerEntry.account, 'tenant_receivable')))
    .where(eq(ledgerTransaction.leaseId, leaseId))
    .groupBy(ledgerTransaction.id)
    .orderBy(asc(ledgerTransaction.id))
}

/** The books of a lease as of `today`: charges with what was applied to each, credits and balance. */
export function readBooks(transactions: readonly BookTransaction[], { today, graceDays }: { today: string; graceDays: number }) {
  const byId = new Map(transactions.map((row) => [row.id, row]))
  const reversed = new Map(transactions.filter((row) => row.reversesId !== null).map((row) => [row.reversesId!, row]))
  const waived = new Map<number, number>()
  for (const row of transactions) {
    if (row.waivesId !== null) waived.set(row.waivesId, (waived.get(row.waivesId) ?? 0) - row.receivableCents)
  }
  const charges: BookCharge[] = []
  let creditCents = 0
  let balanceCents = 0
  for (const row of transactions) {
    balanceCents += row.receivableCents
    if (isCharge(row.kind)) {
      const undo = reversed.get(row.id)
      charges.push({
        id: row.id,
        kind: row.kind,
        memo: row.memo,
        dueOn: row.dueOn!,
        amountCents: row.receivableCents + (undo?.receivableCents ?? 0),
        lateAfter: addDays(row.dueOn!, graceDays),
        waivedCents: waived.get(row.id) ?? 0,
      })
    } else if (row.waivesId === null && !(row.kind === 'reversal' && isCharge(byId.get(row.reversesId!)?.kind ?? ''))) {
      creditCents -= row.receivableCents
    }
  }
  return { ...allocate(charges, creditCents, today), creditCents, balanceCents, reversedIds: new Set(reversed.keys()) }
}

/** The sum of a lease's entries on one account (signed, debit positive). */
export async function accountBalance(db: Db | Tx, leaseId: number, account: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntry.amountCents}), 0)`.mapWith(Number) })
    .from(ledgerEntry)
    .where(and(eq(ledgerEntry.leaseId, leaseId), eq(ledgerEntry.account, account)))
  return row?.total ?? 0
}
