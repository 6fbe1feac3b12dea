// The search index of published listings, held in the memory of each app process: a slot per listing
// with its searchable columns in typed arrays, its places in dictionaries with exact counts, its
// filter values as bitsets with exact counts, its words as postings with positions, four sorted
// orders of its slots (newest, price, size, latitude), and what its result card shows (cards.ts);
// what it reads of each listing is listed once, in indexed-columns.ts.
// PostgreSQL stays the record; this is a copy made at start and kept current from the table's change
// log (live-index.server.ts). A changed listing leaves its slot and takes a new one, so slots only
// grow and postings stay in slot order.

import { worldX, worldY } from '#common/listings/map-grid.ts'
import { LISTING_TYPES, AMENITY_VALUES } from '#common/listings/vocabulary.ts'
import { Bitset, Scratch } from './bitset.ts'
import { CardColumns } from './cards.ts'
import type { IndexedListing } from './indexed-columns.ts'
import { PlaceDictionary, ReadingLog, type ReadingChange } from './places.ts'
import { PostingsBuilder, WordPostings } from './postings.ts'
import { SortOrder } from './sort-order.ts'
import { readTsVector } from './tsvector.ts'
import { grown as grownTo, type GrowableArray } from './typed-arrays.ts'

export const FLAG = { lease: 1, shortTerm: 2, cats: 4, dogs: 8, furnished: 16 } as const

const INITIAL_CAPACITY = 1024

/** The filter values kept as bitsets, by the name of the search term they stand for. */
function facetTermsOf(listing: IndexedListing): string[] {
  const terms = [`type:${listing.type}`, `furnished:${listing.isFurnished}`]
  if (listing.hasLease) terms.push('offer:lease')
  if (listing.hasShortTerm) terms.push('offer:short-term')
  if (listing.allowsCats) terms.push('pets:cats')
  if (listing.allowsDogs) terms.push('pets:dogs')
  for (let n = 1; n <= listing.bedrooms; n += 1) terms.push(`beds>=${n}`)
  for (let n = 1; n <= listing.bathroomHalves; n += 1) terms.push(`baths>=${n}`)
  // A short stay's guests: only for more than one (every short-term listing takes one).
  for (let n = 2; n <= (listing.stayLimits?.[0] ?? 0); n += 1) terms.push(`guests>=${n}`)
  AMENITY_VALUES.forEach((amenity, bit) => {
    if (listing.amenityBits & (1 << bit)) terms.push(`amenity:${amenity}`)
  })
  return terms
}

export class ListingIndex {
  /** Slots used so far (indexed or not). */
  size = 0
  private capacity = INITIAL_CAPACITY
  /** How many listings are indexed. */
  indexed = 0
  ids = new Float64Array(INITIAL_CAPACITY)
  isIndexed = new Uint8Array(INITIAL_CAPACITY)
  created = new Float64Array(INITIAL_CAPACITY)
  confirmed = new Float64Array(INITIAL_CAPACITY)
  price = new Int32Array(INITIAL_CAPACITY)
  sqft = new Int32Array(INITIAL_CAPACITY)
  beds = new Uint8Array(INITIAL_CAPACITY)
  baths = new Uint8Array(INITIAL_CAPACITY)
  type = new Uint8Array(INITIAL_CAPACITY)
  flags = new Uint8Array(INITIAL_CAPACITY)
  amenities = new Int32Array(INITIAL_CAPACITY)
  available = new Int32Array(INITIAL_CAPACITY)
  latitude = new Float64Array(INITIAL_CAPACITY)
  longitude = new Float64Array(INITIAL_CAPACITY)
  /** Where the listing lies on the Web Mercator world, 0 to 1 across and down (the map groups by it). */
  worldX = new Float64Array(INITIAL_CAPACITY)
  worldY = new Float64Array(INITIAL_CAPACITY)
  city = new Int32Array(INITIAL_CAPACITY)
  neighborhood = new Int32Array(INITIAL_CAPACITY)
  state = new Int32Array(INITIAL_CAPACITY)
  zip = new Int32Array(INITIAL_CAPACITY)
  /** A short-term listing's most guests, fewest and most nights (0 for a listing not offered for short stays). */
  maxGuests = new Uint8Array(INITIAL_CAPACITY)
  minNights = new Uint16Array(INITIAL_CAPACITY)
  maxNights = new Uint16Array(INITIAL_CAPACITY)
  /**
   * Short-term listings' taken nights, all in one array: a slot's are the `takenLength` values from
   * `takenAt`, [from, to) day-number pairs in order, never overlapping (stay_hold's constraint). A
   * changed listing appends its own again (a fresh index drops what is left behind).
   */
  takenAt = new Int32Array(INITIAL_CAPACITY)
  takenLength = new Int32Array(INITIAL_CAPACITY)
  private takenNights = new Int32Array(INITIAL_CAPACITY)
  private takenUsed = 0
  private readonly slotOfId = new Map<number, number>()

