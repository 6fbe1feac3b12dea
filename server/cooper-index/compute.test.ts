import { describe, expect, it } from 'vitest'
import { formatBase } from '#common/cooper/figures.ts'
import { baseYearOf, wholeYearsOf } from './estimate.server.ts'
import { bedroomsGroupOf, marketKeyOf } from './markets.server.ts'
import { pairsOf } from './pair-table.server.ts'
import { dateOfMonth, monthOf, monthOfMicros, type ObservationColumns } from './observations.server.ts'
import { buildPairs, type RentObservation } from './pairs.server.ts'

describe('the Cooper Index pipeline helpers', () => {
  it('group studios with one-bedroom homes, then two, then three and more', () => {
    expect([0, 1, 2, 3, 7].map(bedroomsGroupOf)).toEqual(['0-1', '0-1', '2', '3+', '3+'])
  })

  it('key markets by nation, state, and state and city in URL-safe words', () => {
    expect(marketKeyOf()).toBe('us')
    expect(marketKeyOf('DE')).toBe('de')
    expect(marketKeyOf('DE', 'Wilmington')).toBe('de-wilmington')
    expect(marketKeyOf('NM', ' Española  ')).toBe('nm-espanola')
    expect(marketKeyOf('ID', "Coeur d'Alene")).toBe('id-coeur-d-alene')
  })

  it('count months from January 2000 in UTC and name their first day', () => {
    expect(monthOf(new Date('2000-01-31T23:59:59Z'))).toBe(0)
    expect(monthOf(new Date('2026-11-20T12:00:00Z'))).toBe(322)
    expect(dateOfMonth(0)).toBe('2000-01-01')
    expect(dateOfMonth(322)).toBe('2026-11-01')
    expect(dateOfMonth(monthOf(new Date('2024-12-01T00:00:00Z')))).toBe('2024-12-01')
  })
})

