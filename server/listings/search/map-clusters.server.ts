// The search map: every home a search matches in the map's area, grouped by the cells of the zoom's
// grid (common/listings/map-grid.ts), a home alone in its cell given as itself. The homes come from
// the search index, as the list's do, so the map counts exactly the homes the list finds there; only
// the lone homes' titles and prices are read from the database.
import { inArray } from 'drizzle-orm'
import type { Db } from '#server/db/client.server.ts'
import { parseOrThrow } from '#server/errors.server.ts'
import { listing } from '#server/db/schema.ts'
import { listingSearchSchema, mapZoomSchema, type ListingSearchInput } from '#common/listings/schemas.ts'
import { gridLevelOf, worldY } from '#common/listings/map-grid.ts'
import type { MapAnswer, MapCluster, MapHome } from '#common/listings/types.ts'
import { forEachMatch, type IndexWork } from './engine/query.ts'
import { examineSearch } from './terms.server.ts'

/** Past this many cells in the area's span, cells are counted in a map rather than in arrays over the span. */
const MOST_ARRAY_CELLS = 1 << 20

/**
 * The most markers (clusters and lone homes) one answer holds, whatever the zoom and the area: past
 * it, cells are merged four into one (the grid a zoom further out) until it fits, so asking for the
 * whole world at zoom 18 answers a few hundred kilobytes, not every home. A screen's worth of the
 * grid at any zoom is a few hundred cells, well under it.
 */
export const MOST_MAP_MARKERS = 1_000

/** The homes of each cell: counts, sums of coordinates, the least id, the area they cover. */
class CellTally {
  readonly homes: number[] = []
  readonly latitudeSum: number[] = []
  readonly longitudeSum: number[] = []
  readonly anyId: number[] = []
  readonly south: number[] = []
  readonly west: number[] = []
  readonly north: number[] = []
  readonly east: number[] = []
  readonly x: number[] = []
  readonly y: number[] = []

  get size(): number {
    return this.homes.length
  }

  /** The tally of the grid one level coarser: each cell's four quarters merged into it. */
  coarser(): CellTally {
    const merged = new CellTally()
    const slots = new Map<number, number>()
    for (let at = 0; at < this.homes.length; at += 1) {
      const x = this.x[at]! >> 1
      const y = this.y[at]! >> 1
      const key = x * 2 ** 30 + y
      const slot = slots.get(key)
      if (slot === undefined) {
        slots.set(key, merged.homes.length)
        merged.homes.push(this.homes[at]!)
        merged.latitudeSum.push(this.latitudeSum[at]!)
        merged.longitudeSum.push(this.longitudeSum[at]!)
        merged.anyId.push(this.anyId[at]!)
        merged.south.push(this.south[at]!)
        merged.west.push(this.west[at]!)
        merged.north.push(this.north[at]!)
        merged.east.push(this.east[at]!)
        merged.x.push(x)
        merged.y.push(y)
        continue
      }
      merged.homes[slot]! += this.homes[at]!
      merged.latitudeSum[slot]! += this.latitudeSum[at]!
      merged.longitudeSum[slot]! += this.longitudeSum[at]!
      merged.anyId[slot] = Math.min(merged.anyId[slot]!, this.anyId[at]!)
      merged.south[slot] = Math.min(merged.south[slot]!, this.south[at]!)
      merged.west[slot] = Math.min(merged.west[slot]!, this.west[at]!)
      merged.north[slot] = Math.max(merged.north[slot]!, this.north[at]!)
      merged.east[slot] = Math.max(merged.east[slot]!, this.east[at]!)
    }
    return merged
  }

  add(x: number, y: number, id: number, latitude: number, longitude: number): number {
    const at = this.homes.length
    this.homes.push(1)
    this.latitudeSum.push(latitude)
    this.longitudeSum.push(longitude)
    this.anyId.push(id)
    this.south.push(latitude)
    this.north.push(latitude)
    this.west.push(longitude)
    this.east.push(longitude)
    this.x.push(x)
    this.y.push(y)
    return at
  }

  addTo(at: number, id: number, latitude: number, longitude: number): void {
    this.homes[at]! += 1
    this.latitudeSum[at]! += latitude
    this.longitudeSum[at]! += longitude
    if (id < this.anyId[at]!) this.anyId[at] = id
    if (latitude < this.south[at]!) this.south[at] = latitude
    if (latitude > this.north[at]!) this.north[at] = latitude
    if (longitude < this.west[at]!) this.west[at] = longitude
    if (longitude > this.east[at]!) this.east[at] = longitude
  }
}

