import { movedBy, type LatLng } from '../model/location';

// The picker's keyboard moves; its style is the shared basemap's (src/shared/lib/maplibre).

/** The zoom the map opens at: streets apart, the town's centre still near. */
export const PIN_ZOOM = 15;

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
