// An application's timeline from its event log: what happened, who did it, when, and why.
import type { ApplicationEventView } from '#common/applications/types.ts'
import { APPLICATION_STATE_LABELS, type ApplicationAction } from '#common/applications/vocabulary.ts'
import { formatWhen } from './format.ts'

const ACTION_LABELS: Record<ApplicationAction, string> = {
  drafted: 'Started',
  submitted: 'Sent',
  review_started: 'Review started',
  info_requested: 'Information requested',
  info_provided: 'Information provided',
  approved: 'Approved',
  conditionally_approved: 'Approved with conditions',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired without a decision',
  home_taken_notice: 'Told the home is taken',
  documents_deleted: 'Documents deleted',
  co_applicant_invited: 'Co-applicant invited',
  co_applicant_joined: 'Co-applicant joined',
  co_applicant_left: 'Co-applicant left',
  co_applicant_removed: 'Co-applicant removed',
}

/** The events, their times in `timeZone` (the home's). */
export function Timeline({ events, timeZone }: { events: ApplicationEventView[]; timeZone: string }) {
  if (events.length === 0) return <p className="text-ink-soft">Nothing has happened yet.</p>
  return (
    <ol className="space-y-3 border-l-2 border-gray-200 pl-4">
      {events.map((event) => (
        <li key={event.id} className="text-sm">
          <p>
            <span className="font-semibold text-ink">{ACTION_LABELS[event.action]}</span> by {event.actor === 'You' ? 'you' : event.actor},{' '}
            <time dateTime={event.at}>{formatWhen(event.at, timeZone)}</time>
            <span className="sr-only"> (now {APPLICATION_STATE_LABELS[event.toState]})</span>
          </p>
          {event.reason ? <p className="mt-0.5 text-ink">“{event.reason}”</p> : null}
        </li>
      ))}
    </ol>
  )
}
