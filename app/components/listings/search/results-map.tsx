/* eslint-disable max-lines -- the map's life (loading Leaflet, following the search, asking for its area) and its markers share one Leaflet instance */
// The map of a search: every home it matches in the map's area, from GET /api/properties/map, as
// clusters with their counts and, for a home alone, a pin with its price. Zooming into a cluster
// spreads it out. With "Search as I move the map" on (the default), moving the map searches its area;
// off, a button offers it. Leaflet and its styles load only here, on demand, so a page without the map
// carries none of it. Tiles come from a configurable server and may fail (offline, blocked): the
// markers still work then.
import type * as Leaflet from 'leaflet'
import { useEffect, useRef, useState, type RefObject } from 'react'
import { formatCents } from '#app/utils/format.ts'
import { listingPath } from '#common/listings/listing-url.ts'
import { MAP_ZOOMS } from '#common/listings/map-grid.ts'
import { tileLayerOptions, type MapTiles } from '#common/map-tiles.ts'
import type { MapAnswer, MapHome } from '#common/listings/types.ts'
import { clusterSize, PIN_HEIGHT, pinText, pinWidth, placeMarkers, type PlacedMarker } from './map-markers.ts'

export type MapBounds = { south: number; west: number; north: number; east: number }

/** Makes a home's pin stand out (or, while it is grouped, its cluster's); null returns the map to normal. */
export type HighlightHome = (home: Pick<MapHome, 'id' | 'latitude' | 'longitude'> | null) => void

/** The markers drawn, by what they hold: a home's pin by its id, a cluster by its area. */
type DrawnMarkers = { pins: Map<number, Leaflet.Marker>; clusters: { layer: Leaflet.Marker; bounds: MapBounds }[] }

// Written out whole so the stylesheet has them; the `!` wins over the marker's own colours.
const PIN_HIGHLIGHT = ['bg-sun-300!', 'text-ink!', 'ring-ink!']
const CLUSTER_HIGHLIGHT = ['bg-sun-300!', 'ring-ink!']

/** Lights up the marker of `home` among those drawn, after putting out the one lit before. */
function lightUp(
  drawn: DrawnMarkers,
  lit: { current: { layer: Leaflet.Marker; classes: string[] } | null },
  home: Parameters<HighlightHome>[0],
) {
  if (lit.current) {
    lit.current.layer.getElement()?.classList.remove(...lit.current.classes)
    lit.current.layer.getElement()?.removeAttribute('data-highlighted')
    lit.current.layer.setZIndexOffset(0)
    lit.current = null
  }
  if (!home) return
  const pin = drawn.pins.get(home.id)
  const margin = 1e-5
  const cluster = pin
    ? undefined
    : drawn.clusters.find(
        ({ bounds }) =>
          home.latitude >= bounds.south - margin &&
          home.latitude <= bounds.north + margin &&
          home.longitude >= bounds.west - margin &&
          home.longitude <= bounds.east + margin,
      )
  const layer = pin ?? cluster?.layer
  if (!layer) return
  const classes = pin ? PIN_HIGHLIGHT : CLUSTER_HIGHLIGHT
  layer.getElement()?.classList.add(...classes)
  layer.getElement()?.setAttribute('data-highlighted', 'true')
  layer.setZIndexOffset(1000)
  lit.current = { layer, classes }
}
export type TileConfig = MapTiles

// The continental United States: where the map starts before it knows where the homes are.
const START = { center: [39.5, -98.35] as [number, number], zoom: 4 }

/** How long the map waits after a move before it searches the new area. */
const MOVE_SEARCH_DELAY_MS = 400

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

const homesText = (homes: number) => `${homes.toLocaleString('en-US')} ${homes === 1 ? 'home' : 'homes'}`

/** The popup of a pin, built as DOM nodes so a listing's title is never read as HTML. */
function popupContent(home: MapHome): HTMLElement {
  const box = document.createElement('div')
  const price = document.createElement('p')
  price.className = 'm-0 text-base font-bold text-ink'
  price.textContent = `${formatCents(home.allInMonthlyCents)}/mo all-in`
  const link = document.createElement('a')
  link.href = listingPath(home)
  link.className = 'font-semibold text-brand-700 underline'
  link.textContent = home.title
  const place = document.createElement('p')
  place.className = 'm-0 text-sm text-ink-soft'
  place.textContent = `${home.city}, ${home.state}`
  box.append(price, link, place)
  return box
}

