import { describe, expect, it } from 'vitest'
import { formatBand, formatChange, formatDollars, formatMonth, marketLabel } from './figures.ts'
import { marketListingsHref } from './listings-link.ts'
import { groupMarketRows, onlyCityOfStates, sortMarketRows, type MarketRow } from './markets.ts'
import { cooperHref, parseCooperQuery } from './query.ts'
import { rebaseToSharedMonth, type ChartSeriesData } from './series.ts'

const row = (key: string, label: string, figures: Partial<MarketRow> = {}): MarketRow => ({
  key,
  kind: key === 'us' ? 'nation' : key.includes('-') ? 'city' : 'state',
  label,
  stateCode: null,
  latestMonth: '2026-10-01',
  hasEnoughData: true,
  index: 110,
  levelCents: 180_000,
  yearOverYear: 0.03,
  monthOverMonth: 0.001,
  band: 0.01,
  pairs: 100,
  units: 90,
  base: '2021 = 100',
  ...figures,
})

describe('the Cooper Index figures in words', () => {
  it('write changes with their sign, dollars whole, bands as ± and months by name', () => {
    expect([0.031, -0.004, 0, 0.00004].map(formatChange)).toEqual(['+3.1 %', '−0.4 %', '0.0 %', '0.0 %'])
    expect(formatDollars(184_549)).toBe('$1,845')
    expect(formatBand(0.0123)).toBe('±1.2 %')
    expect(formatBand(null)).toBeNull()
    expect(formatMonth('2026-10-01')).toBe('October 2026')
  })

  it('spell out states', () => {
    expect(marketLabel({ kind: 'state', name: 'DE', stateCode: 'DE' })).toBe('Delaware')
    expect(marketLabel({ kind: 'city', name: 'Wilmington', stateCode: 'DE' })).toBe('Wilmington, Delaware')
    expect(marketLabel({ kind: 'nation', name: 'United States', stateCode: null })).toBe('United States')
  })
})

describe('the market table', () => {
  const rows = [
    row('de-wilmington', 'Wilmington, Delaware', { yearOverYear: 0.05, pairs: 300 }),
    row('de-dover', 'Dover, Delaware', { yearOverYear: -0.01, pairs: 50 }),
    row('de-lewes', 'Lewes, Delaware', { hasEnoughData: false, index: null, levelCents: null, yearOverYear: null, pairs: 4 }),
    row('de', 'Delaware'),
    row('us', 'United States'),
  ]

  it('sorts by a figure in either direction, markets without one last', () => {
    expect(sortMarketRows(rows, 'yoy', 'desc').map((r) => r.key)).toEqual(['de-wilmington', 'de', 'us', 'de-dover', 'de-lewes'])
    expect(sortMarketRows(rows, 'yoy', 'asc').map((r) => r.key)).toEqual(['de-dover', 'de', 'us', 'de-wilmington', 'de-lewes'])
    expect(sortMarketRows(rows, 'pairs', 'asc')[0]!.key).toBe('de-lewes')
    expect(sortMarketRows(rows, 'market', 'desc').map((r) => r.label)[0]).toBe('Wilmington, Delaware')
  })

  it('groups nation, states and cities', () => {
    expect(groupMarketRows(rows, 'market', 'asc').map((group) => [group.heading, group.rows.map((r) => r.key)])).toEqual([
      ['Nation', ['us']],
      ['States', ['de']],
      ['Cities', ['de-dover', 'de-lewes', 'de-wilmington']],
    ])
  })
})

describe('states with one city', () => {
  it('are known by their only city, so the table can say their figures are that city’s', () => {
    const rows = [
      row('tx', 'Texas', { stateCode: 'TX' }),
      row('tx-austin', 'Austin, Texas', { stateCode: 'TX' }),
      row('de', 'Delaware', { stateCode: 'DE' }),
      row('de-dover', 'Dover, Delaware', { stateCode: 'DE' }),
      row('de-lewes', 'Lewes, Delaware', { stateCode: 'DE' }),
    ]
    const only = onlyCityOfStates(rows)
    expect(only.get('TX')?.key).toBe('tx-austin')
    expect(only.has('DE')).toBe(false)
  })
})

describe('the Cooper Index query', () => {
  it('reads sorting, up to four markets and the unit, ignoring the rest with a note', () => {
    const query = parseCooperQuery(new URLSearchParams('sort=yoy&compare=a,b&compare=B,c,d,e&unit=dollars'))
    expect(query).toMatchObject({ sort: 'yoy', dir: 'desc', compare: ['a', 'b', 'c', 'd'], unit: 'dollars' })
    expect(query.notices).toHaveLength(1)
    expect(parseCooperQuery(new URLSearchParams('sort=rent&dir=up'))).toMatchObject({
      sort: 'market',
      dir: 'asc',
      notices: [expect.any(String)],
    })
  })

  it('writes links without the defaults', () => {
    expect(cooperHref({ sort: 'market', dir: 'asc' })).toBe('/cooper')
    expect(cooperHref({ sort: 'yoy', dir: 'asc', compare: ['us', 'de'] }, '#markets')).toBe(
      '/cooper?compare=us,de&sort=yoy&dir=asc#markets',
    )
  })
})

describe('markets compared on one chart', () => {
  const series = (key: string, values: (number | null)[]): ChartSeriesData => ({
    key,
    label: key,
    points: values.map((value, i) => ({ month: `2026-0${i + 1}-01`, value, low: value && value - 1, high: value && value + 1, pairs: 40 })),
  })

  it('are set to 100 in the first month they share', () => {
    const { series: rebased, baseMonth } = rebaseToSharedMonth([series('a', [90, 99, 110]), series('b', [null, 50, 55])])
    expect(baseMonth).toBe('2026-02-01')
    expect(rebased[0]!.points.map((p) => p.value)).toEqual([(90 / 99) * 100, 100, (110 / 99) * 100])
    expect(rebased[1]!.points.map((p) => p.value)).toEqual([null, 100, 110.00000000000001])
    expect(rebaseToSharedMonth([series('a', [90])]).baseMonth).toBeNull()
  })
})

describe('a market’s homes', () => {
  it('search a city by name and a state by its cities', () => {
    expect(marketListingsHref({ kind: 'city', name: 'New Castle' })).toBe('/properties?q=%22New+Castle%22')
    expect(marketListingsHref({ kind: 'state', name: 'DE' }, ['Dover', 'New Castle'])).toBe('/properties?q=Dover+or+%22New+Castle%22')
    expect(
      marketListingsHref(
        { kind: 'state', name: 'DE' },
        Array.from({ length: 40 }, () => 'Wilmington'),
      ),
    ).toBe('/properties')
    expect(marketListingsHref({ kind: 'nation', name: 'United States' })).toBe('/properties')
  })
})
