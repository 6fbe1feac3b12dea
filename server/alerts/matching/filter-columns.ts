// The saved searches' filters (those every reading of a search keeps, `SearchFilter`), owners and
// lapsing by each saved search's number, so gathering a listing's candidates reads numbers rather
// than an object a candidate (saved-search-index.server.ts). A search's values sit side by side in one
// row (FILTER_STRIDE numbers): the candidates of a listing are scattered over the numbers, and one
// row is one or two cache lines where a column per value would be one line per value.
import type { SearchFilter } from '#server/listings/index.server.ts'

/** The values of a row: `rows[number * FILTER_STRIDE + FILTER.minPrice]`, and so on. */
export const FILTER = {
  minPrice: 0,
  maxPrice: 1,
  minBeds: 2,
  minBaths: 3,
  types: 4,
  required: 5,
  refused: 6,
  amenities: 7,
  owner: 8,
} as const
export const FILTER_STRIDE = 9

/** `array` copied into a larger one. */
function grownTo<T extends Uint8Array | Float64Array>(array: T, length: number): T {
  const next = new (array.constructor as new (n: number) => T)(length)
  next.set(array)
  return next
}

/**
 * Saved searches to gather from: their numbers, and a copy of their filters' rows side by side, so a
 * listing's gathering reads each bucket's memory in order rather than one row here and one there
 * across all the saved searches' rows.
 */
export type Gathering = { numbers: Int32Array; rows: Float64Array }

/**
 * Each saved search's filters (the ones every reading keeps), owner and lapsing, by its number, in
 * rows: gathering a listing's candidates reads these, not an object a candidate.
 */
export class FilterColumns {
  rows = new Float64Array(0)
  /** Whether each saved search's stay may pass (read again once a day), apart: read for every candidate. */
  lapses = new Uint8Array(0)

  set(number: number, filter: SearchFilter, owner: number, mayLapse: boolean): void {
    if (number >= this.lapses.length) {
      const length = Math.max(1024, number + 1, this.lapses.length * 2)
      this.lapses = grownTo(this.lapses, length)
      this.rows = grownTo(this.rows, length * FILTER_STRIDE)
    }
    const at = number * FILTER_STRIDE
    const rows = this.rows
    rows[at + FILTER.minPrice] = filter.minPrice
    rows[at + FILTER.maxPrice] = filter.maxPrice
    rows[at + FILTER.minBeds] = filter.minBeds
    rows[at + FILTER.minBaths] = filter.minBaths
    rows[at + FILTER.types] = filter.types
    rows[at + FILTER.required] = filter.required
    rows[at + FILTER.refused] = filter.refused
    rows[at + FILTER.amenities] = filter.amenities
    rows[at + FILTER.owner] = owner
    this.lapses[number] = mayLapse ? 1 : 0
  }

  /** The numbers (ascending) with a copy of their rows in the same order. */
  gathering(numbers: Int32Array): Gathering {
    const rows = new Float64Array(numbers.length * FILTER_STRIDE)
    for (let i = 0; i < numbers.length; i += 1) {
      const at = numbers[i]! * FILTER_STRIDE
      rows.set(this.rows.subarray(at, at + FILTER_STRIDE), i * FILTER_STRIDE)
    }
    return { numbers, rows }
  }
}
