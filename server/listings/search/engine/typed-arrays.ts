// Typed arrays that grow: a copy at a larger capacity, the values kept.

export type GrowableArray = Float64Array | Int32Array | Uint16Array | Uint8Array

/** A copy of `array` with room for `capacity` values (the new ones 0). */
export function grown<T extends GrowableArray>(array: T, capacity: number): T {
  const next = new (array.constructor as new (n: number) => T)(capacity)
  next.set(array)
  return next
}
