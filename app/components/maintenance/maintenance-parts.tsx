// Small pieces of the maintenance pages: a request's state and urgency as badges, a time in the home's
// zone with the zone named, and a time window of the tenant's.
import { formatDay, formatTourTime, zoneName } from '#common/tours/format.ts'
import type { TimeWindow } from '#common/maintenance/schemas.ts'
import { STATE_LABELS, URGENCY_LABELS, type MaintenanceState, type MaintenanceUrgency } from '#common/maintenance/vocabulary.ts'

const STATE_TONES: Record<MaintenanceState, string> = {
  new: 'bg-amber-100 text-amber-900',
  reopened: 'bg-amber-100 text-amber-900',
  acknowledged: 'bg-sun-100 text-ink',
  scheduled: 'bg-brand-100 text-brand-900',
  in_progress: 'bg-brand-100 text-brand-900',
  completed: 'bg-green-100 text-green-900',
  closed: 'bg-gray-200 text-gray-900',
  cancelled: 'bg-gray-200 text-gray-900',
}

const URGENCY_TONES: Record<MaintenanceUrgency, string> = {
  emergency: 'bg-red-700 text-white',
  urgent: 'bg-amber-100 text-amber-900',
  routine: 'bg-gray-100 text-gray-800',
}

const badge = 'inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap'

export function RequestStateBadge({ state }: { state: MaintenanceState }) {
  return <span className={`${badge} ${STATE_TONES[state]}`}>{STATE_LABELS[state]}</span>
}

export function UrgencyBadge({ urgency }: { urgency: MaintenanceUrgency }) {
  return <span className={`${badge} ${URGENCY_TONES[urgency]}`}>{URGENCY_LABELS[urgency]}</span>
}

/** "Tuesday, January 5, 10:30 AM EST": an instant on the home's clock, its zone named. */
export function HomeTime({ iso, timeZone }: { iso: string; timeZone: string }) {
  return <time dateTime={iso}>{formatTourTime(iso, timeZone)}</time>
}

/** "Monday, January 5, 09:00–12:00 (Eastern Standard Time)". */
export function WindowText({ window, timeZone }: { window: TimeWindow; timeZone: string }) {
  return (
    <>
      <time dateTime={window.date}>{formatDay(window.date)}</time>, {window.from}–{window.to}{' '}
      <span className="text-ink-soft">({zoneName(timeZone, new Date(`${window.date}T12:00:00Z`))})</span>
    </>
  )
}
