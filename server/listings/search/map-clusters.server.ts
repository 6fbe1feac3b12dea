// The search map: every home a search matches in the map's area, grouped by the cells of the zoom's
// grid (common/listings/map-grid.ts), a home alone in its cell given as itself. Two ways to count:
// - from the cells: a search with no terms and no other filters (every home, or every home in an
//   area) reads `listing_map_cell`, the exact count of published listings per fine cell that
//   triggers keep, and a search that is one filter or place term ("beds>=2", "city:austin") reads
//   `listing_map_term_cell`, the same per term; both less the listings gone unconfirmed since the
//   hourly stale job last marked them, which are few and indexed;
// - from the listings: any other search groups its matching listings, found as the search finds
//   them, by cell.
// Both count the same homes; the area is widened to whole fine cells so that they do.
import { and, inArray, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '#server/db/client.server.ts'
import type { Tx } from '../access.server.ts'
import { parseOrThrow } from '#server/errors.server.ts'
import { listing, listingMapCell, listingMapTermCell } from '#server/db/schema.ts'
import { listingSearchSchema, mapZoomSchema, type ListingSearchInput } from '#common/listings/schemas.ts'
import { cellBounds, cellOf, gridLevelOf, MAP_CELL_LEVEL, type LatLngBounds } from '#common/listings/map-grid.ts'
import type { MapAnswer, MapCluster, MapHome } from '#common/listings/types.ts'
import { CONFIRMATION_DAYS } from '#common/listings/vocabulary.ts'
import { planOf } from './find-listings.server.ts'
import { columnMatchConditions, lookingUp, lookupSettings, matchConditions, type ParsedSearch } from './plan.server.ts'
import { examineSearch, type SearchTerms } from './terms.server.ts'

export type MapCount = 'cells' | 'listings'

/** A cell of the zoom's grid with the homes in it: their count, the sums of their coordinates, one of their ids, the area they cover. */
type CellRow = {
  x: number
  y: number
  homes: number
  latitudeSum: number
  longitudeSum: number
  anyId: number | null
  spread: LatLngBounds
}

/** The most lone homes a map counted from the cells looks up by their cells; beyond, they stay clusters of one. */
const MOST_LONE_CELLS = 400

/** The area widened to whole cells of the finest grid, the cells' columns and rows with it. */
function fineArea(search: ParsedSearch) {
  if (search.south === undefined) return null
  const northWest = cellOf(search.north!, search.west!, MAP_CELL_LEVEL)
  const southEast = cellOf(search.south, search.east!, MAP_CELL_LEVEL)
  const nw = cellBounds(northWest.x, northWest.y, MAP_CELL_LEVEL)
  const se = cellBounds(southEast.x, southEast.y, MAP_CELL_LEVEL)
  return {
    cells: { x0: northWest.x, x1: southEast.x, y0: northWest.y, y1: southEast.y },
    bounds: { south: se.south, west: nw.west, north: nw.north, east: se.east },
  }
}

/** A listing's cell column and row at `level`, as the triggers place it when the level is theirs or coarser. */
function cellColumns(level: number) {
  if (level > MAP_CELL_LEVEL) {
    return {
      x: sql<number>`map_cell_x(${listing.longitude}, ${level}::int)`,
      y: sql<number>`map_cell_y(${listing.latitude}, ${level}::int)`,
    }
  }
  const shift = MAP_CELL_LEVEL - level
  return {
    x: sql<number>`map_cell_x(${listing.longitude}, ${MAP_CELL_LEVEL}::int) >> ${shift}::int`,
    y: sql<number>`map_cell_y(${listing.latitude}, ${MAP_CELL_LEVEL}::int) >> ${shift}::int`,
  }
}

const isStale = sql`${listing.lastConfirmedAt} <= now() - make_interval(days => ${CONFIRMATION_DAYS})`

/** What the cells count (migration 0014): published listings the hourly job has not marked unconfirmed. */
const isOnMap = sql`${listing.status} = 'published' and (${listing.staleNoticeSentAt} is null or ${listing.staleNoticeSentAt} < ${listing.lastConfirmedAt})`

/** Past this many listings gone unconfirmed since the stale job last ran, the map counts from the listings instead. */
const MOST_UNMARKED_STALE = 5_000

/** The name the counts of a search's state go by where they meet its term's. */
const STATE_CELL = 'state_cell'

/** The search's own condition on a listing: its terms, when it has any. */
const matchingTerms = (terms: SearchTerms) => (terms.query ? [sql`${listing.searchVector} @@ ${terms.query}`] : [])

/**
 * The homes per cell of every published, recently confirmed listing in the area that carries one of
 * the search's cell terms (every one, without terms), from the fine cells' counts less the listings
 * gone unconfirmed since the stale job marked the others; null when those are too many to take away
 * one by one. With a state, a fine cell counts its homes with the terms if all its homes are in the
 * state and none if none are; a cell of homes in two states gives null, to be counted from the listings.
 */
async function countFromCells(db: Db, level: number, area: ReturnType<typeof fineArea>, terms: SearchTerms): Promise<CellRow[] | null> {
  const shift = MAP_CELL_LEVEL - level
  const { cellTerms } = terms
  const state = cellTerms?.state ?? null
  // The cells of every home, or of the homes with one of the terms: the same columns either way.
  const counts = cellTerms ? listingMapTermCell : listingMapCell
  const stateCell = alias(listingMapTermCell, STATE_CELL)
  const term = listingMapTermCell.term
  const ofTerms = !cellTerms
    ? sql``
    : cellTerms.prefix
      ? sql`and ${term} >= ${cellTerms.prefix} and ${term} < ${cellTerms.prefix} || chr(1114111)`
      : sql`and ${term} in (${sql.join(
          cellTerms.anyOf.map((value) => sql`${value}`),
          sql`, `,
        )})`
  const inState = state
    ? sql`join ${listingMapCell} on ${listingMapCell.x} = ${counts.x} and ${listingMapCell.y} = ${counts.y}
          join ${listingMapTermCell} as ${sql.identifier(STATE_CELL)} on ${stateCell.term} = ${state} and ${stateCell.x} = ${counts.x} and ${stateCell.y} = ${counts.y} and ${stateCell.listings} > 0`
    : sql``
  const isMixed = state ? sql`bool_or(${stateCell.listings} <> ${listingMapCell.listings})` : sql`false`
  const inCells = area
    ? sql`and ${counts.x} between ${area.cells.x0} and ${area.cells.x1} and ${counts.y} between ${area.cells.y0} and ${area.cells.y1}`
    : sql``
  const cell = cellColumns(MAP_CELL_LEVEL)
  const [counted, stale] = await Promise.all([
    db.execute<{
      x: number
      y: number
      homes: number
      latitude_sum: number
      longitude_sum: number
      x0: number
      x1: number
      y0: number
      y1: number
      mixed: boolean
    }>(sql`
      select ${counts.x} >> ${shift}::int as x, ${counts.y} >> ${shift}::int as y, sum(${counts.listings})::int as homes,
        sum(${counts.latitudeSum})::float8 as latitude_sum, sum(${counts.longitudeSum})::float8 as longitude_sum,
        min(${counts.x}) as x0, max(${counts.x}) as x1, min(${counts.y}) as y0, max(${counts.y}) as y1, ${isMixed} as mixed
      from ${counts} ${inState} where ${counts.listings} > 0 ${ofTerms} ${inCells}
      group by 1, 2`),
    // Read through their own index (by confirmation, over the listings the cells count), the area checked here.
    db
      .select({ x: cell.x, y: cell.y, latitude: listing.latitude, longitude: listing.longitude })
      .from(listing)
      .where(and(isOnMap, isStale, ...matchingTerms(terms)))
      .orderBy(listing.lastConfirmedAt)
      .limit(MOST_UNMARKED_STALE + 1),
  ])
  if (stale.length > MOST_UNMARKED_STALE || counted.rows.some((row) => row.mixed)) return null
  const cells = new Map<string, CellRow>()
  for (const row of counted.rows) {
    const x = Number(row.x)
    const y = Number(row.y)
    cells.set(`${x}:${y}`, {
      x,
      y,
      homes: Number(row.homes),
      latitudeSum: Number(row.latitude_sum),
      longitudeSum: Number(row.longitude_sum),
      anyId: null,
      // Its homes lie within its fine cells, from the north-west one to the south-east one.
      spread: {
        ...pick(cellBounds(Number(row.x0), Number(row.y0), MAP_CELL_LEVEL), 'north', 'west'),
        ...pick(cellBounds(Number(row.x1), Number(row.y1), MAP_CELL_LEVEL), 'south', 'east'),
      } as LatLngBounds,
    })
  }
  for (const gone of stale) {
    const { x0, x1, y0, y1 } = area?.cells ?? { x0: 0, x1: Infinity, y0: 0, y1: Infinity }
    const inArea = gone.x >= x0 && gone.x <= x1 && gone.y >= y0 && gone.y <= y1
    const found = inArea ? cells.get(`${gone.x >> shift}:${gone.y >> shift}`) : undefined
    if (!found) continue
    found.homes -= 1
    found.latitudeSum -= gone.latitude
    found.longitudeSum -= gone.longitude
  }
  return [...cells.values()].filter((row) => row.homes > 0)
}

/**
 * The homes per cell of the listings the search matches. A search without words, neighbourhood or
 * state is all filters a covering search index carries: its listings are read from the entries of
 * such an index alone, within the area or the price range (two filters in a region, on a million
 * listings: 230 → 110 ms). Any other is found as the search finds it, through the GIN index of its
 * terms.
 */
async function countFromListings(db: Db, level: number, search: ParsedSearch, terms: SearchTerms): Promise<CellRow[]> {
  if (terms.text) return groupByCell(db, level, matchConditions(search, terms))
  return lookingUp(db, lookupSettings('area', { rows: false }), (tx) => groupByCell(tx, level, columnMatchConditions(search, terms)))
}

async function groupByCell(db: Db | Tx, level: number, conditions: SQL[]): Promise<CellRow[]> {
  const cell = cellColumns(level)
  const rows = await db
    .select({
      x: cell.x,
      y: cell.y,
      homes: sql<number>`count(*)::int`,
      latitudeSum: sql<number>`sum(${listing.latitude})::float8`,
      longitudeSum: sql<number>`sum(${listing.longitude})::float8`,
      anyId: sql<number>`min(${listing.id})`,
      south: sql<number>`min(${listing.latitude})`,
      west: sql<number>`min(${listing.longitude})`,
      north: sql<number>`max(${listing.latitude})`,
      east: sql<number>`max(${listing.longitude})`,
    })
    .from(listing)
    .where(and(...conditions))
    .groupBy(sql`1`, sql`2`)
  return rows.map(({ south, west, north, east, ...row }) => ({
    ...row,
    homes: Number(row.homes),
    anyId: Number(row.anyId),
    spread: { south: Number(south), west: Number(west), north: Number(north), east: Number(east) },
  }))
}

/** The published, recently confirmed listings with the search's terms in the given cells of `level`, for cells of one home counted from the cells. */
async function lonelyIds(db: Db, level: number, cells: CellRow[], terms: SearchTerms): Promise<number[]> {
  if (cells.length === 0) return []
  const cell = cellColumns(level)
  const boxes: SQL[] = cells.map(({ x, y }) => {
    const b = cellBounds(x, y, level)
    return sql`(${listing.latitude} between ${b.south} and ${b.north} and ${listing.longitude} between ${b.west} and ${b.east} and ${cell.x} = ${x} and ${cell.y} = ${y})`
  })
  const rows = await db
    .select({ id: listing.id })
    .from(listing)
    .where(and(sql`${listing.status} = 'published'`, sql`not ${isStale}`, ...matchingTerms(terms), sql`(${sql.join(boxes, sql` or `)})`))
  return rows.map((row) => row.id)
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

const pick = <T, K extends keyof T>(value: T, ...keys: K[]) => Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>

/** The area that holds every given area. */
function extentOf(areas: LatLngBounds[]): LatLngBounds | null {
  if (areas.length === 0) return null
  return {
    south: Math.min(...areas.map((a) => a.south)),
    west: Math.min(...areas.map((a) => a.west)),
    north: Math.max(...areas.map((a) => a.north)),
    east: Math.max(...areas.map((a) => a.east)),
  }
}

/**
 * How a search's map is counted unless a test says: from the cells when the search is every home or
 * one filter or place term (in an area or not), else from the listings.
 */
export function mapCountOf(search: ParsedSearch, terms: SearchTerms, level: number): MapCount {
  const isCounted =
    (terms.query === null || terms.cellTerms !== null) &&
    search.minPrice === undefined &&
    search.maxPrice === undefined &&
    !search.availableBy
  return isCounted && level <= MAP_CELL_LEVEL ? 'cells' : 'listings'
}

/**
 * The map of a search: its homes in the area (its bounds; everywhere without them) grouped by the
 * cells of the zoom's grid. Tests may force the way it counts, to check that both give the same map.
 */
export async function findMapClusters(
  db: Db,
  { query, count: forced }: { query: ListingSearchInput | Record<string, unknown>; count?: MapCount },
): Promise<MapAnswer> {
  const { zoom: givenZoom, ...searchInput } = query as Record<string, unknown>
  const { zoom } = parseOrThrow(mapZoomSchema, { zoom: givenZoom }, 'The map zoom is not valid.')
  const parsed = parseOrThrow(listingSearchSchema, searchInput, 'Some search parameters are not valid.')
  const level = gridLevelOf(zoom)
  const empty: MapAnswer = { zoom, total: 0, clusters: [], homes: [], extent: null }
  const area = fineArea(parsed)
  // The area widened to whole fine cells, so both ways count the same homes at its edges.
  const widened: ParsedSearch = area ? { ...parsed, ...area.bounds } : parsed
  const terms = await examineSearch(db, widened)
  if (planOf(terms) === 'none') return empty
  const chosen = forced ?? mapCountOf(terms.search, terms, level)
  if (chosen === 'cells' && level > MAP_CELL_LEVEL) throw new Error(`The cells are counted down to level ${MAP_CELL_LEVEL}, not ${level}.`)
  if (chosen === 'cells' && terms.query !== null && terms.cellTerms === null)
    throw new Error('Only a search of one term group is counted from the cells.')
  const fromCells = chosen === 'cells' ? await countFromCells(db, level, area, terms) : null
  const count: MapCount = fromCells ? 'cells' : 'listings'
  const cells = fromCells ?? (await countFromListings(db, level, terms.search, terms))

  const lone = cells.filter((cell) => cell.homes === 1)
  const loneIds =
    count === 'listings' ? lone.map((cell) => cell.anyId!) : lone.length <= MOST_LONE_CELLS ? await lonelyIds(db, level, lone, terms) : []
  const homes = await homesByIds(db, loneIds)
  // Each lone cell's home was found (or, past the bound, none was looked up and they stay clusters).
  const areLoneShown = homes.length === lone.length
  const clusters: MapCluster[] = cells
    .filter((cell) => cell.homes > 1 || !areLoneShown)
    .map((cell) => ({
      latitude: cell.latitudeSum / cell.homes,
      longitude: cell.longitudeSum / cell.homes,
      homes: cell.homes,
      bounds: cell.spread,
    }))
    .sort((a, b) => b.homes - a.homes)
  return {
    zoom,
    total: cells.reduce((sum, cell) => sum + cell.homes, 0),
    clusters,
    homes,
    extent: extentOf([
      ...clusters.map((cluster) => cluster.bounds),
      ...homes.map(({ latitude, longitude }) => ({ south: latitude, west: longitude, north: latitude, east: longitude })),
    ]),
  }
}
