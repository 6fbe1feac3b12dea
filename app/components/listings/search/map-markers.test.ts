import { describe, expect, it } from 'vitest'
import type { MapHome } from '#common/listings/types.ts'
import { placeMarkers } from './map-markers.ts'

const home = (id: number, latitude: number, longitude: number): MapHome => ({
  id,
  title: `Home ${id}`,
  latitude,
  longitude,
  allInMonthlyCents: 150_000,
  city: 'Wilmington',
  state: 'DE',
})
// One degree is a hundred pixels, north up.
const project = (latitude: number, longitude: number) => ({ x: longitude * 100, y: -latitude * 100 })

describe('placing the search map’s markers', () => {
  it('keeps apart pins whose prices do not touch', () => {
    const placed = placeMarkers({ clusters: [], homes: [home(1, 0, 0), home(2, 0, 1)] }, project)
    expect(placed.map((marker) => marker.kind)).toEqual(['home', 'home'])
  })

  it('joins a pin that would cover another into a cluster of both, where the first was', () => {
    const placed = placeMarkers({ clusters: [], homes: [home(1, 0, 0), home(2, 0, 0.3)] }, project)
    expect(placed).toEqual([{ kind: 'cluster', homes: 2, latitude: 0, longitude: 0, bounds: { south: 0, west: 0, north: 0, east: 0.3 } }])
  })

  it('adds an overlapping pin to a cluster, and places the biggest clusters first, so no home is lost', () => {
    const bounds = { south: 0, west: 0, north: 0.1, east: 0.1 }
    const placed = placeMarkers(
      {
        clusters: [
          { latitude: 0, longitude: 0.2, homes: 3, bounds },
          { latitude: 0, longitude: 0, homes: 40, bounds },
        ],
        homes: [home(1, 0, 0.1), home(2, 5, 5)],
      },
      project,
    )
    expect(placed.map((marker) => (marker.kind === 'home' ? 1 : marker.homes))).toEqual([44, 1])
    expect(placed[0]).toMatchObject({ latitude: 0, longitude: 0 })
  })
})
