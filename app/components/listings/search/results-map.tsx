// The map view of a search: a price marker per result, each opening a small card that links to the
// listing. Leaflet and its styles load only here, on demand, so the list view carries none of it.
// Tiles come from a configurable server and may fail (offline, blocked): markers still work then.
import type * as Leaflet from 'leaflet'
import { useEffect, useRef, useState } from 'react'
import { formatCents } from '#app/utils/format.ts'
import { listingPath } from '#common/listings/listing-url.ts'
import { tileLayerOptions, type MapTiles } from '#common/map-tiles.ts'
import type { ListingSummary } from '#common/listings/types.ts'

export type MapBounds = { south: number; west: number; north: number; east: number }
export type TileConfig = MapTiles

type MapListing = Pick<ListingSummary, 'id' | 'title' | 'latitude' | 'longitude' | 'allInMonthlyCents' | 'city' | 'state'>

// Wilmington, Delaware: where the site starts when there is nothing to show.
const FALLBACK_CENTER: [number, number] = [39.7459, -75.5466]

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

/** The popup of a marker, built as DOM nodes so a listing's title is never read as HTML. */
function popupContent(listing: MapListing): HTMLElement {
  const box = document.createElement('div')
  const price = document.createElement('p')
  price.className = 'm-0 text-base font-bold text-ink'
  price.textContent = `${formatCents(listing.allInMonthlyCents)}/mo all-in`
  const link = document.createElement('a')
  link.href = listingPath(listing)
  link.className = 'font-semibold text-brand-700 underline'
  link.textContent = listing.title
  const place = document.createElement('p')
  place.className = 'm-0 text-sm text-ink-soft'
  place.textContent = `${listing.city}, ${listing.state}`
  box.append(price, link, place)
  return box
}

function markerIcon(L: typeof Leaflet, listing: MapListing) {
  const text = formatCents(listing.allInMonthlyCents)
  const label = document.createElement('span')
  // Leaflet's own styles set the marker's display, so the label centres itself.
  label.className = 'block text-center leading-[26px]'
  label.textContent = text
  const width = text.length * 8 + 20
  return L.divIcon({
    html: label,
    className: 'rounded-full bg-brand-800 text-xs font-bold text-white shadow-md ring-2 ring-white hover:bg-brand-600',
    iconSize: [width, 26],
    iconAnchor: [width / 2, 26],
    popupAnchor: [0, -26],
  })
}

export function ResultsMap({
  listings,
  tile,
  bounds,
  onSearchArea,
}: {
  listings: MapListing[]
  tile: TileConfig
  /** The area the search is limited to, if any: the map shows it rather than fitting the markers. */
  bounds: MapBounds | null
  onSearchArea(bounds: MapBounds): void
}) {
  const containerRef = useRef<HTMLDivElement>(null)
  const leafletRef = useRef<{ L: typeof Leaflet; map: Leaflet.Map; markers: Leaflet.LayerGroup } | null>(null)
  // Moves the page makes (fitting the results) are not the user's; only theirs offer "Search this area".
  const isMovingItself = useRef(false)
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading')
  const [hasTileError, setHasTileError] = useState(false)
  const [hasMoved, setHasMoved] = useState(false)
  // The map is rebuilt only when the tile source itself changes, not for a new object with the same source.
  const { url: tileUrl, attribution: tileAttribution } = tile

  useEffect(() => {
    let isCancelled = false
    let map: Leaflet.Map | undefined
    Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')])
      .then(([module]) => {
        const container = containerRef.current
        if (isCancelled || !container) return
        const L = ((module as { default?: typeof Leaflet }).default ?? module) as typeof Leaflet
        map = L.map(container, { keyboard: true, center: FALLBACK_CENTER, zoom: 11 })
        L.tileLayer(tileUrl, tileLayerOptions({ url: tileUrl, attribution: tileAttribution }))
          .on('tileerror', () => setHasTileError(true))
          .addTo(map)
        map.on('moveend', () => {
          if (!isMovingItself.current) setHasMoved(true)
        })
        leafletRef.current = { L, map, markers: L.layerGroup().addTo(map) }
        setStatus('ready')
      })
      .catch(() => {
        if (!isCancelled) setStatus('failed')
      })
    return () => {
      isCancelled = true
      map?.remove()
      leafletRef.current = null
    }
  }, [tileUrl, tileAttribution])

  useEffect(() => {
    const current = leafletRef.current
    if (status !== 'ready' || !current) return
    const { L, map, markers } = current
    markers.clearLayers()
    for (const listing of listings) {
      const name = `${listing.title}, ${formatCents(listing.allInMonthlyCents)} a month all-in`
      const marker = L.marker([listing.latitude, listing.longitude], {
        icon: markerIcon(L, listing),
        keyboard: true,
        title: name,
        riseOnHover: true,
      })
        .bindPopup(popupContent(listing))
        .addTo(markers)
      // The price drawn on the marker is only part of it: a screen reader hears the whole name.
      marker.getElement()?.setAttribute('aria-label', name)
    }
    isMovingItself.current = true
    if (bounds) {
      map.fitBounds(
        [
          [bounds.south, bounds.west],
          [bounds.north, bounds.east],
        ],
        { animate: false },
      )
    } else if (listings.length > 0) {
      map.fitBounds(L.latLngBounds(listings.map((l) => [l.latitude, l.longitude] as [number, number])), {
        padding: [32, 32],
        maxZoom: 15,
        animate: false,
      })
    }
    isMovingItself.current = false
    setHasMoved(false)
  }, [status, listings, bounds])

  function searchArea() {
    const map = leafletRef.current?.map
    if (!map) return
    const area = map.getBounds()
    onSearchArea({
      south: clamp(area.getSouth(), -90, 90),
      west: clamp(area.getWest(), -180, 180),
      north: clamp(area.getNorth(), -90, 90),
      east: clamp(area.getEast(), -180, 180),
    })
  }

  return (
    <div className="space-y-2">
      <div className="relative">
        <div
          ref={containerRef}
          role="region"
          aria-label="Map of the homes found"
          aria-describedby="results-map-help"
          // Links in the credit line are underlined, so they read as links without colour alone.
          className="z-0 h-[55vh] min-h-80 w-full overflow-hidden rounded-2xl border border-gray-300 bg-brand-50 [&_.leaflet-control-attribution_a]:underline!"
        />
        {hasMoved ? (
          <div className="absolute top-3 left-1/2 z-[1000] -translate-x-1/2">
            <button
              type="button"
              onClick={searchArea}
              className="rounded-full bg-brand-700 px-5 py-2 font-semibold text-white shadow-lg hover:bg-brand-800"
            >
              Search this area
            </button>
          </div>
        ) : null}
      </div>
      <p id="results-map-help" className="text-sm text-ink-soft">
        {status === 'failed'
          ? 'The map could not be loaded. The homes are listed below.'
          : status === 'loading'
            ? 'Loading the map…'
            : 'Each marker shows the all-in monthly cost; select one for the home. Move or zoom the map, then search this area.'}
      </p>
      {hasTileError ? (
        <p role="status" className="rounded-lg bg-sun-100 px-3 py-2 text-sm text-ink">
          The map background could not load. The markers still show where each home is.
        </p>
      ) : null}
    </div>
  )
}
