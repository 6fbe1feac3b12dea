/* eslint-disable max-lines -- one chart: uPlot's set-up, the keyboard tooltip, the legend and the table of every month all read the one aligned series */
// The Cooper Index chart: up to four markets as lines over their shaded 90 % bands, 1 year / 5 years /
// all, a tooltip on hover and from the keyboard. The server renders a fixed-height frame, the legend, the
// range buttons and the whole series as a table; uPlot and its CSS load in the browser after hydration,
// so they are in no page's first-load JavaScript. The table always lists every month, whatever the range.
import type uPlot from 'uplot'
import { type CSSProperties, Fragment, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import {
  alignSeries,
  type AlignedChart,
  CHART_RANGES,
  type ChartMarker,
  type ChartRange,
  type ChartSeries,
  type ChartUnit,
  hasValuesFrom,
  monthAnnouncement,
  monthOrdinal,
  monthReadout,
  nextChartIndex,
  rangeStart,
  SERIES_STYLES,
  withAlpha,
} from '#common/cooper/chart.ts'
import { buildPlot } from './index-chart-plot.ts'
import { IndexChartTable } from './index-chart-table.tsx'

export type { ChartPoint, ChartSeries } from '#common/cooper/chart.ts'

export type IndexChartProps = {
  /** 1..4 markets; the first is the primary. For `dollars`, values are whole dollars (not cents). */
  series: ChartSeries[]
  /** The accessible name of the chart and the caption of its data table. */
  title: string
  /** How values read: "112.4" or "$1,845". */
  unit: ChartUnit
  defaultRange?: ChartRange
}

type Geometry = {
  /** The highlighted month's x, in px from the chart area's left edge. */
  x: number
  plotTop: number
  plotHeight: number
  width: number
  height: number
  /** Where each series with a figure that month sits, in px from the chart area's top edge. */
  markers: { series: number; top: number }[]
}
type Tip = { index: number; source: 'mouse' | 'keyboard'; geometry: Geometry }
type Status = 'waiting' | 'ready' | 'failed'

/** Below this width the tooltip spans the chart instead of sitting beside the highlighted month. */
const DOCKED_BELOW_PX = 520

export function IndexChart({ series, title, unit, defaultRange = '5y' }: IndexChartProps) {
  // Keyed by content, so a parent that builds the series anew on each render does not redraw the chart.
  const signature = JSON.stringify(series)
  const chart = useMemo(() => alignSeries(JSON.parse(signature) as ChartSeries[]), [signature])
  const [range, setRange] = useState<ChartRange>(defaultRange)
  const [status, setStatus] = useState<Status>('waiting')
  const [tip, setTip] = useState<Tip | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const targetRef = useRef<HTMLDivElement>(null)
  const plotRef = useRef<uPlot | null>(null)
  const id = useId()
  const titleId = `${id}-title`
  const helpId = `${id}-help`

  const first = rangeStart(chart.months.length, range)
  const last = chart.months.length - 1
  const canDraw = hasValuesFrom(chart, first)

  useEffect(() => {
    const target = targetRef.current
    if (!target || !canDraw) return
    let cancelled = false
    let plot: uPlot | undefined
    let observer: ResizeObserver | undefined
    const sizeOf = () => ({ width: Math.max(1, Math.floor(target.clientWidth)), height: Math.max(1, Math.floor(target.clientHeight)) })

    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([module]) => {
        if (cancelled) return
        const UPlot = module.default
        const built = buildPlot({
          chart,
          start: first,
          unit,
          ...sizeOf(),
          pxRatio: UPlot.pxRatio,
          onCursor: (shownIndex) => {
            if (!plot) return
            const hovered = plot
            if (shownIndex === null) {
              // The mouse left: its tooltip goes, a keyboard user's stays until Escape or leaving the chart.
              setTip((current) => (current?.source === 'mouse' ? null : current))
              return
            }
            const index = first + shownIndex
            setTip((current) =>
              current?.source === 'mouse' && current.index === index
                ? current
                : { index, source: 'mouse', geometry: measure(hovered, chart, index, target) },
            )
          },
        })
        plot = new UPlot(built.options, built.data, target)
        plotRef.current = plot
        observer = new ResizeObserver(() => {
          if (!plot) return
          const size = sizeOf()
          if (size.width !== plot.width || size.height !== plot.height) {
            plot.setSize(size)
            setTip(null)
          }
        })
        observer.observe(target)
        setStatus('ready')
      })
      .catch(() => {
        if (!cancelled) setStatus('failed')
      })

    return () => {
      cancelled = true
      observer?.disconnect()
      plot?.destroy()
      plot = undefined
      plotRef.current = null
    }
  }, [chart, first, unit, canDraw])

  /** Highlights a month (an index into all months) from the keyboard, or hides the tooltip. */
  function highlight(index: number | null) {
    const plot = plotRef.current
    const target = targetRef.current
    if (!plot || !target) return
    if (index === null) {
      setTip(null)
      return
    }
    setTip({ index, source: 'keyboard', geometry: measure(plot, chart, index, target) })
    setAnnouncement(monthAnnouncement(chart, index, unit))
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next = nextChartIndex(tip?.index ?? null, event.key, first, last)
    if (next === undefined) return
    event.preventDefault()
    highlight(next)
  }

  function chooseRange(next: ChartRange) {
    setRange(next)
    setTip(null)
  }

  const isReady = status === 'ready' && canDraw
  const rangeLabel = CHART_RANGES.find((r) => r.range === range)?.label ?? ''

  return (
    <figure aria-labelledby={titleId} className="rounded-xl border border-gray-200 bg-white p-3 shadow-sm sm:p-4">
      {/* A figure's caption is its first or last child (HTML): the range buttons sit inside it, the title names it. */}
      <figcaption className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <span id={titleId} className="text-base font-semibold text-ink">
          {title}
        </span>
        <div role="group" aria-label="Time range" className="inline-flex rounded-lg border border-gray-300 bg-white p-0.5">
          {CHART_RANGES.map((r) => (
            <button
              key={r.range}
              type="button"
              aria-pressed={range === r.range}
              onClick={() => chooseRange(r.range)}
              className={`rounded-md px-3 py-1 text-sm font-semibold ${range === r.range ? 'bg-brand-700 text-white' : 'text-ink hover:bg-brand-50'}`}
            >
              {r.label}
            </button>
          ))}
        </div>
      </figcaption>

      <ChartLegend chart={chart} />

      <div className="relative mt-2 h-72 sm:h-80">
        <div
          ref={targetRef}
          className="absolute inset-0"
          data-chart-status={canDraw ? status : 'empty'}
          {...(isReady
            ? {
                role: 'application',
                tabIndex: 0,
                'aria-label': `${title}, chart, ${rangeLabel.toLowerCase()}`,
                'aria-describedby': helpId,
                onKeyDown,
                onFocus: () => {
                  if (!tip) highlight(last)
                },
                onBlur: () => setTip((current) => (current?.source === 'keyboard' ? null : current)),
              }
            : {})}
        />
        {!canDraw ? (
          <p className="absolute inset-0 flex items-center justify-center rounded-lg bg-brand-50/60 p-4 text-center text-sm text-ink-soft">
            Not enough data to draw this range yet.
          </p>
        ) : status === 'failed' ? (
          <p className="absolute inset-0 flex items-center justify-center rounded-lg bg-brand-50/60 p-4 text-center text-sm text-ink">
            The chart could not be loaded. The figures are in the table below.
          </p>
        ) : status === 'waiting' ? (
          <div aria-hidden="true" className="absolute inset-0 rounded-lg bg-brand-50/60">
            <noscript>
              <p className="flex h-full items-center justify-center p-4 text-center text-sm text-ink">
                The figures are in the table below.
              </p>
            </noscript>
          </div>
        ) : null}
        {tip && isReady ? <Highlight chart={chart} unit={unit} tip={tip} /> : null}
      </div>

      <p id={helpId} className="sr-only">
        Use the left and right arrow keys to move month by month, Page Up and Page Down to move a year, Home and End to jump to the first
        and last month, and Escape to hide the details. Each month&apos;s figures are also in the table after the chart.
      </p>
      <div aria-live="polite" className="sr-only" data-chart-announcer="">
        {announcement}
      </div>

      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-semibold text-brand-800 hover:underline">Show the data as a table</summary>
        <p className="mt-2 text-ink-soft">
          Every month, newest first. The 90 % band is the range the true figure lies in nine times in ten, from the sampling of homes alone;
          pairs are the repeat rents behind the month.
        </p>
        <div
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a table wider than a phone scrolls sideways; the keyboard must reach it to scroll it
          tabIndex={0}
          className="mt-2 overflow-x-auto rounded-lg border border-gray-200"
          role="region"
          aria-label={`${title}: data table`}
        >
          <IndexChartTable chart={chart} title={title} unit={unit} />
        </div>
      </details>
    </figure>
  )
}