/** The most homes the card of a cluster that cannot spread lists. */
const MOST_HOMES_LISTED = 50

/**
 * The card of a cluster zooming cannot spread (its homes on one spot, or the map as close as it
 * goes): its homes, asked for from the search API over the cluster's area, each as a pin's card is.
 */
function clusterHomesContent(query: string, cluster: Extract<PlacedMarker, { kind: 'cluster' }>): HTMLElement {
  const box = document.createElement('div')
  box.className = 'max-h-72 overflow-y-auto'
  box.textContent = 'Loading the homes here…'
  const params = new URLSearchParams(query)
  // Widened a little, so that homes on the cluster's edges are inside.
  const margin = 1e-5
  params.set('south', String(cluster.bounds.south - margin))
  params.set('west', String(cluster.bounds.west - margin))
  params.set('north', String(cluster.bounds.north + margin))
  params.set('east', String(cluster.bounds.east + margin))
  params.set('limit', String(MOST_HOMES_LISTED))
  fetch(`/api/properties?${params}`, { headers: { Accept: 'application/json' } })
    .then((res) => (res.ok ? (res.json() as Promise<{ items: MapHome[] }>) : null))
    .then((page) => {
      if (!page) throw new Error('not found')
      const heading = document.createElement('p')
      heading.className = 'm-0 mb-2 font-semibold text-ink'
      heading.textContent = `${homesText(cluster.homes)} here`
      const list = document.createElement('ul')
      list.className = 'm-0 list-none space-y-3 p-0'
      for (const home of page.items) {
        const item = document.createElement('li')
        item.append(popupContent(home))
        list.append(item)
      }
      box.replaceChildren(heading, list)
    })
    .catch(() => {
      box.textContent = 'The homes here could not be loaded. Zoom in or search this area.'
    })
  return box
}

function markerLayer(
  L: typeof Leaflet,
  marker: PlacedMarker,
  {
    query,
    canZoomIn,
    onZoomTo,
    onPopup,
  }: { query: string; canZoomIn: boolean; onZoomTo: (bounds: MapBounds) => void; onPopup: (homeId: number | null) => void },
): Leaflet.Marker {
  const label = document.createElement('span')
  if (marker.kind === 'home') {
    const text = pinText(marker.home)
    const width = pinWidth(text)
    // Leaflet's own styles set the marker's display, so the label centres itself.
    label.className = 'block text-center leading-[26px]'
    label.textContent = text
    const name = `${marker.home.title}, ${formatCents(marker.home.allInMonthlyCents)} a month all-in`
    const layer = L.marker([marker.latitude, marker.longitude], {
      icon: L.divIcon({
        html: label,
        className: 'rounded-full bg-brand-800 text-xs font-bold text-white shadow-md ring-2 ring-white hover:bg-brand-600',
        iconSize: [width, PIN_HEIGHT],
        iconAnchor: [width / 2, PIN_HEIGHT],
        popupAnchor: [0, -PIN_HEIGHT],
      }),
      keyboard: true,
      title: name,
      riseOnHover: true,
    })
      .bindPopup(popupContent(marker.home))
      .on('popupopen', () => onPopup(marker.home.id))
      .on('popupclose', () => onPopup(null))
    // The price drawn on the pin is only part of it: a screen reader hears the whole name. The home's id lets a
    // pin that had the keyboard's focus keep it when the markers are drawn again.
    layer.on('add', () => {
      layer.getElement()?.setAttribute('aria-label', name)
      layer.getElement()?.setAttribute('data-home', String(marker.home.id))
    })
    return layer
  }
  const size = clusterSize(marker.homes)
  label.className = 'flex h-full items-center justify-center'
  label.textContent = marker.homes > 999 ? `${Math.floor(marker.homes / 1000)}k+` : String(marker.homes)
  const { bounds } = marker
  // Zooming would not spread homes on one spot, nor a map as close as it goes: their card lists them.
  const listsHomes = (bounds.north - bounds.south < 1e-6 && bounds.east - bounds.west < 1e-6) || !canZoomIn
  const name = `${homesText(marker.homes)} here: ${listsHomes ? 'list them' : 'zoom in'}`
  const layer = L.marker([marker.latitude, marker.longitude], {
    icon: L.divIcon({
      html: label,
      className: 'rounded-full bg-white text-sm font-bold text-brand-800 shadow-md ring-4 ring-brand-700/70 hover:bg-brand-50',
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
    }),
    keyboard: true,
    title: name,
  })
  if (listsHomes) {
    layer.bindPopup(() => clusterHomesContent(query, marker), { maxWidth: 320 })
  } else {
    layer
      .on('click', () => onZoomTo(bounds))
      // Leaflet gives Enter to popups only; this cluster has none, so Enter zooms as a click does.
      .on('keypress', (event: Leaflet.LeafletKeyboardEvent) => {
        if (event.originalEvent.key === 'Enter') onZoomTo(bounds)
      })
  }
  layer.on('add', () => {
    const element = layer.getElement()
    element?.setAttribute('aria-label', name)
    element?.setAttribute('data-homes', String(marker.homes))
  })
  return layer
}

