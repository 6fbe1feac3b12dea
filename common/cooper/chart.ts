// Pure helpers of the Cooper Index chart: lining up markets on one month axis, the 1y / 5y / all
// windows, the words and numbers its tooltip, table and axes show, and keyboard movement.
// Browser-safe and free of the chart library, so the server render and the tests use them as they are.

export type ChartPoint = { month: string /* YYYY-MM-01 */; value: number | null; low: number | null; high: number | null; pairs: number }
export type ChartSeries = { key: string; label: string; points: ChartPoint[] }
export type ChartUnit = 'index' | 'dollars'
export type ChartRange = '1y' | '5y' | 'all'
export type ChartMarker = 'circle' | 'square' | 'diamond' | 'triangle'

/** At most this many markets share one chart; further series are left out. */
export const MAX_CHART_SERIES = 4

export const CHART_RANGES: { range: ChartRange; label: string; months: number | null }[] = [
  { range: '1y', label: '1 year', months: 12 },
  { range: '5y', label: '5 years', months: 60 },
  { range: 'all', label: 'All', months: null },
]

/**
 * How each series is drawn, in order: the first is the primary market. The colours keep at least 3:1
 * against white (non-text contrast) and differ for the common colour-vision deficiencies; the dash
 * patterns and the highlighted month's marker shapes tell the lines apart without colour, and the
 * legend shows all three.
 */
export const SERIES_STYLES: readonly { color: string; dash: readonly number[]; width: number; bandAlpha: number; marker: ChartMarker }[] = [
  { color: '#185a4a', dash: [], width: 2.5, bandAlpha: 0.2, marker: 'circle' },
  { color: '#b04a00', dash: [8, 4], width: 2, bandAlpha: 0.1, marker: 'square' },
  { color: '#2b5fb8', dash: [2, 3], width: 2, bandAlpha: 0.1, marker: 'diamond' },
  { color: '#8a3f8f', dash: [12, 4, 2, 4], width: 2, bandAlpha: 0.1, marker: 'triangle' },
]

/** One market on the shared month axis; a figure is null where the month has no number. */
export type AlignedSeries = {
  key: string
  label: string
  values: (number | null)[]
  lows: (number | null)[]
  highs: (number | null)[]
  /** Pairs behind each month; null for a month outside this market's own span. */
  pairs: (number | null)[]
}

