// The Cooper Index's headline figures for one market: the typical rent and index level, the changes over a
// year and a month, the 90 % band and how many repeat rents stand behind them, or "not enough data".
import type { ReactNode } from 'react'
import { formatBand, formatChange, formatCount, formatDollars, formatIndex, formatMonth, NOT_ENOUGH_DATA } from '#common/cooper/figures.ts'
import type { MarketRow } from '#common/cooper/markets.ts'

function Figure({ term, children, note }: { term: string; children: ReactNode; note?: ReactNode }) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-ink-soft">{term}</dt>
      <dd className="mt-1 text-2xl font-bold tracking-tight text-ink">{children}</dd>
      {note ? <dd className="mt-1 text-sm text-ink-soft">{note}</dd> : null}
    </div>
  )
}

/** "1,204 pairs from 980 homes": how many observations stand behind a figure. */
export function observationsSentence(pairs: number, units: number): string {
  return `${formatCount(pairs)} ${pairs === 1 ? 'pair' : 'pairs'} of rents from ${formatCount(units)} ${units === 1 ? 'home' : 'homes'}`
}

export function HeadlineFigures({ row, label }: { row: MarketRow; label: string }) {
  const month = formatMonth(row.latestMonth)
  const evidence = observationsSentence(row.pairs, row.units)
  if (!row.hasEnoughData || row.index === null) {
    return (
      <div className="rounded-xl border border-sun-300 bg-sun-100 p-4 text-ink" data-testid="headline">
        <p className="font-semibold">
          {label}, {month}: {NOT_ENOUGH_DATA}.
        </p>
        <p className="mt-1 text-sm">
          Only {evidence} were let again in {month}, too few for a figure we would stand behind.
        </p>
      </div>
    )
  }
  const band = formatBand(row.band)
  return (
    <div data-testid="headline">
      <p className="text-sm text-ink-soft">
        {label}, <time dateTime={row.latestMonth.slice(0, 7)}>{month}</time>
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure term="Typical rent" note={`Index ${formatIndex(row.index)} (${row.base})`}>
          {row.levelCents === null ? NOT_ENOUGH_DATA : formatDollars(row.levelCents)}
        </Figure>
        <Figure term="Over a year">{row.yearOverYear === null ? NOT_ENOUGH_DATA : formatChange(row.yearOverYear)}</Figure>
        {/* The change of the 3-month average, which rents move with the seasons and is not adjusted for: it says so
            where it is read. */}
        <Figure term="Over a month" note="Of the 3-month average · not seasonally adjusted">
          {row.monthOverMonth === null ? NOT_ENOUGH_DATA : formatChange(row.monthOverMonth)}
        </Figure>
        <Figure term="90 % band" note={evidence}>
          {band ?? NOT_ENOUGH_DATA}
        </Figure>
      </dl>
      <p className="mt-2 text-sm text-ink-soft">
        The 90 % band is how far the index may be off because of which homes happened to be let, counting that one home’s rents move
        together: if the method holds, nine times in ten the true figure lies within it. It does not cover rents that differ from what the
        homes were let for. It comes from {evidence}.
      </p>
    </div>
  )
}

/** Shown instead of the figures before the first computation. */
export function NotComputedYet() {
  return (
    <div role="status" className="rounded-xl border border-gray-300 bg-gray-50 p-5 text-ink">
      <p className="font-semibold">The Cooper Index has not been computed yet.</p>
      <p className="mt-1 text-ink-soft">
        It is computed every night from the asking rents of homes let through Cooper Home. Its figures appear here after the first run.
      </p>
    </div>
  )
}
