import { describe, expect, it } from 'vitest'
import { timeFor } from './notices.server.ts'

// 9 December 2026, 20:00 UTC: 15:00 in Wilmington, 12:00 in Los Angeles.
const at = '2026-12-09T20:00:00.000Z'

describe('a deadline as each side reads it', () => {
  it('gives the host the listing’s zone', () => {
    expect(timeFor('host', at, { timeZone: 'America/New_York', guestTimeZone: 'America/Los_Angeles' })).toBe(
      'Wednesday, December 9 at 3:00 PM EST',
    )
  })

  it('gives the guest their own zone with the home’s beside it, or the home’s and UTC when the guest gave none', () => {
    expect(timeFor('guest', at, { timeZone: 'America/New_York', guestTimeZone: 'America/Los_Angeles' })).toBe(
      'Wednesday, December 9 at 12:00 PM PST (Wednesday, December 9 at 3:00 PM EST at the home)',
    )
    expect(timeFor('guest', at, { timeZone: 'America/New_York', guestTimeZone: null })).toBe(
      'Wednesday, December 9 at 3:00 PM EST (Wednesday, December 9 at 8:00 PM UTC)',
    )
    expect(timeFor('guest', at, { timeZone: 'America/New_York', guestTimeZone: 'America/Detroit' })).toBe(
      'Wednesday, December 9 at 3:00 PM EST',
    )
  })
})
