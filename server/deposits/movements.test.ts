// The deposit's postings at move-out over thousands of random deposits, payments and deductions: every
// posting balances, deposit_held ends at zero, and the tenant's balance falls by exactly the unpaid part
// of the deposit and the unpaid rent taken from it.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { depositMovements } from './movements.ts'

const sumOf = (entries: { account: string; amountCents: number }[], account?: string) =>
  entries.filter((entry) => account === undefined || entry.account === account).reduce((sum, entry) => sum + entry.amountCents, 0) + 0

describe('the postings of a sent deposit statement', () => {
  it('balance, empty deposit_held and move the tenant balance by the unpaid deposit and the rent taken', () => {
    const cases = fc
      .record({
        inBooks: fc.integer({ min: 0, max: 10_000_000 }),
        paidShare: fc.double({ min: 0, max: 1, noNaN: true }),
        rentShare: fc.double({ min: 0, max: 1, noNaN: true }),
        otherShare: fc.double({ min: 0, max: 1, noNaN: true }),
      })
      .map(({ inBooks, paidShare, rentShare, otherShare }) => {
        const held = Math.floor(inBooks * paidShare)
        const rent = Math.floor(held * rentShare)
        const other = Math.floor((held - rent) * otherShare)
        return { inBooks, held, rent, other }
      })
    let checked = 0
    fc.assert(
      fc.property(cases, ({ inBooks, held, rent, other }) => {
        const movements = depositMovements({ inBooksCents: inBooks, heldCents: held, rentCents: rent, otherCents: other, reference: 'R' })
        const entries = movements.flatMap((movement) => movement.entries)
        for (const movement of movements) {
          expect(sumOf(movement.entries)).toBe(0)
          expect(movement.entries.every((entry) => Number.isSafeInteger(entry.amountCents) && entry.amountCents !== 0)).toBe(true)
        }
        expect(-inBooks + sumOf(entries, 'deposit_held')).toBe(0)
        expect(sumOf(entries, 'tenant_receivable')).toBe(held - inBooks - rent)
        expect(sumOf(entries, 'deduction_income')).toBe(0 - other)
        expect(sumOf(entries, 'cash_refunded')).toBe(rent + other - held)
        checked += 1
      }),
      { numRuns: 5_000 },
    )
    expect(checked).toBe(5_000)
  })
})
