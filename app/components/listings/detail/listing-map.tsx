// The listing's location on a Leaflet map. Leaflet and its CSS load only here, in the browser, when
// the map comes within 300 px of the viewport: a visitor who reads only the top of the page never
// downloads them. Until then (and without JavaScript) the area and a link to a full map stand in.
// Tiles that cannot load leave a plain background with the marker still in place.
import type { Map as LeafletMap } from 'leaflet'
import { useEffect, useRef, useState } from 'react'
import { tileLayerOptions, type MapTiles } from '#common/map-tiles.ts'

type Props = { latitude: number; longitude: number; label: string; tiles: MapTiles }

export function ListingMap({ latitude, longitude, label, tiles }: Props) {
  const containerRef = useRef<HTMLDivElement>(null)
  const [failed, setFailed] = useState(false)

  // The map is rebuilt only when the tile source itself changes, not for a new object with the same source.
  const { url: tileUrl, attribution: tileAttribution } = tiles

  useEffect(() => {
    const container = containerRef.current
    if (!container) return
    let map: LeafletMap | undefined
    let cancelled = false
    const load = () =>
      Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')])
        .then(([leaflet]) => {
          if (cancelled) return
          const L = leaflet.default ?? leaflet
          map = L.map(container, { scrollWheelZoom: false }).setView([latitude, longitude], 15)
          L.tileLayer(tileUrl, tileLayerOptions({ url: tileUrl, attribution: tileAttribution })).addTo(map)
          L.circleMarker([latitude, longitude], {
            radius: 10,
            color: '#ffffff',
            weight: 3,
            fillColor: '#185a4a',
            fillOpacity: 1,
            interactive: false,
          }).addTo(map)
        })
        .catch(() => {
          if (!cancelled) setFailed(true)
        })
    const nearView = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        nearView.disconnect()
        void load()
      },
      { rootMargin: '300px 0px' },
    )
    nearView.observe(container)
    return () => {
      cancelled = true
      nearView.disconnect()
      map?.remove()
    }
  }, [latitude, longitude, tileUrl, tileAttribution])

  const fullMap = `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`
  return (
    <div>
      <div
        ref={containerRef}
        role="region"
        aria-label={`Map of ${label}`}
        className="relative z-0 h-72 w-full overflow-hidden rounded-xl bg-brand-50 sm:h-80"
      >
        {failed ? <p className="p-4 text-sm text-ink">The map could not be loaded.</p> : null}
      </div>
      <p className="mt-2 text-sm text-ink-soft">
        <a className="font-medium text-brand-800 underline" href={fullMap} rel="noopener noreferrer" target="_blank">
          Open a larger map<span className="sr-only"> (opens OpenStreetMap in a new tab)</span>
        </a>
      </p>
    </div>
  )
}
