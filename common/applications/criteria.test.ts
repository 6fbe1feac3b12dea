import { describe, expect, it } from 'vitest'
import { checkCriteria, incomeToRent } from './criteria.ts'

const criteria = {
  incomeMultiple: 3,
  petPolicy: 'cats' as const,
  maxOccupants: 3,
  moveInFrom: '2026-01-01',
  moveInTo: '2026-02-15',
  otherRequirements: '',
}

const profile = {
  employment: [{ employer: 'Acme', position: '', from: '2020-01', monthlyIncomeCents: 350_000, contactName: '', contactPhone: '' }],
  otherIncome: [{ source: 'Housing Choice Voucher', monthlyCents: 70_000 }],
  occupants: [{ name: 'Sam', adult: true }],
  pets: [{ kind: 'cat' as const, size: 'small' as const, description: '' }],
}

const byCriterion = (checks: ReturnType<typeof checkCriteria>) => Object.fromEntries(checks.map((check) => [check.criterion, check]))

describe('checkCriteria', () => {
  it('says how each criterion is met, income counting every source', () => {
    const checks = byCriterion(checkCriteria({ criteria, profile, rentCents: 120_000, moveInDate: '2026-01-20' }))
    expect(checks.income).toEqual({
      criterion: 'income',
      label: 'Income',
      met: true,
      detail: '$4,200 a month, 3.5 × the rent; asks 3 ×',
    })
    expect(checks.pets).toMatchObject({ met: true, detail: 'Has 1 cat; cats allowed' })
    expect(checks.occupancy).toMatchObject({ met: true, detail: '2 people, the applicant included; at most 3' })
    expect(checks.move_in).toMatchObject({ met: true, detail: 'Moves in 2026-01-20; move-in between 2026-01-01 and 2026-02-15' })
    expect(checks.other).toBeUndefined()
  })

  it('marks what is not met', () => {
    const checks = byCriterion(
      checkCriteria({
        criteria: { ...criteria, maxOccupants: 1, petPolicy: 'none' },
        profile,
        rentCents: 150_000,
        moveInDate: '2026-03-01',
      }),
    )
    expect(checks.income).toMatchObject({ met: false, detail: '$4,200 a month, 2.8 × the rent; asks 3 ×' })
    expect(checks.pets).toMatchObject({ met: false, detail: 'Has 1 cat; no pets allowed' })
    expect(checks.occupancy?.met).toBe(false)
    expect(checks.move_in?.met).toBe(false)
  })

  it('income exactly at the multiple meets it; one decimal multiples read as written', () => {
    const [income] = checkCriteria({ criteria: { ...criteria, incomeMultiple: 2.5 }, profile, rentCents: 168_000, moveInDate: null })
    expect(income).toMatchObject({ met: true, detail: '$4,200 a month, 2.5 × the rent; asks 2.5 ×' })
  })

  it('leaves other requirements and unknowns to the landlord', () => {
    const checks = byCriterion(
      checkCriteria({
        criteria: { ...criteria, moveInTo: null, otherRequirements: ' No smoking. ' },
        profile: { ...profile, pets: [] },
        rentCents: null,
        moveInDate: null,
      }),
    )
    expect(checks.other).toEqual({ criterion: 'other', label: 'Other requirements', met: null, detail: 'No smoking.' })
    expect(checks.income?.met).toBeNull()
    expect(checks.move_in).toMatchObject({ met: null, detail: 'Move-in from 2026-01-01' })
    expect(checks.pets).toMatchObject({ met: true, detail: 'Has no pets; cats allowed' })
  })

  it('skips what the listing does not ask, and everything without criteria', () => {
    const checks = checkCriteria({
      criteria: { ...criteria, incomeMultiple: null, maxOccupants: null, moveInFrom: null, moveInTo: null, petPolicy: 'any' },
      profile: { ...profile, pets: [...profile.pets, { kind: 'dog', size: 'large', description: '' }] },
      rentCents: 100_000,
      moveInDate: '2026-01-01',
    })
    expect(checks).toEqual([{ criterion: 'pets', label: 'Pets', met: true, detail: 'Has 1 cat, 1 dog; pets allowed' }])
    expect(checkCriteria({ criteria: null, profile, rentCents: 100_000, moveInDate: null })).toEqual([])
  })
})

describe('incomeToRent', () => {
  it('is income over rent to one decimal, null without a rent', () => {
    expect(incomeToRent(420_000, 120_000)).toBe(3.5)
    expect(incomeToRent(415_000, 120_000)).toBe(3.5)
    expect(incomeToRent(0, 120_000)).toBe(0)
    expect(incomeToRent(420_000, null)).toBeNull()
    expect(incomeToRent(420_000, 0)).toBeNull()
  })
})
