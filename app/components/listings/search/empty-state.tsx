// What /properties shows when nothing matches: the filters whose removal would find homes and the
// places nearby with homes, each with how many (counted by the loader), then the usual ways out.
import { Link } from 'react-router'
import { readSearchPhrase } from '#common/listings/search-phrase.ts'
import type { NearbyPlace } from '#common/listings/types.ts'
import { clearFiltersHref, hasBounds, hasFilters, PROPERTIES_PATH, resultCountText, withoutBoundsHref } from './search-url.ts'

/** A filter (or the text) whose removal finds homes, and how many. */
export type WayOut = { label: string; href: string; total: number; isTotalCapped: boolean }

/** A city near where the search looked, with how many homes there match the rest of it. */
export type NearbyWayOut = NearbyPlace & { href: string }

/** The same search in a nearby city: its place replaced (the words sought kept), out of any map area. */
export function nearbyWayOut(params: URLSearchParams, place: NearbyPlace): NearbyWayOut {
  const next = new URL(withoutBoundsHref(params), 'http://localhost').searchParams
  const words = readSearchPhrase(params.get('q') ?? '').words
  next.set('q', `${words ? `${words} in ` : ''}${place.city}, ${place.state}`)
  return { ...place, href: `${PROPERTIES_PATH}?${next}` }
}

export function EmptyState({
  params,
  q,
  waysOut,
  nearby,
}: {
  params: URLSearchParams
  q: string
  waysOut: WayOut[]
  nearby: NearbyWayOut[]
}) {
  const isFiltered = hasFilters(params)
  return (
    <div className="rounded-2xl border border-dashed border-gray-400 bg-white p-6 sm:p-8">
      <h3 className="text-lg font-semibold">
        {q ? `No homes match “${q}”${isFiltered ? ' with these filters' : ''}` : 'No homes match these filters'}
      </h3>
      {waysOut.length > 0 ? (
        <>
          <p className="mt-3 text-ink">Remove one of these to see homes:</p>
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Filters to remove">
            {waysOut.map((way) => (
              <li key={way.href}>
                <Link
                  to={way.href}
                  className="inline-flex items-baseline gap-1.5 rounded-full border border-brand-700 bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-100"
                >
                  Without {way.label}:<span className="font-normal">{resultCountText(way.total, way.isTotalCapped)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {nearby.length > 0 ? (
        <>
          <p className="mt-4 text-ink">Homes nearby:</p>
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Places nearby">
            {nearby.map((place) => (
              <li key={place.href}>
                <Link
                  to={place.href}
                  className="inline-flex items-baseline gap-1.5 rounded-full border border-brand-700 bg-white px-3 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-50"
                >
                  {place.city}, {place.state}:
                  <span className="font-normal">
                    {resultCountText(place.homes, false)}, {place.miles} mi away
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <ul className="mt-4 list-disc space-y-1 pl-5 text-ink-soft">
        {isFiltered ? <li>Remove a filter or two, or widen the price range.</li> : null}
        {hasBounds(params) ? <li>Search everywhere rather than in the map area.</li> : null}
        {q ? <li>Check the spelling, or search for a city, neighborhood or ZIP code nearby.</li> : null}
        <li>New homes are listed every day; try again soon.</li>
      </ul>
      <div className="mt-5 flex flex-wrap gap-3">
        {isFiltered ? (
          <Link to={clearFiltersHref(params)} className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
            {q ? `Clear filters, keep “${q}”` : 'Clear filters'}
          </Link>
        ) : null}
        {q ? (
          <Link
            to={PROPERTIES_PATH}
            className="rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50"
          >
            See all homes
          </Link>
        ) : null}
      </div>
    </div>
  )
}
