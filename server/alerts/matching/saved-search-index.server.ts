// The saved searches in memory, keyed by where they can find homes, so a published listing is tested
// against the few that may want it rather than all of them. One per database (like the listings'
// live index), loaded from saved_search and kept current by the saved_search_change log (its
// triggers, migration 0065, record every write, from any instance or plain SQL): before every match
// the log is read after the last row applied, and the saved searches it names read again.
// Each active saved search (not paused, still readable) sits in the buckets of its anchors
// (`anchorsOf` in the listings area: its ZIP's start, its map area's cells, every place and word its
// text may come to mean, or "anywhere"), and in the postings of its text's trigrams when its text may
// be read as a misspelt place. A listing's candidates are the union of the buckets of its keys,
// those whose text is spelt like its city or neighborhood, and the anywhere bucket, each kept only
// when it passes the filters every reading keeps (price, rooms, types, flags, amenities).
import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { savedSearch, savedSearchChange } from '#server/db/schema.ts'
import { anchorsOf, SearchTests, type ListingFacts, type ParsedSearch, type SearchAnchors } from '#server/listings/index.server.ts'
import { readSavedQuery } from '#common/alerts/saved-query.ts'
import type { AlertFrequency } from '#common/alerts/vocabulary.ts'
import { FILTER, FILTER_STRIDE, FilterColumns, type Gathering } from './filter-columns.ts'
import { MatchColumns } from './match-columns.ts'
import { Readers } from './readers.ts'
import { isSpeltLike, Spellings } from './spellings.ts'

/** An active saved search as the index keeps it. */
export type SavedSearchEntry = {
  id: number
  userId: string
  frequency: AlertFrequency
  percent: number | null
  query: string
  search: ParsedSearch
  anchors: SearchAnchors
  /** Its stay's dates may pass (the schema refuses past ones): read again once a day, the UTC day it last read. */
  mayLapse: boolean
  readDay: string
  /** Its place in the index's columns (`FilterColumns`): kept for its id, so the numbers follow the ids. */
  number: number
}

/**
 * The saved searches of one key: the set kept as they come and go, and `gathering` (their numbers
 * ascending and their filters' rows in the same order), made again when first read after a change.
 */
type Bucket = { entries: Set<SavedSearchEntry>; gathering: Gathering | null }

const today = () => new Date().toISOString().slice(0, 10)

/** Saved searches read per query while loading. */
const LOAD_BATCH = 5_000
/** Change-log rows read per query while catching up. */
const CHANGE_BATCH = 5_000

type Row = { id: number; userId: string; query: string; frequency: string; percent: number | null; isPaused: boolean }

const COLUMNS = {
  id: savedSearch.id,
  userId: savedSearch.userId,
  query: savedSearch.query,
  frequency: savedSearch.frequency,
  percent: savedSearch.belowIndexPercent,
  isPaused: savedSearch.isPaused,
}

function addTo(map: Map<string, Bucket>, key: string, entry: SavedSearchEntry): void {
  let bucket = map.get(key)
  if (!bucket) map.set(key, (bucket = { entries: new Set(), gathering: null }))
  bucket.entries.add(entry)
  bucket.gathering = null
}

