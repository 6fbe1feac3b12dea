// The saved searches' filters (those every reading of a search keeps, `SearchFilter`), owners and
// lapsing in typed arrays by each saved search's number, so gathering a listing's candidates reads
// columns rather than an object a candidate (saved-search-index.server.ts).
import type { SearchFilter } from '#server/listings/index.server.ts'

/** `array` copied into a larger one. */
function grownTo<T extends Int32Array | Float64Array | Uint8Array>(array: T, length: number): T {
  const next = new (array.constructor as new (n: number) => T)(length)
  next.set(array)
  return next
}

/**
 * Each saved search's filters (the ones every reading keeps), owner and lapsing, by its number, in
 * typed arrays: gathering a listing's candidates reads these, not an object a candidate.
 */
export class FilterColumns {
  minPrice = new Float64Array(0)
  maxPrice = new Float64Array(0)
  minBeds = new Int32Array(0)
  minBaths = new Int32Array(0)
  types = new Int32Array(0)
  required = new Int32Array(0)
  refused = new Int32Array(0)
  amenities = new Int32Array(0)
  owner = new Int32Array(0)
  mayLapse = new Uint8Array(0)
  /** The last `candidates` call that took each (each call's number), so a search met in several buckets is taken once. */
  seen = new Int32Array(0)

  set(number: number, filter: SearchFilter, owner: number, mayLapse: boolean): void {
    if (number >= this.seen.length) {
      const length = Math.max(1024, number + 1, this.seen.length * 2)
      for (const key of COLUMN_NAMES) (this as Record<ColumnName, Int32Array | Float64Array | Uint8Array>)[key] = grownTo(this[key], length)
    }
    this.minPrice[number] = filter.minPrice
    this.maxPrice[number] = filter.maxPrice
    this.minBeds[number] = filter.minBeds
    this.minBaths[number] = filter.minBaths
    this.types[number] = filter.types
    this.required[number] = filter.required
    this.refused[number] = filter.refused
    this.amenities[number] = filter.amenities
    this.owner[number] = owner
    this.mayLapse[number] = mayLapse ? 1 : 0
  }
}

const COLUMN_NAMES = [
  'minPrice',
  'maxPrice',
  'minBeds',
  'minBaths',
  'types',
  'required',
  'refused',
  'amenities',
  'owner',
  'mayLapse',
  'seen',
] as const
type ColumnName = (typeof COLUMN_NAMES)[number]
