import { describe, expect, it } from 'vitest'
import { streetLine, unitLabel } from './address.ts'

describe('unitLabel', () => {
  it('calls a bare unit a unit', () => {
    expect(unitLabel('3B')).toBe('Unit 3B')
    expect(unitLabel(' 12 ')).toBe('Unit 12')
  })

  it('keeps the kind a landlord typed, in its usual spelling, and never doubles it', () => {
    expect(unitLabel('Apt 3B')).toBe('Apt 3B')
    expect(unitLabel('apt. 3b')).toBe('Apt 3b')
    expect(unitLabel('Apartment 4')).toBe('Apt 4')
    expect(unitLabel('Unit 7')).toBe('Unit 7')
    expect(unitLabel('unit   7')).toBe('Unit 7')
    expect(unitLabel('Ste 200')).toBe('Suite 200')
    expect(unitLabel('Apt #5')).toBe('Apt 5')
    expect(unitLabel('PH')).toBe('PH')
    expect(unitLabel('rear')).toBe('Rear')
  })

  it('keeps a number sign', () => {
    expect(unitLabel('#3B')).toBe('#3B')
    expect(unitLabel('# 3B')).toBe('#3B')
  })

  it('does not take a word that only starts like a designator for one', () => {
    expect(unitLabel('Aptos 2')).toBe('Unit Aptos 2')
    expect(unitLabel('Garden level')).toBe('Unit Garden level')
  })

  it('is empty for no unit', () => {
    expect(unitLabel('')).toBe('')
    expect(unitLabel('   ')).toBe('')
  })
})

describe('streetLine', () => {
  it('joins the street and the unit', () => {
    expect(streetLine('12 Elm Street', 'Apt 3B')).toBe('12 Elm Street, Apt 3B')
    expect(streetLine('12 Elm Street', '3B')).toBe('12 Elm Street, Unit 3B')
    expect(streetLine('12 Elm Street', '')).toBe('12 Elm Street')
  })
})
