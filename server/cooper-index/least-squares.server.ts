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

/** The full A⁻¹ (row-major, symmetric) from A's Cholesky factor: A⁻¹ = L⁻ᵀL⁻¹, in about p³/3 operations. */
export function choleskyInverse(l: Float64Array, p: number): Float64Array {
  // L⁻¹ column by column (forward substitution on eᵢ; entries above i are zero), kept row-major.
  const lInverse = new Float64Array(p * p)
  for (let i = 0; i < p; i++) {
    for (let r = i; r < p; r++) {
      let s = r === i ? 1 : 0
      for (let k = i; k < r; k++) s -= l[r * p + k]! * lInverse[k * p + i]!
      lInverse[r * p + i] = s / l[r * p + r]!
    }
  }
  const inverse = new Float64Array(p * p)
  for (let i = 0; i < p; i++) {
    for (let j = 0; j <= i; j++) {
      let s = 0
      for (let k = i; k < p; k++) s += lInverse[k * p + i]! * lInverse[k * p + j]!
      inverse[i * p + j] = s
      inverse[j * p + i] = s
    }
  }
  return inverse
}

/**
 * Each cluster's summed score s_g = Σ_{i∈g} w_i r_i x_i of a weighted fit, for the cluster-robust ("sandwich")
 * covariance A⁻¹ (Σ_g s_g s_gᵀ) A⁻¹. A cluster is a home: a run of adjacent pairs with the same unit, as pairsOf
 * gives them (a home's pairs share observations and its own drift, so they are not independent). Sparse rows:
 * cluster g's entries are `slots`/`values` from `starts[g]` to `starts[g + 1]`.
 */
export function clusteredScores(
  pairs: PairColumns,
  used: Uint8Array,
  first: number,
  slot: Int32Array,
  p: number,
  weights: Float64Array,
  beta: Float64Array,
): { clusters: number; starts: Int32Array; slots: Int32Array; values: Float64Array } {
  const n = pairs.from.length
  // At most two entries per pair and one cluster per pair.
  const starts = new Int32Array(n + 1)
  const slots = new Int32Array(2 * n)
  const values = new Float64Array(2 * n)
  // Where slot s sits among the current cluster's entries (valid when entryCluster[s] is the current cluster).
  const entryOf = new Int32Array(p)
  const entryCluster = new Int32Array(p).fill(-1)
  let clusters = 0
  let entries = 0
  let unit = -1
  const add = (s: number, value: number) => {
    if (s < 0) return
    if (entryCluster[s] !== clusters - 1) {
      entryCluster[s] = clusters - 1
      entryOf[s] = entries
      slots[entries] = s
      values[entries++] = 0
    }
    values[entryOf[s]!]! += value
  }
  for (let i = 0; i < n; i++) {
    if (!used[i]) continue
    if (pairs.unit[i] !== unit) {
      unit = pairs.unit[i]!
      starts[clusters++] = entries
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
  starts[clusters] = entries
  return { clusters, starts: starts.subarray(0, clusters + 1), slots: slots.subarray(0, entries), values: values.subarray(0, entries) }
}

/**
 * dᵀ (Σ_g s_g s_gᵀ) d for many directions d: by the clusters' sparse scores when they are fewer entries than the
 * dense p×p middle would be, else through that dense middle (a market with many homes and few months).
 */
export function clusteredQuadraticForm(scores: ReturnType<typeof clusteredScores>, p: number): (direction: Float64Array) => number {
  const { clusters, starts, slots, values } = scores
  if (slots.length < p * p) {
    return (direction) => {
      let total = 0
      for (let g = 0; g < clusters; g++) {
        let dot = 0
        for (let e = starts[g]!; e < starts[g + 1]!; e++) dot += values[e]! * direction[slots[e]!]!
        total += dot * dot
      }
      return total
    }
  }
  const meat = new Float64Array(p * p)
  for (let g = 0; g < clusters; g++) {
    for (let e = starts[g]!; e < starts[g + 1]!; e++) {
      for (let f = starts[g]!; f < starts[g + 1]!; f++) meat[slots[e]! * p + slots[f]!]! += values[e]! * values[f]!
    }
  }
  return (direction) => {
    let total = 0
    for (let j = 0; j < p; j++) {
      const dj = direction[j]!
      if (dj === 0) continue
      let row = 0
      for (let k = 0; k < p; k++) row += meat[j * p + k]! * direction[k]!
      total += dj * row
    }
    return total
  }
}
