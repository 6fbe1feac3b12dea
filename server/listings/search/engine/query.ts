/* eslint-disable max-lines -- the planner and the runs of its plans read together: each plan's cost estimate sits beside the code that pays it */
// A search run against the in-memory index: a page in the sort's order after a cursor, and the count
// of every match up to TOTAL_CAP + 1. Its plan comes from exact sizes. Each way of finding a search's
// listings has a size known before it is read — the intersection of its filters' bitsets, a place's
// listings, the listings in its price range or between its area's latitudes — and the smallest, with
// the filters' bitset, becomes a bitset of candidates, one bit per slot. The words decide candidate
// bits too when that is cheaper than testing them on the listings a walk meets (found from their
// postings, or checked on each candidate in slot order), judged from their exact posting counts and
// again during the walk, once testing them has cost as much as deciding them would. Few candidates
// are tested and the matches sorted ("gather"); many are met by a walk along the sort's order that
// tests a candidate's bit before anything else and stops when the page is full. So a word or place
// no listing has answers without reading anything, a broad search reads about a page's worth of
// entries, and no search reads more than its candidates, one pass over the order and, at most, what
// deciding its words costs twice over.

import type { Amenity, ListingSort, ListingType } from '#common/listings/vocabulary.ts'
import { AMENITY_VALUES, LISTING_TYPES } from '#common/listings/vocabulary.ts'
import { TOTAL_CAP } from '#common/listings/types.ts'
import { forEachBit, intersect, popcount, type Bitset, type Scratch } from './bitset.ts'
import { FLAG, type ListingIndex } from './listing-index.ts'
import type { SlotCompare, SortOrder } from './sort-order.ts'
import { checksOf, predicateOf, type PredicateParams } from './predicate.ts'
import { TextMatch } from './text-match.ts'
import type { TsQuery } from './tsquery.ts'

/** A search as the index reads it: prices in cents, rooms as minimums, places by lower-case name. */
export type IndexSearch = {
  sort: ListingSort
  limit: number
  /** After this listing in the sort's order: its key (microseconds for newest, cents or square feet) and id. */
  cursor: { key: number; id: number } | null
  /** Listings last confirmed at or before this time (microseconds since 1970) are left out. */
  confirmedAfter: number
  minPrice?: number
  maxPrice?: number
  beds?: number
  bathroomHalves?: number
  types: readonly ListingType[]
  offer?: 'lease' | 'short-term'
  pets: readonly ('cats' | 'dogs')[]
  furnished?: boolean
  amenities: readonly Amenity[]
  /** available_from on or before this day (days since 1970-01-01). */
  availableByDay?: number
  box?: { south: number; west: number; north: number; east: number }
  city?: string
  neighborhood?: string
  state?: string
  /** The start of the ZIP code. */
  zipPrefix?: string
  /** The words (PostgreSQL's tsquery of them), and the text a city's name may start with instead. */
  text?: { query: TsQuery | null; cityPrefix: string | null }
  /** A short stay: its nights [from, to) as day numbers since 1970-01-01, and its guests (1 when not given). */
  stay?: { from: number; to: number; guests: number }
}

/**
 * How a page is found: 'gather' tests every candidate and sorts the matches; 'walk' walks the sort's
 * order, giving way to the gather after `walkEntries` entries when the page is not full by then. The
 * words are decided in the candidate bits as their costs choose, or with 'looked up' never: looked up
 * on each listing met.
 */
export type IndexPlan = { page: 'chosen' | 'gather' | 'walk'; walkEntries?: number; words?: 'chosen' | 'looked up' }

/** What a search read: its plan, where its candidates came from, how many and how many it tested, for tests and benchmarks. */
export type IndexWork = {
  plan: 'none' | 'gather' | 'walk' | 'walk, then gather'
  candidates: string
  candidateCount: number
  /** Entries of the sort's order walked past. */
  walked: number
  /** Listings tested against the whole search. */
  tested: number
}

