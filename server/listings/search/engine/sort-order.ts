// One order of the indexed listings' slots (newest first, cheapest first, largest first, by latitude),
// kept sorted as listings come and go: slots added since the last query wait in a short list and are
// put in place before the next one reads the order (one by one when few, by one merge when many);
// slots of listings no longer indexed stay until a merge drops them, and readers skip them.

import { IntList } from './postings.ts'

/** A strict order of slots: negative when `a` comes first. */
export type SlotCompare = (a: number, b: number) => number

/** When fewer than this many slots wait, each is put in place on its own (a copy of the array's tail). */
const INSERT_ONE_BY_ONE = 32

export class SortOrder {
  slots = new Int32Array(0)
  private pending = new IntList(16)
  /** Slots in the order that are no longer indexed, as counted when they left. */
  private stale = 0

  readonly compareSlots: SlotCompare

  constructor(compareSlots: SlotCompare) {
    this.compareSlots = compareSlots
  }

  get length(): number {
    return this.slots.length
  }

  add(slot: number): void {
    this.pending.push(slot)
  }

  /** Notes that one of the order's slots left the index (it is dropped at the next merge). */
  noteStale(): void {
    this.stale += 1
  }

  /** Puts the waiting slots in place (and drops stale ones when it merges), so the order can be read. */
  settle(isIndexed: (slot: number) => boolean): void {
    const waiting = this.pending.view()
    if (waiting.length === 0 && this.stale <= Math.max(1024, this.slots.length / 4)) return
    const added = Int32Array.from(waiting).sort(this.compareSlots)
    this.pending = new IntList(16)
    if (added.length < INSERT_ONE_BY_ONE && this.stale <= Math.max(1024, this.slots.length / 4)) {
      let slots = this.slots
      for (const slot of added) {
        const at = this.insertionPoint(slots, slot)
        const grown = new Int32Array(slots.length + 1)
        grown.set(slots.subarray(0, at))
        grown[at] = slot
        grown.set(slots.subarray(at), at + 1)
        slots = grown
      }
      this.slots = slots
      return
    }
    const merged = new Int32Array(this.slots.length + added.length)
    let i = 0
    let j = 0
    let k = 0
    const old = this.slots
    while (i < old.length || j < added.length) {
      if (i < old.length && !isIndexed(old[i]!)) {
        i += 1
        continue
      }
      if (j >= added.length || (i < old.length && this.compareSlots(old[i]!, added[j]!) < 0)) merged[k++] = old[i++]!
      else merged[k++] = added[j++]!
    }
    this.slots = merged.slice(0, k)
    this.stale = 0
  }

  /** Where `slot` goes among `slots`. */
  private insertionPoint(slots: Int32Array, slot: number): number {
    let low = 0
    let high = slots.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (this.compareSlots(slots[middle]!, slot) < 0) low = middle + 1
      else high = middle
    }
    return low
  }

  /** The first index whose slot `isBefore` is false for: `isBefore` must hold for a prefix of the order. */
  seek(isBefore: (slot: number) => boolean, from = 0, to = this.slots.length): number {
    let low = from
    let high = to
    while (low < high) {
      const middle = (low + high) >>> 1
      if (isBefore(this.slots[middle]!)) low = middle + 1
      else high = middle
    }
    return low
  }
}
