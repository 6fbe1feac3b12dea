// The ledger's pure rules: the charges a lease makes and their proration, oldest-first allocation, the
// late fee capped by the state's rule, and the rent roll's CSV that no spreadsheet runs as a formula.
import { describe, expect, it } from 'vitest'
import { csvCell, rentRollCsv } from './csv.ts'
import { lateFeePlan } from './late-fee.ts'
import { allocate, chargesDue, proratedCents } from './schedule.ts'

describe('the charges of a lease', () => {
  const terms = { startDate: '2027-01-15', endDate: '2027-03-10', rentCents: 310_000, dueDay: 5, depositCents: 100_000, otherFees: [] }

  it('prorates a partial first and last month by days, due on the start date and then the due day', () => {
    expect(proratedCents(310_000, '2027-01', '2027-01-15', null)).toBe(170_000)
    expect(proratedCents(310_000, '2027-03', '2027-01-15', '2027-03-10')).toBe(100_000)
    expect(chargesDue(7, terms, '2027-12-31').map((c) => [c.key, c.dueOn, c.amountCents])).toEqual([
      ['deposit:7', '2027-01-15', 100_000],
      ['rent:7:2027-01', '2027-01-15', 170_000],
      ['rent:7:2027-02', '2027-02-05', 310_000],
      ['rent:7:2027-03', '2027-03-05', 100_000],
    ])
    expect(chargesDue(7, terms, '2027-02-04')).toHaveLength(2)
  })

  it('goes on month to month', () => {
    const open = { ...terms, startDate: '2027-01-01', endDate: null }
    expect(chargesDue(7, open, '2029-01-05').filter((c) => c.kind === 'rent')).toHaveLength(25)
  })
})

describe('allocation', () => {
  const charge = (id: number, dueOn: string, amountCents: number) => ({
    id,
    kind: 'rent' as const,
    memo: '',
    dueOn,
    amountCents,
    lateAfter: dueOn,
  })
  it('pays the oldest charge first and says what is paid, partly paid, due and late', () => {
    const { charges, unappliedCents } = allocate(
      [charge(2, '2027-02-01', 100), charge(1, '2027-01-01', 100), charge(3, '2027-03-01', 100)],
      150,
      '2027-02-15',
    )
    expect(charges.map((c) => [c.id, c.paidCents, c.status])).toEqual([
      [1, 100, 'paid'],
      [2, 50, 'late'],
      [3, 0, 'due'],
    ])
    expect(unappliedCents).toBe(0)
    expect(allocate([charge(1, '2027-01-01', 100)], 130, '2027-01-01').unappliedCents).toBe(30)
  })

  it('takes a waiver off its own charge before any payment: a newer charge waived leaves the older one to be paid', () => {
    const { charges, unappliedCents } = allocate(
      [
        charge(1, '2027-01-01', 100),
        { ...charge(2, '2027-02-01', 100), waivedCents: 100 },
        { ...charge(3, '2027-03-01', 100), waivedCents: 40 },
      ],
      120,
      '2027-03-15',
    )
    expect(charges.map((c) => [c.id, c.waivedCents, c.paidCents, c.owedCents, c.status])).toEqual([
      [1, 0, 100, 0, 'paid'],
      [2, 100, 0, 0, 'waived'],
      [3, 40, 20, 40, 'late'],
    ])
    expect(unappliedCents).toBe(0)
  })
})

describe('the late fee', () => {
  it("is capped by the state's rule and waits for the longer grace", () => {
    const terms = { rentCents: 200_000, lateFeeCents: 50_000, graceDays: 2, unitsInBuilding: undefined }
    expect(lateFeePlan('DE', terms)).toEqual({ amountCents: 10_000, graceDays: 8, citation: 'Del. Code tit. 25, § 5501(d)' })
    expect(lateFeePlan('NY', terms).amountCents).toBe(5_000)
    expect(lateFeePlan('PA', terms).amountCents).toBe(50_000)
  })
})

describe('the rent roll CSV', () => {
  it('neutralises every cell a spreadsheet would read as a formula', () => {
    for (const dangerous of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])
      expect(csvCell(dangerous).replace(/^"/, '').startsWith("'")).toBe(true)
    expect(csvCell('a,"b"')).toBe('"a,""b"""')
    expect(csvCell(-12)).toBe('-12')
    const csv = rentRollCsv({
      month: '2027-01',
      rows: [
        {
          leaseId: 1,
          address: '=HYPERLINK("http://x")',
          tenants: '@Bob',
          dueCents: 100,
          paidCents: 0,
          lateCents: 0,
          balanceCents: -5,
          pendingCount: 0,
        },
      ],
      totals: { dueCents: 100, paidCents: 0, lateCents: 0, balanceCents: -5, pendingCount: 0 },
    })
    expect(csv.split('\r\n')[1]).toBe(`2027-01,1,"'=HYPERLINK(""http://x"")",'@Bob,1.00,0.00,0.00,-0.05,0`)
  })
})