export class SavedSearchIndex {
  private readonly db: Db
  private readonly entries = new Map<number, SavedSearchEntry>()
  private readonly buckets = new Map<string, Bucket>()
  private readonly anywhere: Bucket = { entries: new Set(), gathering: null }
  /** Each saved search's number by its id (kept when it is removed, for when it comes back), and the entry of each number. */
  private readonly numbers = new Map<number, number>()
  private readonly byNumber: (SavedSearchEntry | undefined)[] = []
  /** Whether the numbers ascend with the ids (a saved search numbered after one of a higher id breaks it). */
  private isNumberedById = true
  private highestId = 0
  private readonly columns = new FilterColumns()
  /** What a match tells of each saved search, by its number. */
  readonly matches = new MatchColumns()
  /** Each saved search's check on the listings index, by its number, kept while its reading holds. */
  private readonly tests = new SearchTests((change) => this.readers.of(change))
  /** The saved searches whose text may name each place or ZIP. */
  private readonly readers = new Readers()
  /** Each owner's number, to tell a listing's owner's saved searches by a number. */
  private readonly owners = new Map<string, number>()
  /** The numbers gathered by a `candidates` call, as bits (read in ascending order, and cleared, as they are taken). */
  private gathered = new Uint32Array(32)
  /** Where a `candidates` call writes the numbers it takes (grown as needed; the call returns a copy). */
  private found = new Int32Array(1024)
  /** The texts that may be read as a misspelt place, with their saved searches' numbers. */
  private readonly spellings = new Spellings()
  /** The saved searches spelt like each listing's city or neighborhood, kept until one spelt like it comes or goes. */
  private readonly spelt = new Map<string, Gathering>()
  private applied = 0
  private loading: Promise<void> | null = null
  /** The catch-up in progress: each match waits for it. */
  private queue: Promise<void> = Promise.resolve()

  constructor(db: Db) {
    this.db = db
  }

  get size(): number {
    return this.entries.size
  }

  /** Loads every active saved search (once), from the change log's head read first. */
  load(): Promise<void> {
    this.loading ??= this.build().catch((error: unknown) => {
      this.loading = null
      throw error
    })
    return this.loading
  }

  private async build(): Promise<void> {
    this.applied = await this.readHead()
    for (let last = 0; ;) {
      const rows = await this.db
        .select(COLUMNS)
        .from(savedSearch)
        .where(and(eq(savedSearch.isPaused, false), gt(savedSearch.id, last)))
        .orderBy(savedSearch.id)
        .limit(LOAD_BATCH)
      await this.put(rows)
      if (rows.length < LOAD_BATCH) break
      last = rows.at(-1)!.id
    }
    // Every test compiled now, not by the first listing published in each place (the tail of a match's time).
    await this.tests.compileAll(this.db)
    // And every bucket's rows copied now, not by the first listing to read each.
    this.gatheringOf(this.anywhere)
    for (const bucket of this.buckets.values()) this.gatheringOf(bucket)
  }

  private async readHead(): Promise<number> {
    const [row] = await this.db.select({ head: sql<string | null>`max(${savedSearchChange.id})` }).from(savedSearchChange)
    return Number(row?.head ?? 0)
  }

  /** Loads (if not loaded) and applies every change logged before this call. */
  async current(): Promise<void> {
    await this.load()
    const run = this.queue.then(() => this.catchUp())
    this.queue = run.catch(() => {})
    await run
  }

  /** Reads the log after the last row applied and the saved searches it names, again. */
  private async catchUp(): Promise<void> {
    for (;;) {
      const rows = await this.db
        .select({ id: savedSearchChange.id, savedSearchId: savedSearchChange.savedSearchId })
        .from(savedSearchChange)
        .where(gt(savedSearchChange.id, this.applied))
        .orderBy(savedSearchChange.id)
        .limit(CHANGE_BATCH)
      if (rows.length === 0) return
      const ids = [...new Set(rows.map((row) => row.savedSearchId))]
      const fresh = await this.db.select(COLUMNS).from(savedSearch).where(inArray(savedSearch.id, ids))
      for (const id of ids) this.remove(id)
      await this.put(fresh)
      this.applied = rows.at(-1)!.id
      if (rows.length < CHANGE_BATCH) return
    }
  }

