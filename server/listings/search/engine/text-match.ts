/* eslint-disable max-lines -- one contract with PostgreSQL's @@: the operators, phrases and the three questions asked of them must change together */
// A search's words against the index's postings, with PostgreSQL's meaning of `@@`: `&`, `|`, `!`
// and phrases (`<N>`: the right side exactly N positions after the left). It answers three things:
// the most listings it can match (from exact posting counts), every listing that matches (found from
// the rarest side of each `&`, the other sides checked by cursors that only move forward through
// their postings), and whether one listing matches (for a walk in a sort's order).

import type { ListingIndex } from './listing-index.ts'
import { hasPosition, lowerBound, type PostingView } from './postings.ts'
import type { TsQuery } from './tsquery.ts'

/**
 * A phrase's words, each at a fixed offset from where the phrase ends (the last word's is 0, earlier
 * words' negative): PostgreSQL's nested `<N>` checks come down to these offsets.
 */
type Leaf = { id: number; offset: number }

type Node =
  | { kind: 'term'; id: number }
  | { kind: 'not'; arg: Node }
  | { kind: 'and' | 'or'; left: Node; right: Node }
  | { kind: 'phrase'; left: Node; right: Node; distance: number; width: number; leaves: Leaf[] }

const NONE = new Int32Array(0)
const EXHAUSTED = 0x7fffffff

/** The slots in either sorted list (sorted, without repeats). */
function union(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length)
  let i = 0
  let j = 0
  let k = 0
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) out[k++] = a[i++]!
    else if (i >= a.length || b[j]! < a[i]!) out[k++] = b[j++]!
    else {
      out[k++] = a[i++]!
      j += 1
    }
  }
  return out.subarray(0, k)
}

/** The slots of sorted list `a` that are not in sorted list `b`. */
function difference(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length)
  let j = 0
  let k = 0
  for (let i = 0; i < a.length; i += 1) {
    const slot = a[i]!
    while (j < b.length && b[j]! < slot) j += 1
    if (j >= b.length || b[j] !== slot) out[k++] = slot
  }
  return out.subarray(0, k)
}

/** The slots in both sorted lists. */
function intersection(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length))
  let i = 0
  let j = 0
  let k = 0
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) i += 1
    else if (b[j]! < a[i]!) j += 1
    else {
      out[k++] = a[i]!
      i += 1
      j += 1
    }
  }
  return out.subarray(0, k)
}

/** Past this ratio of sizes, an intersection gallops through the larger list instead of merging the two. */
const MERGE_RATIO = 8

/** A word's postings read forward: `advance(slot)` moves to the first posting at or after it (galloping). */
class Cursor {
  private readonly views: PostingView[]
  private view = 0
  /** Where the cursor stands in its current view. */
  at = 0
  /** The slot under the cursor; EXHAUSTED past the end. */
  slot: number

  constructor(views: PostingView[]) {
    this.views = views
    this.slot = views.length > 0 ? views[0]!.slots[0]! : EXHAUSTED
  }

  advance(target: number): number {
    if (this.slot >= target) return this.slot
    while (this.view < this.views.length) {
      const slots = this.views[this.view]!.slots
      if (slots[slots.length - 1]! >= target) {
        // Gallop from where the cursor stands, then search the last step.
        let step = 1
        let high = this.at
        while (high < slots.length && slots[high]! < target) {
          this.at = high
          high += step
          step *= 2
        }
        this.at = lowerBound(slots, this.at, Math.min(high + 1, slots.length), target)
        this.slot = slots[this.at]!
        return this.slot
      }
      this.view += 1
      this.at = 0
    }
    this.slot = EXHAUSTED
    return this.slot
  }

  /** The view the cursor stands in. */
  current(): PostingView {
    return this.views[this.view]!
  }

  /** Whether the listing under the cursor has the word at `position`. */
  hasPosition(position: number): boolean {
    return hasPosition(this.views[this.view]!, this.at, position)
  }
}

/** Whether listings, asked in ascending slot order, match a node: its words' cursors only move forward. */
type Membership = (slot: number) => boolean

export class TextMatch {
  private readonly index: ListingIndex
  private readonly root: Node | null
  /** The cities whose names start with the search's text (the text may be the start of a city's name), by city id. */
  private readonly cityStarts: Uint8Array | null
  private readonly cityIds: number[]
  /** The most listings it can match: Infinity when only negations decide (every listing without a word). */
  readonly bound: number

  constructor(index: ListingIndex, query: TsQuery | null, cityPrefix: string | null) {
    this.index = index
    this.root = query ? this.compile(query) : null
    this.cityIds = []
    if (cityPrefix !== null) {
      const names = index.cities.names
      for (let id = 0; id < names.length; id += 1) if (names[id]!.startsWith(cityPrefix)) this.cityIds.push(id)
    }
    this.cityStarts = this.cityIds.length > 0 ? new Uint8Array(index.cities.names.length) : null
    for (const id of this.cityIds) this.cityStarts![id] = 1
    const cityBound = this.cityIds.reduce((sum, id) => sum + index.cities.slots[id]!.length, 0)
    this.bound = (this.root ? this.boundOf(this.root) : 0) + cityBound
  }