async function homesByIds(db: Db, ids: number[]): Promise<MapHome[]> {
  if (ids.length === 0) return []
  return db
    .select({
      id: listing.id,
      title: listing.title,
      latitude: listing.latitude,
      longitude: listing.longitude,
      allInMonthlyCents: listing.allInMonthlyCents,
      city: listing.city,
      state: listing.state,
    })
    .from(listing)
    .where(inArray(listing.id, ids))
    .orderBy(listing.id)
}

/** The area that holds every given area. */
function extentOf(areas: MapCluster['bounds'][]): MapCluster['bounds'] | null {
  if (areas.length === 0) return null
  return {
    south: Math.min(...areas.map((a) => a.south)),
    west: Math.min(...areas.map((a) => a.west)),
    north: Math.max(...areas.map((a) => a.north)),
    east: Math.max(...areas.map((a) => a.east)),
  }
}

/**
 * The map of a search: its homes in the area (its bounds; everywhere without them) grouped by the
 * cells of the zoom's grid, coarser where it would hold more than `mostMarkers` markers. `onWork`
 * tells tests what the index read.
 */
export async function findMapClusters(
  db: Db,
  {
    query,
    onWork,
    mostMarkers = MOST_MAP_MARKERS,
  }: { query: ListingSearchInput | Record<string, unknown>; onWork?: (work: IndexWork) => void; mostMarkers?: number },
): Promise<MapAnswer> {
  const { zoom: givenZoom, ...searchInput } = query as Record<string, unknown>
  const { zoom } = parseOrThrow(mapZoomSchema, { zoom: givenZoom }, 'The map zoom is not valid.')
  const parsed = parseOrThrow(listingSearchSchema, searchInput, 'Some search parameters are not valid.')
  const level = gridLevelOf(zoom)
  const size = 2 ** level
  const { terms, index } = await examineSearch(db, parsed, { mayLagReload: true })
  const box = terms.indexSearch.box
  const counted = new CellTally()
  const cellIndex = (world: number) => Math.min(size - 1, Math.max(0, Math.floor(world * size)))
  // The cells of the area's span, when they are few enough to count in an array over it.
  const span = box
    ? {
        x0: cellIndex((box.west + 180) / 360),
        x1: cellIndex((box.east + 180) / 360),
        y0: cellIndex(worldY(box.north)),
        y1: cellIndex(worldY(box.south)),
      }
    : { x0: 0, x1: size - 1, y0: 0, y1: size - 1 }
  const width = span.x1 - span.x0 + 1
  const cells = width * (span.y1 - span.y0 + 1)
  const slotOfCell = cells <= MOST_ARRAY_CELLS ? new Int32Array(cells).fill(-1) : null
  const cellMap = slotOfCell ? null : new Map<number, number>()
  const { ids, latitude, longitude, worldX: xs, worldY: ys } = index
  const work = forEachMatch(index, terms.indexSearch, (slot) => {
    const x = cellIndex(xs[slot]!)
    const y = cellIndex(ys[slot]!)
    const key = slotOfCell ? (y - span.y0) * width + (x - span.x0) : x * size + y
    const at = slotOfCell ? slotOfCell[key]! : (cellMap!.get(key) ?? -1)
    if (at >= 0) counted.addTo(at, ids[slot]!, latitude[slot]!, longitude[slot]!)
    else {
      const added = counted.add(x, y, ids[slot]!, latitude[slot]!, longitude[slot]!)
      if (slotOfCell) slotOfCell[key] = added
      else cellMap!.set(key, added)
    }
  })
  onWork?.(work)
  let tally = counted
  for (let coarser = level; tally.size > mostMarkers && coarser > 0; coarser -= 1) tally = tally.coarser()

  const loneIds: number[] = []
  const clusters: MapCluster[] = []
  tally.homes.forEach((homes, at) => {
    if (homes === 1) loneIds.push(tally.anyId[at]!)
    else
      clusters.push({
        latitude: tally.latitudeSum[at]! / homes,
        longitude: tally.longitudeSum[at]! / homes,
        homes,
        bounds: { south: tally.south[at]!, west: tally.west[at]!, north: tally.north[at]!, east: tally.east[at]! },
      })
  })
  clusters.sort((a, b) => b.homes - a.homes)
  const homes = await homesByIds(db, loneIds)
  return {
    zoom,
    total: tally.homes.reduce((sum, n) => sum + n, 0),
    clusters,
    homes,
    extent: extentOf([
      ...clusters.map((cluster) => cluster.bounds),
      ...homes.map(({ latitude, longitude }) => ({ south: latitude, west: longitude, north: latitude, east: longitude })),
    ]),
  }
}
