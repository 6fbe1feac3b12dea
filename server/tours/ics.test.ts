import { describe, expect, it } from 'vitest'
import { foldLine, tourInvitation } from './ics.ts'

const invite = {
  uid: 'tour-1b2c@cooper.home',
  sequence: 2,
  method: 'REQUEST' as const,
  status: 'CONFIRMED' as const,
  startsAt: new Date('2026-12-08T15:00:00Z'),
  endsAt: new Date('2026-12-08T15:30:00Z'),
  stampedAt: new Date('2026-11-29T14:05:07.123Z'),
  summary: 'Tour: Sunny two-bedroom, near the park; bright',
  location: '1200 Delaware Avenue, 3B, Wilmington, DE 19806',
  description: 'Party of 2.\nWe have a dog.',
  url: 'https://cooper.example/tours/1',
  organizer: { name: 'Lena "the" Landlord', email: 'lena@example.com' },
  attendee: { name: 'Rita Renter', email: 'rita@example.com' },
}

describe('a tour invitation', () => {
  it('carries the stable UID, the sequence, the method and UTC times, with CRLF line ends', () => {
    const ics = tourInvitation(invite)
    expect(ics.split('\r\n')).toEqual(
      expect.arrayContaining([
        'METHOD:REQUEST',
        'UID:tour-1b2c@cooper.home',
        'SEQUENCE:2',
        'DTSTAMP:20261129T140507Z',
        'DTSTART:20261208T150000Z',
        'DTEND:20261208T153000Z',
        'STATUS:CONFIRMED',
        'SUMMARY:Tour: Sunny two-bedroom\\, near the park\\; bright',
        'DESCRIPTION:Party of 2.\\nWe have a dog.',
        'ORGANIZER;CN="Lena \'the\' Landlord":mailto:lena@example.com',
      ]),
    )
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true)
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\n/)
  })

  it('cancels the same event', () => {
    const ics = tourInvitation({ ...invite, method: 'CANCEL', status: 'CANCELLED', sequence: 3 })
    expect(ics).toContain('METHOD:CANCEL\r\n')
    expect(ics).toContain('UID:tour-1b2c@cooper.home\r\n')
    expect(ics).toContain('SEQUENCE:3\r\n')
    expect(ics).toContain('STATUS:CANCELLED\r\n')
  })

  it('folds lines at 75 octets without splitting a character', () => {
    const line = `DESCRIPTION:${'é'.repeat(60)}`
    const folded = foldLine(line)
    for (const part of folded.split('\r\n')) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75)
    expect(folded.replace(/\r\n /g, '')).toBe(line)
  })
})
