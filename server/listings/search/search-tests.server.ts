// A database's saved searches checked on one listing at a time, as the search itself would answer
// (the alerts area's matching): each search's check made once on the listings index by the engine's
// own pieces (`searchCheckOf`) and kept while its reading holds, so a published listing is checked
// against thousands of searches in a few milliseconds.
import type { Db } from '#server/db/client.server.ts'
import { readSearchPhrase } from '#common/listings/search-phrase.ts'
import { CONFIRMATION_DAYS } from '#common/listings/vocabulary.ts'
import type { ListingIndex } from './engine/listing-index.ts'
import type { ReadingChange } from './engine/places.ts'
import { searchIndexOf } from './engine/live-index.server.ts'
import { passesAt, VALUE_STRIDE, valuesOf, writeValues } from './engine/predicate.ts'
import { searchCheckOf, type SharedTest } from './engine/query.ts'
import type { TsQuery } from './engine/tsquery.ts'
import { examineSearch, readQueries, textKind, type ParsedSearch } from './terms.server.ts'

/**
 * A word some kept checks read: its id (-1 while no listing has carried it), whether an indexed
 * listing carries it, and the numbers of the searches that read it. A text is read as a misspelt place
 * only when none of its words is carried, and a word nobody carries matches nothing: when a word gets
 * an id, or becomes carried or stops being, the checks that read it are made again.
 */
type Watched = { id: number; carried: boolean; numbers: Set<number> }

const MICROS_PER_DAY = 86_400_000_000

/**
 * How a kept check decides (`SearchTests.kinds`): 0 when it matches nothing; else BY_VALUES, with
 * WITH_ZIP, WITH_WORDS and WITH_STAY when it also asks a ZIP's start, words or a stay.
 */
const [NEVER, BY_VALUES, WITH_ZIP, WITH_WORDS, WITH_STAY] = [0, 1, 2, 4, 8] as const

function grownTo<T extends Int32Array | Uint8Array | Float64Array>(array: T, length: number): T {
  const next = new (array.constructor as new (n: number) => T)(length)
  next.set(array)
  return next
}

/** Searches compiled at once: enough to share the database's readings, few enough to hold little at a time. */
const COMPILE_BATCH = 5_000

/**
 * Many searches (a database's saved searches), each under a number the caller gives, checked on one
 * listing at a time as the search itself would answer. Each search's check is made once on the
 * listings index (`searchCheckOf`, the engine's own pieces) and kept while its reading holds:
 * - the index is the same one (a reload makes every check again: a new era);
 * - no place its text may name got its first listing or lost its last, and no ZIP its start names was
 *   first seen: the index logs those (`readings`) and the caller says which searches' texts
 *   may name each (`readersOf`, from the anchors of their readings), and only those are made again;
 * - its own text's words are as they were: the words the kept checks read are followed one by one,
 *   once per change of the index for all the searches, not once per search;
 * - its spelling is no tie chosen by counts (those are made again at every change applied).
 * A check is its values, kept in a row of numbers by search (`passesAt`), and its words and stay, each
 * asked of a listing once however many searches share them.
 * "Recently confirmed" is checked against now on each listing, so a kept check is never more lenient.
 */
