import { describe, expect, it } from 'vitest'
import {
  alignSeries,
  type ChartSeries,
  contrastRatio,
  formatAxisValue,
  formatBand,
  formatChartValue,
  formatMonth,
  hasValuesFrom,
  isolatedIndexes,
  MAX_CHART_SERIES,
  monthAnnouncement,
  monthFromOrdinal,
  monthOrdinal,
  monthReadout,
  monthTicks,
  nextChartIndex,
  rangeStart,
  SERIES_STYLES,
  toPlotColumns,
} from './chart.ts'

function point(month: string, value: number | null, pairs = 400) {
  return { month, value, low: value === null ? null : value - 2, high: value === null ? null : value + 2, pairs }
}

/** `count` months from `from`, the index rising by one a month. */
function monthly(key: string, from: string, count: number, start = 100): ChartSeries {
  const first = monthOrdinal(from)
  return { key, label: key.toUpperCase(), points: Array.from({ length: count }, (_, i) => point(monthFromOrdinal(first + i), start + i)) }
}

describe('months', () => {
  it('count one apart across a year end and read as "Oct 2026"', () => {
    expect(monthOrdinal('2027-01-01') - monthOrdinal('2026-12-01')).toBe(1)
    expect(monthFromOrdinal(monthOrdinal('2026-10-01'))).toBe('2026-10-01')
    expect(formatMonth('2026-10-01')).toBe('Oct 2026')
    expect(formatMonth('2027-01-01')).toBe('Jan 2027')
  })
})

describe('formatting', () => {
  it('reads the index with one decimal and dollars as whole dollars', () => {
    expect(formatChartValue(112.44, 'index')).toBe('112.4')
    expect(formatChartValue(100, 'index')).toBe('100.0')
    expect(formatChartValue(1845.4, 'dollars')).toBe('$1,845')
    expect(formatChartValue(12_345.6, 'dollars')).toBe('$12,346')
  })

  it('says "Not enough data" where there is no number', () => {
    expect(formatChartValue(null, 'index')).toBe('Not enough data')
    expect(formatChartValue(Number.NaN, 'dollars')).toBe('Not enough data')
  })

  it('writes the band from low to high, or nothing when an end is missing', () => {
    expect(formatBand(108.12, 116.9, 'index')).toBe('108.1–116.9')
    expect(formatBand(1790, 1900, 'dollars')).toBe('$1,790–$1,900')
    expect(formatBand(null, 116.9, 'index')).toBeNull()
  })

  it('labels the value axis in the same units', () => {
    expect(formatAxisValue(110, 'index')).toBe('110')
    expect(formatAxisValue(112.5, 'index')).toBe('112.5')
    expect(formatAxisValue(1800, 'dollars')).toBe('$1,800')
  })
})

describe('aligning markets on one month axis', () => {
  it('runs from the earliest month of any market to the latest, with gaps where a market has no month', () => {
    const nation = monthly('us', '2024-01-01', 6) // Jan..Jun 2024
    const city = { key: 'de-wilmington', label: 'Wilmington', points: [point('2024-04-01', 90), point('2024-08-01', 95, 31)] }
    const chart = alignSeries([nation, city])
    expect(chart.months).toEqual([
      '2024-01-01',
      '2024-02-01',
      '2024-03-01',
      '2024-04-01',
      '2024-05-01',
      '2024-06-01',
      '2024-07-01',
      '2024-08-01',
    ])
    expect(chart.series[0]!.values).toEqual([100, 101, 102, 103, 104, 105, null, null])
    expect(chart.series[1]!.values).toEqual([null, null, null, 90, null, null, null, 95])
    expect(chart.series[1]!.pairs).toEqual([null, null, null, 400, null, null, null, 31])
    expect(chart.series[1]!.lows[7]).toBe(93)
    expect(chart.series[1]!.highs[7]).toBe(97)
  })

  it('keeps the pairs of a month with not enough data, and no band around a missing number', () => {
    const chart = alignSeries([{ key: 'de', label: 'DE', points: [{ month: '2025-03-01', value: null, low: 1, high: 2, pairs: 7 }] }])
    expect(chart.series[0]).toMatchObject({ values: [null], lows: [null], highs: [null], pairs: [7] })
  })

  it('accepts points in any order and shows at most four markets', () => {
    const shuffled = { key: 'us', label: 'US', points: [point('2024-03-01', 3), point('2024-01-01', 1), point('2024-02-01', 2)] }
    expect(alignSeries([shuffled]).series[0]!.values).toEqual([1, 2, 3])
    const many = ['a', 'b', 'c', 'd', 'e'].map((k) => monthly(k, '2024-01-01', 2))
    expect(alignSeries(many).series.map((s) => s.key)).toEqual(['a', 'b', 'c', 'd'])
    expect(MAX_CHART_SERIES).toBe(4)
  })

  it('leaves out a point whose month cannot be read', () => {
    const chart = alignSeries([{ key: 'us', label: 'US', points: [point('2024-01-01', 1), point('January', 2), point('2024-02-01', 3)] }])
    expect(chart.months).toEqual(['2024-01-01', '2024-02-01'])
    expect(chart.series[0]!.values).toEqual([1, 3])
  })

  it('has no months when no market has any', () => {
    const chart = alignSeries([{ key: 'us', label: 'US', points: [] }])
    expect(chart.months).toEqual([])
    expect(hasValuesFrom(chart, 0)).toBe(false)
  })
})