export type AlignedChart = {
  /** Every month from the earliest to the latest of any series, oldest first, `YYYY-MM-01`. */
  months: string[]
  series: AlignedSeries[]
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const MONTH_PATTERN = /^(\d{4})-(\d{2})/

/** A month as a count of months since year 0 (`2026-10-01` → 2026 × 12 + 9), so months are one apart. */
export function monthOrdinal(month: string): number {
  const match = MONTH_PATTERN.exec(month)
  if (!match) throw new Error(`Not a month: ${month}`)
  return Number(match[1]) * 12 + Number(match[2]) - 1
}

export function monthFromOrdinal(ordinal: number): string {
  const year = Math.floor(ordinal / 12)
  const month = ordinal - year * 12 + 1
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`
}

/** "Oct 2026". */
export function formatMonth(month: string): string {
  const ordinal = monthOrdinal(month)
  return `${MONTH_NAMES[ordinal % 12]} ${Math.floor(ordinal / 12)}`
}

/** "October 2026", for what is read aloud. */
export function formatMonthLong(month: string): string {
  const ordinal = monthOrdinal(month)
  const long = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
  return `${long[ordinal % 12]} ${Math.floor(ordinal / 12)}`
}

const indexFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })
const dollarFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
})
const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

export const NOT_ENOUGH_DATA = 'Not enough data'

/** "112.4" for the index, "$1,845" for dollars; null reads "Not enough data". */
export function formatChartValue(value: number | null, unit: ChartUnit): string {
  if (value === null || !Number.isFinite(value)) return NOT_ENOUGH_DATA
  return unit === 'dollars' ? dollarFormat.format(value) : indexFormat.format(value)
}

/** "108.1–116.9" / "$1,790–$1,900"; null when either end is missing. */
export function formatBand(low: number | null, high: number | null, unit: ChartUnit, separator = '–'): string | null {
  if (low === null || high === null || !Number.isFinite(low) || !Number.isFinite(high)) return null
  return `${formatChartValue(low, unit)}${separator}${formatChartValue(high, unit)}`
}

export function formatPairs(pairs: number): string {
  return `${countFormat.format(pairs)} ${pairs === 1 ? 'pair' : 'pairs'}`
}

export function formatCount(count: number): string {
  return countFormat.format(count)
}

/** An axis tick value: whole dollars, or the index with at most one decimal. */
export function formatAxisValue(value: number, unit: ChartUnit): string {
  if (unit === 'dollars') return dollarFormat.format(value)
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(value)
}

function finiteOrNull(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

/**
 * Puts every series on one month axis running without holes from the earliest month of any series to
 * the latest, so markets with different spans line up and a missing month shows as a gap.
 */
export function alignSeries(series: ChartSeries[]): AlignedChart {
  // A point without a readable month cannot be placed; it is left out rather than breaking the page.
  const shown = series
    .slice(0, MAX_CHART_SERIES)
    .map((s) => ({ ...s, points: s.points.filter((p) => typeof p.month === 'string' && MONTH_PATTERN.test(p.month)) }))
  let first = Infinity
  let last = -Infinity
  for (const { points } of shown) {
    for (const point of points) {
      const ordinal = monthOrdinal(point.month)
      if (ordinal < first) first = ordinal
      if (ordinal > last) last = ordinal
    }
  }
  if (first > last)
    return { months: [], series: shown.map(({ key, label }) => ({ key, label, values: [], lows: [], highs: [], pairs: [] })) }

  const length = last - first + 1
  const months = Array.from({ length }, (_, i) => monthFromOrdinal(first + i))
  return {
    months,
    series: shown.map(({ key, label, points }) => {
      const values: (number | null)[] = new Array(length).fill(null)
      const lows: (number | null)[] = new Array(length).fill(null)
      const highs: (number | null)[] = new Array(length).fill(null)
      const pairs: (number | null)[] = new Array(length).fill(null)
      for (const point of points) {
        const i = monthOrdinal(point.month) - first
        values[i] = finiteOrNull(point.value)
        // A band is only meaningful around a number.
        lows[i] = values[i] === null ? null : finiteOrNull(point.low)
        highs[i] = values[i] === null ? null : finiteOrNull(point.high)
        pairs[i] = point.pairs
      }
      return { key, label, values, lows, highs, pairs }
    }),
  }
}

/** The first month index a range shows: the last 12 or 60 months, or every month. */
export function rangeStart(monthCount: number, range: ChartRange): number {
  const months = CHART_RANGES.find((r) => r.range === range)?.months ?? null
  return months === null ? 0 : Math.max(0, monthCount - months)
}

/** Whether any series has a number in the months from `start` on (else there is nothing to draw). */
export function hasValuesFrom(chart: AlignedChart, start: number): boolean {
  return chart.series.some((s) => s.values.slice(start).some((v) => v !== null))
}

/**
 * The chart library's columns for the months from `start`: x (month ordinals), then every band's
 * upper and lower edge, then the lines, the primary last so it is drawn on top.
 */
export function toPlotColumns(
  chart: AlignedChart,
  start: number,
): { data: (number | null)[][]; bands: { upper: number; lower: number; series: number }[]; lines: { column: number; series: number }[] } {
  const x = chart.months.slice(start).map(monthOrdinal)
  const data: (number | null)[][] = [x]
  const bands: { upper: number; lower: number; series: number }[] = []
  chart.series.forEach((s, i) => {
    data.push(s.highs.slice(start), s.lows.slice(start))
    bands.push({ upper: data.length - 2, lower: data.length - 1, series: i })
  })
  const lines: { column: number; series: number }[] = []
  for (let i = chart.series.length - 1; i >= 0; i--) {
    data.push(chart.series[i]!.values.slice(start))
    lines.push({ column: data.length - 1, series: i })
  }
  return { data, bands, lines }
}

/** The indexes of figures with no figure on either side: a line cannot show them, so they are drawn as dots. */
export function isolatedIndexes(values: (number | null)[]): number[] {
  const isolated: number[] = []
  values.forEach((v, i) => {
    if (v !== null && (values[i - 1] ?? null) === null && (values[i + 1] ?? null) === null) isolated.push(i)
  })
  return isolated
}

/**
 * Where a key moves the highlighted month, between `first` and `last` (indexes into the months):
 * ←/→ one month, PageUp/PageDown a year, Home/End to the ends, Escape hides (null). From nothing
 * highlighted, any move starts at the latest month. `undefined`: not a key the chart answers.
 */
export function nextChartIndex(current: number | null, key: string, first: number, last: number): number | null | undefined {
  if (last < first) return undefined
  if (key === 'Escape') return current === null ? undefined : null
  const clamp = (i: number) => Math.min(last, Math.max(first, i))
  const from = current === null ? null : clamp(current)
  switch (key) {
    case 'ArrowLeft':
      return from === null ? last : clamp(from - 1)
    case 'ArrowRight':
      return from === null ? last : clamp(from + 1)
    case 'PageUp':
      return from === null ? last : clamp(from - 12)
    case 'PageDown':
      return from === null ? last : clamp(from + 12)
    case 'Home':
      return first
    case 'End':
      return last
    default:
      return undefined
  }
}

/** What one month says, per series: the value, its band and its count of pairs. */
export type MonthReadout = {
  month: string
  rows: { key: string; label: string; value: string; band: string | null; pairs: string | null; hasValue: boolean }[]
}

export function monthReadout(chart: AlignedChart, index: number, unit: ChartUnit): MonthReadout {
  return {
    month: formatMonth(chart.months[index]!),
    rows: chart.series.map((s) => {
      const value = s.values[index] ?? null
      const pairs = s.pairs[index] ?? null
      return {
        key: s.key,
        label: s.label,
        value: formatChartValue(value, unit),
        band: formatBand(s.lows[index] ?? null, s.highs[index] ?? null, unit),
        pairs: pairs === null ? null : formatCount(pairs),
        hasValue: value !== null,
      }
    }),
  }
}

/** The sentence read aloud for one month: "October 2026. Wilmington: 112.4, 90 % band 108.1 to 116.9, 412 pairs." */
export function monthAnnouncement(chart: AlignedChart, index: number, unit: ChartUnit): string {
  const parts = chart.series.map((s) => {
    const value = s.values[index] ?? null
    const pairs = s.pairs[index] ?? null
    const band = formatBand(s.lows[index] ?? null, s.highs[index] ?? null, unit, ' to ')
    const figures = [value === null ? 'not enough data' : formatChartValue(value, unit)]
    if (band) figures.push(`90 % band ${band}`)
    if (pairs !== null) figures.push(formatPairs(pairs))
    return `${s.label}: ${figures.join(', ')}.`
  })
  return [`${formatMonthLong(chart.months[index]!)}.`, ...parts].join(' ')
}

const TICK_STEPS = [1, 2, 3, 6, 12, 24, 60, 120]

/**
 * Month ticks for an x axis from `first` to `last` (month ordinals) across `widthPx`: the smallest
 * calendar-aligned step (1, 2, 3, 6 months, 1, 2, 5, 10 years) whose labels fit. Yearly steps read
 * "2026"; shorter ones name the month and add the year at January and at the first tick.
 */
export function monthTicks(first: number, last: number, widthPx: number): { ordinals: number[]; labels: string[] } {
  if (last < first) return { ordinals: [], labels: [] }
  const span = Math.max(1, last - first)
  const fits = (step: number, labelPx: number) => (span / step) * labelPx <= widthPx
  const step = TICK_STEPS.find((s) => fits(s, s >= 12 ? 48 : 72)) ?? TICK_STEPS[TICK_STEPS.length - 1]!
  const ordinals: number[] = []
  for (let o = Math.ceil(first / step) * step; o <= last; o += step) ordinals.push(o)
  const labels = ordinals.map((o, i) => {
    const year = Math.floor(o / 12)
    if (step >= 12) return String(year)
    const name = MONTH_NAMES[o % 12]!
    return o % 12 === 0 || i === 0 ? `${name} ${year}` : name
  })
  return { ordinals, labels }
}

/** WCAG contrast ratio of two `#rrggbb` colours. */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    const [r, g, bl] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number]
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** `#rrggbb` at an opacity, as `rgba(…)`. */
export function withAlpha(hex: string, alpha: number): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
  return `rgba(${r}, ${g}, ${b}, ${alpha})`
}
