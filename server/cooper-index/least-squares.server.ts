// The least squares of the repeat-rent regression: the normal equations accumulated from the pairs (each pair
// a row of X with −1 at its first month and +1 at its second), solved by a Cholesky factorisation. The matrices
// are small (one row per month), symmetric positive definite, row-major in a Float64Array.

/** The pairs of one market as parallel arrays; a unit's pairs must be adjacent for the count of distinct units. */
export type PairColumns = {
  from: ArrayLike<number>
  to: ArrayLike<number>
  logChange: ArrayLike<number>
  unit: ArrayLike<number>
}

/**
 * Accumulates XᵀWX and XᵀWy (each pair touches at most four entries) and solves by Cholesky. `weights` is by
 * months apart (null: all 1). The factor is null when the system is not positive definite.
 */
export function solveWeighted(
  pairs: PairColumns,
  used: Uint8Array,
  first: number,
  slot: Int32Array,
  p: number,
  weights: Float64Array | null,
): { beta: Float64Array; factor: Float64Array | null } {
  const xtx = new Float64Array(p * p)
  const xty = new Float64Array(p)
  const n = pairs.from.length
  for (let i = 0; i < n; i++) {
    if (!used[i]) continue
    const a = pairs.from[i]! - first
    const b = pairs.to[i]! - first
    const w = weights ? weights[b - a]! : 1
    const wy = w * pairs.logChange[i]!
    const sa = slot[a]!
    const sb = slot[b]!
    if (sa >= 0) {
      xtx[sa * p + sa]! += w
      xty[sa]! -= wy
    }
    if (sb >= 0) {
      xtx[sb * p + sb]! += w
      xty[sb]! += wy
    }
    if (sa >= 0 && sb >= 0) {
      xtx[sa * p + sb]! -= w
      xtx[sb * p + sa]! -= w
    }
  }
  const factor = choleskyFactor(xtx, p)
  if (!factor) return { beta: new Float64Array(p).fill(NaN), factor: null }
  return { beta: choleskySolve(factor, p, xty), factor }
}

/** Lower-triangular L with LLᵀ = A (row-major, in place on a copy), or null when a pivot is not positive. */
function choleskyFactor(a: Float64Array, p: number): Float64Array | null {
  const l = new Float64Array(a)
  for (let j = 0; j < p; j++) {
    let d = l[j * p + j]!
    for (let k = 0; k < j; k++) d -= l[j * p + k]! * l[j * p + k]!
    // Relative to the original diagonal: a month linked to the base keeps a clearly positive pivot.
    if (!(d > 1e-10 * a[j * p + j]!)) return null
    const root = Math.sqrt(d)
    l[j * p + j] = root
    for (let i = j + 1; i < p; i++) {
      let s = l[i * p + j]!
      for (let k = 0; k < j; k++) s -= l[i * p + k]! * l[j * p + k]!
      l[i * p + j] = s / root
    }
    for (let k = j + 1; k < p; k++) l[j * p + k] = 0
  }
  return l
}

/** x with LLᵀx = b, by forward then back substitution. */
export function choleskySolve(l: Float64Array, p: number, b: Float64Array): Float64Array {
  const z = new Float64Array(p)
  for (let i = 0; i < p; i++) {
    let s = b[i]!
    for (let k = 0; k < i; k++) s -= l[i * p + k]! * z[k]!
    z[i] = s / l[i * p + i]!
  }
  const x = new Float64Array(p)
  for (let i = p - 1; i >= 0; i--) {
    let s = z[i]!
    for (let k = i + 1; k < p; k++) s -= l[k * p + i]! * x[k]!
    x[i] = s / l[i * p + i]!
  }
  return x
}

/** The diagonal of A⁻¹ from A's Cholesky factor: A⁻¹ = L⁻ᵀL⁻¹, so (A⁻¹)ᵢᵢ = Σₖ (L⁻¹)ₖᵢ². */
export function choleskyInverseDiagonal(l: Float64Array, p: number): Float64Array {
  const diagonal = new Float64Array(p)
  const column = new Float64Array(p)
  for (let i = 0; i < p; i++) {
    // Column i of L⁻¹ by forward substitution on the unit vector eᵢ; entries above i are zero.
    column.fill(0)
    for (let r = i; r < p; r++) {
      let s = r === i ? 1 : 0
      for (let k = i; k < r; k++) s -= l[r * p + k]! * column[k]!
      column[r] = s / l[r * p + r]!
    }
    for (let r = i; r < p; r++) diagonal[i]! += column[r]! * column[r]!
  }
  return diagonal
}

/**
 * The middle of the cluster-robust ("sandwich") covariance A⁻¹ M A⁻¹ of a weighted fit: M = Σ_g s_g s_gᵀ, where
 * s_g = Σ_{i∈g} w_i r_i x_i sums one cluster's scores (a home's pairs: they share observations and the home's
 * own drift, so they are not independent). A cluster is a run of adjacent pairs with the same unit, as pairsOf
 * gives them. Returns M (row-major p×p) and the number of clusters.
 */
export function clusteredScores(
  pairs: PairColumns,
  used: Uint8Array,
  first: number,
  slot: Int32Array,
  p: number,
  weights: Float64Array,
  beta: Float64Array,
): { meat: Float64Array; clusters: number } {
  const meat = new Float64Array(p * p)
  const score = new Float64Array(p)
  const touched: number[] = []
  let clusters = 0
  let unit = -1
  const flush = () => {
    for (const j of touched) {
      const sj = score[j]!
      if (sj === 0) continue
      for (const k of touched) meat[j * p + k]! += sj * score[k]!
    }
    for (const j of touched) score[j] = 0
    touched.length = 0
  }
  const add = (s: number, value: number) => {
    if (s < 0) return
    if (score[s] === 0 && !touched.includes(s)) touched.push(s)
    score[s]! += value
  }
  const n = pairs.from.length
  for (let i = 0; i < n; i++) {
    if (!used[i]) continue
    if (pairs.unit[i] !== unit) {
      flush()
      unit = pairs.unit[i]!
      clusters++
    }
    const a = pairs.from[i]! - first
    const b = pairs.to[i]! - first
    const sa = slot[a]!
    const sb = slot[b]!
    const fitted = (sb >= 0 ? beta[sb]! : 0) - (sa >= 0 ? beta[sa]! : 0)
    const weighted = weights[b - a]! * (pairs.logChange[i]! - fitted)
    add(sb, weighted)
    add(sa, -weighted)
  }
  flush()
  return { meat, clusters }
}