  readonly cities = new PlaceDictionary()
  readonly neighborhoods = new PlaceDictionary()
  readonly states = new PlaceDictionary()
  readonly zips = new PlaceDictionary()
  /** One bitset per filter value ("type:room", "beds>=2", "amenity:pool"…) and `all` for every indexed listing. */
  private readonly facets = new Map<string, Bitset>()
  readonly words = new WordPostings()
  /** What each slot's result card shows beyond the columns above. */
  readonly cards = new CardColumns()
  /** Word arrays a search borrows for its candidates (bitset.ts). */
  readonly scratch = new Scratch()
  /**
   * Counts the changes that may make a search's text read otherwise by its places: a city,
   * neighborhood or state gaining its first listing or losing its last (a text names a place only
   * while it has homes). A new place id shows in `shape`; words are followed one by one
   * (`wordsChanged`, `isWordCarried`).
   */
  readingEpoch = 0
  /**
   * What moved the reading epoch, one by one, and each ZIP first seen (a ZIP's start reads the ZIPs
   * ever seen).
   */
  readonly readings = new ReadingLog()
  /**
   * Counts the listings added and taken out: any of them may give a word its first carrier or take its
   * last. A compiled test that read whether some words are carried checks those again when it moves.
   */
  wordsChanged = 0
  /** Whether each word id is carried, as of `carriedAt` (the `wordsChanged` it was found at, plus one; 0 never). */
  private carriedAt = new Int32Array(0)
  private carried = new Uint8Array(0)
  private bulk: PostingsBuilder | null = null

  readonly orders = {
    newest: new SortOrder((a, b) => this.created[b]! - this.created[a]! || this.ids[b]! - this.ids[a]!),
    price: new SortOrder((a, b) => this.price[a]! - this.price[b]! || this.ids[a]! - this.ids[b]!),
    size: new SortOrder((a, b) => this.sqft[b]! - this.sqft[a]! || this.ids[b]! - this.ids[a]!),
    latitude: new SortOrder((a, b) => this.latitude[a]! - this.latitude[b]! || this.ids[a]! - this.ids[b]!),
  }

  /** The bitset of a filter value; an empty one for a value no listing has had. */
  facet(term: string): Bitset {
    let set = this.facets.get(term)
    if (!set) {
      set = new Bitset(this.capacity)
      this.facets.set(term, set)
    }
    return set
  }

  /**
   * What a search's compiled test (`searchTestOf`) and its text's reading depend on besides the
   * listings' values: the columns' capacity (they are copied when they grow), the ids of places and
   * words, and the reading epoch. While it stays the same, a compiled test stays right.
   */
  get shape(): string {
    const { cities, neighborhoods, states, zips } = this
    return `${this.capacity}/${cities.names.length}/${neighborhoods.names.length}/${states.names.length}/${zips.names.length}/${this.readingEpoch}`
  }

  private kindOf(dictionary: PlaceDictionary): ReadingChange['kind'] {
    return dictionary === this.cities ? 'city' : dictionary === this.neighborhoods ? 'neighborhood' : 'state'
  }

  /**
   * Whether any indexed listing carries the word of `id` (never for -1): found in its postings once
   * for each state of the words (`wordsChanged`), so many searches asking about one word read it once.
   */
  isWordCarried(id: number): boolean {
    if (id < 0) return false
    if (id >= this.carriedAt.length) {
      const length = Math.max(id + 1, this.words.wordCount, this.carriedAt.length * 2)
      this.carriedAt = grownTo(this.carriedAt, length)
      this.carried = grownTo(this.carried, length)
    }
    const stamp = this.wordsChanged + 1
    if (this.carriedAt[id] === stamp) return this.carried[id] === 1
    let isCarried = false
    for (const view of this.words.views(id)) {
      for (const slot of view.slots)
        if (this.isIndexed[slot] === 1) {
          isCarried = true
          break
        }
      if (isCarried) break
    }
    this.carriedAt[id] = stamp
    this.carried[id] = isCarried ? 1 : 0
    return isCarried
  }

