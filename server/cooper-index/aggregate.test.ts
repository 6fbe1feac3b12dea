import { describe, expect, it } from 'vitest'
import { aggregateIndex, homesByCity, type AggregatePart } from './aggregate.server.ts'
import { BAND_Z, type IndexMonth } from './repeat-rent.server.ts'

/** A city's months from its index values (null: not enough data), each with a band of ±`error` on the log scale. */
function part(key: string, homes: number, first: number, values: (number | null)[], error = 0.01): AggregatePart {
  const months = values.map((index, m): IndexMonth => ({
    month: first + m,
    status: index === null ? 'not-enough-data' : 'ok',
    index,
    low: index === null ? null : index * Math.exp(-BAND_Z * error),
    high: index === null ? null : index * Math.exp(BAND_Z * error),
    pairs: 40,
    units: 35,
    movingAverage3: null,
    monthOverMonth: null,
    yearOverYear: null,
  }))
  return { key, name: key, homes, months }
}

const YEAR = Array.from({ length: 12 }, (_, k) => 300 + k)
const grow = (start: number, rate: number, count: number) => Array.from({ length: count }, (_, m) => start * (1 + rate) ** m)

describe('aggregateIndex', () => {
  it('is the homes-weighted mean of its cities where all have figures, averaging 100 over the base year', () => {
    const big = part('big', 300, 300, grow(100, 0.01, 24))
    const small = part('small', 100, 300, grow(100, -0.005, 24))
    const { months, basePeriod, parts } = aggregateIndex([big, small], YEAR)!
    expect(basePeriod).toEqual(YEAR)
    expect(parts).toEqual([
      { key: 'big', name: 'big', homes: 300 },
      { key: 'small', name: 'small', homes: 100 },
    ])
    const mixed = months.map((_, m) => (300 * big.months[m]!.index! + 100 * small.months[m]!.index!) / 400)
    const scale = mixed.slice(0, 12).reduce((sum, value) => sum + Math.log(value), 0) / 12
    for (const [m, month] of months.entries()) expect(month.index).toBeCloseTo(100 * Math.exp(Math.log(mixed[m]!) - scale), 9)
    // The big city leads: the aggregate rises, by less than the big city alone.
    expect(months.at(-1)!.yearOverYear!).toBeGreaterThan(0)
    expect(months.at(-1)!.yearOverYear!).toBeLessThan(1.01 ** 12 - 1)
    expect(months[5]!.pairs).toBe(80)
  })

  it('is moved by neither a city’s missing month nor its return', () => {
    const steady = part('steady', 100, 300, grow(100, 0.01, 24))
    const gappy = part('gappy', 100, 300, [...grow(150, 0.03, 10), null, null, ...grow(150 * 1.03 ** 12, 0.03, 12)])
    const { months } = aggregateIndex([steady, gappy], null)!
    // While the gappy city has no figure the aggregate moves with the steady one alone, and its return, at a level
    // far from where it left, is no jump: the month after the gap moves as its parts did.
    const changes = months.map((month, m) => (m === 0 ? null : month.index! / months[m - 1]!.index! - 1))
    for (const m of [10, 11, 12]) expect(changes[m]).toBeCloseTo(0.01, 9)
    expect(changes[13]!).toBeGreaterThan(0.01)
    expect(changes[13]!).toBeLessThan(0.03)
    // With no base year given, its own first twelve months are the base.
    expect(months.slice(0, 12).reduce((sum, month) => sum + Math.log(month.index! / 100), 0)).toBeCloseTo(0, 9)
  })

  it('combines the cities’ bands as independent: two equal cities give a band √2 narrower', () => {
    const flat = Array.from({ length: 12 }, () => 100)
    const { months } = aggregateIndex([part('a', 50, 300, flat, 0.02), part('b', 50, 300, flat, 0.02)], YEAR)!
    for (const month of months) {
      expect(Math.log(month.high! / month.index!) / BAND_Z).toBeCloseTo(0.02 / Math.SQRT2, 9)
      expect(Math.log(month.index! / month.low!) / BAND_Z).toBeCloseTo(0.02 / Math.SQRT2, 9)
    }
  })

  it('leaves out a city with no homes over its base period or no figure, and keeps only counts when none has one', () => {
    const figures = part('figures', 10, 300, grow(100, 0.01, 12))
    const thin = part(
      'thin',
      10,
      300,
      Array.from({ length: 12 }, () => null),
    )
    const unweighted = part('unweighted', 0, 300, grow(100, 0.05, 12))
    const aggregate = aggregateIndex([figures, thin, unweighted], YEAR)!
    expect(aggregate.parts.map((entry) => entry.key)).toEqual(['figures'])
    expect(aggregate.months.map((month) => month.index!.toFixed(6))).toEqual(
      aggregateIndex([figures], YEAR)!.months.map((month) => month.index!.toFixed(6)),
    )

    const onlyThin = aggregateIndex([thin], YEAR)!
    expect(onlyThin.parts).toEqual([])
    expect(onlyThin.months.every((month) => month.index === null && month.status === 'not-enough-data' && month.pairs === 40)).toBe(true)
    expect(aggregateIndex([], YEAR)).toBeNull()
  })
})

describe('homesByCity', () => {
  it('counts each home with a letting in its city’s period once, in all homes and in its bedrooms group', () => {
    // Home 1 let twice in the period, home 2 once, home 3 only before it; home 4 in another city without a period.
    const observations = {
      count: 6,
      unit: Int32Array.from([1, 1, 2, 3, 4, 2]),
      month: Int32Array.from([300, 305, 302, 290, 301, 320]),
      city: Int32Array.from([0, 0, 0, 0, 1, 0]),
      bedrooms: Int8Array.from([1, 1, 2, 2, 1, 2]),
    }
    const homes = homesByCity(observations, (city) => (city === 0 ? [300, 311] : null))
    expect(Object.fromEntries(homes)).toEqual({ '0|all': 2, '0|0-1': 1, '0|2': 1 })
  })
})
