import { describe, expect, it } from 'vitest'
import { bedroomsGroupOf, marketKeyOf } from './compute.server.ts'
import { dateOfMonth, monthOf } from './observations.server.ts'

describe('the Cooper Index pipeline helpers', () => {
  it('group studios with one-bedroom homes, then two, then three and more', () => {
    expect([0, 1, 2, 3, 7].map(bedroomsGroupOf)).toEqual(['0-1', '0-1', '2', '3+', '3+'])
  })

  it('key markets by nation, state, and state and city in URL-safe words', () => {
    expect(marketKeyOf()).toBe('us')
    expect(marketKeyOf('DE')).toBe('de')
    expect(marketKeyOf('DE', 'Wilmington')).toBe('de-wilmington')
    expect(marketKeyOf('NM', ' Española  ')).toBe('nm-espanola')
    expect(marketKeyOf('ID', "Coeur d'Alene")).toBe('id-coeur-d-alene')
  })

  it('count months from January 2000 in UTC and name their first day', () => {
    expect(monthOf(new Date('2000-01-31T23:59:59Z'))).toBe(0)
    expect(monthOf(new Date('2026-11-20T12:00:00Z'))).toBe(322)
    expect(dateOfMonth(0)).toBe('2000-01-01')
    expect(dateOfMonth(322)).toBe('2026-11-01')
    expect(dateOfMonth(monthOf(new Date('2024-12-01T00:00:00Z')))).toBe('2024-12-01')
  })
})
