import type { StyleSpecification } from 'maplibre-gl';

/** The map's plain ground when there are no tiles, and under tiles while they load. */
export const BACKGROUND_COLOR = '#eef1ec';

/**
 * The raster templates of a TILE_URL: `{z}/{x}/{y}` as maplibre reads it, and Leaflet's
 * `{s}` subdomains spread over a, b, c (maplibre does not know `{s}`). Empty when the URL
 * lacks a placeholder, so a wrong setting gives the plain map instead of endless errors.
 */
export function tileTemplates(tileUrl: string | null | undefined): string[] {
  const url = tileUrl?.trim();
  if (!url || !url.includes('{z}') || !url.includes('{x}') || !url.includes('{y}')) return [];
  return url.includes('{s}') ? ['a', 'b', 'c'].map((s) => url.replace('{s}', s)) : [url];
}

/**
 * A style that asks the network for nothing but the configured tiles: no style URL, no
 * glyphs, no sprite (so no symbol layers; labels are HTML markers).
 */
export function mapStyle(tileUrl: string | null | undefined): StyleSpecification {
  const tiles = tileTemplates(tileUrl);
  return {
    version: 8,
    sources: tiles.length > 0 ? { tiles: { type: 'raster', tiles, tileSize: 256, maxzoom: 19 } } : {},
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': BACKGROUND_COLOR } },
      ...(tiles.length > 0 ? [{ id: 'tiles', type: 'raster' as const, source: 'tiles' }] : []),
    ],
  };
}
