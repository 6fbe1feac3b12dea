// The Cooper Index chart's data as a table: every month (newest first), each market's value, 90 % band
// and pairs. Server-rendered inside a closed <details>, so the figures are there before any script runs
// and for anyone who cannot use the chart.
import { Fragment } from 'react'
import { type AlignedChart, type ChartUnit, formatBand, formatChartValue, formatCount, formatMonth } from '#common/cooper/chart.ts'

type Props = { chart: AlignedChart; title: string; unit: ChartUnit }

export function IndexChartTable({ chart, title, unit }: Props) {
  const isComparison = chart.series.length > 1
  const valueHeading = unit === 'dollars' ? 'Typical rent' : 'Index'
  const rows = chart.months.map((month, index) => ({ month, index })).reverse()
  const cell = 'px-3 py-1.5 text-right tabular-nums whitespace-nowrap'
  const missing = 'px-3 py-1.5 text-right whitespace-nowrap text-ink-soft italic'

  return (
    <table className="min-w-full border-collapse text-sm">
      <caption className="px-3 py-2 text-left font-semibold text-ink">{title}</caption>
      <colgroup>
        <col />
      </colgroup>
      {chart.series.map((s) => (
        <colgroup key={s.key} span={3} />
      ))}
      <thead className="border-b border-gray-300 bg-brand-50 text-ink">
        {isComparison ? (
          <>
            <tr>
              <th scope="col" rowSpan={2} className="px-3 py-1.5 text-left align-bottom">
                Month
              </th>
              {chart.series.map((s) => (
                <th key={s.key} scope="colgroup" colSpan={3} className="border-l border-gray-300 px-3 py-1.5 text-center">
                  {s.label}
                </th>
              ))}
            </tr>
            <tr>
              {chart.series.map((s) => (
                <SubHeadings key={s.key} valueHeading={valueHeading} hasDivider />
              ))}
            </tr>
          </>
        ) : (
          <tr>
            <th scope="col" className="px-3 py-1.5 text-left">
              Month
            </th>
            <SubHeadings valueHeading={valueHeading} />
          </tr>
        )}
      </thead>
      <tbody>
        {rows.map(({ month, index }) => (
          <tr key={month} className="border-b border-gray-200 last:border-b-0">
            <th scope="row" className="px-3 py-1.5 text-left font-medium whitespace-nowrap">
              {formatMonth(month)}
            </th>
            {chart.series.map((s) => {
              const value = s.values[index] ?? null
              const band = formatBand(s.lows[index] ?? null, s.highs[index] ?? null, unit)
              const pairs = s.pairs[index] ?? null
              return (
                <Fragment key={s.key}>
                  <td className={`${value === null ? missing : cell} ${isComparison ? 'border-l border-gray-200' : ''}`}>
                    {formatChartValue(value, unit)}
                  </td>
                  <td className={band === null ? missing : cell}>{band ?? '—'}</td>
                  <td className={pairs === null ? missing : cell}>{pairs === null ? '—' : formatCount(pairs)}</td>
                </Fragment>
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function SubHeadings({ valueHeading, hasDivider = false }: { valueHeading: string; hasDivider?: boolean }) {
  return (
    <>
      <th scope="col" className={`px-3 py-1.5 text-right ${hasDivider ? 'border-l border-gray-300' : ''}`}>
        {valueHeading}
      </th>
      <th scope="col" className="px-3 py-1.5 text-right">
        90 % band
      </th>
      <th scope="col" className="px-3 py-1.5 text-right">
        Pairs
      </th>
    </>
  )
}
