import { describe, expect, it } from 'vitest'
import { FeedParseError, readFeedEvents } from './ical-parse.ts'

const calendar = (...events: string[][]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//EN',
    ...events.flatMap((e) => ['BEGIN:VEVENT', ...e, 'END:VEVENT']),
    'END:VCALENDAR',
    '',
  ].join('\r\n')

const read = async (text: string, today = '2026-12-01', timeZone = 'America/New_York') =>
  (await readFeedEvents(text, { timeZone, today })).map(({ uid, start, end }) => ({ uid, start, end }))

describe('an imported calendar read into nights', () => {
  it('takes all-day events as their dates, DTEND exclusive, and a date without an end as one night', async () => {
    const text = calendar(
      ['UID:a@airbnb', 'DTSTART;VALUE=DATE:20261205', 'DTEND;VALUE=DATE:20261208', 'SUMMARY:Reserved'],
      ['UID:b', 'DTSTART;VALUE=DATE:20261220'],
    )
    expect(await readFeedEvents(text, { timeZone: 'America/New_York', today: '2026-12-01' })).toEqual([
      { uid: 'a@airbnb', summary: 'Reserved', start: '2026-12-05', end: '2026-12-08' },
      { uid: 'b', summary: '', start: '2026-12-20', end: '2026-12-21' },
    ])
  })

  it('takes every night any part of a timed event falls in, in the listing zone (a night runs noon to noon)', async () => {
    const text = calendar(
      // 15:00 to 11:00 two days later, New York: the two nights of a stay.
      ['UID:stay', 'DTSTART;TZID=America/New_York:20261210T150000', 'DTEND;TZID=America/New_York:20261212T110000'],
      // The same instants in UTC.
      ['UID:utc', 'DTSTART:20261220T200000Z', 'DTEND:20261222T160000Z'],
      // A morning in Los Angeles is the afternoon in New York: that night, not the one before.
      ['UID:la', 'DTSTART;TZID=America/Los_Angeles:20261228T100000', 'DTEND;TZID=America/Los_Angeles:20261228T110000'],
      // Floating times are read in the listing zone; a morning belongs to the night before.
      ['UID:floating', 'DTSTART:20270105T090000', 'DTEND:20270105T100000'],
    )
    expect(await read(text)).toEqual([
      { uid: 'stay', start: '2026-12-10', end: '2026-12-12' },
      { uid: 'utc', start: '2026-12-20', end: '2026-12-22' },
      { uid: 'la', start: '2026-12-28', end: '2026-12-29' },
      { uid: 'floating', start: '2027-01-04', end: '2027-01-05' },
    ])
  })

  it('reads a zone the calendar defines itself (VTIMEZONE) and the night a clock change falls in', async () => {
    const text = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//EN',
      'BEGIN:VTIMEZONE',
      'TZID:Pacific Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:16010101T020000',
      'TZOFFSETFROM:-0700',
      'TZOFFSETTO:-0800',
      'RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:16010101T020000',
      'TZOFFSETFROM:-0800',
      'TZOFFSETTO:-0700',
      'RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:windows-zone',
      // 08:30 in Seattle is 11:30 in New York on the day both switched to summer time (read as winter time it
      // would be 12:30, the next night): still the night before.
      'DTSTART;TZID=Pacific Standard Time:20270314T083000',
      'DTEND;TZID=Pacific Standard Time:20270314T084500',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n')
    expect(await read(text, '2027-03-01')).toEqual([{ uid: 'windows-zone', start: '2027-03-13', end: '2027-03-14' }])
  })

  it('expands recurring events over two years, without excluded or cancelled occurrences, with moved ones moved', async () => {
    const text = calendar(
      ['UID:weekly', 'DTSTART;VALUE=DATE:20261204', 'DTEND;VALUE=DATE:20261206', 'RRULE:FREQ=WEEKLY;COUNT=4', 'EXDATE;VALUE=DATE:20261211'],
      ['UID:weekly', 'RECURRENCE-ID;VALUE=DATE:20261218', 'DTSTART;VALUE=DATE:20261219', 'DTEND;VALUE=DATE:20261220'],
      ['UID:weekly', 'RECURRENCE-ID;VALUE=DATE:20261225', 'DTSTART;VALUE=DATE:20261225', 'DTEND;VALUE=DATE:20261227', 'STATUS:CANCELLED'],
      ['UID:gone', 'DTSTART;VALUE=DATE:20261210', 'DTEND;VALUE=DATE:20261211', 'STATUS:CANCELLED'],
    )
    expect(await read(text)).toEqual([
      { uid: 'weekly', start: '2026-12-04', end: '2026-12-06' },
      { uid: 'weekly', start: '2026-12-19', end: '2026-12-20' },
    ])
    const forever = await read(calendar(['UID:monthly', 'DTSTART;VALUE=DATE:20260115', 'RRULE:FREQ=MONTHLY']))
    // From this month's to the last before two years from today; past ones left out.
    expect(forever[0]).toEqual({ uid: 'monthly', start: '2026-12-15', end: '2026-12-16' })
    expect(forever.at(-1)).toEqual({ uid: 'monthly', start: '2028-11-15', end: '2028-11-16' })
    expect(forever).toHaveLength(24)
  })

  it('leaves out past nights and clips what lies beyond two years', async () => {
    const text = calendar(
      ['UID:past', 'DTSTART;VALUE=DATE:20261101', 'DTEND;VALUE=DATE:20261105'],
      ['UID:ongoing', 'DTSTART;VALUE=DATE:20261128', 'DTEND;VALUE=DATE:20261203'],
      ['UID:far', 'DTSTART;VALUE=DATE:20281125', 'DTEND;VALUE=DATE:20281210'],
    )
    expect(await read(text)).toEqual([
      { uid: 'ongoing', start: '2026-12-01', end: '2026-12-03' },
      { uid: 'far', start: '2028-11-25', end: '2028-11-30' },
    ])
  })

  it('refuses text that is not a calendar', async () => {
    await expect(read('<html><body>Log in</body></html>')).rejects.toThrow(FeedParseError)
    await expect(read('BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Somebody\r\nEND:VCARD\r\n')).rejects.toThrow('not a calendar')
    expect(await read(calendar())).toEqual([])
  })

  it('reads a calendar of thousands of events, and refuses one with more than it takes', async () => {
    const many = (n: number) =>
      calendar(...Array.from({ length: n }, (_, i) => [`UID:${i}`, 'DTSTART;VALUE=DATE:20270101', 'DTEND;VALUE=DATE:20270102']))
    expect(await read(many(4000))).toHaveLength(4000)
    await expect(read(many(5001))).rejects.toThrow('more than 5000 events')
  })

  it('refuses a rule that repeats too often to expand, and passes over one that ended', async () => {
    const minutely = calendar(['UID:spam', 'DTSTART:20200101T000000Z', 'DURATION:PT1M', 'RRULE:FREQ=MINUTELY'])
    await expect(read(minutely)).rejects.toThrow('repeats its events too often')
    const ended = calendar(['UID:old', 'DTSTART;VALUE=DATE:19000101', 'RRULE:FREQ=DAILY;UNTIL=20200101'])
    expect(await read(ended)).toEqual([])
  })
})