  slotOf(id: number): number | undefined {
    return this.slotOfId.get(id)
  }

  private grow(): void {
    const capacity = this.capacity * 2
    const grown = <T extends GrowableArray>(array: T) => grownTo(array, capacity)
    this.ids = grown(this.ids)
    this.isIndexed = grown(this.isIndexed)
    this.created = grown(this.created)
    this.confirmed = grown(this.confirmed)
    this.price = grown(this.price)
    this.sqft = grown(this.sqft)
    this.beds = grown(this.beds)
    this.baths = grown(this.baths)
    this.type = grown(this.type)
    this.flags = grown(this.flags)
    this.amenities = grown(this.amenities)
    this.available = grown(this.available)
    this.latitude = grown(this.latitude)
    this.longitude = grown(this.longitude)
    this.worldX = grown(this.worldX)
    this.worldY = grown(this.worldY)
    this.city = grown(this.city)
    this.neighborhood = grown(this.neighborhood)
    this.state = grown(this.state)
    this.zip = grown(this.zip)
    this.maxGuests = grown(this.maxGuests)
    this.minNights = grown(this.minNights)
    this.maxNights = grown(this.maxNights)
    this.takenAt = grown(this.takenAt)
    this.takenLength = grown(this.takenLength)
    for (const set of this.facets.values()) set.grow(capacity)
    this.capacity = capacity
  }

  /** Adds a published listing, or its new version in place of the old. */
  add(listing: IndexedListing): void {
    this.remove(listing.id)
    if (this.size === this.capacity) this.grow()
    const slot = this.size++
    this.slotOfId.set(listing.id, slot)
    this.indexed += 1
    this.ids[slot] = listing.id
    this.isIndexed[slot] = 1
    this.created[slot] = listing.createdMicros
    this.confirmed[slot] = listing.confirmedMicros
    this.price[slot] = listing.allInMonthlyCents
    this.sqft[slot] = listing.interiorSqft
    this.beds[slot] = listing.bedrooms
    this.baths[slot] = listing.bathroomHalves
    this.type[slot] = LISTING_TYPES.indexOf(listing.type)
    this.flags[slot] =
      (listing.hasLease ? FLAG.lease : 0) |
      (listing.hasShortTerm ? FLAG.shortTerm : 0) |
      (listing.allowsCats ? FLAG.cats : 0) |
      (listing.allowsDogs ? FLAG.dogs : 0) |
      (listing.isFurnished ? FLAG.furnished : 0)
    this.amenities[slot] = listing.amenityBits
    this.available[slot] = listing.availableDay
    this.latitude[slot] = listing.latitude
    this.longitude[slot] = listing.longitude
    this.worldX[slot] = worldX(listing.longitude)
    this.worldY[slot] = worldY(listing.latitude)
    const place = (dictionary: PlaceDictionary, name: string, spelling = name) => {
      const known = dictionary.names.length
      const id = dictionary.idFor(name, spelling)
      // A city's, neighborhood's or state's first listing: a search's text may now name it. A ZIP is
      // read by its name alone (any ZIP ever seen starting with the text's digits).
      if (dictionary === this.zips) {
        if (id >= known) this.readings.note('zip', name)
      } else if (dictionary.listings[id] === 0) {
        this.readingEpoch += 1
        this.readings.note(this.kindOf(dictionary), name)
      }
      dictionary.listings[id]! += 1
      dictionary.slots[id]!.push(slot)
      return id
    }
    this.city[slot] = place(this.cities, listing.city, listing.card.cityName)
    this.neighborhood[slot] = listing.neighborhood === '' ? -1 : place(this.neighborhoods, listing.neighborhood)
    this.state[slot] = place(this.states, listing.state)
    this.zip[slot] = place(this.zips, listing.zip)
    this.wordsChanged += 1
    const limits = listing.stayLimits
    this.maxGuests[slot] = limits ? limits[0] : 0
    this.maxNights[slot] = limits ? limits[1] : 0
    this.minNights[slot] = listing.card.minNights ?? 1
    const taken = listing.takenNights
    if (taken && taken.length > 0) {
      if (this.takenUsed + taken.length > this.takenNights.length) {
        const grownNights = new Int32Array(Math.max(this.takenNights.length * 2, this.takenUsed + taken.length))
        grownNights.set(this.takenNights.subarray(0, this.takenUsed))
        this.takenNights = grownNights
      }
      this.takenNights.set(taken, this.takenUsed)
      this.takenAt[slot] = this.takenUsed
      this.takenUsed += taken.length
    }
    this.takenLength[slot] = taken?.length ?? 0
    this.cards.set(slot, listing.card)
    this.facet('all').add(slot)
    for (const term of facetTermsOf(listing)) this.facet(term).add(slot)
    const bulk = this.bulk
    readTsVector(listing.searchVector, (word, positions) => {
      if (bulk) bulk.add(slot, word, positions)
      else this.words.add(slot, word, positions)
    })
    for (const order of Object.values(this.orders)) order.add(slot)
  }