export type IndexPage = {
  /** The page's slots in order (one more than the limit when there is a next page). */
  slots: number[]
  /** Every match, up to TOTAL_CAP + 1; null when not asked for. */
  total: number | null
  work: IndexWork
}

/**
 * Candidates are gathered when testing them all costs less than a walk would to fill the page, were
 * they spread evenly along the order: a walk's entry (a bit) costs about a tenth of a candidate's test
 * and its share of the sort. So with c candidates among n slots and a page of p, a gather when
 * c² ≤ GATHER_FACTOR · p · n, and always up to GATHER_LEAST.
 */
const GATHER_FACTOR = 1
const GATHER_LEAST = 2_000

/** How many entries of a sort's order a walk reads for the cost of testing one candidate. */
const ENTRIES_PER_TEST = 10

/** A way of finding candidates that reads more than this share of the slots does not make candidate bits. */
const MASK_SHARE_MOST = 0.25

/** Filling a bit of the candidates costs about this many ns. */
const FILL_NS = 3

function countBits(words: Uint32Array): number {
  let n = 0
  for (let i = 0; i < words.length; i += 1) if (words[i] !== 0) n += popcount(words[i]!)
  return n
}

type Source = {
  name: string
  size: number
  /** Sets the source's bits in `words` (or, with `and`, clears the bits of slots not in it). */
  fill(words: Uint32Array, and: boolean): void
}

const typeBit = (type: ListingType) => 1 << LISTING_TYPES.indexOf(type)

/**
 * A search's filters as the bit masks the index's columns are tested with: its types (-1 for any), the
 * flags a listing must have and must not have, and its amenities. Shared by every search and by the
 * saved searches' pre-filter (listing-matches.server.ts), so both read the filters alike.
 */
export function masksOf(search: {
  types: readonly ListingType[]
  offer?: 'lease' | 'short-term'
  pets: readonly ('cats' | 'dogs')[]
  furnished?: boolean
  amenities: readonly Amenity[]
}): { types: number; required: number; refused: number; amenityMask: number } {
  return {
    types: search.types.length === 0 ? -1 : search.types.reduce((bits, t) => bits | typeBit(t), 0),
    required:
      (search.offer === 'lease' ? FLAG.lease : 0) |
      (search.offer === 'short-term' ? FLAG.shortTerm : 0) |
      (search.pets.includes('cats') ? FLAG.cats : 0) |
      (search.pets.includes('dogs') ? FLAG.dogs : 0) |
      (search.furnished === true ? FLAG.furnished : 0),
    refused: search.furnished === false ? FLAG.furnished : 0,
    amenityMask: search.amenities.reduce((bits, amenity) => bits | (1 << AMENITY_VALUES.indexOf(amenity)), 0),
  }
}

/** The filters' bitsets as groups: a listing must be in one set of each group. */
function facetGroups(index: ListingIndex, search: IndexSearch): Bitset[][] {
  const groups: Bitset[][] = []
  if (search.types.length > 0) groups.push(search.types.map((type) => index.facet(`type:${type}`)))
  if (search.beds) groups.push([index.facet(`beds>=${search.beds}`)])
  if (search.bathroomHalves) groups.push([index.facet(`baths>=${search.bathroomHalves}`)])
  if (search.offer) groups.push([index.facet(`offer:${search.offer}`)])
  // Dates are for short stays: only those listings are candidates, or those taking the guests.
  if (search.stay && search.stay.guests > 1) groups.push([index.facet(`guests>=${search.stay.guests}`)])
  else if (search.stay && search.offer !== 'short-term') groups.push([index.facet('offer:short-term')])
  for (const pet of search.pets) groups.push([index.facet(`pets:${pet}`)])
  if (search.furnished !== undefined) groups.push([index.facet(`furnished:${search.furnished}`)])
  for (const amenity of search.amenities) groups.push([index.facet(`amenity:${amenity}`)])
  return groups
}

