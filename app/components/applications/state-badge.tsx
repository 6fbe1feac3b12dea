// An application's state as a small badge, and a criterion's check as ✓, ✗ or ? with words beside it
// for screen readers: the same marks on the renter's and the landlord's pages.
import type { CriterionCheck } from '#common/applications/types.ts'
import { APPLICATION_STATE_LABELS, type ApplicationState } from '#common/applications/vocabulary.ts'

const TONES: Record<ApplicationState, string> = {
  draft: 'bg-gray-100 text-gray-800',
  submitted: 'bg-amber-100 text-amber-900',
  under_review: 'bg-amber-100 text-amber-900',
  info_requested: 'bg-sun-100 text-ink',
  approved: 'bg-green-100 text-green-900',
  conditionally_approved: 'bg-green-100 text-green-900',
  declined: 'bg-gray-200 text-gray-900',
  withdrawn: 'bg-gray-100 text-gray-800',
  expired: 'bg-gray-100 text-gray-800',
}

export function ApplicationStateBadge({ state }: { state: ApplicationState }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[state]}`}>
      {APPLICATION_STATE_LABELS[state]}
    </span>
  )
}

const MARKS = {
  met: { mark: '✓', words: 'met', className: 'text-green-800' },
  unmet: { mark: '✗', words: 'not met', className: 'text-red-800' },
  judgement: { mark: '?', words: 'needs judgement', className: 'text-amber-900' },
}

export const markOf = (met: boolean | null) => (met === true ? MARKS.met : met === false ? MARKS.unmet : MARKS.judgement)

/** ✓ / ✗ / ? with its meaning read out (and shown when `withWords`). */
export function CheckMark({ met, withWords = false }: { met: boolean | null; withWords?: boolean }) {
  const mark = markOf(met)
  return (
    <span className={`font-bold ${mark.className}`}>
      <span aria-hidden="true">{mark.mark}</span>
      {withWords ? <span className="ml-1 font-semibold">{mark.words}</span> : <span className="sr-only">{mark.words}</span>}
    </span>
  )
}

/** Each criterion with its mark and the figures it was judged on. */
export function CheckList({ checks }: { checks: CriterionCheck[] }) {
  if (checks.length === 0) return <p className="text-sm text-ink-soft">No criteria were published.</p>
  return (
    <ul className="space-y-2">
      {checks.map((check) => (
        <li key={check.criterion} className="flex flex-col sm:flex-row sm:gap-3">
          <span className="shrink-0 sm:w-40">
            <CheckMark met={check.met} withWords />
          </span>
          <span>
            <span className="font-semibold text-ink">{check.label}:</span> <span className="text-ink">{check.detail}</span>
          </span>
        </li>
      ))}
    </ul>
  )
}
