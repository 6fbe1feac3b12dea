import { describe, expect, it } from 'vitest'
import { seededRandom, syntheticMarket, type SyntheticMarketOptions } from '#tests/support/synthetic-rents.ts'
import {
  BAND_Z,
  BASE_PERIOD_MONTHS,
  buildPairs,
  dollarAnchor,
  dollarAnchorSpread,
  estimateRepeatRentIndex,
  inDollars,
  MIN_PAIRS_PER_MONTH,
  pairArraysOf,
  withDerivedFigures,
  withEnoughData,
  type IndexMonth,
  type PairArrays,
  type RepeatRentIndex,
} from './index.server.ts'

function estimateMarket(options: SyntheticMarketOptions) {
  const market = syntheticMarket(options)
  const { pairs } = buildPairs(market.observations)
  const columns = pairArraysOf(pairs)
  const result = estimateRepeatRentIndex(columns, { first: market.firstMonth, last: market.lastMonth })
  return { market, columns, result, pairCount: pairs.length }
}

/** The true path scaled like the published index: its base-period months average (geometrically) 100. */
function publishedTruth(truthLogIndex: Float64Array, result: RepeatRentIndex): number[] {
  const offsets = result.basePeriod.map((month) => month - result.first)
  const mean = offsets.reduce((sum, m) => sum + truthLogIndex[m]!, 0) / offsets.length
  return Array.from(truthLogIndex, (log) => 100 * Math.exp(log - mean))
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
  it('recovers the true index within 1 % RMS in every one of twenty markets of 2,000 pairs and more', () => {
    const measured = Array.from({ length: 20 }, (_, i) => {
      const { market, result, pairCount } = estimateMarket({ seed: i + 1, months: 36, units: 1600 })
      const truth = publishedTruth(market.truthLogIndex, result)
      let squares = 0
      result.months.forEach((month, m) => (squares += (month.index! / truth[m]! - 1) ** 2))
      return { pairCount, rms: Math.sqrt(squares / result.months.length) }
    })
    const sorted = measured.map(({ rms }) => rms).sort((a, b) => a - b)
    const percent = (x: number) => `${(100 * x).toFixed(2)} %`
    const report = `median ${percent(sorted[10]!)}, worst ${percent(sorted[19]!)}, fewest pairs ${Math.min(...measured.map(({ pairCount }) => pairCount))}`
    for (const { pairCount } of measured) expect(pairCount).toBeGreaterThanOrEqual(2000)
    for (const { rms } of measured) expect(rms, report).toBeLessThan(0.01)
  })

  it('holds the true path inside the 90 % band in 85 to 95 % of months, over twenty-four markets (too wide fails too)', () => {
    let inside = 0
    let months = 0
    for (let seed = 1; seed <= 24; seed++) {
      const { market, result } = estimateMarket(seed <= 12 ? { seed, months: 60, units: 800 } : { seed, months: 36, units: 1600 })
      const truth = publishedTruth(market.truthLogIndex, result)
      result.months.forEach((month, m) => {
        months++
        if (month.low! <= truth[m]! && truth[m]! <= month.high!) inside++
      })
    }
    const report = `coverage ${((100 * inside) / months).toFixed(1)} % of ${months} months`
    expect(inside / months, report).toBeGreaterThanOrEqual(0.85)
    expect(inside / months, report).toBeLessThanOrEqual(0.95)
  })

  it('scales the index so that its base period, the first twelve months with enough pairs, averages 100', () => {
    const { result } = estimateMarket({ seed: 5, months: 36, units: 1600 })
    expect(result.basePeriod).toEqual(Array.from({ length: BASE_PERIOD_MONTHS }, (_, m) => result.first + m))
    const logMean = result.months.slice(0, BASE_PERIOD_MONTHS).reduce((sum, month) => sum + Math.log(month.index! / 100), 0) / 12
    expect(logMean).toBeCloseTo(0, 12)
    // The reference month is no longer exactly 100, and its band is no longer empty.
    expect(result.months[0]!.index).not.toBe(100)
    expect(result.months[0]!.high! - result.months[0]!.low!).toBeGreaterThan(0)
  })

  // 250 homes take the clustered band through the dense middle matrix, 80 through the homes' sparse scores.
  it.each([250, 80])(
    'equals an independent dense solution of the normal equations at stage 1 and stage 3, and in its clustered band (%i homes)',
    (units) => {
      const { columns, result } = estimateMarket({ seed: 7, months: 24, units })
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
      const fittedSlope =
        gaps.reduce((s, g, i) => s + (g - meanGap) * (squares[i]! - meanSquare), 0) / gaps.reduce((s, g) => s + (g - meanGap) ** 2, 0)
      const slope = Math.max(0, fittedSlope)
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

      // The published index: the mean over the base period subtracted, its variance from the full inverse.
      const period = result.basePeriod.map((month) => month - result.first)
      const logAt = (m: number) => (m === 0 ? 0 : stage3.beta[m - 1]!)
      const inverseAt = (m: number, k: number) => (m === 0 || k === 0 ? 0 : inverse[k - 1]![m - 1]!)
      const periodMean = period.reduce((sum, m) => sum + logAt(m), 0) / period.length
      const publishedVariance = (m: number) =>
        residualVariance *
        (inverseAt(m, m) -
          (2 * period.reduce((sum, k) => sum + inverseAt(m, k), 0)) / period.length +
          period.reduce((sum, j) => sum + period.reduce((inner, k) => inner + inverseAt(j, k), 0), 0) / period.length ** 2)

      // The band: the covariance clustered by home, A⁻¹ (Σ_g s_g s_gᵀ) A⁻¹ with the small-sample factor.
      const scores = new Map<number, number[]>()
      for (let i = 0; i < n; i++) {
        const weightedResidual = weights[i]! * (y[i]! - fitted(stage3.beta, i))
        const score = scores.get(columns.unit[i]!) ?? new Array<number>(p).fill(0)
        design[i]!.forEach((x, j) => (score[j]! += weightedResidual * x))
        scores.set(columns.unit[i]!, score)
      }
      const clusters = scores.size
      const clusteredVariance = (m: number) => {
        const direction = Array.from(
          { length: p },
          (_, k) => inverseAt(m, k + 1) - period.reduce((sum, j) => sum + inverseAt(j, k + 1), 0) / period.length,
        )
        const meat = [...scores.values()].reduce((sum, score) => sum + score.reduce((dot, x, k) => dot + x * direction[k]!, 0) ** 2, 0)
        return (clusters / (clusters - 1)) * ((n - 1) / (n - p)) * meat
      }

      expect(result.pairsUsed).toBe(n)
      expect(result.clusters).toBe(clusters)
      expect(result.varianceModel.slope).toBeCloseTo(slope, 12)
      for (let j = 0; j < p; j++) {
        expect(Math.abs(result.stage1LogIndex[j + 1]! - stage1[j]!)).toBeLessThan(1e-6)
        expect(Math.abs(result.logIndex[j + 1]! - stage3.beta[j]!)).toBeLessThan(1e-6)
        expect(Math.abs(result.logStandardError[j + 1]! - Math.sqrt(residualVariance * inverse[j]![j]!))).toBeLessThan(1e-6)
      }
      expect(result.logIndex[0]).toBe(0)
      for (let m = 0; m <= p; m++) {
        const published = logAt(m) - periodMean
        expect(Math.abs(Math.log(result.months[m]!.index! / 100) - published)).toBeLessThan(1e-6)
        expect(Math.abs(result.publishedLogStandardError[m]! - Math.sqrt(publishedVariance(m)))).toBeLessThan(1e-6)
        expect(Math.abs(result.clusteredLogStandardError[m]! - Math.sqrt(clusteredVariance(m)))).toBeLessThan(1e-6)
        expect(Math.abs(Math.log(result.months[m]!.high! / 100) - (published + BAND_Z * Math.sqrt(clusteredVariance(m))))).toBeLessThan(
          1e-6,
        )
      }
    },
  )

  it('never gives long pairs more weight than short ones: a falling fitted variance is taken as flat', () => {
    // Short pairs far noisier than long ones: the squared residuals fall with the interval.
    const rows: [number, number, number, number][] = []
    let unit = 0
    for (let copy = 0; copy < 20; copy++) {
      for (let m = 0; m < 23; m++) rows.push([m, m + 1, 0.005 + (copy % 2 === 0 ? 0.08 : -0.08), unit++])
      for (let m = 12; m < 24; m++) rows.push([m - 12, m, 0.06 + (copy % 2 === 0 ? 0.002 : -0.002), unit++])
    }
    const result = estimateRepeatRentIndex(columnsOf(rows), { first: 0, last: 23 })
    expect(result.varianceModel.slope).toBe(0)
    expect(result.varianceModel.intercept).toBeGreaterThan(0)
    // Equal weights: the weighted stage gives the ordinary least-squares index.
    for (let m = 1; m < 24; m++) expect(Math.abs(result.logIndex[m]! - result.stage1LogIndex[m]!)).toBeLessThan(1e-9)
  })

  it('gives the same published index whichever month identifies the regression, and moves only the level with the base period', () => {
    const { market, columns, result } = estimateMarket({ seed: 9, months: 36, units: 600 })
    const range = { first: market.firstMonth, last: market.lastMonth }
    const middle = estimateRepeatRentIndex(columns, { ...range, base: market.firstMonth + 18 })
    middle.months.forEach((month, m) => {
      expect(month.index!).toBeCloseTo(result.months[m]!.index!, 8)
      expect(month.high!).toBeCloseTo(result.months[m]!.high!, 8)
    })
    const lastYear = Array.from({ length: 12 }, (_, m) => market.lastMonth - 11 + m)
    const rebased = estimateRepeatRentIndex(columns, { ...range, basePeriod: lastYear })
    expect(rebased.basePeriod).toEqual(lastYear)
    const ratio = result.months[0]!.index! / rebased.months[0]!.index!
    rebased.months.forEach((month, m) => expect(month.index! * ratio).toBeCloseTo(result.months[m]!.index!, 8))
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

  it('gives the 3-month average, its change over a month, the change over a year, and null where a month is missing', () => {
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
    // Month over month: the change of the 3-month average, from two averages in a row.
    expect(derived[2]!.monthOverMonth).toBeNull()
    expect(derived[7]!.monthOverMonth).toBeCloseTo((106 + 108 + 110) / (104 + 106 + 108) - 1, 12)
    expect(derived[13]!.monthOverMonth).toBeCloseTo((114 + 115 + 120) / (113 + 114 + 115) - 1, 12)
    expect(derived[6]!.monthOverMonth).toBeNull()
    expect(derived[11]!.yearOverYear).toBeNull()
    expect(derived[12]!.yearOverYear).toBeCloseTo(115 / 100 - 1, 12)
    expect(derived[13]!.yearOverYear).toBeCloseTo(120 / 101 - 1, 12)
  })

  it('takes the thin months out of the averages and changes too', () => {
    const withThinMonth = withEnoughData(months.map((month) => (month.month === 241 ? { ...month, pairs: 5 } : month)))
    expect(withThinMonth[1]!.status).toBe('not-enough-data')
    expect(withThinMonth[1]!.index).toBeNull()
    expect(withThinMonth[2]!.movingAverage3).toBeNull()
    expect(withThinMonth[4]!.monthOverMonth).toBeNull()
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

  it('gives the typical rent a 90 % band that a bootstrap of its rents agrees with', () => {
    const random = seededRandom(17)
    const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
    // 120 asking rents of one city's two-bedroom homes: spread by about a third, a few far out.
    const rents = Array.from({ length: 120 }, () => Math.round(180_000 * Math.exp(0.3 * normal() + (random() < 0.05 ? 1 : 0))))
    const spread = dollarAnchorSpread(rents)!
    expect(spread.rents).toBe(120)
    const anchor = dollarAnchor(rents)!
    const draws = Array.from({ length: 2_000 }, () => dollarAnchor(rents.map(() => rents[Math.floor(random() * rents.length)]!))! / anchor)
    draws.sort((a, b) => a - b)
    const bootstrapHalfWidth = (draws[1_899]! - draws[99]!) / 2
    expect(spread.halfWidth).toBeGreaterThan(bootstrapHalfWidth * 0.75)
    expect(spread.halfWidth).toBeLessThan(bootstrapHalfWidth * 1.33)
    // Fewer rents, a wider band; one rent, none.
    expect(dollarAnchorSpread(rents.slice(0, 30))!.halfWidth).toBeGreaterThan(spread.halfWidth)
    expect(dollarAnchorSpread([150_000])).toBeNull()
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