  private compile(query: TsQuery): Node {
    switch (query.kind) {
      case 'term':
        // Searches never ask for a prefix of a word: websearch_to_tsquery writes none.
        if (query.prefix) throw new Error('A prefix of a word is not searched for')
        return { kind: 'term', id: this.index.words.idOf(query.lexeme) }
      case 'not':
        return { kind: 'not', arg: this.compile(query.arg) }
      case 'and':
      case 'or':
        return { kind: query.kind, left: this.compile(query.left), right: this.compile(query.right) }
      case 'phrase': {
        const left = this.compile(query.left)
        const right = this.compile(query.right)
        for (const side of [left, right]) {
          // websearch_to_tsquery puts only words and phrases in a phrase.
          if (side.kind !== 'term' && side.kind !== 'phrase') throw new Error(`A phrase of "${side.kind}" is not searched for`)
        }
        const width = widthOf(left) + query.distance + widthOf(right)
        return { kind: 'phrase', left, right, distance: query.distance, width, leaves: leavesOf(left, right, query.distance) }
      }
    }
  }

  private boundOf(node: Node): number {
    switch (node.kind) {
      case 'term':
        return this.index.words.count(node.id)
      case 'not':
        return Infinity
      case 'and':
      case 'phrase':
        return Math.min(this.boundOf(node.left), this.boundOf(node.right))
      case 'or':
        return this.boundOf(node.left) + this.boundOf(node.right)
    }
  }

  /**
   * What finding every match costs, in nanoseconds or so: copying a word's postings about 1 ns a
   * posting, checking a candidate against the other side of an `&` or a phrase's other words about
   * 30 ns a word (a cursor's forward step). Infinity when only negations decide.
   */
  matchingCost(): number {
    if (this.bound === Infinity) return Infinity
    const cityPostings = this.cityIds.reduce((sum, id) => sum + this.index.cities.slots[id]!.length, 0)
    return (this.root ? this.costOf(this.root) : 0) + cityPostings
  }

  /** What checking one candidate costs, in slot order (a cursor's step per word) or in any order (a binary search per word). */
  checkCost(order: 'ascending' | 'any'): number {
    const words = this.root ? wordsIn(this.root) : 0
    return words * (order === 'ascending' ? CURSOR_STEP_NS : LOOKUP_NS) + 1
  }

  private costOf(node: Node): number {
    switch (node.kind) {
      case 'term':
        return this.boundOf(node)
      case 'not':
        return Infinity
      case 'or':
        return this.costOf(node.left) + this.costOf(node.right)
      case 'and': {
        const [first, other] = this.boundOf(node.left) <= this.boundOf(node.right) ? [node.left, node.right] : [node.right, node.left]
        return this.costOf(first) + this.boundOf(first) * CURSOR_STEP_NS * wordsIn(other)
      }
      case 'phrase': {
        const rarest = this.rarestWord(node)
        return this.boundOf(rarest) * (1 + CURSOR_STEP_NS * node.leaves.length)
      }
    }
  }

  /** Whether the listing in `slot` has the words (or a city starting with the text), in any order of asking. */
  test(slot: number): boolean {
    if (this.cityStarts !== null && this.cityStarts[this.index.city[slot]!] === 1) return true
    return this.root !== null && this.matches(this.root, slot)
  }

  private matches(node: Node, slot: number): boolean {
    switch (node.kind) {
      case 'term':
        return this.index.words.has(node.id, slot)
      case 'not':
        return !this.matches(node.arg, slot)
      case 'and':
        return this.matches(node.left, slot) && this.matches(node.right, slot)
      case 'or':
        return this.matches(node.left, slot) || this.matches(node.right, slot)
      case 'phrase': {
        const words = this.index.words
        const [anchor, ...others] = node.leaves
        let found = false
        words.forEachPosition(anchor!.id, slot, (position) => {
          const end = position - anchor!.offset
          found = others.every((leaf) => words.occursAt(leaf.id, slot, end + leaf.offset))
          return !found
        })
        return found
      }
    }
  }

  /** Every slot that matches (indexed or no longer), ascending; null when only negations decide. */
  matching(): Int32Array | null {
    if (this.bound === Infinity) return null
    let found = this.root ? this.materialize(this.root)! : NONE
    for (const id of this.cityIds) found = union(found, this.index.cities.slots[id]!.view())
    return found
  }

  private postingsOf(id: number): Int32Array {
    const views = this.index.words.views(id)
    if (views.length === 0) return NONE
    return views.length === 1 ? views[0]!.slots : union(views[0]!.slots, views[1]!.slots)
  }

