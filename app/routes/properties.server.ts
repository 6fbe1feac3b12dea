// /properties' work: the search the URL asks for, which of its homes the viewer has saved, and when nothing
// matches, the ways out (the filters whose removal alone finds homes, places nearby). A URL the search
// refuses answers 400 with its field errors and no results.
import { data } from 'react-router'
import { cardDataOf } from '#app/components/listings/listing-card.tsx'
import { MAX_QUERY_LENGTH } from '#app/components/listings/search-box.tsx'
import { nearbyWayOut, type NearbyWayOut, type WayOut } from '#app/components/listings/search/empty-state.tsx'
import { filterChips } from '#app/components/listings/search/filter-chips.tsx'
import { canonicalPath, hasFilters, searchQueryOf } from '#app/components/listings/search/search-url.ts'
import { getCurrentSession } from '#server/accounts/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import type { Db } from '#server/db/client.server.ts'
import { countListings, findNearbyPlaces, mapTiles, savedListingIds } from '#server/listings/index.server.ts'
import type { Services } from '#server/services.server.ts'
import { findOpenedSavedSearch } from './save-search.server.ts'

/** The most ways out an empty search offers. */
const MOST_WAYS_OUT = 3

/** When nothing matches: the filters (and the text) whose removal alone finds homes, most homes first, counted together. */
async function waysOutOf(db: Db, params: URLSearchParams, place: string | null): Promise<WayOut[]> {
  const chips = filterChips(params, place)
  const counts = await countListings(
    db,
    chips.map(({ href }) => searchQueryOf(new URL(href, 'http://localhost').searchParams)),
  )
  return chips
    .map(({ label, href }, i) => ({ label, href, total: counts[i]!.total, isTotalCapped: counts[i]!.isTotalCapped }))
    .filter((way) => way.total > 0)
    .sort((a, b) => b.total - a.total)
    .slice(0, MOST_WAYS_OUT)
}

export async function loadPropertiesPage(services: Services, request: Request) {
  const { db } = services.database
  const url = new URL(request.url)
  const current = await getCurrentSession(services, request)
  const tile = mapTiles(services.config)
  const shared = {
    q: url.searchParams.get('q')?.trim().slice(0, MAX_QUERY_LENGTH) ?? '',
    canonicalUrl: `${services.config.publicUrl}${canonicalPath(url.searchParams)}`,
    tile,
    isSignedIn: Boolean(current),
    openedFrom: await findOpenedSavedSearch(services, url, current?.userId ?? null),
  }
  try {
    const page = await services.searchListings(searchQueryOf(url.searchParams))
    const saved = current
      ? await savedListingIds(db, { email: current.user.email, listingIds: page.items.map((item) => item.id) })
      : new Set<number>()
    const isEmpty = page.total === 0 && hasFilters(url.searchParams)
    const isNowhere = page.total === 0 && (isEmpty || Boolean(url.searchParams.get('q')?.trim()))
    const [waysOut, nearby] = await Promise.all([
      isEmpty ? waysOutOf(db, url.searchParams, page.reading?.place ?? null) : [],
      isNowhere ? findNearbyPlaces(db, { query: searchQueryOf(url.searchParams) }) : [],
    ])
    return {
      ...shared,
      page: { ...page, items: page.items.map(cardDataOf) },
      savedIds: [...saved],
      fieldErrors: null,
      waysOut,
      nearby: nearby.map((place) => nearbyWayOut(url.searchParams, place)),
    }
  } catch (error) {
    if (!isAppError(error) || error.code !== 'invalid') throw error
    // A hand-edited or stale URL: say what is wrong beside the fields, and show no results.
    return data(
      {
        ...shared,
        page: null,
        savedIds: [] as number[],
        fieldErrors: error.fieldErrors ?? {},
        waysOut: [],
        nearby: [] as NearbyWayOut[],
      },
      { status: 400 },
    )
  }
}
