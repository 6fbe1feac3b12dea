// A set of listing slots as bits, with its size kept exact as bits are set and cleared: one per filter
// value ("type:house", "beds>=2", "amenity:pool"…), so the index knows at once how many listings carry
// a value and can intersect several values a word (32 slots) at a time.

export class Bitset {
  words: Uint32Array
  /** How many bits are set. */
  size = 0

  constructor(capacity: number) {
    this.words = new Uint32Array(Math.ceil(capacity / 32))
  }

  grow(capacity: number): void {
    const needed = Math.ceil(capacity / 32)
    if (needed <= this.words.length) return
    const words = new Uint32Array(needed)
    words.set(this.words)
    this.words = words
  }

  has(slot: number): boolean {
    return ((this.words[slot >>> 5]! >>> (slot & 31)) & 1) === 1
  }

  add(slot: number): void {
    const word = slot >>> 5
    const bit = 1 << (slot & 31)
    if ((this.words[word]! & bit) === 0) {
      this.words[word]! |= bit
      this.size += 1
    }
  }

  delete(slot: number): void {
    const word = slot >>> 5
    const bit = 1 << (slot & 31)
    if ((this.words[word]! & bit) !== 0) {
      this.words[word]! &= ~bit
      this.size -= 1
    }
  }
}

export function popcount(n: number): number {
  n -= (n >>> 1) & 0x55555555
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333)
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

/**
 * Word arrays a search borrows for its candidates, by purpose, instead of allocating a bitset's worth
 * of memory each time: searches run one at a time, from start to end without awaiting, so each
 * purpose's array is free again when the next search takes it (zeroed, or filled as asked).
 */
export class Scratch {
  private readonly arrays = new Map<string, Uint32Array>()

  take(purpose: 'mask' | 'keep' | 'facets' | 'group', length: number, fill = 0): Uint32Array {
    let array = this.arrays.get(purpose)
    if (!array || array.length < length) {
      array = new Uint32Array(Math.max(length, Math.ceil((array?.length ?? 0) * 1.5)))
      this.arrays.set(purpose, array)
    }
    const words = array.subarray(0, length)
    words.fill(fill)
    return words
  }
}

/** The slots in every one of `sets` (at least one), as words (in `into`, or new), with how many there are. */
export function intersect(sets: readonly Bitset[], into?: Uint32Array): { words: Uint32Array; size: number } {
  const length = Math.min(...sets.map((set) => set.words.length))
  const words = into ? into.subarray(0, length) : new Uint32Array(length)
  words.set(sets[0]!.words.subarray(0, length))
  for (let s = 1; s < sets.length; s += 1) {
    const other = sets[s]!.words
    for (let i = 0; i < length; i += 1) words[i]! &= other[i]!
  }
  let size = 0
  for (let i = 0; i < length; i += 1) if (words[i] !== 0) size += popcount(words[i]!)
  return { words, size }
}

/** Calls `visit` with each slot whose bit is set, in ascending order, until it returns false. */
export function forEachBit(words: Uint32Array, visit: (slot: number) => boolean | void): void {
  for (let i = 0; i < words.length; i += 1) {
    let word = words[i]!
    while (word !== 0) {
      const low = word & -word
      const slot = i * 32 + (31 - Math.clz32(low))
      if (visit(slot) === false) return
      word ^= low
    }
  }
}