/** Where the highlighted month and its figures sit on the drawn chart. */
function measure(plot: uPlot, chart: AlignedChart, index: number, target: HTMLElement): Geometry {
  const plotLeft = plot.over.offsetLeft
  const plotTop = plot.over.offsetTop
  const markers: Geometry['markers'] = []
  chart.series.forEach((s, i) => {
    const value = s.values[index] ?? null
    if (value !== null) markers.push({ series: i, top: plotTop + plot.valToPos(value, 'y') })
  })
  return {
    x: plotLeft + plot.valToPos(monthOrdinal(chart.months[index]!), 'x'),
    plotTop,
    plotHeight: plot.over.clientHeight,
    width: target.clientWidth,
    height: target.clientHeight,
    markers,
  }
}

/** The crosshair, a marker on each line and the tooltip for the highlighted month. */
function Highlight({ chart, unit, tip }: { chart: AlignedChart; unit: ChartUnit; tip: Tip }) {
  const { x, plotTop, plotHeight, width, height, markers } = tip.geometry
  const readout = monthReadout(chart, tip.index, unit)
  const isDocked = width < DOCKED_BELOW_PX
  const gap = 14
  let placement: CSSProperties
  if (isDocked) {
    // Spanning the chart, at the top or the bottom, away from where the lines are that month.
    const middle = markers.length ? markers.reduce((sum, m) => sum + m.top, 0) / markers.length : plotTop + plotHeight
    placement =
      middle < plotTop + plotHeight / 2
        ? { left: 4, right: 4, bottom: height - plotTop - plotHeight + 4 }
        : { left: 4, right: 4, top: plotTop + 4 }
  } else {
    const isOnLeft = x > width / 2
    const room = (isOnLeft ? x : width - x) - gap - 4
    placement = {
      top: plotTop + 4,
      maxWidth: Math.max(200, Math.min(360, room)),
      ...(isOnLeft ? { right: width - x + gap } : { left: x + gap }),
    }
  }
  const valueHeading = unit === 'dollars' ? 'Rent' : 'Index'

  return (
    <div aria-hidden="true" className="pointer-events-none">
      <div className="absolute w-0 border-l border-dashed border-ink-soft" style={{ left: x, top: plotTop, height: plotHeight }} />
      {markers.map((m) => (
        <Marker
          key={m.series}
          series={m.series}
          size={12}
          className="absolute -translate-x-1/2 -translate-y-1/2"
          style={{ left: x, top: m.top }}
        />
      ))}
      <div
        data-chart-tooltip=""
        className={`absolute z-10 rounded-lg border border-gray-300 bg-white/95 shadow-md ${isDocked ? 'px-2 py-1.5 text-xs' : 'px-3 py-2 text-sm'}`}
        style={placement}
      >
        <p className="font-semibold text-ink">{readout.month}</p>
        {/* A small table: market, value, 90 % band, pairs. */}
        <div className="mt-0.5 grid grid-cols-[minmax(0,auto)_auto_auto_auto] items-baseline gap-x-2.5 gap-y-0.5 tabular-nums">
          <span />
          <span className="text-right text-xs text-ink-soft">{valueHeading}</span>
          <span className="text-right text-xs text-ink-soft">90 % band</span>
          <span className="text-right text-xs text-ink-soft">Pairs</span>
          {readout.rows.map((row, i) => (
            <Fragment key={row.key}>
              <span className="flex items-baseline gap-1.5 font-medium">
                <Marker series={i} size={10} className="shrink-0 self-center" />
                {row.label}
              </span>
              {row.hasValue ? (
                <>
                  <span className="text-right font-semibold whitespace-nowrap">{row.value}</span>
                  <span className="text-right whitespace-nowrap text-ink-soft">{row.band ?? '—'}</span>
                </>
              ) : (
                <span className="col-span-2 text-right text-ink-soft italic">{row.value}</span>
              )}
              <span className="text-right text-ink-soft">{row.pairs ?? '—'}</span>
            </Fragment>
          ))}
        </div>
      </div>
    </div>
  )
}

