// How an item stands for visitors, in words (not only a colour): Draft, Published, Scheduled for ….
import { utcTime, type Standing } from '#common/content/admin-types.ts'

const LOOKS = {
  draft: 'bg-gray-100 text-ink',
  published: 'bg-green-100 text-green-900',
  scheduled: 'bg-amber-100 text-amber-900',
}

export function StandingText({ standing }: { standing: Standing }) {
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${LOOKS[standing.kind]}`}>
      {standing.kind === 'draft' ? 'Draft' : standing.kind === 'published' ? 'Published' : `Scheduled for ${utcTime(standing.at)}`}
    </span>
  )
}
