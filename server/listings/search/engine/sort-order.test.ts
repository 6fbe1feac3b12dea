import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SortOrder } from './sort-order.ts'

describe('a sorted order of slots', () => {
  it('stays sorted as slots come one by one or many at once, and drops those gone when it merges', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 80 }), fc.integer({ min: 0, max: 3 })), { minLength: 1, maxLength: 12 }),
        (batches) => {
          const keys: number[] = []
          const gone = new Set<number>()
          const order = new SortOrder((a, b) => keys[a]! - keys[b]! || a - b)
          for (const [count, removals] of batches) {
            for (let i = 0; i < count; i += 1) {
              keys.push((keys.length * 7919) % 101)
              order.add(keys.length - 1)
            }
            for (let i = 0; i < removals && i < keys.length; i += 1) {
              gone.add((keys.length * 31 + i) % keys.length)
              order.noteStale()
            }
            order.settle((slot) => !gone.has(slot))
            const kept = [...order.slots].filter((slot) => !gone.has(slot))
            const expected = keys.map((_, slot) => slot).filter((slot) => !gone.has(slot))
            expected.sort((a, b) => keys[a]! - keys[b]! || a - b)
            expect(kept).toEqual(expected)
            // Every slot added is in the order once (those gone only until a merge drops them).
            expect(new Set(order.slots).size).toBe(order.slots.length)
          }
        },
      ),
    )
  })

  it('finds where a prefix of the order ends', () => {
    const keys = [5, 1, 9, 3]
    const order = new SortOrder((a, b) => keys[a]! - keys[b]!)
    for (let slot = 0; slot < keys.length; slot += 1) order.add(slot)
    order.settle(() => true)
    expect(order.seek((slot) => keys[slot]! < 4)).toBe(2)
    expect(order.seek((slot) => keys[slot]! < 0)).toBe(0)
    expect(order.seek((slot) => keys[slot]! < 100)).toBe(4)
  })
})
