import { describe, expect, it } from 'vitest'
import { listingTimeZone, timeZoneAt } from './time-zone.ts'

describe('a listing time zone', () => {
  it('follows the zone boundaries, not the state lines', () => {
    expect(timeZoneAt(42.3601, -71.0589)).toBe('America/New_York') // Boston
    expect(timeZoneAt(41.8781, -87.6298)).toBe('America/Chicago') // Chicago
    expect(timeZoneAt(39.7392, -104.9903)).toBe('America/Denver') // Denver
    expect(timeZoneAt(33.4484, -112.074)).toBe('America/Phoenix') // Phoenix: no daylight saving time
    expect(timeZoneAt(34.0522, -118.2437)).toBe('America/Los_Angeles') // Los Angeles
    expect(timeZoneAt(21.3069, -157.8583)).toBe('Pacific/Honolulu') // Honolulu
    // Indiana and Kentucky are split between Eastern and Central time.
    expect(timeZoneAt(39.7684, -86.1581)).toBe('America/Indiana/Indianapolis')
    expect(timeZoneAt(41.6032, -87.3372)).toBe('America/Chicago') // Gary, Indiana
    expect(timeZoneAt(38.2527, -85.7585)).toBe('America/Kentucky/Louisville')
  })

  it('keeps a stored zone and finds one for a row written before the column', () => {
    expect(listingTimeZone({ timeZone: 'America/Denver', latitude: 42.36, longitude: -71.06 })).toBe('America/Denver')
    expect(listingTimeZone({ timeZone: null, latitude: 42.36, longitude: -71.06 })).toBe('America/New_York')
  })

  it('answers UTC for a point the lookup refuses', () => {
    expect(timeZoneAt(Number.NaN, 0)).toBe('UTC')
  })
})
