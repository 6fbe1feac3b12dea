// Seeded synthetic rental markets with a known true index path, for the Cooper Index's tests and benchmarks.
// Log rent of unit u in month t = level + unit effect + true log index(t) + the unit's own drift + noise, so a
// pair's error has the variance 2·noise² + drift²·(months apart) that the estimator's second stage models.
import type { RentObservation } from '#server/cooper-index/index.server.ts'

/** A small, fast, deterministic PRNG (mulberry32): uniform numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const BURN_IN = 36

function normalFrom(random: () => number): () => number {
  return () => {
    const u = 1 - random()
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random())
  }
}

export type SyntheticMarketOptions = {
  seed: number
  /** How many months the market spans, and the first of them (months since 2000-01). */
  months: number
  firstMonth?: number
  units: number
  /** True path: yearly log trend, seasonal amplitude, monthly shock standard deviation. */
  trendPerYear?: number
  seasonalAmplitude?: number
  shockSd?: number
  /** Unit fixed effects, the unit's own monthly drift, and noise of each observation (log scale). */
  unitSd?: number
  driftSd?: number
  noiseSd?: number
  /** Share of re-lets where the home changed (another bedroom count), which must not make a pair. */
  changedShare?: number
}

export type SyntheticMarket = {
  firstMonth: number
  lastMonth: number
  /** True log index by month, 0 at the first month. */
  truthLogIndex: Float64Array
  observations: RentObservation[]
}

/** The true log index path: trend, seasonality and a random walk of shocks, 0 at month 0. */
function truePath(months: number, options: SyntheticMarketOptions, normal: () => number): Float64Array {
  const { trendPerYear = 0.04, seasonalAmplitude = 0.015, shockSd = 0.004 } = options
  const path = new Float64Array(months)
  let shocks = 0
  for (let t = 0; t < months; t++) {
    if (t > 0) shocks += shockSd * normal()
    path[t] = (trendPerYear * t) / 12 + seasonalAmplitude * Math.sin((2 * Math.PI * t) / 12) + shocks
  }
  const start = path[0]!
  for (let t = 0; t < months; t++) path[t]! -= start
  return path
}

/**
 * Calls `emit` for each observation of each unit, units in order and each unit's observations in time order.
 * Sampling is uneven: more homes come up in later months and in summer, leases run mostly about a year but
 * anywhere from one month to three years, and some homes are seen again a month later.
 */
export function forEachSyntheticObservation(
  options: SyntheticMarketOptions,
  emit: (unit: number, monthOffset: number, logRent: number, changed: boolean) => void,
): Float64Array {
  const { months, units, unitSd = 0.35, driftSd = 0.012, noiseSd = 0.035, changedShare = 0 } = options
  const random = seededRandom(options.seed)
  const normal = normalFrom(random)
  const path = truePath(months, options, normal)
  const level = Math.log(180_000)
  const isLikely = (t: number) => random() < (0.45 + (0.4 * t) / months) * (1 + 0.25 * Math.sin((2 * Math.PI * (t - 3)) / 12))

  for (let u = 0; u < units; u++) {
    const effect = unitSd * normal()
    // Homes come on the market before the first month too (a burn-in of three years), so the first months are
    // not thinner than the rest; only observations within the months are emitted.
    let t = Math.floor(random() * (months + BURN_IN)) - BURN_IN
    while (t >= 0 && !isLikely(t)) t = Math.floor(random() * (months + BURN_IN)) - BURN_IN
    let drift = 0
    let changed = false
    let lastT = t
    const observe = () => {
      drift += driftSd * Math.sqrt(t - lastT) * normal()
      lastT = t
      if (t >= 0) emit(u, t, level + effect + path[t]! + drift + noiseSd * normal(), changed)
    }
    while (t < months) {
      observe()
      if (random() < 0.15 && t + 1 < months) {
        // Seen again a month later (a relisting or a price change): a short pair.
        t += 1
        observe()
      }
      const gap = random() < 0.6 ? 10 + Math.floor(random() * 5) : 1 + Math.floor(random() * 36)
      t += gap
      if (random() < changedShare) changed = !changed
    }
  }
  return path
}

/** One market as observations ready for `buildPairs`, with the truth it was drawn from. */
export function syntheticMarket(options: SyntheticMarketOptions): SyntheticMarket {
  const firstMonth = options.firstMonth ?? 240
  const observations: RentObservation[] = []
  const truthLogIndex = forEachSyntheticObservation(options, (unit, monthOffset, logRent, changed) => {
    observations.push({
      unitKey: `unit-${options.seed}-${unit}`,
      month: firstMonth + monthOffset,
      rentCents: Math.round(Math.exp(logRent)),
      type: 'apartment',
      bedrooms: changed ? 3 : 2,
      sizeSqft: changed ? 1100 : 850,
    })
  })
  return { firstMonth, lastMonth: firstMonth + options.months - 1, truthLogIndex, observations }
}
