// The home page's work: homes to look at first (the newest in the city of a signed-in renter's saved
// homes, else the newest anywhere: the search's own "newest" order, so a home shows here exactly when it
// shows in search), the latest price drops, and the cities renters look in, busiest first, with their
// typical rent from the Cooper Index. A few indexed queries and two searches of the in-memory index.
import { cardDataOf, type ListingCardData } from '#app/components/listings/listing-card.tsx'
import { cooperMarketPath } from '#common/cooper/paths.ts'
import type { ListingPage, PriceDrop } from '#common/listings/types.ts'
import { getCurrentSession } from '#server/accounts/index.server.ts'
import { findCurrentMarkets } from '#server/cooper-index/index.server.ts'
import { findLatestPriceDrops, findPriceDropsOfLatest, findSavedHomesCity, savedListingIds } from '#server/listings/index.server.ts'
import type { Services } from '#server/services.server.ts'

/** Homes the page shows: two rows of three on a wide screen (four on a phone, PHONE_HOMES in home.tsx). */
export const NEWEST_HOMES = 6
/** Price drops the page shows, newest first: one row on a wide screen. */
const PRICE_DROPS = 3
/** Cities the page lists, those with the most homes first. */
export const CITIES_SHOWN = 8
/** Fewer homes than this in the saved homes' city, and the page shows the newest anywhere instead. */
const NEAR_HOMES_AT_LEAST = 3

const searchHrefOf = (params: Record<string, string>) => `/properties?${new URLSearchParams(params)}`

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

/** The homes near a signed-in renter: the newest in the city of their saved homes, when it has a few. */
async function findHomesNearSaved(services: Services, email: string): Promise<HomesNear | null> {
  const city = await findSavedHomesCity(services.database.db, { email })
  if (!city) return null
  const place = `${city.city}, ${city.state}`
  const page = await services.searchListings({ q: place, sort: 'newest', limit: String(NEWEST_HOMES) })
  // Only when the search read the words as the city (not as words found in some descriptions).
  if (!page.reading?.place || page.items.length < NEAR_HOMES_AT_LEAST) return null
  return { place, page }
}

type HomesNear = { place: string; page: ListingPage }

export async function loadHomePage(services: Services, request: Request) {
  const { db } = services.database
  const [current, newest, markets] = await Promise.all([
    getCurrentSession(services, request),
    services.searchListings({ sort: 'newest', limit: String(NEWEST_HOMES) }),
    findCurrentMarkets(db, { kind: 'city', bedrooms: 'all' }),
  ])
  // After the search, which brought the index up to the latest change: the drops as of that change.
  const drops = await findLatestPriceDrops(db, { limit: PRICE_DROPS })
  const near = current ? await findHomesNearSaved(services, current.user.email) : null
  const { page } = near ?? { page: newest }
  const homeIds = page.items.map((item) => item.id)
  const [saved, homeDrops] = await Promise.all([
    current
      ? savedListingIds(db, { email: current.user.email, listingIds: [...homeIds, ...drops.map((d) => d.listing.id)] })
      : new Set<number>(),
    findPriceDropsOfLatest(db, homeIds),
  ])
  const cities: HomeCity[] = markets
    .flatMap((market) => {
      const { latest } = market
      if (!latest?.hasEnoughData || latest.levelCents === null || market.stateCode === null) return []
      return [
        {
          name: market.name,
          stateCode: market.stateCode,
          typicalRentCents: latest.levelCents,
          month: latest.month,
          yearOverYear: latest.yearOverYear,
          homes: market.activeListings,
          searchHref: searchHrefOf({ q: `${market.name}, ${market.stateCode}` }),
          indexHref: cooperMarketPath(market.key),
        },
      ]
    })
    .sort((a, b) => b.homes - a.homes || a.name.localeCompare(b.name))
    .slice(0, CITIES_SHOWN)
  const homes: HomeCard[] = page.items.map((item) => ({ listing: cardDataOf(item), drop: homeDrops.get(item.id) ?? null }))
  return {
    homes,
    /** Where the homes are when they are near the renter's saved homes; null for the newest anywhere. */
    nearPlace: near?.place ?? null,
    homesHref: near ? searchHrefOf({ q: near.place, sort: 'newest' }) : searchHrefOf({ sort: 'newest' }),
    total: page.total,
    isTotalCapped: page.isTotalCapped,
    priceDrops: drops.map(({ listing, drop }): HomeCard => ({ listing: cardDataOf(listing), drop })),
    savedIds: [...saved],
    cities,
  }
}

/** A home on the page, with its price drop when it has one. */
export type HomeCard = { listing: ListingCardData; drop: PriceDrop | null }
