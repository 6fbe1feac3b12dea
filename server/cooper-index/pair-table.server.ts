// A run's repeat-rent pairs as typed columns: the rules of buildPairs (pairs.server.ts) applied to the observation
// columns directly, so millions of observations make no object each.
import type { ObservationColumns } from './observations.server.ts'
import { MAX_ABS_LOG_CHANGE, SIZE_TOLERANCE, type PairDrops } from './pairs.server.ts'

/** Every pair of the run as columns, with the city and bedrooms group of its unit. */
export type PairTable = {
  count: number
  from: Int32Array
  to: Int32Array
  logChange: Float64Array
  unit: Int32Array
  city: Int32Array
  bedrooms: Int8Array
  dropped: PairDrops
}

/**
 * Pairs unit by unit, by the rules of buildPairs (pairs.server.ts) applied to the columns directly: observations
 * are put in unit and time order by a counting sort, and each unit's run is paired in place.
 */
export function pairsOf(observations: ObservationColumns): PairTable {
  const { count: n, unit: unitOf, time, month, rentCents, type, bedrooms, sizeSqft, city } = observations
  const unitCount = observations.units.length
  // Counting sort by unit keeps the read order within a unit; then each unit's few by time (stable).
  const start = new Int32Array(unitCount + 1)
  for (let i = 0; i < n; i++) start[unitOf[i]! + 1]!++
  for (let u = 0; u < unitCount; u++) start[u + 1]! += start[u]!
  const order = new Int32Array(n)
  const fill = start.slice(0, unitCount)
  for (let i = 0; i < n; i++) order[fill[unitOf[i]!]!++] = i
  for (let u = 0; u < unitCount; u++) {
    const from = start[u]!
    const to = start[u + 1]!
    if (to - from > 32) {
      order.subarray(from, to).sort((a, b) => time[a]! - time[b]! || a - b)
      continue
    }
    for (let k = from + 1; k < to; k++) {
      const i = order[k]!
      let j = k - 1
      while (j >= from && time[order[j]!]! > time[i]!) {
        order[j + 1] = order[j]!
        j--
      }
      order[j + 1] = i
    }
  }

  // At most one pair per observation.
  const table = {
    from: new Int32Array(n),
    to: new Int32Array(n),
    logChange: new Float64Array(n),
    unit: new Int32Array(n),
    city: new Int32Array(n),
    bedrooms: new Int8Array(n),
  }
  let count = 0
  const dropped: PairDrops = { invalid: 0, sameMonth: 0, typeChanged: 0, bedroomsChanged: 0, sizeChanged: 0, outlier: 0 }
  const valid = new Int32Array(Math.max(1, maxRunOf(start)))
  for (let u = 0; u < unitCount; u++) {
    const from = start[u]!
    const to = start[u + 1]!
    // buildPairs sees a unit's observations only when it has two or more.
    if (to - from < 2) continue
    const keyed = observations.units[u] !== ''
    let validCount = 0
    for (let k = from; k < to; k++) {
      const i = order[k]!
      if (keyed && rentCents[i]! > 0) valid[validCount++] = k
      else dropped.invalid++
    }
    let previous = -1
    for (let v = 0; v < validCount; v++) {
      const current = order[valid[v]!]!
      if (v + 1 < validCount && month[order[valid[v + 1]!]!] === month[current]) {
        dropped.sameMonth++
        continue
      }
      if (previous >= 0) {
        const sizeBefore = sizeSqft[previous]!
        const sizeAfter = sizeSqft[current]!
        if (type[previous] !== type[current]) dropped.typeChanged++
        else if (bedrooms[previous] !== bedrooms[current]) dropped.bedroomsChanged++
        else if (sizeBefore > 0 && sizeAfter > 0 && Math.abs(sizeAfter - sizeBefore) > SIZE_TOLERANCE * sizeBefore) dropped.sizeChanged++
        else {
          const logChange = Math.log(rentCents[current]! / rentCents[previous]!)
          if (Math.abs(logChange) > MAX_ABS_LOG_CHANGE) dropped.outlier++
          else {
            // The pair's bedrooms: those of the unit's last observation in the month the pair ends (valid or not).
            let last = valid[v]!
            while (last + 1 < to && month[order[last + 1]!] === month[current]) last++
            table.from[count] = month[previous]!
            table.to[count] = month[current]!
            table.logChange[count] = logChange
            table.unit[count] = u
            table.city[count] = city[order[from]!]!
            table.bedrooms[count] = bedrooms[order[last]!]!
            count++
          }
        }
      }
      previous = current
    }
  }
  return {
    count,
    from: table.from.subarray(0, count),
    to: table.to.subarray(0, count),
    logChange: table.logChange.subarray(0, count),
    unit: table.unit.subarray(0, count),
    city: table.city.subarray(0, count),
    bedrooms: table.bedrooms.subarray(0, count),
    dropped,
  }
}

function maxRunOf(start: Int32Array): number {
  let longest = 0
  for (let u = 0; u + 1 < start.length; u++) longest = Math.max(longest, start[u + 1]! - start[u]!)
  return longest
}
