// What sending a statement posts to the ledger, as plain arithmetic: each part of the deposit leaves
// deposit_held for where it goes. A part of the deposit never paid is no longer owed; unpaid rent is paid
// from the deposit; other deductions are the landlord's; the rest is refunded. Together they leave
// deposit_held at zero; each is a balanced pair of entries. Parts of zero are not posted.
import type { LedgerAccount } from '#common/ledger/vocabulary.ts'

export type DepositMovement = {
  part: 'unpaid' | 'rent' | 'deductions' | 'refund'
  kind: 'deposit_deduction' | 'deposit_refund'
  memo: string
  entries: { account: LedgerAccount; amountCents: number }[]
}

export function depositMovements({
  inBooksCents,
  heldCents,
  rentCents,
  otherCents,
  reference,
}: {
  /** What deposit_held holds now (the deposit charged, as a positive amount). */
  inBooksCents: number
  /** What of it was paid. */
  heldCents: number
  rentCents: number
  otherCents: number
  reference: string
}): DepositMovement[] {
  const refundCents = heldCents - rentCents - otherCents
  const parts: [DepositMovement['part'], DepositMovement['kind'], number, LedgerAccount, string][] = [
    ['unpaid', 'deposit_refund', inBooksCents - heldCents, 'tenant_receivable', 'The part of the deposit never paid is no longer owed'],
    ['rent', 'deposit_deduction', rentCents, 'tenant_receivable', 'Deposit applied to unpaid rent'],
    ['deductions', 'deposit_deduction', otherCents, 'deduction_income', 'Deposit deductions kept'],
    ['refund', 'deposit_refund', refundCents, 'cash_refunded', `Deposit refunded${reference ? ` (${reference})` : ''}`],
  ]
  return parts
    .filter(([, , cents]) => cents > 0)
    .map(([part, kind, cents, account, memo]) => ({
      part,
      kind,
      memo,
      entries: [
        { account: 'deposit_held', amountCents: cents },
        { account, amountCents: -cents },
      ],
    }))
}
