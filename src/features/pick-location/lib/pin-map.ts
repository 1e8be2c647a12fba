import type { StyleSpecification } from 'maplibre-gl';
import { movedBy, type LatLng } from '../model/location';

// The picker's map style and keyboard moves. The style is the search map's (a plain ground,
// TILE_URL's raster tiles on it when set); a feature does not import another feature, so the
// few lines are repeated here rather than shared through a slice both would depend on.

/** The zoom the map opens at: streets apart, the town's centre still near. */
export const PIN_ZOOM = 15;
const GROUND_COLOR = '#eef1ec';

function tileTemplates(tileUrl: string | null | undefined): string[] {
  const url = tileUrl?.trim();
  if (!url || !url.includes('{z}') || !url.includes('{x}') || !url.includes('{y}')) return [];
  return url.includes('{s}') ? ['a', 'b', 'c'].map((s) => url.replace('{s}', s)) : [url];
}

export function hasTiles(tileUrl: string | null | undefined): boolean {
  return tileTemplates(tileUrl).length > 0;
}

/** Asks the network for nothing but the configured tiles (no style URL, glyphs or sprite). */
export function pinMapStyle(tileUrl: string | null | undefined): StyleSpecification {
  const tiles = tileTemplates(tileUrl);
  return {
    version: 8,
    sources: tiles.length > 0 ? { tiles: { type: 'raster', tiles, tileSize: 256, maxzoom: 19 } } : {},
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': GROUND_COLOR } },
      ...(tiles.length > 0 ? [{ id: 'tiles', type: 'raster' as const, source: 'tiles' }] : []),
    ],
  };
}

/** Metres one screen pixel covers at a zoom and latitude (256 px Web Mercator tiles). */
export function metresPerPixel(zoom: number, latitude: number): number {
  return (40_075_016.686 * Math.cos((latitude * Math.PI) / 180)) / (512 * 2 ** zoom);
}

/** An arrow key moves the pin 10 px on screen, 50 px with Shift. */
const KEY_STEP_PX = 10;
const KEY_STEP_PX_LARGE = 50;

/** Where an arrow key moves the pin (null for any other key). */
export function pinAfterKey(pin: LatLng, key: string, zoom: number, large = false): LatLng | null {
  const step = (large ? KEY_STEP_PX_LARGE : KEY_STEP_PX) * metresPerPixel(zoom, pin.latitude);
  switch (key) {
    case 'ArrowUp':
      return movedBy(pin, 0, step);
    case 'ArrowDown':
      return movedBy(pin, 0, -step);
    case 'ArrowLeft':
      return movedBy(pin, -step, 0);
    case 'ArrowRight':
      return movedBy(pin, step, 0);
    default:
      return null;
  }
}
