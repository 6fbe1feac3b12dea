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
  mayLapse: 9,
} as const
export const FILTER_STRIDE = 10

/** `array` copied into a larger one. */
function grownTo<T extends Int32Array | Float64Array>(array: T, length: number): T {
  const next = new (array.constructor as new (n: number) => T)(length)
  next.set(array)
  return next
}

/**
 * Each saved search's filters (the ones every reading keeps), owner and lapsing, by its number, in
 * rows: gathering a listing's candidates reads these, not an object a candidate.
 */
export class FilterColumns {
  rows = new Float64Array(0)
  /** The last `candidates` call that took each (each call's number), so a search met in several buckets is taken once. */
  seen = new Int32Array(0)

  set(number: number, filter: SearchFilter, owner: number, mayLapse: boolean): void {
    if (number >= this.seen.length) {
      const length = Math.max(1024, number + 1, this.seen.length * 2)
      this.seen = grownTo(this.seen, length)
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
    rows[at + FILTER.mayLapse] = mayLapse ? 1 : 0
  }

  mayLapse(number: number): boolean {
    return this.rows[number * FILTER_STRIDE + FILTER.mayLapse] === 1
  }
}
