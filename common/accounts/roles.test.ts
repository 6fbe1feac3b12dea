import { describe, expect, it } from 'vitest'
import { listsHomes, roleLabel, withLetting } from './roles.ts'

describe('roles', () => {
  it('lets landlords, and people who both rent and let, list homes', () => {
    expect(listsHomes('landlord')).toBe(true)
    expect(listsHomes('both')).toBe(true)
    expect(listsHomes('renter')).toBe(false)
    expect(listsHomes('')).toBe(false)
    expect(listsHomes('administrator')).toBe(false)
  })

  it('reads each role beside a name, and nothing for none', () => {
    expect(roleLabel('renter')).toBe('Renter')
    expect(roleLabel('landlord')).toBe('Landlord')
    expect(roleLabel('both')).toBe('Renter and landlord')
    expect(roleLabel('')).toBeNull()
    expect(roleLabel('toString')).toBeNull()
  })

  it('keeps a renter a renter when they choose to list a home', () => {
    expect(withLetting('renter')).toBe('both')
    expect(withLetting('both')).toBe('both')
    expect(withLetting('landlord')).toBe('landlord')
    expect(withLetting('')).toBe('landlord')
  })
})
