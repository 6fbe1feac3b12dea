import { describe, expect, it } from 'vitest'
import { parseConfig } from '#server/config.server.ts'
import { calendarPolicyOf, refusalOfUrl } from './ical-policy.server.ts'

describe("the operator's allow-list of calendar hosts", () => {
  it('defaults to the big platforms and reads a list of names, with *. for subdomains', () => {
    expect(parseConfig({}).STAY_CALENDAR_HOSTS).toEqual(
      expect.arrayContaining(['www.airbnb.com', 'www.vrbo.com', 'ical.booking.com', 'calendar.google.com']),
    )
    const policy = calendarPolicyOf(parseConfig({ STAY_CALENDAR_HOSTS: ' Calendars.Example.com , *.rentals.example ' }))
    expect(policy).toEqual({ hosts: ['calendars.example.com', '*.rentals.example'], allowsHttp: false })
    expect(refusalOfUrl(policy, new URL('https://calendars.example.com/a.ics'))).toBeNull()
    expect(refusalOfUrl(policy, new URL('https://eu.rentals.example/a.ics'))).toBeNull()
    expect(refusalOfUrl(policy, new URL('https://rentals.example/a.ics'))).toMatch(/cannot be imported/)
    expect(refusalOfUrl(policy, new URL('https://evilrentals.example/a.ics'))).toMatch(/cannot be imported/)
  })

  it('allows plain http outside production only, still only to listed hosts', () => {
    const development = calendarPolicyOf(parseConfig({ NODE_ENV: 'development', STAY_CALENDAR_HOSTS: 'calendars.example.com' }))
    expect(refusalOfUrl(development, new URL('http://calendars.example.com/a.ics'))).toBeNull()
    expect(refusalOfUrl(development, new URL('http://other.example/a.ics'))).toMatch(/cannot be imported/)
  })

  it('stops the start on a value that is not a list of host names', () => {
    expect(() => parseConfig({ STAY_CALENDAR_HOSTS: 'https://www.airbnb.com/' })).toThrow(/STAY_CALENDAR_HOSTS: must be host names/)
    expect(() => parseConfig({ STAY_CALENDAR_HOSTS: 'a b.example' })).toThrow(/STAY_CALENDAR_HOSTS/)
  })
})