export class SearchTests {
  private readonly searches: (ParsedSearch | undefined)[] = []
  /** Every lexeme of each search's text's queries, negated ones too (a word first carried changes what its negation matches). */
  private readonly lexemes: (string[] | undefined)[] = []
  /** The era each search's check was made in: it stands while that is the current era (0: not made, or no longer right). */
  private made = new Int32Array(1024)
  /**
   * How each search's kept check decides: NEVER, or BY_VALUES: its row in `values` (its ZIP set in
   * `zipSets`), then its words and its stay, each a shared test (`sharedOf`; -1 in `texts` or `stays`
   * for none).
   */
  private kinds = new Uint8Array(1024)
  private values = new Float64Array(1024 * VALUE_STRIDE)
  private readonly zipSets: (Uint8Array | null | undefined)[] = []
  private texts = new Int32Array(1024)
  private stays = new Int32Array(1024)
  /** The shared tests of this era by key (words or nights many searches ask), and each one's test. */
  private readonly sharedIds = new Map<string, number>()
  private readonly shared: ((slot: number) => boolean)[] = []
  /** Each shared test's answer in a `finding` call (kept where `answeredAt` is that call's number). */
  private answers = new Uint8Array(0)
  private answeredAt = new Int32Array(0)
  private calls = 0
  private era = 1
  private eraIndex: ListingIndex | null = null
  /** The reading changes read so far (`ListingIndex.readings`, by number). */
  private readingsSeen = 0
  /** The numbers of the searches whose text may name a place or a ZIP, for each reading change. */
  private readonly readersOf: (change: ReadingChange) => Iterable<number>
  private readonly spelt = new Set<number>()
  private speltApplied = -1
  private readonly words = new Map<string, Watched>()
  private wordsCheckedAt = -1
  private wordCount = -1

  constructor(readersOf: (change: ReadingChange) => Iterable<number>) {
    this.readersOf = readersOf
  }

  /** Keeps `search` under `number` (in place of what it held): its check is made when first needed. */
  put(number: number, search: ParsedSearch): void {
    if (number >= this.made.length) {
      const length = Math.max(number + 1, this.made.length * 2)
      this.made = grownTo(this.made, length)
      this.kinds = grownTo(this.kinds, length)
      this.texts = grownTo(this.texts, length)
      this.stays = grownTo(this.stays, length)
      this.values = grownTo(this.values, length * VALUE_STRIDE)
    }
    this.forget(number)
    this.searches[number] = search
  }

  /** Forgets the search under `number`. */
  remove(number: number): void {
    this.forget(number)
    this.searches[number] = undefined
  }

  private forget(number: number): void {
    if (number < this.made.length) this.made[number] = 0
    this.unwatch(number)
    this.lexemes[number] = undefined
    this.zipSets[number] = undefined
    this.spelt.delete(number)
  }

  private unwatch(number: number): void {
    for (const lexeme of this.lexemes[number] ?? []) this.words.get(lexeme)?.numbers.delete(number)
  }

  /**
   * Brings the kept checks up to the index as it stands (`applied`: the change it was read at): a new
   * era for a new index (or a reader left too far behind its reading changes); else made again, the
   * searches that may read a place or ZIP otherwise, the tied spellings when a change was applied, and
   * those reading a word whose id or carrying moved.
   */
  private bringUp(index: ListingIndex, applied: number): void {
    const { changes, from } = index.readings
    const through = from + changes.length
    if (index !== this.eraIndex || this.readingsSeen < from) {
      this.era += 1
      this.eraIndex = index
      this.readingsSeen = through
      this.words.clear()
      this.spelt.clear()
      this.sharedIds.clear()
      this.shared.length = 0
      this.wordsCheckedAt = index.wordsChanged
      this.wordCount = index.words.wordCount
      this.speltApplied = applied
      return
    }
    for (let k = this.readingsSeen - from; k < changes.length; k += 1)
      for (const number of this.readersOf(changes[k]!)) if (number < this.made.length) this.made[number] = 0
    this.readingsSeen = through
    if (this.speltApplied !== applied) {
      for (const number of this.spelt) this.made[number] = 0
      this.spelt.clear()
      this.speltApplied = applied
    }
    if (this.wordsCheckedAt === index.wordsChanged) return
    const isGrown = this.wordCount !== index.words.wordCount
    for (const [lexeme, watched] of this.words) {
      let isMoved = false
      if (watched.id < 0) {
        if (!isGrown) continue
        const id = index.words.idOf(lexeme)
        if (id < 0) continue
        watched.id = id
        isMoved = true
      }
      const carried = index.isWordCarried(watched.id)
      if (carried !== watched.carried) {
        watched.carried = carried
        isMoved = true
      }
      if (isMoved) for (const number of watched.numbers) this.made[number] = 0
    }
    this.wordsCheckedAt = index.wordsChanged
    this.wordCount = index.words.wordCount
  }

