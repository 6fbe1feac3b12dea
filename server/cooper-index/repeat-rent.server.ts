// The Cooper Index estimator: a Case–Shiller style weighted repeat-rent regression over one market's pairs,
// with a 90 % band from a covariance clustered by home. docs/cooper-index-method.md explains each step.
import { choleskyInverse, clusteredQuadraticForm, clusteredScores, solveWeighted, type PairColumns } from './least-squares.server.ts'

/**
 * Why a month has no figure: `no-pairs` (no pair begins or ends in it), `not-estimable` (its pairs do not link it
 * to the base month, so its level relative to the base is unknown), `not-enough-data` (below the threshold).
 */
export type MonthStatus = 'ok' | 'no-pairs' | 'not-estimable' | 'not-enough-data'

export type IndexMonth = {
  month: number
  status: MonthStatus
  /** Index points; the base period's geometric mean is 100. */
  index: number | null
  /** The 90 % band, in index points: from the covariance clustered by home (`clusteredLogStandardError`). */
  low: number | null
  high: number | null
  /** Pairs that begin or end in this month, and the distinct units among them. */
  pairs: number
  units: number
  /** Mean of this month's index and the two before it. */
  movingAverage3: number | null
  /** Fractions: 0.012 is +1.2 %. Month over month is the change of the 3-month average. */
  monthOverMonth: number | null
  yearOverYear: number | null
}

export type RepeatRentIndex = {
  first: number
  last: number
  /** The regression's reference month (log index 0), which identifies the levels. */
  base: number
  /** The months whose index values average (geometrically) 100; see `BASE_PERIOD_MONTHS`. */
  basePeriod: number[]
  months: IndexMonth[]
  /** Log index by month relative to the reference month (index i is month first + i); NaN where there is no estimate. */
  stage1LogIndex: Float64Array
  logIndex: Float64Array
  /** Standard error of `logIndex` (0 at the reference month, NaN where there is no estimate). */
  logStandardError: Float64Array
  /** The mean of `logIndex` over the base period: the published log index is `logIndex − basePeriodLogMean`. */
  basePeriodLogMean: number
  /** Standard error of the published log index, which carries the base period's own uncertainty (the model's). */
  publishedLogStandardError: Float64Array
  /**
   * The same, from the cluster-robust covariance: a home's pairs share observations and its own drift, so they are
   * not independent draws. The band uses it (the model's where there are fewer than two homes).
   */
  clusteredLogStandardError: Float64Array
  /** Homes (units) whose pairs were used: the clusters of the robust covariance. */
  clusters: number
  /** Stage 2: the variance of a pair's residual as `intercept + slope × months apart`, never below `floor`. */
  varianceModel: { intercept: number; slope: number; floor: number }
  /** Weighted residual variance of stage 3, which scales the covariance. */
  residualVariance: number
  pairsUsed: number
  /** Pairs left out for a month outside `first..last`, months not in order, or a log change that is not a number. */
  pairsOutsideRange: number
  /** Pairs between months that no chain of pairs links to the base month. */
  pairsNotLinkedToBase: number
}

/** 90 % two-sided normal quantile. */
export const BAND_Z = 1.645

/** Below this many pairs touching a month, the month shows "not enough data" (see the method for why 30). */
export const MIN_PAIRS_PER_MONTH = 30

/**
 * The base period: the first this many months with an estimate and enough pairs, whose index values average
 * (geometrically) 100. A year rather than one month, so the noise of a single month does not shift the whole series.
 */
export const BASE_PERIOD_MONTHS = 12

/** The fitted variance of a pair is kept at or above this share of the mean squared stage-1 residual. */
export const VARIANCE_FLOOR_SHARE = 0.05

/**
 * Estimates the index for months `first..last` (inclusive). The regression is identified by fixing the log
 * index of `base` (default `first`) at 0; the published index is then scaled so that the base period (default:
 * the first `BASE_PERIOD_MONTHS` months with an estimate and at least `MIN_PAIRS_PER_MONTH` pairs) averages
 * 100. Pairs with a month outside the range are left out. Cost: a few passes over the pairs, plus O(months³)
 * for the solve.
 */
