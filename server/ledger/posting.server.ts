// Writing to the books: a transaction and its entries in one database transaction, once per key. The
// database refuses anything unbalanced at commit and any change afterwards (migration ledger_rules);
// this module only ever inserts.
import { eq, inArray } from 'drizzle-orm'
import type { LedgerAccount, LedgerKind } from '#common/ledger/vocabulary.ts'
import { ledgerEntry, ledgerTransaction } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import type { Tx } from '#server/listings/index.server.ts'

export type Posting = {
  leaseId: number
  kind: LedgerKind
  memo: string
  effectiveOn: string
  dueOn?: string | null
  key: string
  reversesId?: number | null
  /** A waiver's charge, and why it was waived. */
  waivesId?: number | null
  reason?: string
  actorId?: string | null
  entries: { account: LedgerAccount; amountCents: number }[]
}

/** Posts a transaction; null when one with its key is already in the books (a job run again). */
export async function post(tx: Tx, posting: Posting): Promise<number | null> {
  const [row] = await tx
    .insert(ledgerTransaction)
    .values({
      leaseId: posting.leaseId,
      kind: posting.kind,
      memo: posting.memo,
      effectiveOn: posting.effectiveOn,
      dueOn: posting.dueOn ?? null,
      idempotencyKey: posting.key,
      reversesId: posting.reversesId ?? null,
      waivesId: posting.waivesId ?? null,
      reason: posting.reason ?? '',
      actorId: posting.actorId ?? null,
    })
    .onConflictDoNothing({ target: ledgerTransaction.idempotencyKey })
    .returning({ id: ledgerTransaction.id })
  if (!row) return null
  await tx.insert(ledgerEntry).values(posting.entries.map((entry) => ({ transactionId: row.id, leaseId: posting.leaseId, ...entry })))
  return row.id
}

/** The entries of a charge: the tenant owes it, credited to its income (a deposit is held, not income). */
export function chargeEntries(kind: 'rent' | 'fee' | 'deposit' | 'late_fee', amountCents: number): Posting['entries'] {
  const credit: Record<typeof kind, LedgerAccount> = {
    rent: 'rent_income',
    fee: 'fee_income',
    deposit: 'deposit_held',
    late_fee: 'late_fee_income',
  }
  return [
    { account: 'tenant_receivable', amountCents },
    { account: credit[kind], amountCents: -amountCents },
  ]
}

/** The entries of a waiver: the tenant owes that much less of a charge, taken back from the charge's income. */
export function waiverEntries(incomeAccount: LedgerAccount, amountCents: number): Posting['entries'] {
  return [
    { account: 'tenant_receivable', amountCents: -amountCents },
    { account: incomeAccount, amountCents },
  ]
}

/** The entries of a payment received: cash in, the tenant owes that much less. */
export function paymentEntries(amountCents: number): Posting['entries'] {
  return [
    { account: 'cash_received', amountCents },
    { account: 'tenant_receivable', amountCents: -amountCents },
  ]
}

/**
 * Reverses one transaction of a lease: the same entries with their signs turned, dated `effectiveOn`.
 * 'conflict' if it was reversed already, is itself a reversal or a waiver, or is a charge with a waiver;
 * 'not-found' if it is not this lease's.
 */
export async function reverse(
  tx: Tx,
  {
    leaseId,
    transactionId,
    memo,
    effectiveOn,
    actorId,
  }: { leaseId: number; transactionId: number; memo: string; effectiveOn: string; actorId: string | null },
): Promise<number> {
  const [original] = await tx.select().from(ledgerTransaction).where(eq(ledgerTransaction.id, transactionId))
  if (!original || original.leaseId !== leaseId) throw new AppError('not-found', 'No such transaction in this lease.')
  if (original.kind === 'reversal') throw new AppError('conflict', 'A reversal cannot itself be reversed.')
  if (original.kind === 'waiver') throw new AppError('conflict', 'A waiver is final: it cannot be reversed.')
  const [waiver] = await tx
    .select({ id: ledgerTransaction.id })
    .from(ledgerTransaction)
    .where(eq(ledgerTransaction.waivesId, transactionId))
    .limit(1)
  if (waiver) throw new AppError('conflict', 'A charge that was waived in part or whole cannot be reversed.')
  const entries = await tx
    .select()
    .from(ledgerEntry)
    .where(inArray(ledgerEntry.transactionId, [transactionId]))
  const id = await post(tx, {
    leaseId,
    kind: 'reversal',
    memo,
    effectiveOn,
    key: `reversal:${transactionId}`,
    reversesId: transactionId,
    actorId,
    entries: entries.map((entry) => ({ account: entry.account as LedgerAccount, amountCents: -entry.amountCents })),
  })
  if (id === null) throw new AppError('conflict', 'This transaction was reversed already.')
  return id
}
