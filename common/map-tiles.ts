// The map background every map draws: an XYZ tile URL and its attribution, both from the
// configuration (MAP_TILE_URL, MAP_TILE_ATTRIBUTION). Leaflet shows attribution as HTML; ours is
// plain text, so it is escaped.

export type MapTiles = { url: string; attribution: string }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** The options of Leaflet's tile layer for our tiles. */
export function tileLayerOptions(tiles: MapTiles) {
  return { attribution: escapeHtml(tiles.attribution), maxZoom: 19 }
}