const areaOf = (map: Leaflet.Map): MapBounds => {
  const area = map.getBounds()
  return {
    south: clamp(area.getSouth(), -90, 90),
    west: clamp(area.getWest(), -180, 180),
    north: clamp(area.getNorth(), -90, 90),
    east: clamp(area.getEast(), -180, 180),
  }
}

const isSameArea = (a: MapBounds | null, b: MapBounds | null) =>
  Boolean(a && b) && (['south', 'west', 'north', 'east'] as const).every((key) => Math.abs(a![key] - b![key]) < 1e-4)

export function ResultsMap({
  query,
  tile,
  bounds,
  highlighter,
  onSearchArea,
  className = '',
}: {
  /** The search the map shows (mapQueryOf): its text and filters, without area, sort or page. */
  query: string
  tile: TileConfig
  /** The area the search is limited to, if any: the map shows it rather than fitting the homes. */
  bounds: MapBounds | null
  /** Where the map puts its HighlightHome, for the list's cards to call. */
  highlighter?: RefObject<HighlightHome | null>
  onSearchArea(bounds: MapBounds): void
  className?: string
}) {
  const containerRef = useRef<HTMLDivElement>(null)
  const leafletRef = useRef<{ L: typeof Leaflet; map: Leaflet.Map; markers: Leaflet.LayerGroup } | null>(null)
  // Moves the page makes (fitting the homes, following the address) are not the user's.
  const isMovingItself = useRef(false)
  // The area the map last searched by itself: when the address comes back with it, the map stays put.
  const searchedArea = useRef<MapBounds | null>(null)
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading')
  const [hasTileError, setHasTileError] = useState(false)
  const [hasMoved, setHasMoved] = useState(false)
  const [searchesAsMoved, setSearchesAsMoved] = useState(true)
  const [answer, setAnswer] = useState<MapAnswer | null>(null)
  const [isLoading, setIsLoading] = useState(false)
  const [view, setView] = useState(0)
  const openHomeId = useRef<number | null>(null)
  const drawn = useRef<DrawnMarkers>({ pins: new Map(), clusters: [] })
  const lit = useRef<{ layer: Leaflet.Marker; classes: string[] } | null>(null)
  // The home whose card the pointer or the keyboard is on: it stays lit as the markers are drawn again.
  const highlighted = useRef<Parameters<HighlightHome>[0]>(null)

  useEffect(() => {
    if (!highlighter) return
    highlighter.current = (home) => {
      highlighted.current = home
      lightUp(drawn.current, lit, home)
    }
    return () => {
      highlighter.current = null
    }
  }, [highlighter])
  const searchesAsMovedRef = useRef(searchesAsMoved)
  searchesAsMovedRef.current = searchesAsMoved
  const onSearchAreaRef = useRef(onSearchArea)
  onSearchAreaRef.current = onSearchArea
  // The map is rebuilt only when the tile source itself changes, not for a new object with the same source.
  const { url: tileUrl, attribution: tileAttribution } = tile

  useEffect(() => {
    let isCancelled = false
    let map: Leaflet.Map | undefined
    let moveTimer: ReturnType<typeof setTimeout> | undefined
    Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')])
      .then(([module]) => {
        const container = containerRef.current
        if (isCancelled || !container) return
        const L = ((module as { default?: typeof Leaflet }).default ?? module) as typeof Leaflet
        map = L.map(container, { keyboard: true, center: START.center, zoom: START.zoom, minZoom: MAP_ZOOMS.min, maxZoom: MAP_ZOOMS.max })
        L.tileLayer(tileUrl, tileLayerOptions({ url: tileUrl, attribution: tileAttribution }))
          .on('tileerror', () => setHasTileError(true))
          .addTo(map)
        const moved = map
        // From the start of a move until its homes arrive, the map is busy.
        // A card that opens near the edge pans the map to show itself: that is no move of the user's, and
        // searching or fetching its area would draw the markers again and could fold its home into a cluster,
        // closing the card just opened.
        let isAutoPanning = false
        moved.on('autopanstart', () => {
          isAutoPanning = true
        })
        moved.on('movestart', () => {
          if (!isAutoPanning) setIsLoading(true)
        })
        moved.on('moveend', () => {
          if (isAutoPanning) {
            isAutoPanning = false
            return
          }
          setView((n) => n + 1)
          if (isMovingItself.current) return
          clearTimeout(moveTimer)
          if (!searchesAsMovedRef.current) {
            setHasMoved(true)
            return
          }
          moveTimer = setTimeout(() => {
            // Turned off since the move: the move waits for "Search this area".
            if (!searchesAsMovedRef.current) return setHasMoved(true)
            const area = areaOf(moved)
            searchedArea.current = area
            onSearchAreaRef.current(area)
          }, MOVE_SEARCH_DELAY_MS)
        })
        leafletRef.current = { L, map, markers: L.layerGroup().addTo(map) }
        setStatus('ready')
      })
      .catch(() => {
        if (!isCancelled) setStatus('failed')
      })
    return () => {
      isCancelled = true
      clearTimeout(moveTimer)
      map?.remove()
      leafletRef.current = null
    }
  }, [tileUrl, tileAttribution])

  /** Moves the map without it counting as the user's move. */
  function moveItself(move: (map: Leaflet.Map) => void) {
    const map = leafletRef.current?.map
    if (!map) return
    isMovingItself.current = true
    move(map)
    isMovingItself.current = false
    setHasMoved(false)
  }

  // A new search or area: the map goes to the area, or fits every home the search finds.
  useEffect(() => {
    if (status !== 'ready') return
    if (bounds) {
      if (isSameArea(bounds, searchedArea.current)) return
      moveItself((map) =>
        map.fitBounds(
          [
            [bounds.south, bounds.west],
            [bounds.north, bounds.east],
          ],
          { animate: false },
        ),
      )
      return
    }
    searchedArea.current = null
    const controller = new AbortController()
    fetch(`/api/properties/map?${query}${query ? '&' : ''}zoom=${START.zoom}`, {
      signal: controller.signal,
      headers: { Accept: 'application/json' },
    })
      .then((res) => (res.ok ? (res.json() as Promise<MapAnswer>) : null))
      .then((everywhere) => {
        const extent = everywhere?.extent
        if (!extent) return
        moveItself((map) =>
          map.fitBounds(
            [
              [extent.south, extent.west],
              [extent.north, extent.east],
            ],
            { padding: [32, 32], maxZoom: 15, animate: false },
          ),
        )
      })
      .catch(() => {
        // Aborted by a newer search, or offline: the map stays where it is.
      })
    return () => controller.abort()
  }, [status, query, bounds])

  // Whenever the map or the search moves: the homes in the map's area, grouped at its zoom.
  useEffect(() => {
    const map = leafletRef.current?.map
    if (status !== 'ready' || !map) return
    const area = areaOf(map)
    const params = new URLSearchParams(query)
    for (const [key, value] of Object.entries(area)) params.set(key, String(Math.round(value * 1e5) / 1e5))
    params.set('zoom', String(clamp(Math.round(map.getZoom()), MAP_ZOOMS.min, MAP_ZOOMS.max)))
    const controller = new AbortController()
    setIsLoading(true)
    fetch(`/api/properties/map?${params}`, { signal: controller.signal, headers: { Accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<MapAnswer>) : null))
      .then((found) => found && setAnswer(found))
      .catch(() => {
        // Aborted by a newer move, or offline: the markers shown stay.
      })
      .finally(() => {
        if (!controller.signal.aborted) setIsLoading(false)
      })
    return () => controller.abort()
  }, [status, query, view])

  useEffect(() => {
    const current = leafletRef.current
    if (status !== 'ready' || !current || !answer) return
    const { L, map, markers } = current
    // A home whose card is open keeps it open as the markers are drawn again (the card may have moved the map).
    const openHome = openHomeId.current
    // So does a home's pin that has the keyboard's focus (drawing again would drop it to the page's top).
    const focused = document.activeElement
    const focusedHome = focused instanceof HTMLElement && map.getContainer().contains(focused) ? focused.dataset.home : undefined
    markers.clearLayers()
    lit.current = null
    drawn.current = { pins: new Map(), clusters: [] }
    const zoomTo = (area: MapBounds) =>
      map.fitBounds(
        [
          [area.south, area.west],
          [area.north, area.east],
        ],
        { padding: [48, 48], maxZoom: Math.min(MAP_ZOOMS.max, map.getZoom() + 3) },
      )
    const onPopup = (homeId: number | null) => {
      openHomeId.current = homeId
    }
    for (const marker of placeMarkers(answer, (latitude, longitude) => map.latLngToLayerPoint([latitude, longitude]))) {
      const layer = markerLayer(L, marker, { query, canZoomIn: map.getZoom() < MAP_ZOOMS.max, onZoomTo: zoomTo, onPopup }).addTo(markers)
      if (marker.kind === 'home') drawn.current.pins.set(marker.home.id, layer)
      else drawn.current.clusters.push({ layer, bounds: marker.bounds })
      if (marker.kind === 'home' && marker.home.id === openHome) layer.openPopup()
      if (marker.kind === 'home' && String(marker.home.id) === focusedHome) layer.getElement()?.focus({ preventScroll: true })
    }
    lightUp(drawn.current, lit, highlighted.current)
  }, [status, answer, query])

  return (
    <div className={`flex flex-col gap-2 ${className}`}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
        <label className="inline-flex items-center gap-2 font-semibold text-ink">
          <input
            type="checkbox"
            checked={searchesAsMoved}
            onChange={(event) => setSearchesAsMoved(event.target.checked)}
            className="size-4 accent-brand-700"
          />
          Search as I move the map
        </label>
        <p role="status" className="text-ink-soft">
          {answer ? `${homesText(answer.total)} on the map` : ''}
        </p>
      </div>
      <div className="relative min-h-0 flex-1">
        <div
          ref={containerRef}
          role="region"
          aria-label="Map of the homes found"
          aria-describedby="results-map-help"
          aria-busy={status === 'loading' || isLoading}
          // Links in the credit line are underlined, so they read as links without colour alone.
          className="z-0 h-full min-h-80 w-full overflow-hidden rounded-2xl border border-gray-300 bg-brand-50 [&_.leaflet-control-attribution_a]:underline!"
        />
        {hasMoved ? (
          <div className="absolute top-3 left-1/2 z-[1000] -translate-x-1/2">
            <button
              type="button"
              onClick={() => {
                const map = leafletRef.current?.map
                if (!map) return
                const area = areaOf(map)
                searchedArea.current = area
                setHasMoved(false)
                onSearchArea(area)
              }}
              className="rounded-full bg-brand-700 px-5 py-2 font-semibold text-white shadow-lg hover:bg-brand-800"
            >
              Search this area
            </button>
          </div>
        ) : null}
      </div>
      <p id="results-map-help" className="text-sm text-ink-soft">
        {status === 'failed'
          ? 'The map could not be loaded. The homes are listed with it.'
          : status === 'loading'
            ? 'Loading the map…'
            : 'Circles count the homes in an area; select one to zoom in. Pins show a home’s all-in monthly cost.'}
      </p>
      {hasTileError ? (
        <p role="status" className="rounded-lg bg-sun-100 px-3 py-2 text-sm text-ink">
          The map background could not load. The markers still show where the homes are.
        </p>
      ) : null}
    </div>
  )
}