  private watch(index: ListingIndex, number: number, lexemes: string[]): void {
    for (const lexeme of lexemes) {
      let watched = this.words.get(lexeme)
      if (!watched) {
        const id = index.words.idOf(lexeme)
        this.words.set(lexeme, (watched = { id, carried: index.isWordCarried(id), numbers: new Set() }))
      }
      watched.numbers.add(number)
    }
  }

  /**
   * Makes the checks of those of `numbers` whose kept check no longer answers for the index as it
   * stands, every text's words read in one query first. The index they answer for, or null when it is
   * not answering (loading). With `isHeadRead` false the caller has just brought the index up to the
   * change log's head: the index is taken as it stands, without asking again.
   */
  private async compileStale(db: Db, numbers: ArrayLike<number>, isHeadRead: boolean): Promise<ListingIndex | null> {
    const live = searchIndexOf(db)
    if (!live.isAnswering) return null
    let index = isHeadRead ? await live.current() : await live.loaded()
    for (;;) {
      const applied = live.applied
      this.bringUp(index, applied)
      const stale: number[] = []
      for (let i = 0; i < numbers.length; i += 1) if (this.made[numbers[i]!] !== this.era) stale.push(numbers[i]!)
      if (stale.length === 0) return index
      const searches = stale.map((number) => this.searches[number]!)
      // Every text's words read in one query first: each search's reading then finds them kept.
      const queries = await readQueries(db, searches.flatMap(textsOf))
      const examined = await Promise.all(searches.map((search) => examineSearch(db, search, { isHeadRead: false })))
      // A change applied while the texts were read: read them again at the new state.
      if (live.applied !== applied || examined.some((one) => one.index !== index || one.applied !== applied)) {
        index = await live.current()
        continue
      }
      this.bringUp(index, applied)
      stale.forEach((number, i) => {
        const { terms, isSpeltByCounts } = examined[i]!
        const lexemes = lexemesOf(textsOf(searches[i]!).map((text) => queries.get(text)))
        this.unwatch(number)
        const check = searchCheckOf(index, terms.indexSearch)
        this.lexemes[number] = lexemes
        this.kinds[number] = NEVER
        if (check.kind === 'values') {
          writeValues(this.values, number * VALUE_STRIDE, check.params)
          this.zipSets[number] = check.params.zipSet
          this.texts[number] = this.sharedOf(check.text)
          this.stays[number] = this.sharedOf(check.stay)
          this.kinds[number] =
            BY_VALUES | (check.params.zipSet ? WITH_ZIP : 0) | (check.text ? WITH_WORDS : 0) | (check.stay ? WITH_STAY : 0)
        }
        this.watch(index, number, lexemes)
        if (isSpeltByCounts) this.spelt.add(number)
        this.made[number] = this.era
      })
      return index
    }
  }

  /**
   * Makes every kept search's check ahead of the listings it will meet (searches just loaded), a batch
   * at a time, so the first listing published in each place does not make them all at once. Nothing
   * while the listings index is loading: each check is then made when first needed.
   */
  async compileAll(db: Db): Promise<void> {
    const numbers: number[] = []
    this.searches.forEach((search, number) => {
      if (search) numbers.push(number)
    })
    for (let from = 0; from < numbers.length; from += COMPILE_BATCH) {
      if ((await this.compileStale(db, numbers.slice(from, from + COMPILE_BATCH), true)) === null) return
    }
  }

  /** How many kept checks there are, how many ask words or a stay, how many match nothing, and the distinct words and stays asked (benchmarks). */
  stats(): { checks: number; withWords: number; withStay: number; never: number; shared: number } {
    const counts = { checks: 0, withWords: 0, withStay: 0, never: 0, shared: this.shared.length }
    this.searches.forEach((search, number) => {
      if (!search || this.made[number] !== this.era) return
      counts.checks += 1
      const kind = this.kinds[number]!
      if (kind === NEVER) counts.never += 1
      if ((kind & WITH_WORDS) !== 0) counts.withWords += 1
      if ((kind & WITH_STAY) !== 0) counts.withStay += 1
    })
    return counts
  }