/** The slots in one set of each group, as bitset words, with how many. */
function intersectGroups(groups: Bitset[][], scratch: Scratch): { words: Uint32Array; size: number } {
  if (groups.length === 1 && groups[0]!.length === 1) return { words: groups[0]![0]!.words, size: groups[0]![0]!.size }
  // At most one group has several values (the types), so one scratch array serves.
  const merged = groups.map((group) => {
    if (group.length === 1) return group[0]!
    const words = scratch.take('group', group[0]!.words.length)
    for (const set of group) for (let i = 0; i < words.length; i += 1) words[i]! |= set.words[i] ?? 0
    return { words } as Bitset
  })
  return intersect(merged, scratch.take('facets', merged[0]!.words.length))
}

/** Sets (or, with `and`, keeps only) the bits of `slots` in `words`. */
function fillFromSlots(words: Uint32Array, and: boolean, each: (visit: (slot: number) => void) => void, scratch: Scratch): void {
  if (!and) {
    each((slot) => {
      words[slot >>> 5]! |= 1 << (slot & 31)
    })
    return
  }
  const keep = scratch.take('keep', words.length)
  each((slot) => {
    keep[slot >>> 5]! |= 1 << (slot & 31)
  })
  for (let i = 0; i < words.length; i += 1) words[i]! &= keep[i]!
}

function listSource(name: string, lists: { view(): Int32Array; length: number }[], scratch: Scratch): Source {
  return {
    name,
    size: lists.reduce((sum, list) => sum + list.length, 0),
    fill: (words, and) =>
      fillFromSlots(
        words,
        and,
        (visit) => {
          for (const list of lists) for (const slot of list.view()) visit(slot)
        },
        scratch,
      ),
  }
}

function rangeSource(name: string, order: SortOrder, from: number, to: number, scratch: Scratch): Source {
  return {
    name,
    size: Math.max(0, to - from),
    fill: (words, and) =>
      fillFromSlots(
        words,
        and,
        (visit) => {
          const slots = order.slots
          for (let i = from; i < to; i += 1) visit(slots[i]!)
        },
        scratch,
      ),
  }
}

/** The range of the price order within the search's price range. */
function priceRange(index: ListingIndex, search: IndexSearch): [number, number] {
  const { price, orders } = index
  const min = search.minPrice ?? -Infinity
  const max = search.maxPrice ?? Infinity
  return [orders.price.seek((slot) => price[slot]! < min), orders.price.seek((slot) => price[slot]! <= max)]
}

/**
 * The listings that may match a search, as bits (or every slot, when nothing narrows it), and the test
 * of the rest of the search. While its words are not yet decided in the bits the test checks them on
 * each listing; `decideWords` puts them in the bits and takes them out of the test.
 */
class Candidates {
  mask: Uint32Array | null
  count: number
  readonly names: string[]
  test: (slot: number) => boolean
  /** The words not yet decided in the bits. */
  words: TextMatch | null
  /** Listings whose words the test looked up one by one, and how many such looks cost as much as deciding them. */
  looked = 0
  readonly lookBudget: number
  private readonly slots: number
  private readonly scratch: Scratch
  /** The mask is a filter value's own bitset, read but never changed: changing it takes a copy first. */
  private isMaskShared: boolean
  private readonly makeTest: (words: TextMatch | null) => (slot: number) => boolean

  constructor(
    slots: number,
    scratch: Scratch,
    { mask, count, isShared }: { mask: Uint32Array | null; count: number; isShared: boolean },
    names: string[],
    words: TextMatch | null,
    makeTest: (words: TextMatch | null) => (slot: number) => boolean,
  ) {
    this.slots = slots
    this.scratch = scratch
    this.mask = mask
    this.isMaskShared = isShared
    this.count = count
    this.names = names
    this.makeTest = makeTest
    this.words = words
    this.test = this.testing(words)
    this.lookBudget = words ? this.decideCost() / words.checkCost('any') : Infinity
  }

  /** The test, counting the listings whose words it looks up. */
  private testing(words: TextMatch | null): (slot: number) => boolean {
    if (!words) return this.makeTest(null)
    const rest = this.makeTest(null)
    return (slot) => {
      if (!rest(slot)) return false
      this.looked += 1
      return words.test(slot)
    }
  }

