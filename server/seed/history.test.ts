import { describe, expect, it } from 'vitest'
import { generateHistory, HISTORY_MONTHS } from './history.server.ts'

const NOW = new Date('2026-11-24T10:00:00Z')
const history = generateHistory(NOW)

/** The median of a list of numbers. */
const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Median yearly log change of the consecutive asking rents of each home in a city, by the year of the later rent. */
function yearlyChange(city: string, year: number): number {
  const changes: number[] = []
  const byHome = new Map<string, { cents: number; at: Date }[]>()
  for (const letting of history.filter((h) => h.city.city === city)) {
    const key = `${letting.street}|${letting.unit}`
    byHome.set(key, [...(byHome.get(key) ?? []), ...letting.rents])
  }
  for (const rents of byHome.values()) {
    for (let i = 1; i < rents.length; i++) {
      const [a, b] = [rents[i - 1]!, rents[i]!]
      const years = (b.at.getTime() - a.at.getTime()) / (365.25 * 86_400_000)
      if (b.at.getUTCFullYear() === year && years > 0.5) changes.push(Math.log(b.cents / a.cents) / years)
    }
  }
  return median(changes)
}

describe('the demo lettings history', () => {
  it('is the same for the same month, and ends now', () => {
    expect(generateHistory(NOW).slice(0, 50)).toEqual(history.slice(0, 50))
    const times = history.flatMap((h) => h.rents.map((rent) => rent.at.getTime()))
    // Too many rents to spread into Math.max's arguments.
    const latest = times.reduce((most, time) => Math.max(most, time), -Infinity)
    const earliest = times.reduce((least, time) => Math.min(least, time), Infinity)
    expect(latest).toBeLessThanOrEqual(NOW.getTime())
    expect(new Date(latest).toISOString().slice(0, 7)).toBe('2026-11')
    expect(earliest).toBeLessThan(Date.UTC(2026, 10 - HISTORY_MONTHS, 1))
  })

  it('lets each home again and again, the earlier listings leased or archived, the home unchanged', () => {
    const byHome = Map.groupBy(history, (h) => `${h.city.city}|${h.street}|${h.unit}`)
    const reLet = [...byHome.values()].filter((listings) => listings.length >= 2)
    expect(reLet.length).toBeGreaterThan(byHome.size / 4)
    for (const listings of reLet.slice(0, 200)) {
      for (const [i, listing] of listings.entries()) {
        expect(listing).toMatchObject({ type: listings[0]!.type, bedrooms: listings[0]!.bedrooms, interiorSqft: listings[0]!.interiorSqft })
        if (i > 0) expect(listing.rents[0]!.at.getTime()).toBeGreaterThan(listings[i - 1]!.rents.at(-1)!.at.getTime())
        if (i < listings.length - 1) expect(['leased', 'archived']).toContain(listing.status)
      }
    }
    expect(history.every((h) => h.status === 'leased' || h.status === 'archived')).toBe(true)
  })

  it('follows each city’s market: growth in ordinary years, the 2021–22 surge, the Austin cooling', () => {
    for (const city of ['Wilmington', 'Brooklyn', 'Chicago']) {
      expect(yearlyChange(city, 2022), city).toBeGreaterThan(0.05)
      expect(yearlyChange(city, 2026), city).toBeGreaterThan(0.01)
      expect(yearlyChange(city, 2026), city).toBeLessThan(0.07)
    }
    expect(yearlyChange('Austin', 2022)).toBeGreaterThan(0.08)
    expect(yearlyChange('Austin', 2024)).toBeLessThan(-0.01)
  })
})