  /** The id of a shared test in this era (-1 for none): the first search to ask it brings its test, the others share it. */
  private sharedOf(part: SharedTest | null): number {
    if (part === null) return -1
    let id = this.sharedIds.get(part.key)
    if (id === undefined) {
      this.sharedIds.set(part.key, (id = this.shared.length))
      this.shared.push(part.test)
    } else this.shared[id] = part.test
    return id
  }

  /**
   * Which of the searches of `numbers` find the listing as of the index's current state (1 or 0, in
   * order). Null when the index is not answering (loading): the caller runs the searches themselves.
   * `isHeadRead` false: the caller has just read the listing's facts (`listingFactsOf`, which brings
   * the index up to the head), so the index is not asked for changes again.
   */
  async finding(
    db: Db,
    numbers: ArrayLike<number>,
    listingId: number,
    { isHeadRead = true }: { isHeadRead?: boolean } = {},
  ): Promise<Uint8Array | null> {
    const index = await this.compileStale(db, numbers, isHeadRead)
    if (index === null) return null
    const found = new Uint8Array(numbers.length)
    const slot = index.slotOf(listingId)
    // The checks hold the cut-off of when they were made; the listing must be confirmed since now's.
    if (slot === undefined || index.isIndexed[slot] !== 1) return found
    if (!(index.confirmed[slot]! > Date.now() * 1000 - CONFIRMATION_DAYS * MICROS_PER_DAY)) return found
    const listing = valuesOf(index, slot)
    const { kinds, values, zipSets, texts, stays, shared } = this
    if (this.answers.length < shared.length) {
      this.answers = new Uint8Array(shared.length * 2)
      this.answeredAt = new Int32Array(shared.length * 2)
    }
    const { answers, answeredAt } = this
    const call = ++this.calls
    /** A shared test's answer, asked of the listing once in this call. */
    const answer = (id: number): boolean => {
      if (answeredAt[id] !== call) {
        answers[id] = shared[id]!(slot) ? 1 : 0
        answeredAt[id] = call
      }
      return answers[id] === 1
    }
    // Words asked in different texts looked up once too.
    index.words.hold(slot)
    try {
      for (let i = 0; i < numbers.length; i += 1) {
        const number = numbers[i]!
        const kind = kinds[number]!
        if (kind === NEVER || !passesAt(values, number * VALUE_STRIDE, listing)) continue
        if ((kind & WITH_ZIP) !== 0 && zipSets[number]![listing.zip] !== 1) continue
        if ((kind & WITH_WORDS) !== 0 && !answer(texts[number]!)) continue
        if ((kind & WITH_STAY) !== 0 && !answer(stays[number]!)) continue
        found[i] = 1
      }
    } finally {
      index.words.release()
    }
    return found
  }
}

/** Every lexeme of the queries (negated ones too: a word first carried changes what its negation matches). */
function lexemesOf(queries: (TsQuery | null | undefined)[]): string[] {
  const found = new Set<string>()
  const visit = (node: TsQuery) => {
    if (node.kind === 'term') found.add(node.lexeme)
    else if (node.kind === 'not') visit(node.arg)
    else {
      visit(node.left)
      visit(node.right)
    }
  }
  for (const query of queries) if (query) visit(query)
  return [...found]
}

/** The texts whose words a search's reading asks the database for (as `examineSearch` does). */
function textsOf(search: ParsedSearch): string[] {
  const phrase = readSearchPhrase(search.q)
  const text = textKind({ q: phrase.text || undefined } as ParsedSearch)
  if (text.kind !== 'words') return []
  return [text.q, phrase.words, phrase.withState?.place || phrase.place]
}