export function estimateRepeatRentIndex(
  pairs: PairColumns,
  { first, last, base = first, basePeriod }: { first: number; last: number; base?: number; basePeriod?: readonly number[] },
): RepeatRentIndex {
  if (!Number.isInteger(first) || !Number.isInteger(last) || last < first) throw new RangeError('first..last must be a range of months')
  if (!Number.isInteger(base) || base < first || base > last) throw new RangeError('the base month must lie within first..last')
  const monthCount = last - first + 1
  const baseSlot = base - first
  const n = pairs.from.length

  // Which pairs count, and which months they link: a union-find over months.
  const inRange = new Uint8Array(n)
  const parent = new Int32Array(monthCount)
  for (let m = 0; m < monthCount; m++) parent[m] = m
  const find = (m: number): number => {
    while (parent[m] !== m) {
      const up = parent[parent[m]!]!
      parent[m] = up
      m = up
    }
    return m
  }
  const touching = new Int32Array(monthCount)
  const units = new Int32Array(monthCount)
  const lastUnit = new Int32Array(monthCount).fill(-1)
  let pairsOutsideRange = 0
  for (let i = 0; i < n; i++) {
    const a = pairs.from[i]! - first
    const b = pairs.to[i]! - first
    if (a < 0 || b >= monthCount || b <= a || !Number.isFinite(pairs.logChange[i]!)) {
      pairsOutsideRange++
      continue
    }
    inRange[i] = 1
    const unit = pairs.unit[i]!
    touching[a]!++
    touching[b]!++
    if (lastUnit[a] !== unit) {
      lastUnit[a] = unit
      units[a]!++
    }
    if (lastUnit[b] !== unit) {
      lastUnit[b] = unit
      units[b]!++
    }
    const ra = find(a)
    const rb = find(b)
    if (ra !== rb) parent[ra] = rb
  }

  // Parameters: every month linked to the base, except the base itself (fixed at log 0).
  const baseRoot = find(baseSlot)
  const slot = new Int32Array(monthCount).fill(-1)
  const linked = new Uint8Array(monthCount)
  let p = 0
  for (let m = 0; m < monthCount; m++) {
    if (touching[m] === 0 || find(m) !== baseRoot) continue
    linked[m] = 1
    if (m !== baseSlot) slot[m] = p++
  }
  let pairsUsed = 0
  let pairsNotLinkedToBase = 0
  for (let i = 0; i < n; i++) {
    if (!inRange[i]) continue
    if (linked[pairs.from[i]! - first]) pairsUsed++
    else {
      inRange[i] = 0
      pairsNotLinkedToBase++
    }
  }
  const used = inRange

  // Stage 1: ordinary least squares.
  const stage1 = solveWeighted(pairs, used, first, slot, p, null)
  const stage1Beta = stage1.beta

  // Stage 2: squared residuals on the interval, by ordinary least squares on (1, months apart).
  let sw = 0
  let sx = 0
  let sy = 0
  let sxx = 0
  let sxy = 0
  for (let i = 0; i < n; i++) {
    if (!used[i]) continue
    const a = pairs.from[i]! - first
    const b = pairs.to[i]! - first
    const r = pairs.logChange[i]! - (levelOf(stage1Beta, slot, b) - levelOf(stage1Beta, slot, a))
    const x = b - a
    const y = r * r
    sw++
    sx += x
    sy += y
    sxx += x * x
    sxy += x * y
  }
  const meanSquare = sw > 0 ? sy / sw : 0
  const spread = sw * sxx - sx * sx
  // A fitted slope below zero (short pairs noisier than long ones: price cuts and reviews mistaken for
  // lettings do that) would give long pairs more weight, against the method; it is taken as zero, so
  // every pair weighs the same (docs/cooper-index-method.md, stage 2).
  const fittedSlope = spread > 1e-12 * sw * sxx ? (sw * sxy - sx * sy) / spread : 0
  const slope = Math.max(0, fittedSlope)
  const intercept = sw > 0 ? (sy - slope * sx) / sw : 0
  const floor = Math.max(VARIANCE_FLOOR_SHARE * meanSquare, 1e-12)
  const varianceModel = { intercept, slope, floor }

  // Stage 3: weighted least squares, weight = 1 / fitted variance.
  const weights = new Float64Array(monthCount)
  for (let d = 1; d < monthCount; d++) weights[d] = 1 / Math.max(intercept + slope * d, floor)
  const stage3 = solveWeighted(pairs, used, first, slot, p, weights)
  const beta = stage3.beta

  let weightedSquares = 0
  for (let i = 0; i < n; i++) {
    if (!used[i]) continue
    const a = pairs.from[i]! - first
    const b = pairs.to[i]! - first
    const r = pairs.logChange[i]! - (levelOf(beta, slot, b) - levelOf(beta, slot, a))
    weightedSquares += weights[b - a]! * r * r
  }
  const freedom = pairsUsed - p
  const residualVariance = freedom > 0 ? weightedSquares / freedom : NaN
  // The whole of A⁻¹ (the clustered band needs every column), from the factor: about p³/3 operations.
  const inverse = stage3.factor ? choleskyInverse(stage3.factor, p) : null
  const inverseDiagonal = inverse ? Float64Array.from({ length: p }, (_, k) => inverse[k * p + k]!) : null

  const stage1LogIndex = new Float64Array(monthCount).fill(NaN)
  const logIndex = new Float64Array(monthCount).fill(NaN)
  const logStandardError = new Float64Array(monthCount).fill(NaN)
  const isEstimated = (m: number) => linked[m] === 1 && (m === baseSlot || (stage1.factor !== null && stage3.factor !== null))
  for (let m = 0; m < monthCount; m++) {
    if (!isEstimated(m)) continue
    const s = slot[m]!
    stage1LogIndex[m] = s >= 0 ? stage1Beta[s]! : 0
    logIndex[m] = s >= 0 ? beta[s]! : 0
    logStandardError[m] = s >= 0 && inverseDiagonal ? Math.sqrt(residualVariance * inverseDiagonal[s]!) : s >= 0 ? NaN : 0
  }

  // The base period, and the published log index relative to its mean, with a variance that counts the mean's
  // own uncertainty: Var(β_t − β̄) = σ² (A⁻¹_tt − 2·mean_j A⁻¹_tj + mean_jk A⁻¹_jk), j and k over the period.
  const periodSlots = basePeriodOf(basePeriod, first, monthCount, touching, isEstimated)
  let basePeriodLogMean = 0
  for (const m of periodSlots) basePeriodLogMean += logIndex[m]! / periodSlots.length
  const periodColumns = periodSlots.map((m) =>
    slot[m]! >= 0 && inverse ? inverse.subarray(slot[m]! * p, (slot[m]! + 1) * p) : new Float64Array(p),
  )
  const periodMeanColumn = new Float64Array(p)
  for (const column of periodColumns) for (let k = 0; k < p; k++) periodMeanColumn[k]! += column[k]! / periodColumns.length
  // The clustered covariance of the published log index: uᵀ M u, u = A⁻¹(e_t − mean of e over the period), with
  // the usual small-sample factor G/(G−1)·(N−1)/(N−p).
  const scores = inverse ? clusteredScores(pairs, used, first, slot, p, weights, beta) : null
  const clusters = scores?.clusters ?? 0
  const quadratic = scores ? clusteredQuadraticForm(scores, p) : () => NaN
  const smallSample = clusters > 1 && pairsUsed > p ? (clusters / (clusters - 1)) * ((pairsUsed - 1) / (pairsUsed - p)) : NaN
  const direction = new Float64Array(p)
  const clusteredVarianceOf = (s: number): number => {
    for (let k = 0; k < p; k++) direction[k] = (s >= 0 ? inverse![s * p + k]! : 0) - periodMeanColumn[k]!
    return smallSample * Math.max(quadratic(direction), 0)
  }
  let periodVariance = 0
  for (const [j, column] of periodColumns.entries()) {
    for (const k of periodSlots.slice(j)) {
      const entry = slot[k]! >= 0 ? column[slot[k]!]! : 0
      periodVariance += ((k === periodSlots[j] ? 1 : 2) * entry) / periodSlots.length ** 2
    }
  }
  const publishedLogStandardError = new Float64Array(monthCount).fill(NaN)
  const clusteredLogStandardError = new Float64Array(monthCount).fill(NaN)
  const months: IndexMonth[] = []
  for (let m = 0; m < monthCount; m++) {
    let status: MonthStatus = 'ok'
    if (!isEstimated(m)) status = touching[m] === 0 ? 'no-pairs' : 'not-estimable'
    let index: number | null = null
    let low: number | null = null
    let high: number | null = null
    if (status === 'ok') {
      const s = slot[m]!
      let covarianceWithPeriod = 0
      if (s >= 0) for (const column of periodColumns) covarianceWithPeriod += column[s]! / periodColumns.length
      const ownVariance = s >= 0 && inverseDiagonal ? inverseDiagonal[s]! : s >= 0 ? NaN : 0
      const variance = residualVariance * Math.max(ownVariance - 2 * covarianceWithPeriod + periodVariance, 0)
      publishedLogStandardError[m] = Math.sqrt(variance)
      if (stage3.factor) clusteredLogStandardError[m] = Math.sqrt(clusteredVarianceOf(s))
      const published = logIndex[m]! - basePeriodLogMean
      index = 100 * Math.exp(published)
      const bandError = Number.isFinite(clusteredLogStandardError[m]!) ? clusteredLogStandardError[m]! : publishedLogStandardError[m]!
      const halfWidth = BAND_Z * bandError
      if (Number.isFinite(halfWidth)) {
        low = 100 * Math.exp(published - halfWidth)
        high = 100 * Math.exp(published + halfWidth)
      }
    }
    months.push({
      month: first + m,
      status,
      index,
      low,
      high,
      pairs: touching[m]!,
      units: units[m]!,
      movingAverage3: null,
      monthOverMonth: null,
      yearOverYear: null,
    })
  }
  return {
    first,
    last,
    base,
    basePeriod: periodSlots.map((m) => first + m),
    months: withDerivedFigures(months),
    stage1LogIndex,
    logIndex,
    logStandardError,
    basePeriodLogMean,
    publishedLogStandardError,
    clusteredLogStandardError,
    clusters,
    varianceModel,
    residualVariance,
    pairsUsed,
    pairsOutsideRange,
    pairsNotLinkedToBase,
  }
}

