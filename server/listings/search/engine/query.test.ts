// The in-memory search index by property: random listings added, changed and removed between random
// searches, the words' postings merged now and then, and every search answered by every plan must
// give the page and count a plain filter over the listings gives, PostgreSQL's phrase rules applied
// word by word. (listings-search-property.test.ts checks the whole search against the database.)
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { TOTAL_CAP } from '#common/listings/types.ts'
import { AMENITY_VALUES, LISTING_SORTS, LISTING_TYPES, type ListingType } from '#common/listings/vocabulary.ts'
import type { IndexedListing } from './indexed-columns.ts'
import { ListingIndex } from './listing-index.ts'
import { searchIndex, type IndexPlan, type IndexSearch } from './query.ts'
import { parseTsQuery, type TsQuery } from './tsquery.ts'

const WORDS = ['sunni', 'loft', 'two-bedroom', 'two', 'bedroom', 'garden', 'quiet', 'apart', 'view']
const CITIES = ['wilmington', 'newark', 'dover']
const NOW = 1_800_000_000_000_000

const PLANS: IndexPlan[] = [
  { page: 'chosen' },
  { page: 'gather' },
  { page: 'walk' },
  { page: 'walk', walkEntries: 2 },
  { page: 'walk', words: 'looked up' },
  { page: 'gather', words: 'looked up' },
]

type Listing = IndexedListing & { words: Map<string, number[]> }

/** A listing drawn from `pick`, its words a short text (a hyphenated word followed by its parts, as PostgreSQL writes them). */
function listingOf(id: number, pick: (n: number) => number): Listing {
  const words = new Map<string, number[]>()
  let position = 1
  for (let i = 0; i < 2 + pick(6); i += 1) {
    const word = WORDS[pick(WORDS.length)]!
    const parts = word === 'two-bedroom' ? ['two-bedroom', 'two', 'bedroom'] : [word]
    for (const part of parts) words.set(part, [...(words.get(part) ?? []), position++])
    position += pick(2)
  }
  const searchVector = [...words].map(([word, positions]) => `'${word}':${positions.join(',')}`).join(' ') + " 'type:room' 'city:x'"
  const city = CITIES[pick(CITIES.length)]!
  const hasShortTerm = pick(3) === 0
  // Taken nights: up to four stays of 1–6 nights in days 100–160, never overlapping, some adjacent.
  const taken: number[] = []
  for (let day = 100 + pick(8), n = pick(5); n > 0 && day < 160; n -= 1) {
    const end = day + 1 + pick(6)
    taken.push(day, end)
    day = end + pick(3)
  }
  return {
    id,
    createdMicros: NOW - pick(50) * 86_400_000_000 - pick(1000),
    confirmedMicros: NOW - (pick(10) === 0 ? 40 : 1) * 86_400_000_000,
    allInMonthlyCents: (5 + pick(10)) * 10_000,
    interiorSqft: 400 + pick(6) * 100,
    bedrooms: pick(4),
    bathroomHalves: 2 + pick(3),
    type: LISTING_TYPES[pick(LISTING_TYPES.length)] as ListingType,
    hasLease: pick(4) !== 0,
    hasShortTerm,
    allowsCats: pick(2) === 0,
    allowsDogs: pick(3) === 0,
    isFurnished: pick(3) === 0,
    amenityBits: pick(16),
    availableDay: 20_000 + pick(60),
    latitude: 39 + pick(100) / 100,
    longitude: -75 + pick(100) / 100,
    city,
    neighborhood: pick(3) === 0 ? '' : `${city} ${pick(2)}`,
    state: 'de',
    zip: `19${pick(3)}0${pick(2)}`,
    searchVector,
    stayLimits: hasShortTerm ? [1 + pick(4), 3 + pick(10)] : null,
    takenNights: hasShortTerm && taken.length > 0 ? Int32Array.from(taken) : null,
    card: {
      title: `Home ${id}`,
      cityName: city,
      neighborhoodName: '',
      monthlyRentCents: 150_000,
      minTermMonths: 12,
      depositCents: 150_000,
      nightlyCents: hasShortTerm ? 10_000 : null,
      minNights: hasShortTerm ? 1 + pick(3) : null,
      amenities: [],
      createdMs: 0,
      confirmedMs: 0,
      photo: null,
    },
    words,
  }
}

