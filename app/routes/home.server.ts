// The home page's work: the newest homes on the market (the search's own "newest" order, so a home
// shows here exactly when it shows in search) and the cities renters look in, busiest first, with
// their typical rent from the Cooper Index.
import { cardDataOf } from '#app/components/listings/listing-card.tsx'
import { cooperMarketPath } from '#common/cooper/paths.ts'
import { getCurrentSession } from '#server/accounts/index.server.ts'
import { findCurrentMarkets } from '#server/cooper-index/index.server.ts'
import { savedListingIds } from '#server/listings/index.server.ts'
import type { Services } from '#server/services.server.ts'

/** Homes the page shows: two rows of three on a wide screen (four on a phone, PHONE_HOMES in home.tsx). */
export const NEWEST_HOMES = 6
/** Cities the page lists, those with the most homes first. */
export const CITIES_SHOWN = 8

export type HomeCity = {
  name: string
  stateCode: string
  /** The city's typical asking rent in its latest complete month (the Cooper Index in dollars). */
  typicalRentCents: number
  /** That month, `YYYY-MM-01`. */
  month: string
  /** The change over a year, as a fraction (0.031 is 3.1 %); null without a year of figures. */
  yearOverYear: number | null
  /** Listings on the market there in the index's latest month: the cities with the most come first. */
  homes: number
  searchHref: string
  indexHref: string
}

export async function loadHomePage(services: Services, request: Request) {
  const { db } = services.database
  const [current, newest, markets] = await Promise.all([
    getCurrentSession(services, request),
    services.searchListings({ sort: 'newest', limit: String(NEWEST_HOMES) }),
    findCurrentMarkets(db, { kind: 'city', bedrooms: 'all' }),
  ])
  const saved = current
    ? await savedListingIds(db, { email: current.user.email, listingIds: newest.items.map((item) => item.id) })
    : new Set()
  const cities: HomeCity[] = markets
    .flatMap((market) => {
      const { latest } = market
      if (!latest?.hasEnoughData || latest.levelCents === null || market.stateCode === null) return []
      const place = `${market.name}, ${market.stateCode}`
      return [
        {
          name: market.name,
          stateCode: market.stateCode,
          typicalRentCents: latest.levelCents,
          month: latest.month,
          yearOverYear: latest.yearOverYear,
          homes: market.activeListings,
          searchHref: `/properties?${new URLSearchParams({ q: place })}`,
          indexHref: cooperMarketPath(market.key),
        },
      ]
    })
    .sort((a, b) => b.homes - a.homes || a.name.localeCompare(b.name))
    .slice(0, CITIES_SHOWN)
  return {
    newest: newest.items.map(cardDataOf),
    total: newest.total,
    isTotalCapped: newest.isTotalCapped,
    savedIds: [...saved] as number[],
    cities,
  }
}
