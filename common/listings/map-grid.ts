// The grid the search map groups homes by, shared by the server (which counts homes per cell) and
// the browser (which draws them). Cells are squares of the Web Mercator world that web maps draw: at
// grid level L the world is 2^L cells across, and a map at zoom z shows a cell of level z + 2 as
// 64 pixels, about the width of a price pin, so one marker per cell rarely overlaps its neighbours.

/** A cell of level z + 2 is 256 / 4 = 64 pixels across at zoom z. */
const LEVELS_ABOVE_ZOOM = 2

/** The zooms the search map answers; beyond its last one every home is its own pin anyway. */
export const MAP_ZOOMS = { min: 2, max: 18 } as const

/** Web Mercator stops short of the poles. */
const MAX_LATITUDE = 85.0511287798

/** The grid level a map at `zoom` groups homes by. */
export function gridLevelOf(zoom: number): number {
  return Math.round(zoom) + LEVELS_ABOVE_ZOOM
}

/** Where a longitude falls across the world, from 0 (west) to 1 (east). */
export function worldX(longitude: number): number {
  return (longitude + 180) / 360
}

/** Where a latitude falls down the world, from 0 (north) to 1 (south), as Web Mercator draws it. */
export function worldY(latitude: number): number {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude))
  const radians = (clamped * Math.PI) / 180
  return (1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2
}

/** The cell of a point at a level, as its column and row. */
export function cellOf(latitude: number, longitude: number, level: number): { x: number; y: number } {
  const size = 2 ** level
  const clamp = (n: number) => Math.min(size - 1, Math.max(0, Math.floor(n * size)))
  return { x: clamp(worldX(longitude)), y: clamp(worldY(latitude)) }
}
