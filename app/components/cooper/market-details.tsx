// A market page's tables: the index by bedrooms, the companion figures from its current listings, and the
// places within it (the states of the nation, the cities of a state). On a phone the tables keep the figures a
// renter reads first (typical rent, change over a year) and leave the index, band and counts to wider screens,
// so nothing scrolls sideways; each still scrolls inside its own labelled region if it must.
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { TableRegion } from '#app/components/cooper/table-region.tsx'
import { formatBand, formatChange, formatCount, formatDollars, formatIndex, formatShare, NOT_ENOUGH_DATA } from '#common/cooper/figures.ts'
import type { AggregateWeight, MarketRow } from '#common/cooper/markets.ts'
import { cooperMarketPath } from '#common/cooper/paths.ts'

const th = 'px-2 py-2 font-semibold text-ink md:px-3 md:whitespace-nowrap'
const num = 'px-2 py-2 text-right whitespace-nowrap tabular-nums md:px-3'
/** Columns shown from tablet width up. */
const wide = 'hidden md:table-cell'

function CaptionedTable({ id, caption, children }: { id: string; caption: string; children: ReactNode }) {
  return (
    <TableRegion captionId={id}>
      <table className="w-full text-sm">
        <caption id={id} className="px-3 pt-3 text-left font-semibold text-ink">
          {caption}
        </caption>
        {children}
      </table>
    </TableRegion>
  )
}

/** The index figures of one row: typical rent, change over a year, band; or "not enough data" across them. */
function FigureCells({ row }: { row: MarketRow | null }) {
  if (!row || !row.hasEnoughData || row.index === null) {
    return (
      <td colSpan={4} className="px-3 py-2 text-center text-ink-soft italic">
        {NOT_ENOUGH_DATA}
      </td>
    )
  }
  return (
    <>
      <td className={num}>{row.levelCents === null ? '—' : formatDollars(row.levelCents)}</td>
      <td className={`${num} ${wide}`}>{formatIndex(row.index)}</td>
      <td className={num}>{row.yearOverYear === null ? '—' : formatChange(row.yearOverYear)}</td>
      <td className={`${num} ${wide}`}>{formatBand(row.band) ?? '—'}</td>
    </>
  )
}

function FigureHeaders({ first }: { first: string }) {
  return (
    <tr className="border-b border-gray-300">
      <th scope="col" className={`${th} text-left`}>
        {first}
      </th>
      <th scope="col" className={`${th} text-right`}>
        Typical rent
      </th>
      <th scope="col" className={`${th} ${wide} text-right`}>
        Index
      </th>
      <th scope="col" className={`${th} text-right`}>
        Over a year
      </th>
      <th scope="col" className={`${th} ${wide} text-right`}>
        90 % band
      </th>
      <th scope="col" className={`${th} ${wide} text-right`}>
        Pairs
      </th>
      <th scope="col" className={`${th} ${wide} text-right`}>
        Homes
      </th>
    </tr>
  )
}

export type BreakdownRow = { group: string; label: string; row: MarketRow | null; medianRentCents: number | null; activeListings: number }

export function BedroomsBreakdown({ rows, marketLabel }: { rows: BreakdownRow[]; marketLabel: string }) {
  return (
    <CaptionedTable id="bedrooms-caption" caption={`${marketLabel} by bedrooms, latest month`}>
      <thead>
        <FigureHeaders first="Bedrooms" />
      </thead>
      <tbody>
        {rows.map(({ group, label, row }) => (
          <tr key={group} className="border-b border-gray-100" data-bedrooms={group}>
            <th scope="row" className="px-2 py-2 text-left font-medium md:px-3 md:whitespace-nowrap">
              {label}
            </th>
            <FigureCells row={row} />
            <td className={`${num} ${wide}`}>{formatCount(row?.pairs ?? 0)}</td>
            <td className={`${num} ${wide}`}>{formatCount(row?.units ?? 0)}</td>
          </tr>
        ))}
      </tbody>
    </CaptionedTable>
  )
}