  /** What deciding the words in the bits costs (ns): finding their matches, or checking each candidate in slot order. */
  decideCost(): number {
    const words = this.words
    if (!words) return 0
    const found = words.bound <= this.count ? words.matchingCost() + words.bound * FILL_NS : Infinity
    const checked = this.count * words.checkCost('ascending')
    return Math.min(found, checked)
  }

  /** Whether looking the words up on the listings met is now past what deciding them costs. */
  get isLookingTooMuch(): boolean {
    return this.words !== null && this.looked > this.lookBudget
  }

  /** Puts the words in the candidate bits (found from their postings or checked in slot order); the test then leaves them out. */
  decideWords(): void {
    const words = this.words
    if (!words) return
    const length = Math.ceil(this.slots / 32)
    if (this.mask && this.isMaskShared) {
      const copy = this.scratch.take('mask', length)
      copy.set(this.mask.subarray(0, length))
      this.mask = copy
      this.isMaskShared = false
    }
    if (words.bound <= this.count && words.matchingCost() + words.bound * FILL_NS <= this.count * words.checkCost('ascending')) {
      const found = words.matching()!
      const target = this.mask ?? this.scratch.take('mask', length)
      fillFromSlots(
        target,
        this.mask !== null,
        (visit) => {
          for (let i = 0; i < found.length; i += 1) visit(found[i]!)
        },
        this.scratch,
      )
      this.mask = target
      this.names.push('words')
    } else {
      const mask = this.mask ?? this.scratch.take('mask', length, 0xffffffff)
      const isMatch = words.ascending()
      forEachBit(mask, (slot) => {
        if (slot >= this.slots || !isMatch(slot)) mask[slot >>> 5]! &= ~(1 << (slot & 31))
      })
      this.mask = mask
      this.names.push('words checked')
    }
    this.count = countBits(this.mask!)
    this.words = null
    this.test = this.makeTest(null)
  }

  /** Calls `visit` with each candidate passing the test until it returns false; `work` counts the tests. */
  forEach(work: IndexWork, visit: (slot: number) => boolean | void): void {
    const { mask, test } = this
    let tested = 0
    try {
      if (!mask) {
        for (let slot = 0; slot < this.slots; slot += 1) {
          tested += 1
          if (test(slot) && visit(slot) === false) return
        }
        return
      }
      for (let i = 0; i < mask.length; i += 1) {
        let word = mask[i]!
        while (word !== 0) {
          const low = word & -word
          const slot = i * 32 + (31 - Math.clz32(low))
          word ^= low
          tested += 1
          if (test(slot) && visit(slot) === false) return
        }
      }
    } finally {
      work.tested += tested
    }
  }
}

/** The test of a stay on the listing in a slot, or null when the search has no dates. */
function stayTest(index: ListingIndex, stay: IndexSearch['stay']): ((slot: number) => boolean) | null {
  if (!stay) return null
  const { from, to, guests } = stay
  return (slot) => index.isStayOpen(slot, from, to, guests)
}

/**
 * What a search asks of each listing, as the index's ids and columns read it: its places' ids, its ZIP
 * codes, its words, its filters' bitsets in groups (a listing in one set of each), and the values its
 * predicate compares with. Null when it can match nothing (a place, ZIP or word no listing has).
 */
type SearchPieces = {
  cityId: number
  neighborhoodId: number
  stateId: number
  zipIds: number[] | null
  text: TextMatch | null
  groups: Bitset[][]
  params: PredicateParams
}

