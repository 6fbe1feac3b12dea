// A market's monthly figures as chart series: the index (base 100) or the typical rent in dollars, with the
// 90 % band and the pairs behind each month. Markets compared on one chart are rebased to a shared month,
// since each market's index averages 100 over its own first year and only their changes compare.
export type SeriesPoint = {
  month: string
  index: number | null
  low: number | null
  high: number | null
  levelCents: number | null
  pairs: number
}

/** The shape the chart takes (see app/components/cooper/index-chart.tsx). */
export type ChartSeriesData = {
  key: string
  label: string
  points: { month: string; value: number | null; low: number | null; high: number | null; pairs: number }[]
}

export type SeriesUnit = 'index' | 'dollars'

/** One market's points in the chosen unit; the band in dollars scales with the level. */
export function chartSeriesOf(key: string, label: string, points: readonly SeriesPoint[], unit: SeriesUnit): ChartSeriesData {
  return {
    key,
    label,
    points: points.map((point) => {
      if (unit === 'index') return { month: point.month, value: point.index, low: point.low, high: point.high, pairs: point.pairs }
      const dollars = point.levelCents === null ? null : point.levelCents / 100
      const scale = dollars !== null && point.index ? dollars / point.index : null
      return {
        month: point.month,
        value: dollars,
        low: scale !== null && point.low !== null ? point.low * scale : null,
        high: scale !== null && point.high !== null ? point.high * scale : null,
        pairs: point.pairs,
      }
    }),
  }
}

/** The first month in which every series has a figure; null when they share none. */
export function firstSharedMonth(series: readonly ChartSeriesData[]): string | null {
  if (series.length === 0) return null
  const withValue = series.map((one) => new Set(one.points.filter((point) => point.value !== null).map((point) => point.month)))
  const months = [...withValue[0]!].sort()
  return months.find((month) => withValue.every((set) => set.has(month))) ?? null
}

/**
 * Index series rescaled so each is 100 in the first month they all share (values and bands alike); left as
 * they are when there is only one or no shared month. Returns the month used, if any.
 */
export function rebaseToSharedMonth(series: ChartSeriesData[]): { series: ChartSeriesData[]; baseMonth: string | null } {
  if (series.length < 2) return { series, baseMonth: null }
  const baseMonth = firstSharedMonth(series)
  if (baseMonth === null) return { series, baseMonth: null }
  const rebased = series.map((one) => {
    const base = one.points.find((point) => point.month === baseMonth)!.value!
    const scale = (value: number | null) => (value === null ? null : (value / base) * 100)
    return {
      ...one,
      points: one.points.map((point) => ({ ...point, value: scale(point.value), low: scale(point.low), high: scale(point.high) })),
    }
  })
  return { series: rebased, baseMonth }
}