export type Companions = {
  medianRentCents: number | null
  activeListings: number
  medianDaysOnMarket: number | null
  priceCutShare: number | null
}

export function CompanionFigures({ companions }: { companions: Companions }) {
  const { medianRentCents, activeListings, medianDaysOnMarket, priceCutShare } = companions
  const none = 'no listings yet'
  const items: [string, string][] = [
    ['Median asking rent', medianRentCents === null ? none : formatDollars(medianRentCents)],
    ['Active listings', formatCount(activeListings)],
    ['Median days on the market', medianDaysOnMarket === null ? none : `${formatCount(Math.round(medianDaysOnMarket))} days`],
    ['Share with a price cut', priceCutShare === null ? none : formatShare(priceCutShare)],
  ]
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map(([term, value]) => (
        <div key={term} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
          <dt className="text-sm font-medium text-ink-soft">{term}</dt>
          <dd className="mt-1 text-xl font-bold text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

export function PlacesTable({ rows, caption }: { rows: MarketRow[]; caption: string }) {
  return (
    <CaptionedTable id="places-caption" caption={caption}>
      <thead>
        <FigureHeaders first="Market" />
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-gray-100">
            <th scope="row" className="px-2 py-2 text-left font-medium md:px-3 md:whitespace-nowrap">
              <Link to={cooperMarketPath(row.key)} className="text-brand-700 underline-offset-2 hover:underline">
                {row.label}
              </Link>
            </th>
            <FigureCells row={row} />
            <td className={`${num} ${wide}`}>{formatCount(row.pairs)}</td>
            <td className={`${num} ${wide}`}>{formatCount(row.units)}</td>
          </tr>
        ))}
      </tbody>
    </CaptionedTable>
  )
}

/** Cities listed by name in an aggregate's weights; the rest are summed in one row. */
const WEIGHTS_SHOWN = 10

/** The cities an aggregate (the nation, a state) is made of, the heaviest first, with their homes and weights. */
export function AggregateWeights({ weights, caption, withState }: { weights: AggregateWeight[]; caption: string; withState: boolean }) {
  const shown = weights.slice(0, WEIGHTS_SHOWN)
  const rest = weights.slice(WEIGHTS_SHOWN)
  const cityOf = (weight: AggregateWeight) => (withState ? `${weight.name}, ${weight.key.slice(0, 2).toUpperCase()}` : weight.name)
  return (
    <CaptionedTable id="weights-caption" caption={caption}>
      <thead>
        <tr className="border-b border-gray-300">
          <th scope="col" className={`${th} text-left`}>
            City
          </th>
          <th scope="col" className={`${th} text-right`}>
            Homes let
          </th>
          <th scope="col" className={`${th} text-right`}>
            Weight
          </th>
        </tr>
      </thead>
      <tbody>
        {shown.map((weight) => (
          <tr key={weight.key} className="border-b border-gray-100">
            <th scope="row" className="px-2 py-2 text-left font-medium md:px-3">
              <Link to={cooperMarketPath(weight.key)} className="text-brand-700 underline-offset-2 hover:underline">
                {cityOf(weight)}
              </Link>
            </th>
            <td className={num}>{formatCount(weight.homes)}</td>
            <td className={num}>{formatShare(weight.share)}</td>
          </tr>
        ))}
        {rest.length > 0 ? (
          <tr className="border-b border-gray-100">
            <th scope="row" className="px-2 py-2 text-left font-medium md:px-3">
              {formatCount(rest.length)} other {rest.length === 1 ? 'city' : 'cities'}
            </th>
            <td className={num}>{formatCount(rest.reduce((sum, weight) => sum + weight.homes, 0))}</td>
            <td className={num}>{formatShare(rest.reduce((sum, weight) => sum + weight.share, 0))}</td>
          </tr>
        ) : null}
      </tbody>
    </CaptionedTable>
  )
}
