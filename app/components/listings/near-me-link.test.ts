import { describe, expect, it } from 'vitest'
import { boundsAround } from './near-me-link.tsx'

describe('the area around a renter', () => {
  it('reaches about ten miles each way, wider in longitude away from the equator', () => {
    const area = boundsAround(39.75, -75.55)
    expect(area.south).toBeCloseTo(39.6)
    expect(area.north).toBeCloseTo(39.9)
    // At 39.75° a degree of longitude is about 0.77 of one of latitude.
    expect(area.east - area.west).toBeCloseTo(0.3 / Math.cos((39.75 * Math.PI) / 180))
    expect((area.east + area.west) / 2).toBeCloseTo(-75.55)
  })

  it('stays on the map near the poles and the date line', () => {
    expect(boundsAround(89.95, 179.99)).toMatchObject({ north: 90, east: 180 })
    expect(boundsAround(-89.95, -179.99)).toMatchObject({ south: -90, west: -180 })
  })
})