describe('ranges', () => {
  it('show the last 12 or 60 months, or all of them', () => {
    expect(rangeStart(95, '1y')).toBe(83)
    expect(rangeStart(95, '5y')).toBe(35)
    expect(rangeStart(95, 'all')).toBe(0)
    expect(rangeStart(8, '1y')).toBe(0)
    expect(rangeStart(8, '5y')).toBe(0)
  })

  it('know when a window holds no number at all', () => {
    const chart = alignSeries([{ key: 'us', label: 'US', points: [point('2020-01-01', 100), point('2024-01-01', null)] }])
    expect(hasValuesFrom(chart, rangeStart(chart.months.length, 'all'))).toBe(true)
    expect(hasValuesFrom(chart, rangeStart(chart.months.length, '1y'))).toBe(false)
  })
})

describe('the chart library columns', () => {
  it('are x, then each band (upper, lower), then the lines with the primary last, all sliced alike', () => {
    const chart = alignSeries([monthly('us', '2024-01-01', 4), monthly('de', '2024-03-01', 2, 50)])
    const { data, bands, lines } = toPlotColumns(chart, 1)
    expect(data[0]).toEqual(['2024-02-01', '2024-03-01', '2024-04-01'].map(monthOrdinal))
    expect(bands).toEqual([
      { upper: 1, lower: 2, series: 0 },
      { upper: 3, lower: 4, series: 1 },
    ])
    expect(lines).toEqual([
      { column: 5, series: 1 },
      { column: 6, series: 0 },
    ])
    expect(data[6]).toEqual([101, 102, 103])
    expect(data[5]).toEqual([null, 50, 51])
    expect(data[1]).toEqual([103, 104, 105])
    expect(data[2]).toEqual([99, 100, 101])
    for (const column of data) expect(column).toHaveLength(3)
  })
})

describe('lone figures', () => {
  it('are found where neither neighbour has a figure, at the ends too', () => {
    expect(isolatedIndexes([1, null, 2, 3, null, 4, null, null, 5])).toEqual([0, 5, 8])
    expect(isolatedIndexes([1, 2, 3])).toEqual([])
    expect(isolatedIndexes([null, null])).toEqual([])
  })
})

