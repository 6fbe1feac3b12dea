// The address policy of imported calendars, tried for real: the production policy refuses every
// inward address however it is reached (a literal, a name, a redirect), and the fetch's limits hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFeedServer, type FeedServer } from '#tests/support/calendar-feeds.ts'
import { FeedFetchError, fetchCalendarText, type Resolver } from './ical-fetch.server.ts'
import { calendarPolicyOf, isPublicAddress, type CalendarFetchPolicy } from './ical-policy.server.ts'

const CALENDAR = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\nEND:VCALENDAR\r\n'
const INWARD = [
  '127.0.0.1',
  '::1',
  '10.1.2.3',
  '192.168.0.10',
  '169.254.169.254',
  '::ffff:7f00:1',
  '100.64.0.1',
  '0.0.0.0',
  '224.0.0.1',
  'fd00::1',
]

let feeds: FeedServer
let testPolicy: CalendarFetchPolicy

beforeAll(async () => {
  feeds = await startFeedServer()
  testPolicy = {
    hosts: ['10.0.0.1', '169.254.169.254'],
    allowsHttp: true,
    localServer: { address: feeds.address, port: feeds.port },
    timeoutMs: 500,
  }
})
afterAll(async () => {
  await feeds?.close()
})

/** The refusal's words, or 'fetched'. */
async function outcomeOf(policy: CalendarFetchPolicy, url: string, options: { resolve?: Resolver } = {}): Promise<string> {
  try {
    await fetchCalendarText(policy, url, options)
    return 'fetched'
  } catch (error) {
    if (!(error instanceof FeedFetchError)) throw error
    return error.message
  }
}

describe('the production policy', () => {
  // Even an operator who lists these hosts cannot open the way inward: the address rule stands apart.
  const production = calendarPolicyOf({ NODE_ENV: 'production', STAY_CALENDAR_HOSTS: [...INWARD, 'localhost', 'calendar.example.com'] })

  it('refuses loopback, private, link-local, shared, multicast, unspecified and IPv4-mapped addresses', async () => {
    for (const url of [
      'https://127.0.0.1/calendar.ics',
      'https://[::1]/calendar.ics',
      'https://10.1.2.3/calendar.ics',
      'https://192.168.0.10/calendar.ics',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::ffff:127.0.0.1]/calendar.ics',
      'https://100.64.0.1/calendar.ics',
    ]) {
      expect(await outcomeOf(production, url), url).toMatch(/points to a private or reserved network address/)
    }
    expect(INWARD.filter(isPublicAddress)).toEqual([])
    expect(['8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'].every(isPublicAddress)).toBe(true)
  })

  it('refuses a name that resolves to a private address, also when another of its addresses is public', async () => {
    expect(await outcomeOf(production, 'https://localhost/calendar.ics')).toMatch(/localhost points to a private/)
    const rebinding: Resolver = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.8', family: 4 },
    ]
    expect(await outcomeOf(production, 'https://calendar.example.com/c.ics', { resolve: rebinding })).toMatch(/points to a private/)
  })

  it('refuses hosts not on the allow-list, plain http, credentials and other ports', async () => {
    const defaults = calendarPolicyOf({ NODE_ENV: 'production', STAY_CALENDAR_HOSTS: ['www.airbnb.com', '*.booking.com'] })
    expect(await outcomeOf(defaults, 'https://evil.example/calendar.ics')).toBe(
      "Calendars from evil.example cannot be imported on this site. Ask the site's operator to allow that host.",
    )
    expect(await outcomeOf(defaults, 'https://www.airbnb.com.evil.example/c.ics')).toMatch(/cannot be imported/)
    expect(await outcomeOf(defaults, 'http://www.airbnb.com/calendar/ical/1.ics')).toBe('The address must start with https://.')
    expect(await outcomeOf(defaults, 'https://user:pass@www.airbnb.com/c.ics')).toMatch(/user name or password/)
    expect(await outcomeOf(defaults, 'https://www.airbnb.com:8443/c.ics')).toMatch(/may not name a port/)
    expect(await outcomeOf(defaults, `http://127.0.0.1:${feeds.port}/calendar.ics`)).toMatch(/must start with https/)
  })
})

describe('a fetch', () => {
  it('reads a calendar from the test server, and follows a redirect checked like the first address', async () => {
    feeds.set('/calendar.ics', { calendar: CALENDAR })
    feeds.set('/moved', { status: 302, headers: { Location: '/calendar.ics' } })
    expect(await fetchCalendarText(testPolicy, feeds.urlOf('/moved'))).toBe(CALENDAR)

    feeds.set('/to-metadata', { status: 302, headers: { Location: 'http://169.254.169.254/latest/meta-data/' } })
    feeds.set('/to-private', { status: 301, headers: { Location: 'http://10.0.0.1/calendar.ics' } })
    feeds.set('/to-elsewhere', { status: 307, headers: { Location: 'https://unlisted.example/calendar.ics' } })
    expect(await outcomeOf(testPolicy, feeds.urlOf('/to-metadata'))).toMatch(/169\.254\.169\.254 points to a private or reserved/)
    expect(await outcomeOf(testPolicy, feeds.urlOf('/to-private'))).toMatch(/10\.0\.0\.1 points to a private or reserved/)
    expect(await outcomeOf(testPolicy, feeds.urlOf('/to-elsewhere'))).toMatch(/redirected to an address that is not allowed/)
  })

  it('follows at most three redirects', async () => {
    for (const n of [1, 2, 3, 4]) feeds.set(`/hop${n}`, { status: 302, headers: { Location: n === 4 ? '/calendar.ics' : `/hop${n + 1}` } })
    feeds.set('/calendar.ics', { calendar: CALENDAR })
    expect(await outcomeOf(testPolicy, feeds.urlOf('/hop2'))).toBe('fetched')
    expect(await outcomeOf(testPolicy, feeds.urlOf('/hop1'))).toBe('The calendar redirected more than 3 times.')
  })

  it('gives up on a server that does not answer in time, a body over 1 MB, an error status and what is not a calendar', async () => {
    feeds.set('/slow', { hang: true })
    feeds.set('/huge', { calendar: CALENDAR.replace('END:VCALENDAR', `X-PAD:${'x'.repeat(1024 * 1024)}\r\nEND:VCALENDAR`) })
    // Sent in chunks, without a length to refuse it by in advance.
    const padded = CALENDAR.replace('END:VCALENDAR', `X-PAD:${'x'.repeat(1024 * 1024)}\r\nEND:VCALENDAR`)
    feeds.set('/huge-chunked', { status: 200, body: padded, headers: { 'Transfer-Encoding': 'chunked' } })
    feeds.set('/broken', { status: 500, body: 'Internal Server Error' })
    feeds.set('/login', { status: 200, body: '<!doctype html><title>Log in</title>', headers: { 'Content-Type': 'text/html' } })
    expect(await outcomeOf(testPolicy, feeds.urlOf('/slow'))).toBe('The calendar did not answer within 0.5 seconds.')
    expect(await outcomeOf(testPolicy, feeds.urlOf('/huge'))).toBe('The calendar is larger than 1 MB.')
    expect(await outcomeOf(testPolicy, feeds.urlOf('/huge-chunked'))).toBe('The calendar is larger than 1 MB.')
    expect(await outcomeOf(testPolicy, feeds.urlOf('/broken'))).toBe("The calendar's server answered 500 instead of the calendar.")
    expect(await outcomeOf(testPolicy, feeds.urlOf('/login'))).toMatch(/did not give a calendar/)
  })
})
