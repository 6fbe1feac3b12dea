// Where the search map's markers go, so that none hides another: the server groups homes by the
// cells of the zoom's grid, and here a marker that would still overlap one already placed (two price
// pins either side of a cell's edge) joins it, becoming or growing a cluster. Pure, so it is tested
// without a map.
import { formatCents } from '#app/utils/format.ts'
import type { MapAnswer, MapHome } from '#common/listings/types.ts'

type Bounds = { south: number; west: number; north: number; east: number }
type Point = { x: number; y: number }

export type PlacedMarker =
  | { kind: 'home'; home: MapHome; latitude: number; longitude: number }
  | { kind: 'cluster'; homes: number; latitude: number; longitude: number; bounds: Bounds }

/** The price a home's pin shows. */
export const pinText = (home: Pick<MapHome, 'allInMonthlyCents'>) => formatCents(home.allInMonthlyCents)

/** A price pin's size in pixels: its text and padding, anchored at the bottom middle. */
export const PIN_HEIGHT = 26
export const pinWidth = (text: string) => text.length * 8 + 20

/** A cluster's circle grows with its homes, from 32 to 56 pixels across. */
export const clusterSize = (homes: number) => Math.min(56, 32 + Math.round(Math.log10(homes) * 8))

/** Space kept between two markers. */
const GAP = 4

type Box = { left: number; top: number; right: number; bottom: number }

function boxOf(marker: PlacedMarker, at: Point): Box {
  if (marker.kind === 'home') {
    const width = pinWidth(pinText(marker.home))
    return { left: at.x - width / 2, right: at.x + width / 2, top: at.y - PIN_HEIGHT, bottom: at.y }
  }
  const half = clusterSize(marker.homes) / 2
  return { left: at.x - half, right: at.x + half, top: at.y - half, bottom: at.y + half }
}

const overlaps = (a: Box, b: Box) => a.left < b.right + GAP && b.left < a.right + GAP && a.top < b.bottom + GAP && b.top < a.bottom + GAP

const boundsOfPoint = (latitude: number, longitude: number): Bounds => ({
  south: latitude,
  north: latitude,
  west: longitude,
  east: longitude,
})

const union = (a: Bounds, b: Bounds): Bounds => ({
  south: Math.min(a.south, b.south),
  west: Math.min(a.west, b.west),
  north: Math.max(a.north, b.north),
  east: Math.max(a.east, b.east),
})

const homesOf = (marker: PlacedMarker) => (marker.kind === 'home' ? 1 : marker.homes)
const boundsOf = (marker: PlacedMarker) => (marker.kind === 'home' ? boundsOfPoint(marker.latitude, marker.longitude) : marker.bounds)

/**
 * The markers of a map answer, placed biggest clusters first; one that would overlap a placed marker
 * joins it. `project` gives a point's position on the screen in pixels.
 */
export function placeMarkers(
  answer: Pick<MapAnswer, 'clusters' | 'homes'>,
  project: (latitude: number, longitude: number) => Point,
): PlacedMarker[] {
  const candidates: PlacedMarker[] = [
    ...[...answer.clusters].sort((a, b) => b.homes - a.homes).map((cluster) => ({ kind: 'cluster' as const, ...cluster })),
    ...answer.homes.map((home) => ({ kind: 'home' as const, home, latitude: home.latitude, longitude: home.longitude })),
  ]
  const placed: { marker: PlacedMarker; at: Point; box: Box }[] = []
  for (const marker of candidates) {
    const at = project(marker.latitude, marker.longitude)
    const box = boxOf(marker, at)
    const hit = placed.find((other) => overlaps(other.box, box))
    if (!hit) {
      placed.push({ marker, at, box })
      continue
    }
    // It joins the marker it would cover: a cluster there, at that marker's place, sized anew.
    const joined: PlacedMarker = {
      kind: 'cluster',
      homes: homesOf(hit.marker) + homesOf(marker),
      latitude: hit.marker.latitude,
      longitude: hit.marker.longitude,
      bounds: union(boundsOf(hit.marker), boundsOf(marker)),
    }
    hit.marker = joined
    hit.box = boxOf(joined, hit.at)
  }
  return placed.map((entry) => entry.marker)
}