/** PostgreSQL's `@@` on one listing, by its definition: a phrase's positions where its right side ends. */
function matchesText(query: TsQuery | null, words: Map<string, number[]>): boolean {
  const ends = (node: TsQuery): { at: number[]; width: number } => {
    if (node.kind === 'term') return { at: words.get(node.lexeme) ?? [], width: 0 }
    if (node.kind !== 'phrase') throw new Error('not in a phrase')
    const left = ends(node.left)
    const right = ends(node.right)
    return {
      at: right.at.filter((end) => left.at.includes(end - node.distance - right.width)),
      width: left.width + node.distance + right.width,
    }
  }
  const match = (node: TsQuery): boolean => {
    switch (node.kind) {
      case 'term':
        return words.has(node.lexeme)
      case 'not':
        return !match(node.arg)
      case 'and':
        return match(node.left) && match(node.right)
      case 'or':
        return match(node.left) || match(node.right)
      case 'phrase':
        return ends(node).at.length > 0
    }
  }
  return query !== null && match(query)
}

/** A stay by its definition: a short-term listing whose rules allow it and none of whose taken nights is among its nights. */
function isStayOpen(l: Listing, { from, to, guests }: NonNullable<IndexSearch['stay']>): boolean {
  if (!l.stayLimits || guests > l.stayLimits[0] || to - from > l.stayLimits[1] || to - from < (l.card.minNights ?? 1)) return false
  const taken = l.takenNights ?? []
  for (let day = from; day < to; day += 1) {
    for (let i = 0; i < taken.length; i += 2) if (day >= taken[i]! && day < taken[i + 1]!) return false
  }
  return true
}

function keyOf(listing: Listing, search: IndexSearch): number {
  return search.sort === 'newest' ? listing.createdMicros : search.sort === 'largest' ? listing.interiorSqft : listing.allInMonthlyCents
}

/** The plain answer: every listing tested, sorted, after the cursor, the page and the count. */
function reference(listings: Map<number, Listing>, search: IndexSearch): { ids: number[]; total: number } {
  const matching = [...listings.values()].filter((l) => {
    const box = search.box
    const text = search.text
    return (
      l.confirmedMicros > search.confirmedAfter &&
      l.allInMonthlyCents >= (search.minPrice ?? -Infinity) &&
      l.allInMonthlyCents <= (search.maxPrice ?? Infinity) &&
      l.bedrooms >= (search.beds ?? 0) &&
      l.bathroomHalves >= (search.bathroomHalves ?? 0) &&
      (search.types.length === 0 || search.types.includes(l.type)) &&
      (search.offer !== 'lease' || l.hasLease) &&
      (search.offer !== 'short-term' || l.hasShortTerm) &&
      (!search.pets.includes('cats') || l.allowsCats) &&
      (!search.pets.includes('dogs') || l.allowsDogs) &&
      (search.furnished === undefined || l.isFurnished === search.furnished) &&
      search.amenities.every((a) => (l.amenityBits & (1 << AMENITY_VALUES.indexOf(a))) !== 0) &&
      l.availableDay <= (search.availableByDay ?? Infinity) &&
      (!box || (l.latitude >= box.south && l.latitude <= box.north && l.longitude >= box.west && l.longitude <= box.east)) &&
      (search.city === undefined || l.city === search.city) &&
      (search.neighborhood === undefined || l.neighborhood === search.neighborhood) &&
      (search.zipPrefix === undefined || l.zip.startsWith(search.zipPrefix)) &&
      (!search.stay || isStayOpen(l, search.stay)) &&
      (!text || matchesText(text.query, l.words) || (text.cityPrefix !== null && l.city.startsWith(text.cityPrefix)))
    )
  })
  const ascending = search.sort === 'price-asc'
  const order = (a: Listing, b: Listing) => (keyOf(a, search) - keyOf(b, search) || a.id - b.id) * (ascending ? 1 : -1)
  matching.sort(order)
  const cursor = search.cursor
  const after = cursor
    ? matching.filter((l) => {
        const difference = (keyOf(l, search) - cursor.key || l.id - cursor.id) * (ascending ? 1 : -1)
        return difference > 0
      })
    : matching
  return { ids: after.slice(0, search.limit + 1).map((l) => l.id), total: matching.length }
}

const textArbitrary = fc.oneof(
  fc.constantFrom(
    "'sunni'",
    "'loft' & 'view'",
    "'two-bedroom' <-> 'two' <-> 'bedroom'",
    "'two' <-> 'bedroom'",
    "'bedroom' <-> 'two'",
    "'sunni' <2> 'loft'",
    "'garden' | 'quiet'",
    "!'garden'",
    "'apart' & !( 'two' <-> 'bedroom' )",
    "'loft' <-> 'loft'",
    "'zzyzx'",
    "'bedroom' & !'two-bedroom'",
    "'view' | !'loft'",
  ),
  fc.constant(''),
)

