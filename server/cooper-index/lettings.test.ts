import { describe, expect, it } from 'vitest'
import { isStillOnMarket, LETTING_GAP_DAYS, lettingRents, type AgreedRent, type Ask } from './lettings.server.ts'

const DAY = 86_400_000_000
const ask = (day: number, dollars: number, listed = false): Ask => ({ timeMicros: day * DAY, rentCents: dollars * 100, listed })
const signed = (day: number, dollars: number): AgreedRent => ({ timeMicros: day * DAY, rentCents: dollars * 100 })

describe('one rent per letting', () => {
  it('takes a price cut while the home waits for a tenant as part of its letting, not as a change of the market', () => {
    const lettings = lettingRents([ask(0, 2_000, true), ask(24, 1_900), ask(50, 1_850)])
    // The rent that let it (the last ask), in the month it was offered.
    expect(lettings).toEqual([{ timeMicros: 0, rentCents: 185_000 }])
  })

  it('begins a new letting each time the listing goes on the market, however soon', () => {
    expect(lettingRents([ask(0, 2_000, true), ask(10, 1_950), ask(40, 2_100, true)])).toEqual([
      { timeMicros: 0, rentCents: 195_000 },
      { timeMicros: 40 * DAY, rentCents: 210_000 },
    ])
  })

  it(`splits asks more than ${LETTING_GAP_DAYS} days apart without a publication between them, and only those`, () => {
    expect(lettingRents([ask(0, 2_000), ask(LETTING_GAP_DAYS, 1_900)])).toHaveLength(1)
    expect(lettingRents([ask(0, 2_000), ask(LETTING_GAP_DAYS + 1, 2_100)])).toEqual([
      { timeMicros: 0, rentCents: 200_000 },
      { timeMicros: (LETTING_GAP_DAYS + 1) * DAY, rentCents: 210_000 },
    ])
  })

  it('leaves out a letting still on the market until its rent is settled', () => {
    const asks = [ask(0, 2_000, true), ask(400, 2_100, true), ask(420, 2_000)]
    expect(lettingRents(asks, { stillOnMarket: true })).toEqual([{ timeMicros: 0, rentCents: 200_000 }])
    // On the market: published, with an ask in the last LETTING_GAP_DAYS; let, withdrawn or long silent it is settled.
    expect(isStillOnMarket('published', 420 * DAY, (420 + LETTING_GAP_DAYS) * DAY)).toBe(true)
    expect(isStillOnMarket('published', 420 * DAY, (421 + LETTING_GAP_DAYS) * DAY)).toBe(false)
    expect(isStillOnMarket('leased', 420 * DAY, 421 * DAY)).toBe(false)
    expect(isStillOnMarket('archived', 420 * DAY, 421 * DAY)).toBe(false)
  })

  it('has no letting without an ask', () => {
    expect(lettingRents([])).toEqual([])
    expect(lettingRents([], { leases: [signed(10, 2_000)] })).toEqual([])
  })

  it('gives the letting a lease was signed in the agreed rent instead of its last ask, at the time of its first ask', () => {
    const asks = [ask(0, 2_000, true), ask(20, 1_900), ask(400, 2_100, true), ask(420, 2_050)]
    // Signed after the cut, before the next publication: the first letting's; signed after the last ask: the second's.
    expect(lettingRents(asks, { leases: [signed(30, 1_875), signed(430, 2_025)] })).toEqual([
      { timeMicros: 0, rentCents: 187_500 },
      { timeMicros: 400 * DAY, rentCents: 202_500 },
    ])
    // Signed between two asks of a letting, the letting is still that one; of two in one letting the later counts.
    expect(lettingRents(asks, { leases: [signed(10, 1_950), signed(25, 1_880)] })).toEqual([
      { timeMicros: 0, rentCents: 188_000 },
      { timeMicros: 400 * DAY, rentCents: 205_000 },
    ])
  })

  it('settles a letting still on the market by its signed lease, and passes over a lease long after the last ask', () => {
    const asks = [ask(0, 2_000, true), ask(400, 2_100, true)]
    expect(lettingRents(asks, { stillOnMarket: true, leases: [signed(410, 2_080)] })).toEqual([
      { timeMicros: 0, rentCents: 200_000 },
      { timeMicros: 400 * DAY, rentCents: 208_000 },
    ])
    // A lease signed before any ask, or more than the gap after the letting's last ask (a sitting tenant's renewal), is not its rent.
    expect(lettingRents(asks, { leases: [signed(-5, 1_500), signed(401 + LETTING_GAP_DAYS, 2_300)] })).toEqual([
      { timeMicros: 0, rentCents: 200_000 },
      { timeMicros: 400 * DAY, rentCents: 210_000 },
    ])
    expect(lettingRents(asks, { leases: [signed(400 + LETTING_GAP_DAYS, 2_300)] }).at(-1)).toEqual({
      timeMicros: 400 * DAY,
      rentCents: 230_000,
    })
  })
})