  /** Puts the active, readable saved searches among `rows` in the buckets of their anchors. */
  private async put(rows: Row[]): Promise<void> {
    const readable: { row: Row; search: ParsedSearch }[] = []
    for (const row of rows) {
      if (row.isPaused) continue
      const reading = readSavedQuery(row.query)
      if (reading.ok) readable.push({ row, search: reading.search })
    }
    const anchors = await anchorsOf(
      this.db,
      readable.map(({ search }) => search),
    )
    readable.forEach(({ row, search }, i) => {
      const anchor = anchors[i]!
      let number = this.numbers.get(row.id)
      if (number === undefined) {
        number = this.byNumber.length
        this.numbers.set(row.id, number)
        this.byNumber.push(undefined)
        if (row.id < this.highestId) this.isNumberedById = false
        this.highestId = Math.max(this.highestId, row.id)
      }
      let owner = this.owners.get(row.userId)
      if (owner === undefined) this.owners.set(row.userId, (owner = this.owners.size))
      const entry: SavedSearchEntry = {
        id: row.id,
        userId: row.userId,
        frequency: row.frequency as AlertFrequency,
        percent: row.percent,
        query: row.query,
        search,
        anchors: anchor,
        mayLapse: search.checkIn !== undefined,
        readDay: today(),
        number,
      }
      this.entries.set(row.id, entry)
      this.byNumber[number] = entry
      this.tests.put(number, search)
      this.columns.set(number, anchor.filter, owner, entry.mayLapse)
      this.matches.set(number, entry)
      if (anchor.isAnywhere) {
        this.anywhere.entries.add(entry)
        this.anywhere.gathering = null
      } else for (const key of anchor.keys) addTo(this.buckets, key, entry)
      if (!anchor.isAnywhere && anchor.spelling !== null) {
        this.spellings.add(anchor.spelling, number)
        this.forgetSpelt(anchor.spelling)
      }
      this.readers.add(number, anchor.reading)
    })
  }

  private remove(id: number): void {
    const entry = this.entries.get(id)
    if (!entry) return
    this.entries.delete(id)
    this.byNumber[entry.number] = undefined
    this.tests.remove(entry.number)
    this.matches.clear(entry.number)
    if (this.anywhere.entries.delete(entry)) this.anywhere.gathering = null
    for (const key of entry.anchors.keys) {
      const bucket = this.buckets.get(key)
      if (!bucket) continue
      bucket.entries.delete(entry)
      bucket.gathering = null
      if (bucket.entries.size === 0) this.buckets.delete(key)
    }
    if (!entry.anchors.isAnywhere && entry.anchors.spelling !== null) {
      this.spellings.remove(entry.anchors.spelling, entry.number)
      this.forgetSpelt(entry.anchors.spelling)
    }
    this.readers.remove(entry.number, entry.anchors.reading)
  }

  /**
   * The numbers of the saved searches that find the published listing now, other people's, still
   * readable, in id order (their matches: `matches.matchesOf`): the candidates that may (a superset: their anchors' buckets, passing the filters every
   * reading keeps) checked on it by their kept checks. Null when the listings index is not answering
   * (loading): the caller runs the searches themselves. `isHeadRead` as `SearchTests.finding`;
   * `onCandidates` is told how many were checked (benchmarks).
   */
  async finding(
    facts: ListingFacts,
    ownerId: string,
    { isHeadRead = true, onCandidates }: { isHeadRead?: boolean; onCandidates?: (count: number) => void } = {},
  ): Promise<Int32Array | null> {
    const numbers = this.candidates(facts, ownerId)
    onCandidates?.(numbers.length)
    const found = await this.tests.finding(this.db, numbers, facts.id, { isHeadRead })
    if (found === null) return null
    let length = 0
    for (let i = 0; i < numbers.length; i += 1) if (found[i] === 1) numbers[length++] = numbers[i]!
    const matched = numbers.subarray(0, length)
    return this.isNumberedById ? matched : matched.sort((a, b) => this.matches.idOf(a) - this.matches.idOf(b))
  }

