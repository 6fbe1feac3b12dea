// What a saved search's Cooper Index condition compares with, in words: the typical rent of the city
// its text names for each bedrooms group, or that the index has too little data there yet (so the
// condition matches none there), or, with no city named, that each home meets its own city's index.
import { Link } from 'react-router'
import { formatCents } from '#app/utils/format.ts'
import type { IndexCoverage, TypicalRentView } from '#common/alerts/schemas.ts'

const EACH_OWN_CITY = "Each home is compared with its own city's index; homes in cities with too little data never count."

/** A month `YYYY-MM-01` as "Oct 2026". */
export function monthLabel(month: string): string {
  return new Date(`${month.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })
}

/** "±4 %": the band's half width as a whole percent. */
export const bandLabel = (halfWidth: number) => `±${Math.max(1, Math.round(halfWidth * 100))} %`

function typicalLine(bedrooms: string, place: string, typical: TypicalRentView | null): string {
  if (!typical)
    return `The Cooper Index has too little data for ${bedrooms} homes in ${place} yet: this condition matches none there until it has.`
  const rents = `${typical.pairs.toLocaleString('en-US')} repeat ${typical.pairs === 1 ? 'rent' : 'rents'}`
  const title = bedrooms.charAt(0).toUpperCase() + bedrooms.slice(1)
  return `${title} typical rent in ${place}: ${formatCents(typical.levelCents)} (90 % band ${bandLabel(typical.bandHalfWidth)}, ${rents}, ${monthLabel(typical.month)})`
}

export function IndexCoverageNote({ coverage, percent }: { coverage: IndexCoverage | null; percent: number | null }) {
  if (!coverage) return null
  return (
    <div className="space-y-1.5 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-ink" id="index-coverage">
      <p className="font-semibold">
        {percent === null
          ? 'What the Cooper Index condition would compare with'
          : `What “at least ${percent} % below the typical rent” compares with`}
      </p>
      {coverage.kind === 'city' ? (
        <ul className="list-disc space-y-1 pl-5">
          {coverage.groups.map((group) => (
            <li key={group.bedrooms}>{typicalLine(group.bedrooms, coverage.place, group.typical)}</li>
          ))}
        </ul>
      ) : (
        <p>
          {EACH_OWN_CITY}
          {coverage.kind === 'city-without-state'
            ? ` To see the typical rent of ${coverage.place} here, add its state to the search's text, as in “Austin, TX”.`
            : ''}
        </p>
      )}
      <p className="text-ink-soft">
        A home counts only when its rent is below the index's 90 % band too. The{' '}
        <Link to="/cooper" className="text-brand-700 underline">
          Cooper Index
        </Link>{' '}
        is a guide made from repeat asking rents, not advice.
      </p>
    </div>
  )
}
