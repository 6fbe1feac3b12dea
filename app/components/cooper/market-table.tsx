// The markets of the Cooper Index as a table: the latest typical rent, the change over a year, the 90 % band
// and the pairs behind it, grouped nation / states / cities. Sorting is a link and comparing a GET form, so
// both work before any script runs. The box to tick comes first; on a phone the table keeps the typical rent and
// the change over a year and leaves the index, band and pairs to wider screens, so nothing scrolls sideways.
import { Form, Link } from 'react-router'
import { TableRegion } from '#app/components/cooper/table-region.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { formatBand, formatChange, formatCount, formatDollars, formatIndex, NOT_ENOUGH_DATA } from '#common/cooper/figures.ts'
import { groupMarketRows, onlyCityOfStates, type MarketRow } from '#common/cooper/markets.ts'
import { cooperMarketPath } from '#common/cooper/paths.ts'
import { cooperHref, defaultDirection, MAX_COMPARED_MARKETS, type CooperQuery, type MarketSort } from '#common/cooper/query.ts'

type TableQuery = Pick<CooperQuery, 'sort' | 'dir' | 'compare' | 'unit'>

/** Columns shown from tablet width up. */
const WIDE = 'hidden md:table-cell'

const COLUMNS: { sort: MarketSort | null; label: string; numeric: boolean; wide?: boolean }[] = [
  { sort: 'market', label: 'Market', numeric: false },
  { sort: 'level', label: 'Typical rent', numeric: true },
  { sort: null, label: 'Index', numeric: true, wide: true },
  { sort: 'yoy', label: 'Over a year', numeric: true },
  { sort: null, label: '90 % band', numeric: true, wide: true },
  { sort: 'pairs', label: 'Pairs', numeric: true, wide: true },
]

function SortHeader({ column, query }: { column: (typeof COLUMNS)[number]; query: TableQuery }) {
  const align = `${column.numeric ? 'text-right' : 'text-left'}${column.wide ? ` ${WIDE}` : ''}`
  if (column.sort === null) {
    return (
      <th scope="col" className={`px-2 py-2 font-semibold text-ink md:px-3 md:whitespace-nowrap ${align}`}>
        {column.label}
      </th>
    )
  }
  const isCurrent = query.sort === column.sort
  const nextDir = isCurrent ? (query.dir === 'asc' ? 'desc' : 'asc') : defaultDirection(column.sort)
  const href = cooperHref({ ...query, sort: column.sort, dir: nextDir }, '#markets')
  return (
    <th
      scope="col"
      aria-sort={isCurrent ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined}
      className={`px-2 py-2 font-semibold md:px-3 md:whitespace-nowrap ${align}`}
    >
      <Link to={href} preventScrollReset className="text-brand-700 underline-offset-2 hover:underline">
        {column.label}
        <span aria-hidden="true" className="ml-1 inline-block w-3 text-ink-soft">
          {isCurrent ? (query.dir === 'asc' ? '↑' : '↓') : '↕'}
        </span>
        <span className="sr-only">{isCurrent ? `, sorted ${query.dir === 'asc' ? 'ascending' : 'descending'}` : ', sort'}</span>
      </Link>
    </th>
  )
}

function Row({ row, isCompared, onlyCity }: { row: MarketRow; isCompared: boolean; onlyCity?: MarketRow }) {
  const cell = 'px-2 py-2 text-right whitespace-nowrap tabular-nums md:px-3'
  return (
    <tr className="border-b border-gray-100" data-market={row.key}>
      <td className="py-2 pl-2 text-center md:pl-3">
        <input
          type="checkbox"
          name="compare"
          value={row.key}
          defaultChecked={isCompared}
          aria-label={`Compare ${row.label}`}
          className="size-5 accent-brand-700"
        />
      </td>
      <th scope="row" className="px-2 py-2 text-left font-medium md:px-3 md:whitespace-nowrap">
        <Link to={cooperMarketPath(row.key)} className="text-brand-700 underline-offset-2 hover:underline">
          {row.label}
        </Link>
        {onlyCity ? <span className="block text-xs font-normal text-ink-soft">{onlyCity.label} only: the same figures</span> : null}
      </th>
      {row.hasEnoughData && row.index !== null ? (
        <>
          <td className={cell}>{row.levelCents === null ? '—' : formatDollars(row.levelCents)}</td>
          <td className={`${cell} ${WIDE}`}>{formatIndex(row.index)}</td>
          <td className={cell}>{row.yearOverYear === null ? '—' : formatChange(row.yearOverYear)}</td>
          <td className={`${cell} ${WIDE}`}>{formatBand(row.band) ?? '—'}</td>
        </>
      ) : (
        <td colSpan={4} className="px-3 py-2 text-center text-ink-soft italic">
          {NOT_ENOUGH_DATA}
        </td>
      )}
      <td className={`${cell} ${WIDE}`}>{formatCount(row.pairs)}</td>
    </tr>
  )
}

export function MarketTable({ rows, query }: { rows: MarketRow[]; query: TableQuery }) {
  const groups = groupMarketRows(rows, query.sort, query.dir)
  const compared = new Set(query.compare)
  const onlyCities = onlyCityOfStates(rows)
  return (
    <Form method="get" action="/cooper#chart" preventScrollReset className="space-y-3">
      {query.sort !== 'market' ? <input type="hidden" name="sort" value={query.sort} /> : null}
      {query.dir !== defaultDirection(query.sort) ? <input type="hidden" name="dir" value={query.dir} /> : null}
      {query.unit === 'dollars' ? <input type="hidden" name="unit" value="dollars" /> : null}
      <p className="text-sm text-ink-soft">
        Tick up to {MAX_COMPARED_MARKETS} markets and compare them on the chart. A market needs enough homes let twice to show a figure; the
        band is the 90 % range of the latest month’s index.
      </p>
      <TableRegion captionId="markets-caption">
        <table className="w-full text-sm">
          <caption id="markets-caption" className="px-3 pt-3 text-left font-semibold text-ink">
            Markets, latest month
          </caption>
          <thead>
            <tr className="border-b border-gray-300">
              <th scope="col" className="py-2 pl-2 text-center font-semibold text-ink md:pl-3">
                Compare
              </th>
              {COLUMNS.map((column) => (
                <SortHeader key={column.label} column={column} query={query} />
              ))}
            </tr>
          </thead>
          {groups.map((group) => (
            <tbody key={group.kind}>
              <tr className="bg-gray-50">
                <th
                  scope="colgroup"
                  colSpan={COLUMNS.length + 1}
                  className="px-3 py-2 text-left text-xs font-semibold tracking-wider text-ink-soft uppercase"
                >
                  {group.heading}
                </th>
              </tr>
              {group.rows.map((row) => (
                <Row
                  key={row.key}
                  row={row}
                  isCompared={compared.has(row.key)}
                  onlyCity={row.kind === 'state' && row.stateCode !== null ? onlyCities.get(row.stateCode) : undefined}
                />
              ))}
            </tbody>
          ))}
        </table>
      </TableRegion>
      <div className="flex flex-wrap items-center gap-3">
        <Button>Compare ticked markets</Button>
        {query.compare.length > 0 ? (
          <Link to={cooperHref({ ...query, compare: [] }, '#chart')} preventScrollReset className="text-sm text-brand-700 underline">
            Clear the comparison
          </Link>
        ) : null}
      </div>
    </Form>
  )
}
