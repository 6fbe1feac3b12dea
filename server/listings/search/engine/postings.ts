// The words of the indexed listings: for each word (a lexeme of PostgreSQL's english configuration),
// the slots of the listings carrying it in ascending order, each with the word's positions, so a
// search can find the listings with a word, test one listing for it, and check phrases.
//
// Postings live in two segments: the main one, built at once into flat arrays (a slot list and a
// position list per word, no object per posting), and a small delta of listings added since, which
// is merged into a new main segment when it grows; a merge also drops the postings of listings no
// longer indexed. Slots only grow, so a word's postings are its main ones followed by its delta ones.

/** A growable list of 32-bit integers in one typed array. */
export class IntList {
  items: Int32Array
  length = 0

  constructor(capacity = 8) {
    this.items = new Int32Array(capacity)
  }

  push(value: number): void {
    if (this.length === this.items.length) {
      const items = new Int32Array(Math.max(8, this.items.length * 2))
      items.set(this.items)
      this.items = items
    }
    this.items[this.length++] = value
  }

  view(): Int32Array {
    return this.items.subarray(0, this.length)
  }
}

/** A word's postings added since the main segment was built: posting i's positions are [starts[i], starts[i + 1]). */
type DeltaList = { slots: IntList; starts: IntList; positions: number[] }

