// A listing's published criteria in plain words, shown before anyone applies and beside each
// application judged by them, with their version and when they were published.
import { formatDate } from '#app/utils/format.ts'
import type { CriteriaView } from '#common/applications/types.ts'
import { criteriaSentences } from './format.ts'

export function CriteriaSummary({ criteria, rentCents }: { criteria: CriteriaView; rentCents: number | null }) {
  return (
    <div className="space-y-2">
      <dl className="space-y-1.5 text-sm">
        {criteriaSentences(criteria, rentCents).map((line) => (
          <div key={line.label} className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-2">
            <dt className="font-semibold text-ink">{line.label}</dt>
            <dd className="text-ink">{line.text}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-ink-soft">
        Criteria version {criteria.version}, published {formatDate(criteria.createdAt)}
      </p>
    </div>
  )
}
