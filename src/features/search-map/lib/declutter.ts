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
  return (
    a.left < b.right + GAP_PX && b.left < a.right + GAP_PX && a.top < b.bottom + GAP_PX && b.top < a.bottom + GAP_PX
  );
}

/**
 * The markers as they can be drawn at the map's zoom without covering each other. The
 * server clusters by cells of the map (docs/search.md): two neighbouring cells may place
 * their points a few pixels apart, and a zoom between two answers moves points closer.
 * Markers whose boxes touch become one cluster at their weighted mean, the largest first,
 * until none touch; a listing is never hidden, its count goes into the cluster.
 * `project` gives a position's point on the screen (maplibre's `map.project`).
 */
export function declutter(
  markers: readonly MapMarker[],
  project: (m: { latitude: number; longitude: number }) => { x: number; y: number },
): MapMarker[] {
  let current = [...markers];
  // Each pass merges every pair it finds; a merged bubble is larger and may touch another: pass again.
  for (let pass = 0; pass < 8; pass++) {
    const order = [...current].sort(
      (a, b) => b.count - a.count || a.latitude - b.latitude || a.longitude - b.longitude,
    );
    const boxes = order.map((marker) => {
      const point = project(marker);
      return markerBox(marker, point.x, point.y);
    });
    const grid = new BoxGrid(boxes);
    const kept: Kept[] = [];
    let merged = false;
    for (const [i, marker] of order.entries()) {
      const box = boxes[i]!;
      const into = grid.firstTouching(box);
      if (!into) {
        const entry = { order: kept.length, marker, box };
        kept.push(entry);
        grid.add(entry);
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
      grid.remove(into);
      into.marker = joined;
      into.box = markerBox(joined, p.x, p.y);
      grid.add(into);
    }
    current = kept.map((k) => k.marker);
    if (!merged) break;
  }
  return current;
}

interface Kept {
  /** Its place among the markers kept: the first kept of those touching a marker takes it. */
  order: number;
  marker: MapMarker;
  box: Box;
}

/**
 * The kept markers by the screen cell of their box's centre. A cell is as wide and tall as the
 * largest box and the gap, so two boxes that touch have their centres in the same or neighbouring
 * cells: a marker is checked against those only, not against every marker kept (an answer holds
 * up to 5,000 points, laid out again at every zoom).
 */
class BoxGrid {
  private readonly cellPx: number;
  private readonly cells = new Map<string, Kept[]>();

  constructor(boxes: readonly Box[]) {
    let largest: number = BUBBLE_PX.large;
    for (const box of boxes) largest = Math.max(largest, box.right - box.left, box.bottom - box.top);
    this.cellPx = largest + GAP_PX;
  }

  private cellOf(box: Box): [number, number] {
    return [Math.floor((box.left + box.right) / 2 / this.cellPx), Math.floor((box.top + box.bottom) / 2 / this.cellPx)];
  }

  add(entry: Kept): void {
    const key = this.cellOf(entry.box).join(',');
    const cell = this.cells.get(key);
    if (cell) cell.push(entry);
    else this.cells.set(key, [entry]);
  }

  remove(entry: Kept): void {
    const cell = this.cells.get(this.cellOf(entry.box).join(','));
    cell?.splice(cell.indexOf(entry), 1);
  }

  firstTouching(box: Box): Kept | undefined {
    const [x, y] = this.cellOf(box);
    let first: Kept | undefined;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const entry of this.cells.get(`${x + dx},${y + dy}`) ?? []) {
          if ((first === undefined || entry.order < first.order) && overlap(entry.box, box)) first = entry;
        }
      }
    }
    return first;
  }
}