function piecesOf(index: ListingIndex, search: IndexSearch): SearchPieces | null {
  const placeId = (dictionary: ListingIndex['cities'], name: string | undefined) => (name === undefined ? -1 : dictionary.idOf(name))
  const cityId = placeId(index.cities, search.city)
  const neighborhoodId = placeId(index.neighborhoods, search.neighborhood)
  const stateId = placeId(index.states, search.state)
  if ((search.city !== undefined && cityId < 0) || (search.neighborhood !== undefined && neighborhoodId < 0)) return null
  if (search.state !== undefined && stateId < 0) return null
  let zipIds: number[] | null = null
  let zipSet: Uint8Array | null = null
  if (search.zipPrefix !== undefined) {
    const prefix = search.zipPrefix
    zipIds = []
    index.zips.names.forEach((zip, id) => {
      if (zip.startsWith(prefix)) zipIds!.push(id)
    })
    if (zipIds.length === 0) return null
    zipSet = new Uint8Array(index.zips.names.length)
    for (const id of zipIds) zipSet[id] = 1
  }
  const text = search.text ? new TextMatch(index, search.text.query, search.text.cityPrefix) : null
  if (text && text.bound === 0) return null
  const box = search.box
  const params: PredicateParams = {
    confirmedAfter: search.confirmedAfter,
    minPrice: search.minPrice ?? -Infinity,
    maxPrice: search.maxPrice ?? Infinity,
    minBeds: search.beds ?? 0,
    minBaths: search.bathroomHalves ?? 0,
    ...masksOf(search),
    availableBy: search.availableByDay ?? Infinity,
    south: box?.south ?? -Infinity,
    north: box?.north ?? Infinity,
    west: box?.west ?? -Infinity,
    east: box?.east ?? Infinity,
    cityId,
    neighborhoodId,
    stateId,
    zipSet,
    stayFits: stayTest(index, search.stay),
  }
  return { cityId, neighborhoodId, stateId, zipIds, text, groups: facetGroups(index, search), params }
}

/** A part of a search's check that many searches share (their words, their stay's nights): `key` names it, so it is asked of a listing once. */
export type SharedTest = { key: string; test: (slot: number) => boolean }

/**
 * How a search decides one listing, made of the pieces a search runs on. 'never': it matches nothing
 * (a place or ZIP no listing has, a word no listing carries). Else its predicate's values (checked from
 * a few numbers, `passesAt`: its filters' bitsets hold what those values say, since `facetTermsOf`
 * writes them from the same columns), its words and its stay: the two kept apart, each with a key, since
 * many searches ask the same words or nights of a listing (a stay's guests and short-stay rules are
 * the stay test's own).
 */
export type SearchCheck = { kind: 'never' } | { kind: 'values'; params: PredicateParams; text: SharedTest | null; stay: SharedTest | null }

/**
 * The search's check of one listing, for testing many listings against a few searches (a published
 * listing against the saved searches that may want it). It reads the index's columns when made: make
 * it again after the index changes.
 */
export function searchCheckOf(index: ListingIndex, search: IndexSearch): SearchCheck {
  // No `settle()`: the check reads no sorted order, and the postings are read main and delta alike.
  const pieces = piecesOf(index, search)
  if (!pieces) return { kind: 'never' }
  const { text, params } = pieces
  const { stay } = search
  return {
    kind: 'values',
    params,
    text: text && { key: JSON.stringify(search.text), test: (slot) => text.test(slot) },
    stay: stay && params.stayFits ? { key: `${stay.from}/${stay.to}/${stay.guests}`, test: params.stayFits } : null,
  }
}

