import { describe, expect, it } from 'vitest'
import { syntheticMarket } from '#tests/support/synthetic-rents.ts'
import { buildPairs, MAX_ABS_LOG_CHANGE, pairArraysOf, SIZE_TOLERANCE, unitKeyOf, type RentObservation } from './index.server.ts'

const home = { type: 'apartment', bedrooms: 2, sizeSqft: 850 }

function seen(unitKey: string, month: number, rentCents: number, overrides: Partial<RentObservation> = {}): RentObservation {
  return { unitKey, month, rentCents, ...home, ...overrides }
}

describe('buildPairs', () => {
  it('pairs consecutive observations of each unit in month order, whatever the input order', () => {
    const { pairs, dropped } = buildPairs([
      seen('a', 250, 200_000),
      seen('b', 240, 100_000),
      seen('a', 240, 180_000),
      seen('a', 262, 210_000),
    ])
    expect(pairs).toEqual([
      { unitKey: 'a', from: 240, to: 250, logChange: Math.log(200_000 / 180_000) },
      { unitKey: 'a', from: 250, to: 262, logChange: Math.log(210_000 / 200_000) },
    ])
    expect(dropped).toEqual({ invalid: 0, sameMonth: 0, typeChanged: 0, bedroomsChanged: 0, sizeChanged: 0, outlier: 0 })
  })

  it('keeps the last observation of a month, so a price cut within the month counts once at its final rent', () => {
    const { pairs, dropped } = buildPairs([seen('a', 240, 180_000), seen('a', 245, 200_000), seen('a', 245, 190_000)])
    expect(pairs).toEqual([{ unitKey: 'a', from: 240, to: 245, logChange: Math.log(190_000 / 180_000) }])
    expect(dropped.sameMonth).toBe(1)
  })

  it('makes no pair across a change of type or bedrooms, and pairs again once the home stays the same', () => {
    const { pairs, dropped } = buildPairs([
      seen('a', 240, 180_000),
      seen('a', 252, 230_000, { bedrooms: 3 }),
      seen('b', 240, 150_000),
      seen('b', 252, 170_000, { type: 'house' }),
      seen('c', 240, 150_000, { bedrooms: 1 }),
      seen('c', 250, 150_000, { bedrooms: 2 }),
      seen('c', 260, 160_000, { bedrooms: 2 }),
    ])
    expect(pairs.map((pair) => [pair.unitKey, pair.from, pair.to])).toEqual([['c', 250, 260]])
    expect(dropped.bedroomsChanged).toBe(2)
    expect(dropped.typeChanged).toBe(1)
  })

  it('counts a size change beyond 5 % as another home, a smaller one or an unknown size as the same home', () => {
    const { pairs, dropped } = buildPairs([
      seen('a', 240, 180_000, { sizeSqft: 1000 }),
      seen('a', 250, 190_000, { sizeSqft: 1049 }),
      seen('a', 260, 200_000, { sizeSqft: 1200 }),
      seen('b', 240, 180_000, { sizeSqft: null }),
      seen('b', 250, 185_000, { sizeSqft: 900 }),
    ])
    expect(pairs.map((pair) => [pair.unitKey, pair.from, pair.to])).toEqual([
      ['a', 240, 250],
      ['b', 240, 250],
    ])
    expect(dropped.sizeChanged).toBe(1)
  })

  it('drops a log change beyond ±0.7 as an outlier, and observations that are not rents', () => {
    const { pairs, dropped } = buildPairs([
      seen('a', 240, 100_000),
      seen('a', 250, 202_000),
      seen('b', 240, 100_000),
      seen('b', 250, 49_000),
      seen('c', 240, 100_000),
      seen('c', 250, 200_000),
      seen('d', 240, 0),
      seen('d', 240.5, 100_000),
      seen('', 240, 100_000),
    ])
    expect(pairs.map((pair) => pair.unitKey)).toEqual(['c'])
    expect(dropped.outlier).toBe(2)
    expect(dropped.invalid).toBe(3)
  })
})

describe('buildPairs on a synthetic market where homes change', () => {
  it('never pairs two observations of different homes', () => {
    const { observations } = syntheticMarket({ seed: 5, months: 48, units: 400, changedShare: 0.3 })
    const bedroomsAt = new Map(observations.map((observation) => [`${observation.unitKey}@${observation.month}`, observation.bedrooms]))
    const { pairs, dropped } = buildPairs(observations)
    expect(dropped.bedroomsChanged).toBeGreaterThan(50)
    expect(pairs.length).toBeGreaterThan(500)
    for (const pair of pairs) expect(bedroomsAt.get(`${pair.unitKey}@${pair.from}`)).toBe(bedroomsAt.get(`${pair.unitKey}@${pair.to}`))
  })
})