  private materialize(node: Node): Int32Array | null {
    switch (node.kind) {
      case 'term':
        return this.postingsOf(node.id)
      case 'not':
        return null
      case 'or': {
        const left = this.materialize(node.left)
        const right = this.materialize(node.right)
        return left && right ? union(left, right) : null
      }
      case 'and': {
        const [first, other] = this.boundOf(node.left) <= this.boundOf(node.right) ? [node.left, node.right] : [node.right, node.left]
        const candidates = this.materialize(first)
        if (!candidates) return null
        // Without a word: the other side's matches taken away; with one of a like size: the two merged.
        if (other.kind === 'not' && other.arg.kind !== 'not' && this.boundOf(other.arg) < Infinity) {
          return difference(candidates, this.materialize(other.arg)!)
        }
        if (other.kind === 'term' && this.boundOf(other) <= candidates.length * MERGE_RATIO) {
          return intersection(candidates, this.materialize(other)!)
        }
        return this.filter(candidates, this.membership(other))
      }
      case 'phrase': {
        // From the listings with the phrase's two rarest words, the positions checked on each.
        const words = [...new Set(node.leaves.map((leaf) => leaf.id))].sort((a, b) => this.index.words.count(a) - this.index.words.count(b))
        let candidates = this.postingsOf(words[0]!)
        if (words.length > 1 && this.index.words.count(words[1]!) <= candidates.length * MERGE_RATIO) {
          candidates = intersection(candidates, this.postingsOf(words[1]!))
        }
        return this.filter(candidates, this.membership(node))
      }
    }
  }

  private filter(candidates: Int32Array, isMember: Membership): Int32Array {
    const out = new Int32Array(candidates.length)
    let k = 0
    for (let i = 0; i < candidates.length; i += 1) if (isMember(candidates[i]!)) out[k++] = candidates[i]!
    return out.subarray(0, k)
  }

  private rarestWord(node: Node): Node {
    if (node.kind !== 'phrase') return node
    const left = this.rarestWord(node.left)
    const right = this.rarestWord(node.right)
    return this.boundOf(left) <= this.boundOf(right) ? left : right
  }

  /** A test of the node for slots asked in ascending order. */
  private membership(node: Node): Membership {
    switch (node.kind) {
      case 'term': {
        const cursor = new Cursor(this.index.words.views(node.id))
        return (slot) => cursor.advance(slot) === slot
      }
      case 'not': {
        const arg = this.membership(node.arg)
        return (slot) => !arg(slot)
      }
      case 'and': {
        const left = this.membership(node.left)
        const right = this.membership(node.right)
        return (slot) => left(slot) && right(slot)
      }
      case 'or': {
        const left = this.membership(node.left)
        const right = this.membership(node.right)
        return (slot) => left(slot) || right(slot)
      }
      case 'phrase': {
        const byWord = new Map<number, Cursor>()
        for (const leaf of node.leaves) if (!byWord.has(leaf.id)) byWord.set(leaf.id, new Cursor(this.index.words.views(leaf.id)))
        const distinct = [...byWord.values()]
        const cursors = node.leaves.map((leaf) => byWord.get(leaf.id)!)
        const offsets = node.leaves.map((leaf) => leaf.offset)
        const anchor = cursors[0]!
        return (slot) => {
          for (let i = 0; i < distinct.length; i += 1) if (distinct[i]!.advance(slot) !== slot) return false
          const view = anchor.current()
          const last = view.starts[view.base + anchor.at + 1]!
          positions: for (let k = view.starts[view.base + anchor.at]!; k < last; k += 1) {
            const end = view.positions[k]! - offsets[0]!
            for (let i = 1; i < cursors.length; i += 1) if (!cursors[i]!.hasPosition(end + offsets[i]!)) continue positions
            return true
          }
          return false
        }
      }
    }
  }

  /** A test of every listing, asked in ascending slot order: the words, or a city starting with the text. */
  ascending(): Membership {
    const root = this.root ? this.membership(this.root) : () => false
    const cityStarts = this.cityStarts
    const cities = this.index.city
    return cityStarts ? (slot) => cityStarts[cities[slot]!] === 1 || root(slot) : root
  }
}

/** About what a cursor's forward step through a word's postings costs, and a binary search of them, in ns. */
const CURSOR_STEP_NS = 30
const LOOKUP_NS = 250

function wordsIn(node: Node): number {
  switch (node.kind) {
    case 'term':
      return 1
    case 'not':
      return wordsIn(node.arg)
    case 'phrase':
      return node.leaves.length
    default:
      return wordsIn(node.left) + wordsIn(node.right)
  }
}

function widthOf(node: Node): number {
  return node.kind === 'phrase' ? node.width : 0
}

/** The words of `left <distance> right` at their offsets from the phrase's end (the rarest first is not needed: any word anchors). */
function leavesOf(left: Node, right: Node, distance: number): Leaf[] {
  const of = (node: Node, end: number): Leaf[] => {
    if (node.kind === 'term') return [{ id: node.id, offset: end }]
    if (node.kind !== 'phrase') throw new Error('Only words and phrases make a phrase')
    return [...of(node.right, end), ...of(node.left, end - node.distance - widthOf(node.right))]
  }
  return [...of(right, 0), ...of(left, -distance - widthOf(right))]
}