/** mulberry32: a small seeded generator. */
function generator(state: number) {
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('the base period', () => {
  /** Pairs from month to month, `count` of each (months since January 2000). */
  const pairsOver = (spans: [number, number, number][]) => {
    const from: number[] = []
    const to: number[] = []
    for (const [a, b, count] of spans) {
      for (let k = 0; k < count; k++) {
        from.push(a)
        to.push(b)
      }
    }
    return { count: from.length, from: Int32Array.from(from), to: Int32Array.from(to) }
  }
  const monthsOfYear = (year: number) => Array.from({ length: 12 }, (_, k) => (year - 2000) * 12 + k)

  it('is a calendar year with enough pairs in every month, never twelve months across two years', () => {
    // Monthly pairs from March 2020: 2020 lacks January and February, so 2021 is the first whole year.
    const spans: [number, number, number][] = []
    for (let m = 242; m < 280; m++) spans.push([m, m + 1, 20])
    expect(wholeYearsOf(pairsOver(spans), 279)).toEqual([252, 264])
    // A thin month in 2021 leaves 2022; months still in progress do not count.
    const thin = pairsOver(spans.map(([a, b, n]) => [a, b, a === 255 || b === 255 ? 5 : n]))
    expect(wholeYearsOf(thin, 279)).toEqual([264])
    expect(wholeYearsOf(thin, 274)).toEqual([])
    expect(wholeYearsOf(pairsOver([]), 279)).toEqual([])
  })

  it('is the year the most series have whole, the same for all of them', () => {
    const spans: [number, number, number][] = []
    for (let m = 242; m < 280; m++) spans.push([m, m + 1, 20])
    const pairs = pairsOver(spans)
    const all = Int32Array.from({ length: pairs.count }, (_, i) => i)
    // Two towns whose pairs begin in 2022: 2022 is whole in all three series, 2021 only in the whole market.
    const late = all.filter((i) => pairs.from[i]! >= 263)
    expect(baseYearOf(pairs, [all, late, late], 279)).toEqual(monthsOfYear(2022))
    expect(baseYearOf(pairs, [all], 279)).toEqual(monthsOfYear(2021))
    expect(baseYearOf(pairs, [late], 270)).toBeNull()
  })

  it('is named on every page: "2021 = 100" for a year, its months otherwise', () => {
    expect(formatBase('2021-01-01', '2021-12-01')).toBe('2021 = 100')
    expect(formatBase('2022-03-01', '2023-02-01')).toBe('March 2022 – February 2023 = 100')
    expect(formatBase(null, null)).toBe('base 100')
  })
})

describe('pairing on columns', () => {
  it('gives the pairs, drops and bedrooms of buildPairs run unit by unit in time order', () => {
    const random = generator(7)
    const n = 20_000
    const types = ['apartment', 'house']
    const columns: ObservationColumns = {
      count: n,
      asks: n,
      unit: new Int32Array(n),
      month: new Int32Array(n),
      time: new Float64Array(n),
      rentCents: new Int32Array(n),
      type: new Uint8Array(n),
      bedrooms: new Int8Array(n),
      sizeSqft: new Int32Array(n),
      city: new Int32Array(n),
      units: Array.from({ length: 3_000 }, (_, u) => (u === 5 ? '' : `unit ${u}`)),
      types,
      cities: [{ name: 'Dover', state: 0 }],
      states: ['DE'],
    }
    for (let i = 0; i < n; i++) {
      const unit = Math.floor(random() * columns.units.length)
      // Times in whole days, so some fall on the same instant and the read order decides.
      const day = Math.floor(random() * 900)
      columns.unit[i] = unit
      columns.time[i] = day * 86_400_000_000
      columns.month[i] = monthOfMicros(columns.time[i]!)
      columns.rentCents[i] = random() < 0.01 ? 0 : Math.round(150_000 * Math.exp((random() - 0.5) * 1.6))
      columns.type[i] = random() < 0.05 ? 1 : 0
      columns.bedrooms[i] = random() < 0.05 ? 3 : 2
      columns.sizeSqft[i] = random() < 0.1 ? 0 : random() < 0.05 ? 1_100 : 850 + Math.floor(random() * 30)
    }

    const expected = { from: [] as number[], to: [] as number[], logChange: [] as number[], unit: [] as number[], bedrooms: [] as number[] }
    const dropped = { invalid: 0, sameMonth: 0, typeChanged: 0, bedroomsChanged: 0, sizeChanged: 0, outlier: 0 }
    const byUnit = columns.units.map((): number[] => [])
    for (let i = 0; i < n; i++) byUnit[columns.unit[i]!]!.push(i)
    for (let unit = 0; unit < columns.units.length; unit++) {
      const indexes = byUnit[unit]!
      indexes.sort((a, b) => columns.time[a]! - columns.time[b]! || a - b)
      if (indexes.length < 2) continue
      const list = indexes.map((i): RentObservation => ({
        unitKey: columns.units[unit]!,
        month: columns.month[i]!,
        rentCents: columns.rentCents[i]!,
        type: types[columns.type[i]!]!,
        bedrooms: columns.bedrooms[i]!,
        sizeSqft: columns.sizeSqft[i]! > 0 ? columns.sizeSqft[i]! : null,
      }))
      const result = buildPairs(list)
      for (const key of Object.keys(dropped) as (keyof typeof dropped)[]) dropped[key] += result.dropped[key]
      for (const pair of result.pairs) {
        expected.from.push(pair.from)
        expected.to.push(pair.to)
        expected.logChange.push(pair.logChange)
        expected.unit.push(unit)
        expected.bedrooms.push(list.findLast((observation) => observation.month === pair.to)!.bedrooms)
      }
    }

    const table = pairsOf(columns)
    expect(table.count).toBeGreaterThan(5_000)
    expect(table.dropped).toEqual(dropped)
    expect(Object.values(dropped).every((count) => count > 0)).toBe(true)
    expect(Array.from(table.from)).toEqual(expected.from)
    expect(Array.from(table.to)).toEqual(expected.to)
    expect(Array.from(table.logChange)).toEqual(expected.logChange)
    expect(Array.from(table.unit)).toEqual(expected.unit)
    expect(Array.from(table.bedrooms)).toEqual(expected.bedrooms)
  })

  it('count months from microseconds as from dates, before 1970 and across leap years', () => {
    const random = generator(3)
    for (let k = 0; k < 5_000; k++) {
      const ms = Math.floor((random() - 0.3) * 4e12)
      expect(monthOfMicros(ms * 1000 + Math.floor(random() * 1000))).toBe(monthOf(new Date(ms)))
    }
    expect(monthOfMicros(Date.UTC(2024, 1, 29, 23, 59, 59) * 1000 + 999_999)).toBe(monthOf(new Date('2024-02-15')))
    expect(monthOfMicros(Date.UTC(2024, 2, 1) * 1000)).toBe(monthOf(new Date('2024-03-15')))
  })
})
