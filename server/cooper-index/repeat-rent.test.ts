import { describe, expect, it } from 'vitest'
import { syntheticMarket, type SyntheticMarketOptions } from '#tests/support/synthetic-rents.ts'
import {
  BAND_Z,
  buildPairs,
  dollarAnchor,
  estimateRepeatRentIndex,
  inDollars,
  MIN_PAIRS_PER_MONTH,
  pairArraysOf,
  withDerivedFigures,
  withEnoughData,
  type IndexMonth,
  type PairArrays,
} from './index.server.ts'

function estimateMarket(options: SyntheticMarketOptions) {
  const market = syntheticMarket(options)
  const { pairs } = buildPairs(market.observations)
  const columns = pairArraysOf(pairs)
  const result = estimateRepeatRentIndex(columns, { first: market.firstMonth, last: market.lastMonth })
  return { market, columns, result, pairCount: pairs.length }
}

function columnsOf(rows: [from: number, to: number, logChange: number, unit: number][]): PairArrays {
  return {
    from: Int32Array.from(rows, (row) => row[0]),
    to: Int32Array.from(rows, (row) => row[1]),
    logChange: Float64Array.from(rows, (row) => row[2]),
    unit: Int32Array.from(rows, (row) => row[3]),
  }
}

/** Solves A x = b by Gaussian elimination with partial pivoting (dense, row-major copies). */
function gaussianSolve(matrix: number[][], vector: number[]): number[] {
  const n = vector.length
  const a = matrix.map((row, i) => [...row, vector[i]!])
  for (let col = 0; col < n; col++) {
    let pivot = col
    for (let row = col + 1; row < n; row++) if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row
    ;[a[col], a[pivot]] = [a[pivot]!, a[col]!]
    for (let row = col + 1; row < n; row++) {
      const factor = a[row]![col]! / a[col]![col]!
      for (let k = col; k <= n; k++) a[row]![k]! -= factor * a[col]![k]!
    }
  }
  const x = new Array<number>(n).fill(0)
  for (let row = n - 1; row >= 0; row--) {
    let sum = a[row]![n]!
    for (let k = row + 1; k < n; k++) sum -= a[row]![k]! * x[k]!
    x[row] = sum / a[row]![row]!
  }
  return x
}

/** The weighted least-squares solution from the dense design matrix: XᵀWX β = XᵀWy. */
function denseWeightedSolution(design: number[][], y: number[], weights: number[]): { beta: number[]; normal: number[][] } {
  const p = design[0]!.length
  const normal = Array.from({ length: p }, () => new Array<number>(p).fill(0))
  const right = new Array<number>(p).fill(0)
  design.forEach((row, i) => {
    for (let j = 0; j < p; j++) {
      right[j]! += row[j]! * weights[i]! * y[i]!
      for (let k = 0; k < p; k++) normal[j]![k]! += row[j]! * weights[i]! * row[k]!
    }
  })
  return { beta: gaussianSolve(normal, right), normal }
}