function compile(index: ListingIndex, search: IndexSearch): Candidates | null {
  const scratch = index.scratch
  const { latitude } = index
  const pieces = piecesOf(index, search)
  if (!pieces) return null
  const { cityId, neighborhoodId, stateId, zipIds, text, groups, params } = pieces

  // The ways to find the candidates, each with its exact size (of slots, indexed or no longer).
  const sources: Source[] = []
  let facets: Source | null = null
  let facetWords: Uint32Array | null = null
  if (groups.length > 0) {
    const { words, size } = intersectGroups(groups, scratch)
    facetWords = words
    if (size === 0) return null
    facets = {
      name: 'filters',
      size,
      fill(mask, and) {
        for (let i = 0; i < mask.length; i += 1) mask[i] = and ? mask[i]! & (words[i] ?? 0) : (words[i] ?? 0)
      },
    }
    sources.push(facets)
  }
  if (cityId >= 0) sources.push(listSource('city', [index.cities.slots[cityId]!], scratch))
  if (neighborhoodId >= 0) sources.push(listSource('neighborhood', [index.neighborhoods.slots[neighborhoodId]!], scratch))
  if (stateId >= 0) sources.push(listSource('state', [index.states.slots[stateId]!], scratch))
  if (zipIds)
    sources.push(
      listSource(
        'zip',
        zipIds.map((id) => index.zips.slots[id]!),
        scratch,
      ),
    )
  if (search.minPrice !== undefined || search.maxPrice !== undefined) {
    const [from, to] = priceRange(index, search)
    sources.push(rangeSource('price', index.orders.price, from, to, scratch))
  }
  const box = search.box
  if (box) {
    const order = index.orders.latitude
    const from = order.seek((slot) => latitude[slot]! < box.south)
    const to = order.seek((slot) => latitude[slot]! <= box.north, from)
    sources.push(rangeSource('area', order, from, to, scratch))
  }

  // The candidate bits: the smallest way, with the filters' bitset when it is not the smallest. The
  // filters' bitset alone is the mask as it is (its size known): no copy, no count.
  let candidates: { mask: Uint32Array | null; count: number; isShared: boolean } = { mask: null, count: index.size, isShared: false }
  const names: string[] = []
  if (sources.length > 0) {
    const smallest = sources.reduce((best, source) => (source.size < best.size ? source : best))
    if (smallest.size === 0) return null
    // A broad place, price range or area is left to the test: setting its bits would cost more than
    // the walk that fills a page among so many.
    const isNarrow = smallest === facets || smallest.size <= index.size * MASK_SHARE_MOST
    const inMask = [...(isNarrow ? [smallest] : []), ...(facets && facets !== smallest ? [facets] : [])]
    if (inMask.length === 1 && inMask[0] === facets) {
      candidates = { mask: facetWords!, count: facets.size, isShared: groups.length === 1 && groups[0]!.length === 1 }
    } else if (inMask.length > 0) {
      const mask = scratch.take('mask', Math.ceil(index.size / 32))
      inMask.forEach((source, i) => source.fill(mask, i > 0))
      candidates = { mask, count: countBits(mask), isShared: false }
    }
    names.push(...inMask.map((source) => source.name))
  }
  if (candidates.count === 0) return null

  /** The search's test of a listing, its words left out (the candidates check them, or the bits decided them). */
  const test = predicateOf(index, params, checksOf(params))
  const makeTest = () => test

  return new Candidates(index.size, scratch, candidates, names.length > 0 ? names : ['everything'], text, makeTest)
}

/**
 * The sort's order as a walk reads it: the order, its direction, the range a walk may read (after the
 * cursor, within a price range on the price's order), and which listings come after the cursor.
 */
function walkOf(index: ListingIndex, search: IndexSearch) {
  const { orders, created, price, sqft, ids } = index
  const cursor = search.cursor
  const key = cursor?.key ?? 0
  const id = cursor?.id ?? 0
  let order: SortOrder
  let isAfter: (slot: number) => boolean
  let from = 0
  let to: number
  let isBackwards = false
  switch (search.sort) {
    case 'newest':
      order = orders.newest
      to = order.length
      isAfter = (s) => created[s]! < key || (created[s] === key && ids[s]! < id)
      break
    case 'largest':
      order = orders.size
      to = order.length
      isAfter = (s) => sqft[s]! < key || (sqft[s] === key && ids[s]! < id)
      break
    case 'price-asc':
      order = orders.price
      ;[from, to] = priceRange(index, search)
      isAfter = (s) => price[s]! > key || (price[s] === key && ids[s]! > id)
      break
    case 'price-desc':
      order = orders.price
      ;[from, to] = priceRange(index, search)
      isAfter = (s) => price[s]! < key || (price[s] === key && ids[s]! < id)
      isBackwards = true
      break
  }
  if (cursor && isBackwards) to = Math.min(to, order.seek(isAfter))
  else if (cursor)
    from = Math.max(
      from,
      order.seek((s) => !isAfter(s)),
    )
  const base = order.compareSlots
  const compare: SlotCompare = isBackwards ? (a, b) => base(b, a) : base
  return { order, compare, isAfter: cursor ? isAfter : null, from, to: Math.max(from, to), isBackwards }
}