/** Present in one search in five: most searches have a few filters, as renters' do. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary })

const searchArbitrary = fc.record({
  sort: fc.constantFrom(...LISTING_SORTS),
  limit: fc.integer({ min: 1, max: 6 }),
  minPrice: sometimes(fc.integer({ min: 5, max: 14 }).map((n) => n * 10_000)),
  maxPrice: sometimes(fc.integer({ min: 5, max: 14 }).map((n) => n * 10_000)),
  beds: sometimes(fc.integer({ min: 0, max: 3 })),
  bathroomHalves: sometimes(fc.integer({ min: 2, max: 4 })),
  types: fc.oneof(fc.constant([]), fc.constant([]), fc.subarray([...LISTING_TYPES], { minLength: 1, maxLength: 2 })),
  offer: sometimes(fc.constantFrom('lease' as const, 'short-term' as const)),
  pets: fc.oneof(fc.constant([]), fc.constant([]), fc.subarray(['cats', 'dogs'] as ('cats' | 'dogs')[])),
  furnished: sometimes(fc.boolean()),
  amenities: fc.oneof(fc.constant([]), fc.constant([]), fc.subarray(AMENITY_VALUES.slice(0, 4), { maxLength: 2 })),
  availableByDay: sometimes(fc.integer({ min: 20_000, max: 20_060 })),
  box: sometimes(
    fc.tuple(fc.integer({ min: 0, max: 90 }), fc.integer({ min: 0, max: 90 }), fc.integer({ min: 5, max: 60 })).map(([s, w, size]) => ({
      south: 39 + s / 100,
      west: -75 + w / 100,
      north: 39 + (s + size) / 100,
      east: -75 + (w + size) / 100,
    })),
  ),
  city: sometimes(fc.constantFrom(...CITIES, 'elsewhere')),
  zipPrefix: sometimes(fc.constantFrom('19', '190', '1910', '19201', '7')),
  stay: sometimes(
    fc
      .record({ from: fc.integer({ min: 95, max: 165 }), nights: fc.integer({ min: 1, max: 8 }), guests: fc.integer({ min: 1, max: 5 }) })
      .map(({ from, nights, guests }) => ({ from, to: from + nights, guests })),
  ),
  text: sometimes(fc.record({ query: textArbitrary, cityPrefix: fc.option(fc.constantFrom('new', 'dov', 'zz'), { nil: null, freq: 3 }) })),
})

type DrawnSearch = typeof searchArbitrary extends fc.Arbitrary<infer T> ? T : never
type Step = { kind: 'search'; search: DrawnSearch; page: number } | { kind: 'write'; seed: number; count: number } | { kind: 'merge' }

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('search' as const), search: searchArbitrary, page: fc.integer({ min: 0, max: 2 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('write' as const), seed: fc.integer(), count: fc.constantFrom(1, 1, 2, 80) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('merge' as const) }) },
)

/** A random source from a seed (mulberry32). */
function randomFrom(seed: number): (n: number) => number {
  let state = seed >>> 0
  return (n) => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n)
  }
}