describe('estimateRepeatRentIndex on synthetic markets', () => {
  it('recovers the true index within 1 % RMS, pooled over twenty markets of 2,000 pairs and more', () => {
    const measured = Array.from({ length: 20 }, (_, i) => {
      const { market, result, pairCount } = estimateMarket({ seed: i + 1, months: 36, units: 1600 })
      let squares = 0
      market.truthLogIndex.forEach((truth, m) => (squares += (Math.exp(result.logIndex[m]!) / Math.exp(truth) - 1) ** 2))
      return { pairCount, rms: Math.sqrt(squares / market.truthLogIndex.length) }
    })
    const pooled = Math.sqrt(measured.reduce((sum, { rms }) => sum + rms * rms, 0) / measured.length)
    const sorted = measured.map(({ rms }) => rms).sort((a, b) => a - b)
    const percent = (x: number) => `${(100 * x).toFixed(2)} %`
    const report = `pooled ${percent(pooled)}, median ${percent(sorted[10]!)}, worst ${percent(sorted[19]!)}, fewest pairs ${Math.min(...measured.map(({ pairCount }) => pairCount))}`
    for (const { pairCount } of measured) expect(pairCount).toBeGreaterThanOrEqual(2000)
    expect(pooled, report).toBeLessThan(0.01)
  })

  it('holds the true path inside the 90 % band in at least 85 % of months, over twenty-four markets', () => {
    let inside = 0
    let months = 0
    for (let seed = 1; seed <= 24; seed++) {
      const { market, result } = estimateMarket(seed <= 12 ? { seed, months: 60, units: 800 } : { seed, months: 36, units: 1600 })
      result.months.forEach((month, m) => {
        if (m === 0) return
        months++
        const truth = 100 * Math.exp(market.truthLogIndex[m]!)
        if (month.low! <= truth && truth <= month.high!) inside++
      })
    }
    expect(inside / months, `coverage ${((100 * inside) / months).toFixed(1)} % of ${months} months`).toBeGreaterThanOrEqual(0.85)
  })

  it('equals an independent dense solution of the normal equations at stage 1 and stage 3, and in its band', () => {
    const { columns, result } = estimateMarket({ seed: 7, months: 24, units: 250 })
    const p = 23
    const design: number[][] = []
    const y: number[] = []
    const gaps: number[] = []
    for (let i = 0; i < columns.from.length; i++) {
      const a = columns.from[i]! - result.first
      const b = columns.to[i]! - result.first
      const row = new Array<number>(p).fill(0)
      if (a > 0) row[a - 1] = -1
      if (b > 0) row[b - 1] = 1
      design.push(row)
      y.push(columns.logChange[i]!)
      gaps.push(b - a)
    }
    const fitted = (beta: number[], i: number) => design[i]!.reduce((sum, x, j) => sum + x * beta[j]!, 0)

    const stage1 = denseWeightedSolution(design, y, new Array<number>(y.length).fill(1)).beta
    const squares = y.map((value, i) => (value - fitted(stage1, i)) ** 2)
    const n = y.length
    const meanGap = gaps.reduce((s, g) => s + g, 0) / n
    const meanSquare = squares.reduce((s, e) => s + e, 0) / n
    const slope =
      gaps.reduce((s, g, i) => s + (g - meanGap) * (squares[i]! - meanSquare), 0) / gaps.reduce((s, g) => s + (g - meanGap) ** 2, 0)
    const intercept = meanSquare - slope * meanGap
    const weights = gaps.map((g) => 1 / Math.max(intercept + slope * g, 0.05 * meanSquare))
    const stage3 = denseWeightedSolution(design, y, weights)
    const residualVariance = y.reduce((s, value, i) => s + weights[i]! * (value - fitted(stage3.beta, i)) ** 2, 0) / (n - p)
    const inverse = Array.from({ length: p }, (_, j) =>
      gaussianSolve(
        stage3.normal,
        Array.from({ length: p }, (_, k) => (k === j ? 1 : 0)),
      ),
    )

    expect(result.pairsUsed).toBe(n)
    expect(result.varianceModel.slope).toBeCloseTo(slope, 12)
    for (let j = 0; j < p; j++) {
      expect(Math.abs(result.stage1LogIndex[j + 1]! - stage1[j]!)).toBeLessThan(1e-6)
      expect(Math.abs(result.logIndex[j + 1]! - stage3.beta[j]!)).toBeLessThan(1e-6)
      expect(Math.abs(result.logStandardError[j + 1]! - Math.sqrt(residualVariance * inverse[j]![j]!))).toBeLessThan(1e-6)
      expect(result.months[j + 1]!.high).toBeCloseTo(
        100 * Math.exp(stage3.beta[j]! + BAND_Z * Math.sqrt(residualVariance * inverse[j]![j]!)),
        6,
      )
    }
    expect(result.logIndex[0]).toBe(0)
    expect(result.months[0]!.index).toBe(100)
  })

  it('moves only the level when the base month moves', () => {
    const { market, columns, result } = estimateMarket({ seed: 9, months: 36, units: 600 })
    const middle = estimateRepeatRentIndex(columns, { first: market.firstMonth, last: market.lastMonth, base: market.firstMonth + 18 })
    expect(middle.months[18]!.index).toBe(100)
    const ratio = result.months[18]!.index! / 100
    middle.months.forEach((month, m) => expect(month.index! * ratio).toBeCloseTo(result.months[m]!.index!, 8))
  })

  it('counts the pairs and the distinct units behind each month', () => {
    const result = estimateRepeatRentIndex(
      columnsOf([
        [0, 1, 0.01, 0],
        [1, 3, 0.02, 0],
        [0, 3, 0.03, 1],
        [1, 2, 0.0, 2],
        [2, 3, 0.01, 2],
      ]),
      { first: 0, last: 3 },
    )
    expect(result.months.map((month) => [month.pairs, month.units])).toEqual([
      [2, 2],
      [3, 2],
      [2, 1],
      [3, 3],
    ])
  })
})

