import { describe, expect, it } from 'vitest'
import { applySchema, approveSchema, conditionalApprovalSchema, criteriaInputSchema, declineSchema } from './schemas.ts'

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))

describe('criteriaInputSchema', () => {
  it('reads a form: digits, empty fields as not set, the ticked box', () => {
    expect(
      criteriaInputSchema.parse({
        incomeMultiple: '2.5',
        petPolicy: 'cats',
        maxOccupants: '4',
        moveInFrom: '',
        moveInTo: '',
        accepting: 'on',
      }),
    ).toEqual({
      incomeMultiple: 2.5,
      petPolicy: 'cats',
      maxOccupants: 4,
      moveInFrom: null,
      moveInTo: null,
      otherRequirements: '',
      accepting: true,
    })
    expect(criteriaInputSchema.parse({ incomeMultiple: null, petPolicy: 'none', accepting: false })).toMatchObject({
      incomeMultiple: null,
      accepting: false,
    })
    expect(criteriaInputSchema.parse({ petPolicy: 'none' }).accepting).toBe(false)
  })

  it('refuses booleans, arrays, a second decimal, impossible dates and a window backwards', () => {
    const wrong = messages(
      criteriaInputSchema.safeParse({
        incomeMultiple: true,
        petPolicy: 'cats',
        maxOccupants: [3],
        moveInFrom: '2026-02-30',
        accepting: 'yes',
      }),
    )
    expect(Object.keys(wrong).sort()).toEqual(['accepting', 'incomeMultiple', 'maxOccupants', 'moveInFrom'])
    expect(messages(criteriaInputSchema.safeParse({ incomeMultiple: '2.55', petPolicy: 'cats' })).incomeMultiple).toMatch(/one decimal/)
    expect(messages(criteriaInputSchema.safeParse({ incomeMultiple: 11, petPolicy: 'cats' })).incomeMultiple).toMatch(/1 to 10/)
    expect(messages(criteriaInputSchema.safeParse({ petPolicy: 'any', moveInFrom: '2026-03-01', moveInTo: '2026-02-01' }))).toEqual({
      moveInTo: 'The latest move-in date cannot come before the earliest.',
    })
  })
})

describe('applySchema', () => {
  it('takes digit strings for the lease and refuses anything else', () => {
    expect(applySchema.parse({ moveInDate: '2026-01-15', leaseMonths: '12' })).toEqual({
      moveInDate: '2026-01-15',
      leaseMonths: 12,
      note: '',
    })
    expect(Object.keys(messages(applySchema.safeParse({ moveInDate: '15/01/2026', leaseMonths: true })))).toEqual([
      'moveInDate',
      'leaseMonths',
    ])
    expect(applySchema.safeParse({ moveInDate: '2026-01-15', leaseMonths: 61 }).success).toBe(false)
  })
})

describe('decisions', () => {
  it('a decline needs a reason, and words for the other one', () => {
    expect(messages(declineSchema.safeParse({ reasons: [] }))).toEqual({ reasons: 'Choose at least one reason.' })
    expect(messages(declineSchema.safeParse({ reasons: 'other' }))).toEqual({ text: 'Explain the other reason.' })
    expect(declineSchema.parse({ reasons: ['income', 'income'] })).toEqual({ reasons: ['income'], text: '' })
    expect(declineSchema.safeParse({ reasons: ['because'] }).success).toBe(false)
  })

  it('a higher deposit needs its amount', () => {
    expect(messages(conditionalApprovalSchema.safeParse({ conditions: ['higher_deposit'] }))).toEqual({
      depositCents: 'Give the deposit you ask for.',
    })
    expect(conditionalApprovalSchema.parse({ conditions: 'higher_deposit', depositCents: '250000' })).toMatchObject({
      depositCents: 250_000,
    })
    expect(conditionalApprovalSchema.parse({ conditions: ['guarantor'], depositCents: '' })).toEqual({
      conditions: ['guarantor'],
      text: '',
      depositCents: null,
    })
  })

  it('approving takes the home by default', () => {
    expect(approveSchema.parse({})).toEqual({ homeTaken: true })
    expect(approveSchema.parse({ homeTaken: 'false' })).toEqual({ homeTaken: false })
    expect(approveSchema.safeParse({ homeTaken: 3 }).success).toBe(false)
  })
})