describe('the in-memory search index', () => {
  it('answers every search with every plan as a plain filter does, as listings come, change and go', () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(stepArbitrary, { minLength: 5, maxLength: 25 }), (seed, steps) => {
        const pick = randomFrom(seed)
        const index = new ListingIndex()
        const listings = new Map<number, Listing>()
        let nextId = 1
        // Half loaded at once (the main segment), half one by one (the delta).
        index.beginBulk()
        for (let i = 0; i < 60; i += 1) {
          const listing = listingOf(nextId++, pick)
          listings.set(listing.id, listing)
          index.add(listing)
        }
        index.endBulk()
        for (let i = 0; i < 40; i += 1) {
          const listing = listingOf(nextId++, pick)
          listings.set(listing.id, listing)
          index.add(listing)
        }
        for (const step of steps) {
          if (step.kind === 'merge') {
            index.words.merge((slot) => index.isIndexed[slot] === 1)
            continue
          }
          if (step.kind === 'write') {
            // Some listings removed, changed or added (many at once put a sorted order together by a merge).
            const write = randomFrom(step.seed)
            for (let n = 0; n < step.count; n += 1) {
              const ids = [...listings.keys()]
              const roll = write(3)
              const id = ids[write(ids.length)]!
              if (roll === 0) {
                listings.delete(id)
                index.remove(id)
              } else {
                const listing = listingOf(roll === 1 ? id : nextId++, write)
                listings.set(listing.id, listing)
                index.add(listing)
              }
            }
            continue
          }
          const drawn = step.search
          const search: IndexSearch = {
            ...drawn,
            cursor: null,
            confirmedAfter: NOW - 30 * 86_400_000_000,
            text: drawn.text ? { query: parseTsQuery(drawn.text.query), cityPrefix: drawn.text.cityPrefix } : undefined,
          }
          for (let page = 0; page <= step.page; page += 1) {
            const expected = reference(listings, search)
            const label = `${JSON.stringify({ ...drawn, page })}`
            for (const plan of PLANS) {
              const found = searchIndex(index, search, { withTotal: true, plan })
              expect(
                found.slots.map((slot) => index.ids[slot]),
                `${label} ${JSON.stringify(plan)}`,
              ).toEqual(expected.ids)
              expect(found.total, `${label} ${JSON.stringify(plan)}`).toBe(
                plan.page === 'walk' && found.total! > TOTAL_CAP ? TOTAL_CAP + 1 : expected.total,
              )
            }
            if (expected.ids.length <= search.limit) break
            const last = listings.get(expected.ids[search.limit - 1]!)!
            search.cursor = { key: keyOf(last, search), id: last.id }
          }
        }
      }),
      { numRuns: 150 },
    )
  })

  it('finds a stay free only when every night of it is free, the check-out night and the nights around it aside', () => {
    const index = new ListingIndex()
    const pick = randomFrom(7)
    const listing = (id: number, taken: number[] | null, limits: [number, number] | null = [4, 30]): Listing => {
      const drawn = listingOf(id, pick)
      return {
        ...drawn,
        confirmedMicros: NOW,
        hasShortTerm: limits !== null,
        stayLimits: limits,
        takenNights: taken ? Int32Array.from(taken) : null,
        card: { ...drawn.card, minNights: 2 },
      }
    }
    // 1: stays [110, 113) and [113, 115) side by side, then [120, 121). 2: nothing taken. 3: not short-term.
    index.add(listing(1, [110, 113, 113, 115, 120, 121]))
    index.add(listing(2, null, [2, 7]))
    index.add(listing(3, null, null))
    const found = (from: number, to: number, guests = 1) =>
      searchIndex(
        index,
        { sort: 'newest', limit: 10, cursor: null, confirmedAfter: 0, types: [], pets: [], amenities: [], stay: { from, to, guests } },
        { withTotal: true, plan: { page: 'chosen' } },
      )
        .slots.map((slot) => index.ids[slot])
        .sort()
    // Leaving on the day a stay begins, or arriving on the day one ends: free (the check-out night is not a night).
    expect(found(108, 110)).toEqual([1, 2])
    expect(found(115, 117)).toEqual([1, 2])
    expect(found(118, 120)).toEqual([1, 2])
    expect(found(121, 123)).toEqual([1, 2])
    // Any night inside: taken, at either end or across adjacent stays and the gap after them.
    expect(found(109, 111)).toEqual([2])
    expect(found(112, 114)).toEqual([2])
    expect(found(114, 116)).toEqual([2])
    expect(found(115, 125)).toEqual([])
    expect(found(100, 130)).toEqual([])
    // The rules: at least 2 nights (the listing's minimum); listing 2 takes 2 guests and 7 nights at most.
    expect(found(116, 117)).toEqual([])
    expect(found(130, 138)).toEqual([1])
    expect(found(130, 132, 3)).toEqual([1])
    expect(found(130, 132, 5)).toEqual([])
  })

  it('keeps exact counts of places and filter values as listings come, change and go', () => {
    const pick = randomFrom(3)
    const index = new ListingIndex()
    const listings = new Map<number, Listing>()
    for (let id = 1; id <= 200; id += 1) {
      const listing = listingOf(id, pick)
      listings.set(id, listing)
      index.add(listing)
    }
    for (let id = 1; id <= 200; id += 3) {
      index.remove(id)
      listings.delete(id)
    }
    for (let id = 2; id <= 200; id += 3) {
      const listing = listingOf(id, pick)
      listings.set(id, listing)
      index.add(listing)
    }
    expect(index.indexed).toBe(listings.size)
    for (const city of CITIES) {
      expect(index.cities.listingsOf(city)).toBe([...listings.values()].filter((l) => l.city === city).length)
    }
    expect(index.facet('pets:cats').size).toBe([...listings.values()].filter((l) => l.allowsCats).length)
    expect(index.facet('beds>=2').size).toBe([...listings.values()].filter((l) => l.bedrooms >= 2).length)
    expect(index.facet('type:room').size).toBe([...listings.values()].filter((l) => l.type === 'room').length)
  })
})
