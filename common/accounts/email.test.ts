import { describe, expect, it } from 'vitest'
import { normalizeEmail } from '#common/accounts/email.ts'

describe('normalizeEmail', () => {
  it('lower-cases the whole address, so profiles and lists are found in any letter case', () => {
    expect(normalizeEmail('Ada.Renter@Example.COM')).toBe('ada.renter@example.com')
  })

  it('drops spaces around the address', () => {
    expect(normalizeEmail('  ada@example.com \n')).toBe('ada@example.com')
  })

  it('leaves an already normal address as it is', () => {
    expect(normalizeEmail('ada@example.com')).toBe('ada@example.com')
  })
})