/**
 * The base period's months as offsets from `first`: those asked for that have an estimate, else the first
 * `BASE_PERIOD_MONTHS` estimated months with enough pairs, else the first that many estimated months at all.
 */
function basePeriodOf(
  asked: readonly number[] | undefined,
  first: number,
  monthCount: number,
  touching: Int32Array,
  isEstimated: (m: number) => boolean,
): number[] {
  const estimated: number[] = []
  for (let m = 0; m < monthCount; m++) if (isEstimated(m)) estimated.push(m)
  if (asked) return estimated.filter((m) => asked.includes(first + m))
  const wellFed = estimated.filter((m) => touching[m]! >= MIN_PAIRS_PER_MONTH)
  return (wellFed.length > 0 ? wellFed : estimated).slice(0, BASE_PERIOD_MONTHS)
}

function levelOf(beta: Float64Array, slot: Int32Array, m: number): number {
  const s = slot[m]!
  return s >= 0 ? beta[s]! : 0
}

/**
 * Fills the 3-month moving average and the month-over-month and year-over-year changes from the index values.
 * The month-over-month change is that of the 3-month average, as Case–Shiller's is: one month's index carries about
 * as much noise as a month's change of rents, and the average's change carries a third of it (the method note has
 * the figures).
 */
export function withDerivedFigures(months: IndexMonth[]): IndexMonth[] {
  const indexAt = (i: number): number | null => (i >= 0 && i < months.length ? months[i]!.index : null)
  const averageAt = (i: number): number | null => {
    const [a, b, c] = [indexAt(i), indexAt(i - 1), indexAt(i - 2)]
    return a !== null && b !== null && c !== null ? (a + b + c) / 3 : null
  }
  return months.map((month, i) => {
    const current = month.index
    const average = averageAt(i)
    const averageBefore = averageAt(i - 1)
    const yearBefore = indexAt(i - 12)
    return {
      ...month,
      movingAverage3: average,
      monthOverMonth: average !== null && averageBefore !== null ? average / averageBefore - 1 : null,
      yearOverYear: current !== null && yearBefore !== null ? current / yearBefore - 1 : null,
    }
  })
}

/** Months with fewer than `minimum` pairs lose their figures and read "not enough data"; the rest is recomputed. */
export function withEnoughData(months: IndexMonth[], minimum = MIN_PAIRS_PER_MONTH): IndexMonth[] {
  return withDerivedFigures(
    months.map((month) =>
      month.status === 'ok' && month.pairs < minimum ? { ...month, status: 'not-enough-data', index: null, low: null, high: null } : month,
    ),
  )
}