/** The first `k` slots in the order `compare` gives: a bounded heap of them, so many matches cost about one comparison each. */
function firstInOrder(slots: number[], k: number, compare: SlotCompare): number[] {
  if (slots.length <= k * 4) return slots.sort(compare).slice(0, k)
  // A max-heap (the last in order on top) of the k first seen so far.
  const heap: number[] = []
  const down = (from: number) => {
    for (let at = from; ;) {
      const left = at * 2 + 1
      const right = left + 1
      let top = at
      if (left < heap.length && compare(heap[left]!, heap[top]!) > 0) top = left
      if (right < heap.length && compare(heap[right]!, heap[top]!) > 0) top = right
      if (top === at) return
      ;[heap[at], heap[top]] = [heap[top]!, heap[at]!]
      at = top
    }
  }
  for (const slot of slots) {
    if (heap.length < k) {
      heap.push(slot)
      for (let at = heap.length - 1; at > 0;) {
        const parent = (at - 1) >> 1
        if (compare(heap[at]!, heap[parent]!) <= 0) break
        ;[heap[at], heap[parent]] = [heap[parent]!, heap[at]!]
        at = parent
      }
    } else if (compare(slot, heap[0]!) < 0) {
      heap[0] = slot
      down(0)
    }
  }
  return heap.sort(compare)
}

/**
 * How many listings a search's words would be looked up on, one by one, to fill the page and count:
 * each candidate matches the words with about the share of listings that carry them.
 */
function expectedLooks(candidates: Candidates, index: ListingIndex, wanted: number): number {
  const words = candidates.words!
  const share = words.bound < Infinity ? Math.max(1e-6, Math.min(1, words.bound / Math.max(1, index.indexed))) : 0.5
  return Math.min(candidates.count, wanted / share)
}

