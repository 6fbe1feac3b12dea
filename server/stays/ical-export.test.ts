import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { escapeText, foldLine, listingCalendar, type ExportedHold } from './ical-export.ts'

const holds: ExportedHold[] = [
  { id: 7, kind: 'booking', start: '2026-12-05', end: '2026-12-09', bookingId: 41, feedId: null, label: '' },
  { id: 8, kind: 'host_block', start: '2026-12-20', end: '2026-12-21', bookingId: null, feedId: null, label: 'Painting, kitchen; Dana' },
  { id: 9, kind: 'import', start: '2027-01-02', end: '2027-01-04', bookingId: null, feedId: 3, label: 'abc@airbnb.com' },
]

const build = (list = holds) =>
  listingCalendar({ listingId: 12, holds: list, domain: 'cooperhome.example', now: new Date('2026-11-30T09:15:42.123Z') })

describe('a listing calendar for other platforms', () => {
  it('is RFC 5545: CRLF lines, a PRODID, and all-day events with DTSTAMP, an exclusive DTEND and no personal data', () => {
    const text = build()
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/)
    const lines = text.split('\r\n')
    expect(lines.slice(0, 5)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Cooper Home//Stay calendar//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
    ])
    expect(lines.filter((l) => l === 'DTSTAMP:20261130T091542Z')).toHaveLength(3)
    expect(lines).toContain('DTSTART;VALUE=DATE:20261205')
    expect(lines).toContain('DTEND;VALUE=DATE:20261209')
    expect(lines.filter((l) => l.startsWith('SUMMARY:'))).toEqual(['SUMMARY:Reserved', 'SUMMARY:Not available', 'SUMMARY:Not available'])
    // The host's note on a block and an imported event's UID stay here.
    expect(text).not.toContain('Dana')
    expect(text).not.toContain('airbnb')

    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v))
    expect(events.map((e) => [e.startDate.toString(), e.endDate.toString(), e.startDate.isDate])).toEqual([
      ['2026-12-05', '2026-12-09', true],
      ['2026-12-20', '2026-12-21', true],
      ['2027-01-02', '2027-01-04', true],
    ])
  })

  it('gives each hold a UID that stays the same while the hold stands', () => {
    const uids = (text: string) => text.split('\r\n').filter((l) => l.startsWith('UID:'))
    const first = uids(build())
    expect(first[0]).toBe('UID:booking-41@cooperhome.example')
    expect(first[1]).toBe('UID:block-8@cooperhome.example')
    expect(new Set(first).size).toBe(3)
    // An import replaces its rows (new ids) on every fetch; the UID does not change with them.
    expect(uids(build(holds.map((h) => ({ ...h, id: h.id + 100 }))))[2]).toBe(first[2])
  })

  it('escapes text and folds long lines at 75 octets without splitting a character', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne')
    const folded = foldLine(`X-WR-CALNAME:${'é'.repeat(60)}`)
    for (const line of folded.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75)
    expect(
      folded
        .split('\r\n')
        .slice(1)
        .every((l) => l.startsWith(' ')),
    ).toBe(true)
    expect(folded.replaceAll('\r\n ', '')).toBe(`X-WR-CALNAME:${'é'.repeat(60)}`)
  })
})