function ChartLegend({ chart }: { chart: AlignedChart }) {
  const primary = SERIES_STYLES[0]!
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink" aria-label="Legend">
      {chart.series.map((s, i) => (
        <li key={s.key} className="flex items-center gap-1.5">
          <LineSwatch index={i} />
          <span className={i === 0 ? 'font-semibold' : undefined}>{s.label}</span>
        </li>
      ))}
      <li className="flex items-center gap-1.5 text-ink-soft">
        <svg width="24" height="12" aria-hidden="true" focusable="false">
          <rect x="0" y="1" width="24" height="10" rx="2" fill={withAlpha(primary.color, primary.bandAlpha)} />
        </svg>
        <span>Shaded: 90 % band</span>
      </li>
    </ul>
  )
}

function LineSwatch({ index }: { index: number }) {
  const style = SERIES_STYLES[index] ?? SERIES_STYLES[0]!
  return (
    <svg width="32" height="12" viewBox="0 0 32 12" aria-hidden="true" focusable="false" className="shrink-0">
      <line
        x1="1"
        y1="6"
        x2="31"
        y2="6"
        stroke={style.color}
        strokeWidth={style.width}
        strokeDasharray={style.dash.join(' ') || undefined}
      />
      <MarkerShape marker={style.marker} color={style.color} cx={16} cy={6} r={4} />
    </svg>
  )
}