  /** The numbers of the saved searches that may find the listing, other people's, still readable, passing the filters every reading keeps; ascending. */
  private candidates(facts: ListingFacts, ownerId: string): Int32Array {
    const owner = this.owners.get(ownerId) ?? -1
    if (this.gathered.length * 32 < this.byNumber.length) this.gathered = new Uint32Array(Math.ceil(this.byNumber.length / 32) * 2)
    this.gather(this.gatheringOf(this.anywhere), owner, facts)
    for (const key of facts.keys) {
      const bucket = this.buckets.get(key)
      if (bucket) this.gather(this.gatheringOf(bucket), owner, facts)
    }
    for (const name of facts.names) this.gather(this.spelledLike(name), owner, facts)
    const day = today()
    const lapses = this.columns.lapses
    let found = this.found
    let length = 0
    const gathered = this.gathered
    for (let i = 0; i < gathered.length; i += 1) {
      let word = gathered[i]!
      if (word === 0) continue
      gathered[i] = 0
      while (word !== 0) {
        const low = word & -word
        word ^= low
        const number = i * 32 + (31 - Math.clz32(low))
        if (lapses[number] === 1) {
          const entry = this.byNumber[number]!
          if (entry.readDay !== day) {
            if (!readSavedQuery(entry.query).ok) continue
            entry.readDay = day
          }
        }
        if (length === found.length) {
          const grown = new Int32Array(found.length * 2)
          grown.set(found)
          this.found = found = grown
        }
        found[length++] = number
      }
    }
    return found.slice(0, length)
  }

  /**
   * Sets the bits of those of `numbers` not gathered yet, not the owner's and passing the
   * listing's filters (their rows read in order, no entry).
   */
  private gather({ numbers, rows }: Gathering, owner: number, facts: ListingFacts): void {
    const gathered = this.gathered
    const { price, beds, baths, flags } = facts
    const typeBit = 1 << facts.type
    const amenityBits = facts.amenities
    for (let i = 0; i < numbers.length; i += 1) {
      const n = numbers[i]!
      // Met in an earlier bucket (its bit set): a saved search failing the filters fails them in every bucket.
      if (((gathered[n >>> 5]! >>> (n & 31)) & 1) === 1) continue
      const at = i * FILTER_STRIDE
      const types = rows[at + FILTER.types]!
      const required = rows[at + FILTER.required]!
      const amenities = rows[at + FILTER.amenities]!
      if (
        rows[at + FILTER.owner] === owner ||
        price < rows[at + FILTER.minPrice]! ||
        price > rows[at + FILTER.maxPrice]! ||
        beds < rows[at + FILTER.minBeds]! ||
        baths < rows[at + FILTER.minBaths]! ||
        (types !== -1 && (types & typeBit) === 0) ||
        (flags & required) !== required ||
        (flags & rows[at + FILTER.refused]!) !== 0 ||
        (amenityBits & amenities) !== amenities
      )
        continue
      gathered[n >>> 5]! |= 1 << (n & 31)
    }
  }

  /** The numbers of the saved searches whose text is spelt like `name` (pg_trgm's similarity, a little lower). */
  private spelledLike(name: string): Gathering {
    let found = this.spelt.get(name)
    if (!found) this.spelt.set(name, (found = this.columns.gathering(Int32Array.from(this.spellings.like(name)).sort())))
    return found
  }

  /** Forgets the saved searches spelt like the names that `text` is spelt like: a saved search of that text came or went. */
  private forgetSpelt(text: string): void {
    for (const name of this.spelt.keys()) if (isSpeltLike(name, text)) this.spelt.delete(name)
  }

  /** The bucket's numbers and rows, made again when first read after a change. */
  private gatheringOf(bucket: Bucket): Gathering {
    return (bucket.gathering ??= this.columns.gathering(Int32Array.from(bucket.entries, (entry) => entry.number).sort()))
  }

  /** How many saved searches are kept, in buckets and anywhere, for benchmarks. */
  stats(): { searches: number; buckets: number; anywhere: number; spelt: number; kept: ReturnType<SearchTests['stats']> } {
    let spelt = 0
    for (const entry of this.entries.values()) if (entry.anchors.spelling !== null) spelt += 1
    return {
      searches: this.entries.size,
      buckets: this.buckets.size,
      anywhere: this.anywhere.entries.size,
      spelt,
      kept: this.tests.stats(),
    }
  }
}

const indexes = new WeakMap<Db, SavedSearchIndex>()

/** The saved-search index of a database (made on first use; loaded by its first `current()`). */
export function savedSearchIndexOf(db: Db): SavedSearchIndex {
  let index = indexes.get(db)
  if (!index) indexes.set(db, (index = new SavedSearchIndex(db)))
  return index
}