/** The first index in `array[from, to)` whose value is at least `value`. */
export function lowerBound(array: ArrayLike<number>, from: number, to: number, value: number): number {
  let low = from
  let high = to
  while (low < high) {
    const middle = (low + high) >>> 1
    if (array[middle]! < value) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * A posting list viewed where it is: its slots and, for the list's posting i, its positions
 * `positions[starts[base + i]]` up to `positions[starts[base + i + 1]]` (ascending).
 */
export type PostingView = {
  slots: Int32Array
  starts: ArrayLike<number>
  base: number
  positions: ArrayLike<number>
}

/** The positions of posting i of a view, copied (for merges and tests; searches read them in place). */
export function positionsOf(view: PostingView, i: number): ArrayLike<number> {
  const start = view.starts[view.base + i]!
  const end = view.starts[view.base + i + 1]!
  return Array.prototype.slice.call(view.positions, start, end) as number[]
}

/** Whether posting i of a view has `position`. */
export function hasPosition(view: PostingView, i: number, position: number): boolean {
  const end = view.starts[view.base + i + 1]!
  for (let k = view.starts[view.base + i]!; k < end; k += 1) {
    const at = view.positions[k]!
    if (at === position) return true
    if (at > position) return false
  }
  return false
}

export class WordPostings {
  private readonly ids = new Map<string, number>()
  private readonly lexemes: string[] = []
  // The main segment: word w's postings are [mainStart[w], mainStart[w + 1]) of mainSlots, posting p's
  // positions are [mainPositionStart[p], mainPositionStart[p + 1]) of mainPositions.
  private mainWords = 0
  private mainStart = new Int32Array(1)
  private mainSlots = new Int32Array(0)
  private mainPositionStart = new Int32Array(1)
  private mainPositions = new Uint16Array(0)
  private delta: (DeltaList | undefined)[] = []
  /** How many postings the delta holds. */
  deltaPostings = 0
  /** The highest slot added, so that adds come in ascending slot order. */
  private lastSlot = -1
  /** The slot whose answers `has` keeps (`hold`; -1: none), and for each word id whether it was asked (the stamp) and the answer. */
  private heldSlot = -1
  private heldStamp = 0
  private heldAt = new Int32Array(0)
  private heldHas = new Uint8Array(0)

  /** How many postings the main segment holds. */
  /** How many words have ever been seen (each has its id). */
  get wordCount(): number {
    return this.lexemes.length
  }

  get mainPostings(): number {
    return this.mainSlots.length
  }

  /** The id of a word, or -1 when no listing ever carried it. */
  idOf(lexeme: string): number {
    return this.ids.get(lexeme) ?? -1
  }

  private idFor(lexeme: string): number {
    let id = this.ids.get(lexeme)
    if (id === undefined) {
      id = this.lexemes.length
      this.ids.set(lexeme, id)
      this.lexemes.push(lexeme)
    }
    return id
  }

  /** Adds the words of the listing in `slot`, which must be above every slot added before. */
  add(slot: number, word: string, positions: readonly number[]): void {
    if (slot < this.lastSlot) throw new Error(`Postings are added in slot order (${slot} after ${this.lastSlot})`)
    this.lastSlot = slot
    const id = this.idFor(word)
    let list = this.delta[id]
    if (!list) {
      list = { slots: new IntList(2), starts: new IntList(3), positions: [] }
      list.starts.push(0)
      this.delta[id] = list
    }
    // A vector lists each word once, so a slot's postings of a word are one.
    list.slots.push(slot)
    for (const position of positions) list.positions.push(position)
    list.starts.push(list.positions.length)
    this.deltaPostings += 1
  }

  /** How many listings carry the word, indexed or no longer (an upper bound of those that still are). */
  count(id: number): number {
    if (id < 0) return 0
    const main = id < this.mainWords ? this.mainStart[id + 1]! - this.mainStart[id]! : 0
    return main + (this.delta[id]?.slots.length ?? 0)
  }

  /** The word's postings, the main segment's then the delta's. */
  views(id: number): PostingView[] {
    if (id < 0) return []
    const views: PostingView[] = []
    if (id < this.mainWords) {
      const start = this.mainStart[id]!
      const end = this.mainStart[id + 1]!
      if (end > start) {
        views.push({
          slots: this.mainSlots.subarray(start, end),
          starts: this.mainPositionStart,
          base: start,
          positions: this.mainPositions,
        })
      }
    }
    const list = this.delta[id]
    if (list && list.slots.length > 0)
      views.push({ slots: list.slots.view(), starts: list.starts.items, base: 0, positions: list.positions })
    return views
  }

  /** Whether the listing of `slot` has the word at `position`. */
  occursAt(id: number, slot: number, position: number): boolean {
    if (id < 0) return false
    for (const view of this.views(id)) {
      const at = lowerBound(view.slots, 0, view.slots.length, slot)
      if (at < view.slots.length && view.slots[at] === slot) return hasPosition(view, at, position)
    }
    return false
  }

  /** Calls `visit` with each position of the word in the listing of `slot` (none when it lacks the word). */
  forEachPosition(id: number, slot: number, visit: (position: number) => boolean | void): void {
    if (id < 0) return
    for (const view of this.views(id)) {
      const at = lowerBound(view.slots, 0, view.slots.length, slot)
      if (at < view.slots.length && view.slots[at] === slot) {
        const end = view.starts[view.base + at + 1]!
        for (let k = view.starts[view.base + at]!; k < end; k += 1) if (visit(view.positions[k]!) === false) return
        return
      }
    }
  }

  /**
   * Keeps the answers of `has` about the listing of `slot` until `release`: many searches asking of one
   * listing (a published listing against the saved searches that may want it) ask the postings once a
   * word, not once a search. No postings may be added meanwhile.
   */
  hold(slot: number): void {
    if (this.heldAt.length < this.lexemes.length) {
      const length = Math.max(this.lexemes.length, this.heldAt.length * 2)
      this.heldAt = new Int32Array(length)
      this.heldHas = new Uint8Array(length)
      this.heldStamp = 0
    }
    this.heldSlot = slot
    this.heldStamp += 1
  }

  release(): void {
    this.heldSlot = -1
  }

  /** Whether the listing of `slot` carries the word. */
  has(id: number, slot: number): boolean {
    if (id < 0) return false
    if (slot !== this.heldSlot || id >= this.heldAt.length) return this.lookUp(id, slot)
    if (this.heldAt[id] === this.heldStamp) return this.heldHas[id] === 1
    const isCarried = this.lookUp(id, slot)
    this.heldAt[id] = this.heldStamp
    this.heldHas[id] = isCarried ? 1 : 0
    return isCarried
  }

  private lookUp(id: number, slot: number): boolean {
    if (id < this.mainWords) {
      const start = this.mainStart[id]!
      const end = this.mainStart[id + 1]!
      const at = lowerBound(this.mainSlots, start, end, slot)
      if (at < end && this.mainSlots[at] === slot) return true
    }
    const list = this.delta[id]
    if (!list) return false
    const at = lowerBound(list.slots.items, 0, list.slots.length, slot)
    return at < list.slots.length && list.slots.items[at] === slot
  }

  /**
   * Builds a new main segment from the main one, the delta and `added` (postings of slots above all
   * of theirs, as `PostingsBuilder` collected them), keeping only the postings of slots `isKept`
   * keeps (the listings still indexed).
   */
  merge(isKept: (slot: number) => boolean, added: PostingsBuilder | null = null): void {
    const builder = new PostingsBuilder()
    for (let id = 0; id < this.lexemes.length; id += 1) {
      for (const view of this.views(id)) {
        for (let i = 0; i < view.slots.length; i += 1) {
          if (isKept(view.slots[i]!)) builder.addPosting(view.slots[i]!, id, positionsOf(view, i))
        }
      }
    }
    if (added) {
      for (const [lexeme, id] of added.words) added.renumber(id, this.idFor(lexeme))
      builder.append(added, isKept)
    }
    const built = builder.build(this.lexemes.length)
    this.mainWords = this.lexemes.length
    this.mainStart = built.start
    this.mainSlots = built.slots
    this.mainPositionStart = built.positionStart
    this.mainPositions = built.positions
    this.delta = []
    this.deltaPostings = 0
    this.lastSlot = Math.max(this.lastSlot, added?.lastSlot ?? -1)
  }

  /** Bytes held by the postings (typed arrays and the delta), roughly. */
  bytes(): number {
    return (
      this.mainStart.byteLength +
      this.mainSlots.byteLength +
      this.mainPositionStart.byteLength +
      this.mainPositions.byteLength +
      this.deltaPostings * 24 +
      this.lexemes.length * 48
    )
  }
}

/**
 * Postings collected in slot order for a main segment built at once: flat arrays (a word id, a slot
 * and a count of positions per posting), then one counting sort by word, so a million listings cost
 * no object per word or posting. Its words are numbered on their own until `merge` renumbers them.
 */
export class PostingsBuilder {
  readonly words = new Map<string, number>()
  private wordOf = new IntList(1024)
  private slotOf = new IntList(1024)
  private positionCount = new IntList(1024)
  private positions = new Uint16Array(4096)
  private positionLength = 0
  lastSlot = -1
  private renumbered: Int32Array | null = null

  /** Adds a word of the listing in `slot` (slots ascending across calls). */
  add(slot: number, lexeme: string, positions: ArrayLike<number>): void {
    let id = this.words.get(lexeme)
    if (id === undefined) {
      id = this.words.size
      this.words.set(lexeme, id)
    }
    this.addPosting(slot, id, positions)
  }

  addPosting(slot: number, id: number, positions: ArrayLike<number>): void {
    this.lastSlot = Math.max(this.lastSlot, slot)
    this.wordOf.push(id)
    this.slotOf.push(slot)
    this.positionCount.push(positions.length)
    if (this.positionLength + positions.length > this.positions.length) {
      const grown = new Uint16Array(Math.max(this.positions.length * 2, this.positionLength + positions.length))
      grown.set(this.positions.subarray(0, this.positionLength))
      this.positions = grown
    }
    for (let k = 0; k < positions.length; k += 1) this.positions[this.positionLength++] = positions[k]!
  }

  /** Gives the builder's word `from` the id `to` (its id in the postings it is merged into). */
  renumber(from: number, to: number): void {
    this.renumbered ??= new Int32Array(this.words.size).fill(-1)
    this.renumbered[from] = to
  }

  /** Adds `other`'s postings of the slots `isKept` keeps, their words renumbered. */
  append(other: PostingsBuilder, isKept: (slot: number) => boolean): void {
    let source = 0
    for (let p = 0; p < other.slotOf.length; p += 1) {
      const count = other.positionCount.items[p]!
      const slot = other.slotOf.items[p]!
      if (isKept(slot)) {
        const word = other.wordOf.items[p]!
        this.addPosting(slot, other.renumbered ? other.renumbered[word]! : word, other.positions.subarray(source, source + count))
      }
      source += count
    }
  }

  build(wordCount: number) {
    const postings = this.slotOf.length
    const start = new Int32Array(wordCount + 1)
    for (let p = 0; p < postings; p += 1) start[this.wordOf.items[p]! + 1]! += 1
    for (let w = 0; w < wordCount; w += 1) start[w + 1]! += start[w]!
    // Where each posting goes, and where its positions start in the source.
    const next = start.slice(0, wordCount)
    const target = new Int32Array(postings)
    const sourceStart = new Int32Array(postings)
    let source = 0
    for (let p = 0; p < postings; p += 1) {
      target[p] = next[this.wordOf.items[p]!]!++
      sourceStart[p] = source
      source += this.positionCount.items[p]!
    }
    const slots = new Int32Array(postings)
    const counts = new Int32Array(postings)
    for (let p = 0; p < postings; p += 1) {
      slots[target[p]!] = this.slotOf.items[p]!
      counts[target[p]!] = this.positionCount.items[p]!
    }
    const positionStart = new Int32Array(postings + 1)
    for (let t = 0; t < postings; t += 1) positionStart[t + 1] = positionStart[t]! + counts[t]!
    const positions = new Uint16Array(positionStart[postings]!)
    for (let p = 0; p < postings; p += 1) {
      const count = this.positionCount.items[p]!
      positions.set(this.positions.subarray(sourceStart[p]!, sourceStart[p]! + count), positionStart[target[p]!]!)
    }
    return { start, slots, positionStart, positions }
  }
}