describe('the limits', () => {
  it('keeps a change just inside each limit and drops one just beyond it', () => {
    const inside = Math.floor(100_000 * Math.exp(MAX_ABS_LOG_CHANGE))
    const { pairs, dropped } = buildPairs([
      seen('in', 240, 100_000, { sizeSqft: 1000 }),
      seen('in', 250, inside, { sizeSqft: Math.round(1000 * (1 + SIZE_TOLERANCE)) }),
      seen('out', 240, 100_000, { sizeSqft: 1000 }),
      seen('out', 250, inside + 2, { sizeSqft: 1000 }),
      seen('grown', 240, 100_000, { sizeSqft: 1000 }),
      seen('grown', 250, 100_000, { sizeSqft: Math.round(1000 * (1 + SIZE_TOLERANCE)) + 1 }),
    ])
    expect(pairs.map((pair) => pair.unitKey)).toEqual(['in'])
    expect(dropped).toMatchObject({ outlier: 1, sizeChanged: 1 })
  })
})

describe('pairArraysOf', () => {
  it('gives each unit one dense id and keeps the pairs in order', () => {
    const columns = pairArraysOf([
      { unitKey: 'x', from: 1, to: 3, logChange: 0.1 },
      { unitKey: 'x', from: 3, to: 7, logChange: -0.2 },
      { unitKey: 'y', from: 2, to: 4, logChange: 0.05 },
    ])
    expect([...columns.unit]).toEqual([0, 0, 1])
    expect([...columns.from]).toEqual([1, 3, 2])
    expect([...columns.to]).toEqual([3, 7, 4])
    expect([...columns.logChange]).toEqual([0.1, -0.2, 0.05])
  })
})

describe('unitKeyOf', () => {
  const place = { city: 'Wilmington', state: 'DE', zip: '19801' }

  it('maps the usual ways of writing one address to one key', () => {
    const keys = [
      unitKeyOf({ street: '12 Main Street', unit: 'Apt. 4B', ...place }),
      unitKeyOf({ street: '12  main st.', unit: '#4-b', city: 'WILMINGTON', state: 'de', zip: '19801-1234' }),
      unitKeyOf({ street: '12 Main St, Apartment 4B', unit: '', ...place }),
      unitKeyOf({ street: '12 Main St #4B', unit: null, ...place }),
      unitKeyOf({ street: '12 Main St', unit: 'Unit 4b', ...place }),
    ]
    expect(new Set(keys).size).toBe(1)
    expect(keys[0]).toBe('12 main st|4b|wilmington|de|19801')
  })

  it('abbreviates street types and directions, and keeps different homes apart', () => {
    expect(unitKeyOf({ street: '500 North Market Avenue', unit: '2', ...place })).toBe(
      unitKeyOf({ street: '500 N. Market Ave', unit: 'Suite 2', ...place }),
    )
    expect(unitKeyOf({ street: '7 Saint Paul Boulevard', ...place })).toBe(unitKeyOf({ street: '7 St Paul Blvd', ...place }))
    expect(unitKeyOf({ street: '12 Main St', unit: '4B', ...place })).not.toBe(unitKeyOf({ street: '12 Main St', unit: '4C', ...place }))
    expect(unitKeyOf({ street: '12 Main St', unit: '4B', ...place })).not.toBe(unitKeyOf({ street: '14 Main St', unit: '4B', ...place }))
    expect(unitKeyOf({ street: '12 Main St', ...place })).not.toBe(unitKeyOf({ street: '12 Main Ave', ...place }))
    expect(unitKeyOf({ street: '12 Main St', ...place })).not.toBe(unitKeyOf({ street: '12 Main St', ...place, zip: '19802' }))
  })

  it('reads plain ASCII addresses word for word as accented ones are read, whatever the punctuation', () => {
    const alphabet = 'aB9 #.-,/Apt\tSt'
    let state = 11
    const random = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648
    const text = () => Array.from({ length: Math.floor(random() * 14) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('')
    for (let k = 0; k < 2_000; k++) {
      const street = text()
      const unit = text()
      // The same address with an accent that normalising removes goes the general way; the keys must agree.
      const accented = unitKeyOf({ street: `${street}é`, unit, city: 'Dover', state: 'DE', zip: '19901' })
      const plain = unitKeyOf({ street: `${street}e`, unit, city: 'Dover', state: 'DE', zip: '19901' })
      expect(plain).toBe(accented)
    }
  })
})