describe('moving through months from the keyboard', () => {
  it('steps a month with ←/→ and stops at the ends of the range', () => {
    expect(nextChartIndex(10, 'ArrowLeft', 5, 20)).toBe(9)
    expect(nextChartIndex(10, 'ArrowRight', 5, 20)).toBe(11)
    expect(nextChartIndex(5, 'ArrowLeft', 5, 20)).toBe(5)
    expect(nextChartIndex(20, 'ArrowRight', 5, 20)).toBe(20)
  })

  it('jumps with Home/End and a year with Page Up/Page Down', () => {
    expect(nextChartIndex(10, 'Home', 5, 20)).toBe(5)
    expect(nextChartIndex(10, 'End', 5, 20)).toBe(20)
    expect(nextChartIndex(18, 'PageUp', 5, 20)).toBe(6)
    expect(nextChartIndex(10, 'PageDown', 5, 20)).toBe(20)
  })

  it('starts at the latest month, brings a month outside a new range back inside, and hides on Escape', () => {
    expect(nextChartIndex(null, 'ArrowLeft', 5, 20)).toBe(20)
    expect(nextChartIndex(null, 'ArrowRight', 5, 20)).toBe(20)
    expect(nextChartIndex(2, 'ArrowRight', 5, 20)).toBe(6)
    expect(nextChartIndex(10, 'Escape', 5, 20)).toBeNull()
    expect(nextChartIndex(null, 'Escape', 5, 20)).toBeUndefined()
  })

  it('leaves other keys (Tab, letters) alone', () => {
    expect(nextChartIndex(10, 'Tab', 5, 20)).toBeUndefined()
    expect(nextChartIndex(10, 'a', 5, 20)).toBeUndefined()
    expect(nextChartIndex(null, 'ArrowLeft', 0, -1)).toBeUndefined()
  })
})

describe('what a month says', () => {
  const chart = alignSeries([
    { key: 'us', label: 'United States', points: [point('2026-10-01', 112.44, 1234)] },
    { key: 'de', label: 'Delaware', points: [{ month: '2026-10-01', value: null, low: null, high: null, pairs: 8 }] },
    { key: 'pa', label: 'Pennsylvania', points: [point('2026-09-01', 99)] },
  ])
  const october = chart.months.indexOf('2026-10-01')

  it('gives the tooltip each market’s value, band and pairs', () => {
    expect(monthReadout(chart, october, 'index')).toEqual({
      month: 'Oct 2026',
      rows: [
        { key: 'us', label: 'United States', value: '112.4', band: '110.4–114.4', pairs: '1,234', hasValue: true },
        { key: 'de', label: 'Delaware', value: 'Not enough data', band: null, pairs: '8', hasValue: false },
        { key: 'pa', label: 'Pennsylvania', value: 'Not enough data', band: null, pairs: null, hasValue: false },
      ],
    })
  })

  it('reads the same figures aloud as one sentence', () => {
    expect(monthAnnouncement(chart, october, 'index')).toBe(
      'October 2026. United States: 112.4, 90 % band 110.4 to 114.4, 1,234 pairs. Delaware: not enough data, 8 pairs. Pennsylvania: not enough data.',
    )
  })
})

describe('month ticks', () => {
  it('label every month of a short window and name the year at January and at the start', () => {
    const { ordinals, labels } = monthTicks(monthOrdinal('2025-11-01'), monthOrdinal('2026-02-01'), 800)
    expect(ordinals.map(monthFromOrdinal)).toEqual(['2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01'])
    expect(labels).toEqual(['Nov 2025', 'Dec', 'Jan 2026', 'Feb'])
  })

  it('thin out to calendar-aligned steps when the axis is narrow, down to years', () => {
    const year = monthTicks(monthOrdinal('2025-11-01'), monthOrdinal('2026-10-01'), 300)
    expect(year.labels).toEqual(['Jan 2026', 'Apr', 'Jul', 'Oct'])
    const decade = monthTicks(monthOrdinal('2019-01-01'), monthOrdinal('2026-11-01'), 400)
    expect(decade.labels).toEqual(['2019', '2020', '2021', '2022', '2023', '2024', '2025', '2026'])
    expect(monthTicks(monthOrdinal('2019-01-01'), monthOrdinal('2026-11-01'), 300).labels).toEqual(['2020', '2022', '2024', '2026'])
  })
})

describe('series styles', () => {
  it('keep every line at 3:1 against white and tell them apart by dash and marker too', () => {
    for (const style of SERIES_STYLES) expect(contrastRatio(style.color, '#ffffff')).toBeGreaterThanOrEqual(3)
    expect(new Set(SERIES_STYLES.map((s) => s.dash.join(','))).size).toBe(SERIES_STYLES.length)
    expect(new Set(SERIES_STYLES.map((s) => s.marker)).size).toBe(SERIES_STYLES.length)
    expect(SERIES_STYLES).toHaveLength(MAX_CHART_SERIES)
  })
})
