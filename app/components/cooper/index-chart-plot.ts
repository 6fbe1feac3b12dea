// The uPlot options of the Cooper Index chart: a line per market over its shaded 90 % band, month
// ticks, values as the index or dollars. Only types come from uPlot here; the library itself is
// imported by the chart after the page has loaded.
import type uPlot from 'uplot'
import {
  type AlignedChart,
  type ChartUnit,
  formatAxisValue,
  isolatedIndexes,
  monthTicks,
  SERIES_STYLES,
  toPlotColumns,
  withAlpha,
} from '#common/cooper/chart.ts'

const AXIS_FONT = '12px ui-sans-serif, system-ui, sans-serif'
const AXIS_COLOR = '#4a5565'
const GRID_COLOR = '#e3e7e5'

type PlotArgs = {
  chart: AlignedChart
  start: number
  unit: ChartUnit
  width: number
  height: number
  pxRatio: number
  /** The hovered month, as an index into the shown months (null when the cursor leaves). */
  onCursor: (index: number | null) => void
}

export function buildPlot({ chart, start, unit, width, height, pxRatio, onCursor }: PlotArgs): {
  options: uPlot.Options
  data: uPlot.AlignedData
} {
  const { data, bands, lines } = toPlotColumns(chart, start)
  const series: uPlot.Series[] = [{}]
  for (const band of bands) {
    // The band edges are drawn only as the fill between them.
    const edge: uPlot.Series = { show: true, width: 0, stroke: 'transparent', points: { show: false }, spanGaps: false }
    series[band.upper] = { ...edge, label: `${chart.series[band.series]!.label} upper` }
    series[band.lower] = { ...edge, label: `${chart.series[band.series]!.label} lower` }
  }
  for (const line of lines) {
    const style = SERIES_STYLES[line.series]!
    series[line.column] = {
      label: chart.series[line.series]!.label,
      stroke: style.color,
      width: style.width,
      dash: [...style.dash],
      spanGaps: false,
      // A month alone between gaps has no line to show it: it is drawn as a dot.
      points: { show: true, size: 7, width: 0, fill: style.color, filter: isolatedIndexes(data[line.column]!) },
    }
  }

  let ticks = { ordinals: [] as number[], labels: [] as string[] }

  const options: uPlot.Options = {
    width,
    height,
    padding: [12, 16, 0, 0],
    legend: { show: false },
    series,
    bands: bands.map((band) => ({
      series: [band.upper, band.lower] as [number, number],
      fill: withAlpha(SERIES_STYLES[band.series]!.color, SERIES_STYLES[band.series]!.bandAlpha),
    })),
    scales: {
      x: { time: false, range: (_u, min, max) => (min === max ? [min - 1, max + 1] : [min, max]) },
      y: {
        range: (_u, min, max) => {
          if (min === null || max === null || !Number.isFinite(min) || !Number.isFinite(max)) return [0, 1]
          const pad = Math.max((max - min) * 0.08, unit === 'dollars' ? 10 : 1)
          return [min - pad, max + pad]
        },
      },
    },
    axes: [
      {
        font: AXIS_FONT,
        stroke: AXIS_COLOR,
        grid: { show: false },
        ticks: { stroke: GRID_COLOR },
        splits: (u, _axis, min, max) => {
          ticks = monthTicks(Math.ceil(min), Math.floor(max), u.bbox.width / pxRatio)
          return ticks.ordinals
        },
        values: (_u, splits) => splits.map((s) => ticks.labels[ticks.ordinals.indexOf(s)] ?? ''),
      },
      {
        font: AXIS_FONT,
        stroke: AXIS_COLOR,
        size: unit === 'dollars' ? 64 : 48,
        grid: { stroke: GRID_COLOR, width: 1 },
        ticks: { show: false },
        values: (_u, splits) => splits.map((v) => formatAxisValue(v, unit)),
      },
    ],
    // uPlot only finds the hovered month; the chart draws the crosshair, markers and tooltip itself,
    // the same for the mouse and the keyboard.
    cursor: { x: false, y: false, drag: { x: false, y: false, setScale: false }, focus: { prox: -1 }, points: { show: false } },
    hooks: {
      setCursor: [(u) => onCursor(u.cursor.idx ?? null)],
    },
  }
  return { options, data: data as uPlot.AlignedData }
}
