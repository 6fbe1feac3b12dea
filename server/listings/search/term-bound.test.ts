import { describe, expect, it } from 'vitest'
import { matchBound, termListings } from './term-bound.ts'

const counts = new Map([
  ['two-bedroom', 300],
  ['two', 500],
  ['bedroom', 900],
  ['loft', 4],
  ["o'hare", 7],
])

describe('the most listings a text search can match', () => {
  it.each([
    ["'loft'", 4],
    ["'waterfront'", 0],
    ["'two-bedroom' <-> 'two' <-> 'bedroom'", 300],
    ["'loft' & 'bedroom'", 4],
    ["'loft' | 'bedroom'", 904],
    ["'loft' | 'two' & 'bedroom'", 504],
    ["( 'loft' | 'two' ) & 'bedroom'", 504],
    ["'two' <2> 'bedroom'", 500],
    ["'o''hare'", 7],
    ['', 0],
    ['T', Infinity],
  ])('%s matches at most %d', (tree, bound) => {
    expect(matchBound(tree, counts)).toBe(bound)
  })

  it('sums the listings of every term a prefix starts', () => {
    expect(matchBound("'city:phil':*", counts, new Map([['city:phil', 42]]))).toBe(42)
  })
})

describe('how many listings carry any term of a text search', () => {
  it.each([
    ["'loft' & 'bedroom'", 904],
    ["'waterfront' & 'loft'", 4],
    ["'waterfront' <-> 'brookyln'", 0],
    ["'brookyln'", 0],
    ['', 0],
    ['T', Infinity],
  ])('%s: %d', (tree, listings) => {
    expect(termListings(tree, counts)).toBe(listings)
  })
})
