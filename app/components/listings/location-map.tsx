// The pin of a listing on a Leaflet map: drag it, click the map, or focus the pin and use the arrow
// keys (Shift for bigger steps) to move it to the building. Leaflet and its styles load only when
// this map is shown, so no other page pays for them.
import { useEffect, useRef } from 'react'
import type { Map as LeafletMap, Marker } from 'leaflet'
import { tileLayerOptions, type MapTiles } from '#common/map-tiles.ts'

type Point = { latitude: number; longitude: number }

export function LocationMap({
  latitude,
  longitude,
  onMove,
  tiles,
  describedBy,
}: Point & { onMove: (point: Point) => void; tiles: MapTiles; describedBy?: string }) {
  const containerRef = useRef<HTMLDivElement>(null)
  const mapRef = useRef<{ map: LeafletMap; marker: Marker } | null>(null)
  const onMoveRef = useRef(onMove)
  onMoveRef.current = onMove
  // A new map starts where the pin is now; later moves of the pin do not rebuild it (see below).
  const pinRef = useRef({ latitude, longitude })
  pinRef.current = { latitude, longitude }
  const { url: tileUrl, attribution: tileAttribution } = tiles

  useEffect(() => {
    let isCancelled = false
    const { latitude, longitude } = pinRef.current
    void (async () => {
      const [{ default: L }] = await Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')])
      const container = containerRef.current
      if (isCancelled || !container || mapRef.current) return
      const map = L.map(container, { scrollWheelZoom: false }).setView([latitude, longitude], 15)
      // The map and its pin still work when tiles cannot load.
      L.tileLayer(tileUrl, tileLayerOptions({ url: tileUrl, attribution: tileAttribution })).addTo(map)
      const marker = L.marker([latitude, longitude], {
        draggable: true,
        autoPan: true,
        title: 'Listing location: drag it, or use the arrow keys, to move it to the building',
        icon: L.divIcon({
          className: '',
          html: '<span class="block size-6 -translate-y-3 rounded-full border-4 border-white bg-brand-700 shadow-lg"></span>',
          iconSize: [24, 24],
          iconAnchor: [12, 12],
        }),
      }).addTo(map)
      const report = () => {
        const { lat, lng } = marker.getLatLng()
        onMoveRef.current({ latitude: round(lat), longitude: round(lng) })
      }
      marker.on('dragend', report)
      marker.getElement()?.addEventListener('keydown', (event) => {
        const step = event.shiftKey ? PIN_BIG_STEP_PX : PIN_STEP_PX
        const delta = { ArrowUp: [0, -step], ArrowDown: [0, step], ArrowLeft: [-step, 0], ArrowRight: [step, 0] }[event.key]
        if (!delta) return
        // The pin moves, not the map under it.
        event.preventDefault()
        event.stopPropagation()
        const point = map.latLngToContainerPoint(marker.getLatLng()).add(L.point(delta[0]!, delta[1]!))
        marker.setLatLng(map.containerPointToLatLng(point))
        report()
      })
      map.on('click', (event) => {
        marker.setLatLng(event.latlng)
        report()
      })
      mapRef.current = { map, marker }
    })()
    return () => {
      isCancelled = true
      mapRef.current?.map.remove()
      mapRef.current = null
    }
    // The map is made once per tile source; later coordinates move the pin in the effect below.
  }, [tileUrl, tileAttribution])

  useEffect(() => {
    const current = mapRef.current
    if (!current) return
    const { lat, lng } = current.marker.getLatLng()
    if (round(lat) === latitude && round(lng) === longitude) return
    current.marker.setLatLng([latitude, longitude])
    current.map.setView([latitude, longitude], current.map.getZoom())
  }, [latitude, longitude])

  return (
    <div
      ref={containerRef}
      role="region"
      aria-label="Map of the listing's location"
      aria-describedby={describedBy}
      className="relative z-0 h-72 w-full overflow-hidden rounded-xl border border-gray-300 bg-gray-100"
    />
  )
}

/** How far one arrow key moves the pin on screen (about 12 m at the map's street zoom). */
const PIN_STEP_PX = 10
const PIN_BIG_STEP_PX = 50

/** Six decimals: about 10 cm, more than a pin can mean. */
function round(value: number) {
  return Math.round(value * 1e6) / 1e6
}
