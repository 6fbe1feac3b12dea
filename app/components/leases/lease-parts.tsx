// Small pieces of the lease pages: a lease's state as a badge, and an instant in UTC (the record's time,
// the same on every screen) with the reader's own time beside it once the browser says which zone it is in.
import { useEffect, useState } from 'react'
import { formatWhen } from '#app/components/applications/format.ts'
import { LEASE_STATE_LABELS, type LeaseState } from '#common/leases/vocabulary.ts'

const TONES: Record<LeaseState, string> = {
  draft: 'bg-gray-100 text-gray-800',
  sent: 'bg-amber-100 text-amber-900',
  partially_signed: 'bg-sun-100 text-ink',
  fully_signed: 'bg-green-100 text-green-900',
  declined: 'bg-gray-200 text-gray-900',
  voided: 'bg-gray-200 text-gray-900',
  expired: 'bg-gray-100 text-gray-800',
}

export function LeaseStateBadge({ state }: { state: LeaseState }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[state]}`}>
      {LEASE_STATE_LABELS[state]}
    </span>
  )
}

/** "November 29, 2026 at 11:21 PM UTC (6:21 PM EST your time)": the server renders UTC, the browser adds its own zone. */
export function LeaseTime({ iso }: { iso: string }) {
  const [zone, setZone] = useState<string | null>(null)
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), [])
  const utc = formatWhen(iso, 'UTC')
  const local = zone && zone !== 'UTC' && zone !== 'Etc/UTC' ? formatWhen(iso, zone) : null
  return (
    <>
      <time dateTime={iso}>{utc}</time>
      {local && local !== utc ? <span className="text-ink-soft"> ({local} your time)</span> : null}
    </>
  )
}