/** A page of the search (and its count when `withTotal`), as `plan` says or as the sizes choose. */
export function searchIndex(
  index: ListingIndex,
  search: IndexSearch,
  { withTotal, plan = { page: 'chosen' } }: { withTotal: boolean; plan?: IndexPlan },
): IndexPage {
  index.settle()
  const candidates = compile(index, search)
  const work: IndexWork = { plan: 'none', candidates: 'none', candidateCount: 0, walked: 0, tested: 0 }
  if (!candidates) return { slots: [], total: withTotal ? 0 : null, work }
  const walk = walkOf(index, search)
  const wanted = search.limit + 1
  const toCount = withTotal ? TOTAL_CAP + 1 : 0
  const mayDecideWords = plan.words !== 'looked up'
  // The words go in the bits at once when looking them up on the listings met would cost more.
  if (
    mayDecideWords &&
    candidates.words &&
    candidates.decideCost() <= expectedLooks(candidates, index, wanted + toCount) * candidates.words.checkCost('any')
  ) {
    candidates.decideWords()
  }
  const done = (page: Omit<IndexPage, 'work'>): IndexPage => {
    work.candidates = candidates.names.join(' & ')
    work.candidateCount = candidates.count
    return { ...page, work }
  }

  const gather = (): IndexPage => {
    if (mayDecideWords) candidates.decideWords()
    const matches: number[] = []
    candidates.forEach(work, (slot) => {
      matches.push(slot)
    })
    const { isAfter } = walk
    const after = isAfter ? matches.filter(isAfter) : matches
    return done({ slots: firstInOrder(after, wanted, walk.compare), total: withTotal ? matches.length : null })
  }

  const count = candidates.count
  const isGathered =
    plan.page === 'gather' || (plan.page === 'chosen' && (count <= GATHER_LEAST || count * count <= GATHER_FACTOR * wanted * index.size))
  if (isGathered) {
    work.plan = 'gather'
    return gather()
  }

  work.plan = 'walk'
  // A walk the sort's order makes long (homes of five bedrooms, cheapest first) gives way to the gather
  // once it has cost as much: a walk's entry is a tenth of a candidate's test.
  const walkEntries = plan.walkEntries ?? (plan.page === 'chosen' ? Math.max(GATHER_LEAST, candidates.count * ENTRIES_PER_TEST) : Infinity)
  const slots: number[] = []
  const { from, to, isBackwards } = walk
  const ordered = walk.order.slots
  const step = isBackwards ? -1 : 1
  const start = isBackwards ? to - 1 : from
  const end = isBackwards ? from - 1 : to
  let at = start
  for (; at !== end && slots.length < wanted && Math.abs(at - start) < walkEntries; at += step) {
    if (mayDecideWords && candidates.isLookingTooMuch) candidates.decideWords()
    const slot = ordered[at]!
    const mask = candidates.mask
    if (mask !== null && ((mask[slot >>> 5]! >>> (slot & 31)) & 1) === 0) continue
    work.tested += 1
    if (candidates.test(slot)) slots.push(slot)
  }
  work.walked = Math.abs(at - start)
  const isWhole = at === end
  if (slots.length < wanted && !isWhole) {
    work.plan = 'walk, then gather'
    return gather()
  }
  let total: number | null = null
  if (withTotal && isWhole && !walk.isAfter) total = slots.length
  else if (withTotal) total = countMatches(candidates, work, mayDecideWords)
  return done({ slots, total })
}

/**
 * How many listings the search matches, up to TOTAL_CAP + 1, as `searchIndex` counts them, without its
 * page: no walk along the sort's order, no cards (an empty search's ways out ask only how many).
 */
export function countIndex(index: ListingIndex, search: IndexSearch): number {
  index.settle()
  const candidates = compile(index, search)
  if (!candidates) return 0
  const work: IndexWork = {
    plan: 'gather',
    candidates: candidates.names.join(' & '),
    candidateCount: candidates.count,
    walked: 0,
    tested: 0,
  }
  if (candidates.words && candidates.decideCost() <= expectedLooks(candidates, index, TOTAL_CAP + 1) * candidates.words.checkCost('any')) {
    candidates.decideWords()
  }
  return countMatches(candidates, work, true)
}

/** Every match, up to TOTAL_CAP + 1; the words are decided in the bits and the count starts again when looking them up costs too much. */
function countMatches(candidates: Candidates, work: IndexWork, mayDecideWords: boolean): number {
  let n = 0
  candidates.forEach(work, () => {
    n += 1
    return n <= TOTAL_CAP && !(mayDecideWords && candidates.isLookingTooMuch)
  })
  if (n > TOTAL_CAP || !mayDecideWords || !candidates.words || !candidates.isLookingTooMuch) return n
  candidates.decideWords()
  n = 0
  candidates.forEach(work, () => {
    n += 1
    return n <= TOTAL_CAP
  })
  return n
}

/** Calls `visit` with every listing the search matches (its sort, page and cursor aside), in no order. */
export function forEachMatch(index: ListingIndex, search: IndexSearch, visit: (slot: number) => void): IndexWork {
  index.settle()
  const candidates = compile(index, search)
  const work: IndexWork = { plan: 'gather', candidates: 'none', candidateCount: 0, walked: 0, tested: 0 }
  if (!candidates) return work
  // Every candidate is tested: the words are decided in the bits when that costs less than looking them up on each.
  if (candidates.words && candidates.decideCost() <= candidates.count * candidates.words.checkCost('any')) candidates.decideWords()
  candidates.forEach(work, (slot) => void visit(slot))
  work.candidates = candidates.names.join(' & ')
  work.candidateCount = candidates.count
  return work
}
