import { describe, expect, it } from 'vitest'
import { matchBound, matchExpected, termListings, wordSign } from './term-bound.ts'

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

describe('how many listings a text search would match were its words independent', () => {
  it.each([
    ["'loft'", 4],
    ["'two' & 'bedroom'", 450],
    ["'two-bedroom' <-> 'two' <-> 'bedroom'", 135],
    ["'two' | 'bedroom'", 950],
    ["'loft' & 'waterfront'", 0],
    ['', 0],
    ['T', Infinity],
  ])('%s: %d of 1,000', (tree, expected) => {
    expect(matchExpected(tree, counts, 1000)).toBeCloseTo(expected)
  })

  it('never expects more than are published', () => {
    expect(matchExpected("'two' | 'bedroom'", counts, 100)).toBe(100)
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

describe("what a listing's words must include to match a text search", () => {
  it.each([
    ["'loft'", { word: 'loft' }],
    ["'loft' & 'bedroom'", { all: [{ word: 'loft' }, { word: 'bedroom' }] }],
    ["'two-bedroom' <-> 'two' <-> 'bedroom'", { all: [{ all: [{ word: 'two-bedroom' }, { word: 'two' }] }, { word: 'bedroom' }] }],
    ["'loft' | 'bedroom'", { any: [{ word: 'loft' }, { word: 'bedroom' }] }],
    ["'o''hare'", { word: "o'hare" }],
    // A prefix cannot be told from the words' bits: an "or" with one tells nothing, an "and" the rest.
    ["'loft' | 'city:phil':*", 'anything'],
    ["'loft' & 'city:phil':*", { all: [{ word: 'loft' }] }],
    // querytree drops negations: "T" is a query of negations only.
    ['T', 'anything'],
    ['', 'anything'],
  ])('%s', (tree, sign) => {
    expect(wordSign(tree)).toEqual(sign)
  })
})
