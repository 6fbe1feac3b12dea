// The pieces /searches and /searches/:id share: the search in words, its counts, and its forms
// (Open, Pause/Resume, Delete with a confirmation that works without JavaScript).
import { Form } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import type { SavedSearchSummary } from '#common/alerts/schemas.ts'
import type { FilterWord } from '#common/alerts/summary.ts'
import { ALERT_FREQUENCY_LABELS } from '#common/alerts/vocabulary.ts'

/** The search's filters as chips (read-only here: the search is changed on /properties). */
export function SearchWords({ words, label }: { words: FilterWord[]; label: string }) {
  if (words.length === 0) return <p className="text-sm text-ink-soft">Every home on Cooper Home</p>
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {words.map((word) => (
        <li key={word.key} className="rounded-full border border-brand-200 bg-brand-50 px-2.5 py-0.5 text-sm text-brand-900">
          {word.label}
        </li>
      ))}
    </ul>
  )
}

/** "How often: Once a day", "Paused", and the Cooper Index condition, in words. */
export function SearchSettingsLine({ search }: { search: SavedSearchSummary }) {
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-soft">
      <span>
        How often: <strong className="font-semibold text-ink">{ALERT_FREQUENCY_LABELS[search.frequency]}</strong>
      </span>
      {search.belowIndexPercent !== null ? <span>At least {search.belowIndexPercent} % below the Cooper Index typical rent</span> : null}
      {search.isPaused ? (
        <span className="rounded border border-sun-500 bg-sun-100 px-1.5 font-semibold text-ink">Paused: announces nothing</span>
      ) : null}
    </p>
  )
}

/** "N homes now", and "M new since you last looked" as a badge with its words. */
export function SearchCounts({ search }: { search: SavedSearchSummary }) {
  const now = search.homesNow
  return (
    <p className="flex flex-wrap items-center gap-3 text-sm">
      <span className="font-semibold">
        {now === null
          ? 'Finds nothing: it no longer reads'
          : `${now.total.toLocaleString('en-US')}${now.isTotalCapped ? '+' : ''} ${now.total === 1 ? 'home' : 'homes'} now`}
      </span>
      {search.newSinceSeen > 0 ? (
        <span className="rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-bold text-white">
          {search.newSinceSeen} new since you last looked
        </span>
      ) : (
        <span className="text-ink-soft">Nothing new since you last looked</span>
      )}
    </p>
  )
}

/** The reasons a saved search no longer reads ("its dates have passed"). */
export function SearchProblems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null
  return (
    <div className="rounded-lg border-2 border-sun-500 bg-sun-100 px-3 py-2 text-sm">
      <p className="font-semibold">This search no longer reads, so it finds and announces nothing:</p>
      <ul className="list-disc pl-5">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
      <p>Open it, correct the search, and update it.</p>
    </div>
  )
}

/** A one-button form about one saved search. */
export function SearchButton({
  id,
  intent,
  from,
  variant = 'secondary',
  label,
  children,
}: {
  id: number
  intent: string
  from?: 'search'
  variant?: 'primary' | 'secondary' | 'danger' | 'quiet'
  /** The button's accessible name, when its words alone do not say which search. */
  label?: string
  children: React.ReactNode
}) {
  return (
    <Form method="post" action={from === 'search' ? `/searches/${id}` : '/searches'}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {from ? <input type="hidden" name="from" value={from} /> : null}
      <Button variant={variant} aria-label={label}>
        {children}
      </Button>
    </Form>
  )
}

/** Delete, behind a disclosure that asks to confirm (works by keyboard and without JavaScript). */
export function DeleteSearch({ search, from }: { search: Pick<SavedSearchSummary, 'id' | 'name'>; from?: 'search' }) {
  return (
    <details className="group">
      <summary className="inline-flex cursor-pointer list-none items-center rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50">
        <span className="sr-only">{`Delete “${search.name}”…`}</span>
        <span aria-hidden="true">Delete…</span>
      </summary>
      <div className="mt-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm">
        <p className="mb-2">Delete “{search.name}” for good? Its past notifications stay.</p>
        <SearchButton id={search.id} intent="delete" from={from} variant="danger">
          Yes, delete it
        </SearchButton>
      </div>
    </details>
  )
}
