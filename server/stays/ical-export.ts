// A listing's calendar as the iCalendar file other platforms import (RFC 5545): every held range of
// nights as one all-day event (DTSTART;VALUE=DATE, DTEND exclusive), each with a UID that stays the
// same for as long as the hold stands, so a platform updates rather than duplicates. Nothing about
// the guest is written: a booking is "Reserved", anything else "Not available". Pure, so it is unit-tested.
import { createHash } from 'node:crypto'
import type { HoldKind } from '#common/stays/vocabulary.ts'

export type ExportedHold = {
  id: number
  kind: HoldKind
  /** Nights [start, end) as dates. */
  start: string
  end: string
  bookingId: number | null
  feedId: number | null
  label: string
}

const compactDate = (date: string) => date.replaceAll('-', '')

/** UTC in the basic format, "20261208T150000Z" (RFC 5545 §3.3.5). */
const utcStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

/** TEXT values escape backslash, semicolon, comma and newline (§3.3.11). */
export const escapeText = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')

/** Lines longer than 75 octets are folded with CRLF and a space (§3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder()
  const parts: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = encoder.encode(char).length
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
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

/**
 * A hold's UID: a booking's is the booking's, a block's its row's; an imported event's is made from
 * the feed, the event's own UID and its first night, because an import replaces its rows each time.
 */
export function uidOfHold(hold: ExportedHold, domain: string): string {
  if (hold.kind === 'booking') return `booking-${hold.bookingId}@${domain}`
  if (hold.kind === 'host_block') return `block-${hold.id}@${domain}`
  const digest = createHash('sha256').update(`${hold.feedId}\n${hold.label}\n${hold.start}`).digest('hex').slice(0, 32)
  return `import-${digest}@${domain}`
}

export function listingCalendar({
  listingId,
  holds,
  domain,
  now,
}: {
  listingId: number
  holds: ExportedHold[]
  /** The site's host name, which makes the UIDs globally unique. */
  domain: string
  now: Date
}): string {
  const stamp = utcStamp(now)
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Cooper Home//Stay calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(`Cooper Home listing ${listingId}`)}`,
  ]
  for (const hold of holds) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${uidOfHold(hold, domain)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${compactDate(hold.start)}`,
      `DTEND;VALUE=DATE:${compactDate(hold.end)}`,
      `SUMMARY:${escapeText(hold.kind === 'booking' ? 'Reserved' : 'Not available')}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    )
  }
  lines.push('END:VCALENDAR')
  return `${lines.map(foldLine).join('\r\n')}\r\n`
}