/** A series' marker shape (circle, square, diamond, triangle), so markets differ without colour too. */
function Marker({ series, size, className, style }: { series: number; size: number; className?: string; style?: CSSProperties }) {
  const s = SERIES_STYLES[series] ?? SERIES_STYLES[0]!
  return (
    <svg width={size} height={size} viewBox="0 0 12 12" aria-hidden="true" focusable="false" className={className} style={style}>
      <MarkerShape marker={s.marker} color={s.color} cx={6} cy={6} r={4.5} />
    </svg>
  )
}

function MarkerShape({ marker, color, cx, cy, r }: { marker: ChartMarker; color: string; cx: number; cy: number; r: number }) {
  const common = { fill: '#ffffff', stroke: color, strokeWidth: 2 }
  switch (marker) {
    case 'square':
      return <rect x={cx - r * 0.85} y={cy - r * 0.85} width={r * 1.7} height={r * 1.7} {...common} />
    case 'diamond':
      return <polygon points={`${cx},${cy - r} ${cx + r},${cy} ${cx},${cy + r} ${cx - r},${cy}`} {...common} />
    case 'triangle':
      return <polygon points={`${cx},${cy - r} ${cx + r},${cy + r * 0.8} ${cx - r},${cy + r * 0.8}`} {...common} />
    default:
      return <circle cx={cx} cy={cy} r={r * 0.85} {...common} />
  }
}
