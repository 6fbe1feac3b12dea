// A tour as an iCalendar invitation (RFC 5545, with the iTIP methods of RFC 5546): one UID for the tour's
// whole life, a SEQUENCE that rises with each change, METHOD:REQUEST while it stands and METHOD:CANCEL
// when it ends, so a calendar moves or removes the one event it holds. Pure, so it is unit-tested.

export type TourInvitation = {
  uid: string
  sequence: number
  method: 'REQUEST' | 'CANCEL'
  status: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED'
  startsAt: Date
  endsAt: Date
  stampedAt: Date
  summary: string
  location: string
  description: string
  url: string
  organizer: { name: string; email: string }
  attendee: { name: string; email: string }
}

/** UTC in the basic format, "20261208T150000Z" (RFC 5545 §3.3.5, form #2). */
const utc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

/** TEXT values escape backslash, semicolon, comma and newline (§3.3.11). */
const text = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')

/** A parameter value in quotes cannot hold a quote (§3.2). */
const param = (value: string) => `"${value.replace(/"/g, "'")}"`

/** Lines longer than 75 octets are folded with CRLF and a space (§3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder()
  const parts: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = encoder.encode(char).length
    const limit = parts.length === 0 ? 75 : 74
    if (octets + size > limit) {
      parts.push(current)
      current = ''
      octets = 0
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join('\r\n ')
}

export function tourInvitation(invite: TourInvitation): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Cooper Home//Tours//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${invite.method}`,
    'BEGIN:VEVENT',
    `UID:${invite.uid}`,
    `SEQUENCE:${invite.sequence}`,
    `DTSTAMP:${utc(invite.stampedAt)}`,
    `DTSTART:${utc(invite.startsAt)}`,
    `DTEND:${utc(invite.endsAt)}`,
    `STATUS:${invite.status}`,
    `SUMMARY:${text(invite.summary)}`,
    `LOCATION:${text(invite.location)}`,
    `DESCRIPTION:${text(invite.description)}`,
    `URL:${invite.url}`,
    `ORGANIZER;CN=${param(invite.organizer.name)}:mailto:${invite.organizer.email}`,
    `ATTENDEE;CN=${param(invite.attendee.name)};ROLE=REQ-PARTICIPANT:mailto:${invite.attendee.email}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(foldLine).join('\r\n')}\r\n`
}
