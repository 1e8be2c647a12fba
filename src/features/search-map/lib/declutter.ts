import type { MapMarker } from '../model/types';
import { clusterSize, formatMarkerPrice } from './format';

/** A marker's box on the screen, in px, around its point (x right, y down). */
interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The bubble's diameter of each cluster size (search-map.module.css). */
const BUBBLE_PX = { small: 36, medium: 44, large: 52 } as const;
/** A price tag: 8 px of padding a side, about 7.5 px a character at 13 px bold, 30 px tall with its point. */
const TAG_PADDING_PX = 20;
const TAG_CHAR_PX = 7.5;
const TAG_HEIGHT_PX = 30;
const NO_PRICE_PX = 22;
/** Room kept between two markers, so that each reads as its own. */
const GAP_PX = 6;

/** Where a marker's drawing lies around its point: a tag stands on it, a bubble is centred on it. */
export function markerBox(m: MapMarker, x: number, y: number): Box {
  if (m.count > 1) {
    const r = BUBBLE_PX[clusterSize(m.count)] / 2;
    return { left: x - r, right: x + r, top: y - r, bottom: y + r };
  }
  const price = formatMarkerPrice(m.price);
  const width = price ? TAG_PADDING_PX + TAG_CHAR_PX * price.length : NO_PRICE_PX;
  return { left: x - width / 2, right: x + width / 2, top: y - TAG_HEIGHT_PX, bottom: y };
}

function overlap(a: Box, b: Box): boolean {
  return a.left < b.right + GAP_PX && b.left < a.right + GAP_PX && a.top < b.bottom + GAP_PX && b.top < a.bottom + GAP_PX;
}

/**
 * The markers as they can be drawn at the map's zoom without covering each other. The
 * server clusters by cells of the map (docs/search.md): two neighbouring cells may place
 * their points a few pixels apart, and a zoom between two answers moves points closer.
 * Markers whose boxes touch become one cluster at their weighted mean, the largest first,
 * until none touch; a listing is never hidden, its count goes into the cluster.
 * `project` gives a position's point on the screen (maplibre's `map.project`).
 */
export function declutter(markers: readonly MapMarker[], project: (m: { latitude: number; longitude: number }) => { x: number; y: number }): MapMarker[] {
  let current = [...markers];
  // Each pass merges every pair it finds; a merged bubble is larger and may touch another: pass again.
  for (let pass = 0; pass < 8; pass++) {
    const order = [...current].sort((a, b) => b.count - a.count || a.latitude - b.latitude || a.longitude - b.longitude);
    const kept: { marker: MapMarker; box: Box }[] = [];
    let merged = false;
    for (const marker of order) {
      const point = project(marker);
      const box = markerBox(marker, point.x, point.y);
      const into = kept.find((k) => overlap(k.box, box));
      if (!into) {
        kept.push({ marker, box });
        continue;
      }
      merged = true;
      const a = into.marker;
      const count = a.count + marker.count;
      const joined: MapMarker = {
        latitude: (a.latitude * a.count + marker.latitude * marker.count) / count,
        longitude: (a.longitude * a.count + marker.longitude * marker.count) / count,
        count,
        propertyId: null,
        price: null,
      };
      const p = project(joined);
      into.marker = joined;
      into.box = markerBox(joined, p.x, p.y);
    }
    current = kept.map((k) => k.marker);
    if (!merged) break;
  }
  return current;
}