describe('months the data cannot speak for', () => {
  it('reports a month without pairs and months not linked to the base month, instead of inventing them', () => {
    const rows: [number, number, number, number][] = []
    for (let unit = 0; unit < 10; unit++) {
      rows.push([100, 101, 0.01 + unit * 0.001, unit * 3], [101, 102, 0.02 - unit * 0.001, unit * 3])
      rows.push([104, 105, 0.03, unit * 3 + 1], [105, 106, 0.01, unit * 3 + 1])
      rows.push([99, 100, 0.5, unit * 3 + 2])
    }
    const result = estimateRepeatRentIndex(columnsOf(rows), { first: 100, last: 107 })
    expect(result.months.map((month) => month.status)).toEqual([
      'ok',
      'ok',
      'ok',
      'no-pairs',
      'not-estimable',
      'not-estimable',
      'not-estimable',
      'no-pairs',
    ])
    expect(result.months.slice(3).every((month) => month.index === null && month.low === null && month.high === null)).toBe(true)
    expect(result.months[5]!.pairs).toBe(20)
    expect(result.pairsOutsideRange).toBe(10)
    expect(result.pairsNotLinkedToBase).toBe(20)
    expect(result.pairsUsed).toBe(20)
    expect(result.months.every((month) => month.index === null || Number.isFinite(month.index))).toBe(true)
  })

  it('answers an empty market with no estimate at all', () => {
    const result = estimateRepeatRentIndex(columnsOf([]), { first: 0, last: 2 })
    expect(result.months.map((month) => month.status)).toEqual(['no-pairs', 'no-pairs', 'no-pairs'])
    expect(result.pairsUsed).toBe(0)
  })

  it('shows "not enough data" for a market below the threshold, and only there', () => {
    const thin = estimateMarket({ seed: 3, months: 36, units: 60 }).result
    const thinMonths = withEnoughData(thin.months)
    expect(thinMonths.every((month) => month.pairs < MIN_PAIRS_PER_MONTH)).toBe(true)
    expect(thinMonths.every((month) => month.status !== 'ok')).toBe(true)
    expect(thinMonths.every((month) => month.index === null && month.yearOverYear === null)).toBe(true)

    const thick = withEnoughData(estimateMarket({ seed: 3, months: 36, units: 1600 }).result.months)
    expect(thick.every((month) => month.status === 'ok' && month.index !== null)).toBe(true)
  })
})

describe('derived figures', () => {
  const months: IndexMonth[] = [100, 101, 103, null, 104, 106, 108, 110, 111, 112, 113, 114, 115, 120].map((index, i) => ({
    month: 240 + i,
    status: index === null ? 'no-pairs' : 'ok',
    index,
    low: null,
    high: null,
    pairs: 50,
    units: 40,
    movingAverage3: null,
    monthOverMonth: null,
    yearOverYear: null,
  }))

  it('gives the 3-month average, month-over-month and year-over-year change, and null where a month is missing', () => {
    const derived = withDerivedFigures(months)
    expect(derived.map((month) => month.movingAverage3)).toEqual([
      null,
      null,
      (100 + 101 + 103) / 3,
      null,
      null,
      null,
      (104 + 106 + 108) / 3,
      (106 + 108 + 110) / 3,
      (108 + 110 + 111) / 3,
      (110 + 111 + 112) / 3,
      (111 + 112 + 113) / 3,
      (112 + 113 + 114) / 3,
      (113 + 114 + 115) / 3,
      (114 + 115 + 120) / 3,
    ])
    expect(derived[1]!.monthOverMonth).toBeCloseTo(0.01, 12)
    expect(derived[4]!.monthOverMonth).toBeNull()
    expect(derived[11]!.yearOverYear).toBeNull()
    expect(derived[12]!.yearOverYear).toBeCloseTo(115 / 100 - 1, 12)
    expect(derived[13]!.yearOverYear).toBeCloseTo(120 / 101 - 1, 12)
  })

  it('takes the thin months out of the averages and changes too', () => {
    const withThinMonth = withEnoughData(months.map((month) => (month.month === 241 ? { ...month, pairs: 5 } : month)))
    expect(withThinMonth[1]!.status).toBe('not-enough-data')
    expect(withThinMonth[1]!.index).toBeNull()
    expect(withThinMonth[2]!.movingAverage3).toBeNull()
    expect(withThinMonth[2]!.monthOverMonth).toBeNull()
    expect(withThinMonth[12]!.yearOverYear).toBeCloseTo(115 / 100 - 1, 12)
    expect(withThinMonth[13]!.yearOverYear).toBeNull()
  })
})

describe('dollars', () => {
  it('anchors on the mean of the rents between the 35th and 65th percentiles', () => {
    const rents = Array.from({ length: 100 }, (_, i) => (i + 1) * 1000)
    expect(dollarAnchor(rents.reverse())).toBe(50_500)
    expect(dollarAnchor([100_000, 120_000, 150_000, 900_000])).toBeCloseTo(135_000, 6)
    expect(dollarAnchor([150_000])).toBe(150_000)
    expect(dollarAnchor([])).toBeNull()
  })

  it('moves the anchor rent with the index from the anchor month', () => {
    const months = withDerivedFigures(
      [100, 110, null, 121].map((index, i) => ({
        month: 300 + i,
        status: index === null ? 'no-pairs' : 'ok',
        index,
        low: null,
        high: null,
        pairs: 40,
        units: 30,
        movingAverage3: null,
        monthOverMonth: null,
        yearOverYear: null,
      })),
    )
    expect(inDollars(months, 220_000, 301)).toEqual([2000, 2200, null, 2420])
    expect(inDollars(months, 220_000, 302)).toEqual([null, null, null, null])
  })
})