  /**
   * Whether the listing in `slot` takes a stay of the nights [from, to) (day numbers) for `guests`: its
   * rules allow the guests and the number of nights, and no night of the range is taken. The first
   * taken range ending after `from` is found by halving; the stay is free when it starts at `to` or later.
   */
  isStayOpen(slot: number, from: number, to: number, guests: number): boolean {
    const nights = to - from
    if (guests > this.maxGuests[slot]! || nights < this.minNights[slot]! || nights > this.maxNights[slot]!) return false
    const ranges = this.takenLength[slot]! >>> 1
    if (ranges === 0) return true
    const taken = this.takenNights
    const at = this.takenAt[slot]!
    let low = 0
    let high = ranges
    while (low < high) {
      const middle = (low + high) >>> 1
      if (taken[at + 2 * middle + 1]! <= from) low = middle + 1
      else high = middle
    }
    return low === ranges || taken[at + 2 * low]! >= to
  }

  /** Takes a listing out of the index (it was unpublished, deleted or changed); nothing when it is not in. */
  remove(id: number): void {
    const slot = this.slotOfId.get(id)
    if (slot === undefined) return
    this.slotOfId.delete(id)
    // A word may have lost its last listing (followed word by word), and a place: a search's text
    // may now read otherwise.
    this.wordsChanged += 1
    this.indexed -= 1
    this.isIndexed[slot] = 0
    const leave = (dictionary: PlaceDictionary, id: number) => {
      dictionary.listings[id]! -= 1
      if (dictionary.listings[id] === 0 && dictionary !== this.zips) {
        this.readingEpoch += 1
        this.readings.note(this.kindOf(dictionary), dictionary.names[id]!)
      }
    }
    leave(this.cities, this.city[slot]!)
    if (this.neighborhood[slot]! >= 0) leave(this.neighborhoods, this.neighborhood[slot]!)
    leave(this.states, this.state[slot]!)
    leave(this.zips, this.zip[slot]!)
    this.cards.clear(slot)
    this.takenLength[slot] = 0
    for (const set of this.facets.values()) set.delete(slot)
    for (const order of Object.values(this.orders)) order.noteStale()
  }

  /** Many listings to add: their words are collected flat and become a new main segment at `endBulk`. */
  beginBulk(): void {
    this.bulk ??= new PostingsBuilder()
  }

  endBulk(): void {
    const bulk = this.bulk
    this.bulk = null
    if (bulk) this.words.merge((slot) => this.isIndexed[slot] === 1, bulk)
    this.wordsChanged += 1
  }

  /**
   * Makes the index ready to read after changes: sorted orders put in place, and the postings of
   * listings added since the last merge merged when they have grown to a tenth of the main segment.
   */
  settle(): void {
    const isIndexed = (slot: number) => this.isIndexed[slot] === 1
    for (const order of Object.values(this.orders)) order.settle(isIndexed)
    if (this.words.deltaPostings > Math.max(50_000, this.words.mainPostings / 10)) this.words.merge(isIndexed)
  }

  /** Slots taken by listings no longer indexed: past a share of all slots, a fresh index is due. */
  get staleSlots(): number {
    return this.size - this.indexed
  }

  /** Bytes held, roughly: columns, orders, bitsets, place postings, words and cards. */
  bytes(): number {
    const columns = this.capacity * (8 * 8 + 4 * 8 + 5 + 5 + 8 + 8)
    const taken = this.takenNights.byteLength
    const orders = Object.values(this.orders).reduce((sum, order) => sum + order.length * 4, 0)
    const facets = this.facets.size * (this.capacity / 8)
    const places = [this.cities, this.neighborhoods, this.states, this.zips].reduce(
      (sum, dictionary) => sum + dictionary.slots.reduce((s, list) => s + list.items.byteLength + 64, 0),
      0,
    )
    return columns + taken + orders + facets + places + this.words.bytes() + this.slotOfId.size * 40 + this.cards.bytes()
  }
}
