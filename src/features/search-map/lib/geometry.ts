import { LIMITS, type Bounds, type LatLng } from '@domain/search';

/** Mean Earth radius in metres, the one the server's earthdistance uses. */
const EARTH_RADIUS_M = 6_371_000;
const RAD = Math.PI / 180;

/** Great-circle distance in metres. */
export function distanceM(a: LatLng, b: LatLng): number {
  const dLat = (b.latitude - a.latitude) * RAD;
  const dLng = (b.longitude - a.longitude) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * RAD) * Math.cos(b.latitude * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point at `distance` metres from `from` towards `bearingDeg` (0 north, 90 east). */
export function destination(from: LatLng, distance: number, bearingDeg: number): LatLng {
  const angular = distance / EARTH_RADIUS_M;
  const bearing = bearingDeg * RAD;
  const lat1 = from.latitude * RAD;
  const lng1 = from.longitude * RAD;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing));
  const lng2 =
    lng1 +
    Math.atan2(
      Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1),
      Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
    );
  return { latitude: lat2 / RAD, longitude: ((lng2 / RAD + 540) % 360) - 180 };
}

/** A circle as a polygon of `steps` vertices (not closed: the first point is not repeated). */
export function circleToPolygon(center: LatLng, radiusM: number, steps = 64): LatLng[] {
  const points: LatLng[] = [];
  for (let i = 0; i < steps; i++) points.push(destination(center, radiusM, (360 * i) / steps));
  return points;
}

/** A radius the search accepts: within LIMITS, whole metres. */
export function clampRadius(radiusM: number): number {
  if (!Number.isFinite(radiusM)) return LIMITS.radiusDefault;
  return Math.round(Math.min(LIMITS.radiusMax, Math.max(LIMITS.radiusMin, radiusM)));
}

type Xy = readonly [number, number];

function orientation(p: Xy, q: Xy, r: Xy): number {
  const value = (q[1] - p[1]) * (r[0] - q[0]) - (q[0] - p[0]) * (r[1] - q[1]);
  if (Math.abs(value) < 1e-18) return 0;
  return value > 0 ? 1 : 2;
}

function onSegment(p: Xy, q: Xy, r: Xy): boolean {
  return (
    q[0] <= Math.max(p[0], r[0]) &&
    q[0] >= Math.min(p[0], r[0]) &&
    q[1] <= Math.max(p[1], r[1]) &&
    q[1] >= Math.min(p[1], r[1])
  );
}

/** Whether segments p1-q1 and p2-q2 touch or cross (collinear overlaps included). */
export function segmentsIntersect(p1: Xy, q1: Xy, p2: Xy, q2: Xy): boolean {
  const o1 = orientation(p1, q1, p2);
  const o2 = orientation(p1, q1, q2);
  const o3 = orientation(p2, q2, p1);
  const o4 = orientation(p2, q2, q1);
  if (o1 !== o2 && o3 !== o4) return true;
  if (o1 === 0 && onSegment(p1, p2, q1)) return true;
  if (o2 === 0 && onSegment(p1, q2, q1)) return true;
  if (o3 === 0 && onSegment(p2, p1, q2)) return true;
  if (o4 === 0 && onSegment(p2, q1, q2)) return true;
  return false;
}

/**
 * Whether the closed ring through `points` crosses itself (a figure of eight, a bow tie):
 * the server would refuse it, or answer for an area the visitor did not mean. Segments that
 * share a vertex are not compared; a repeated closing point is ignored. O(n²), n ≤ 200.
 */
export function isSelfIntersecting(points: readonly LatLng[]): boolean {
  const ring = dropClosingPoint(points).map((p): Xy => [p.longitude, p.latitude]);
  const n = ring.length;
  if (n < 4) return false;
  for (let i = 0; i < n; i++) {
    const a1 = ring[i]!;
    const a2 = ring[(i + 1) % n]!;
    for (let j = i + 1; j < n; j++) {
      // Neighbours share a vertex: the edge after i, and the closing edge next to the first.
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      if (segmentsIntersect(a1, a2, ring[j]!, ring[(j + 1) % n]!)) return true;
    }
  }
  return false;
}

function dropClosingPoint(points: readonly LatLng[]): readonly LatLng[] {
  const first = points[0];
  const last = points.at(-1);
  if (points.length > 1 && first && last && first.latitude === last.latitude && first.longitude === last.longitude)
    return points.slice(0, -1);
  return points;
}

export type PolygonProblem = 'too-few-points' | 'too-many-points' | 'self-intersecting';

/** What stops a drawn polygon from being searched, or null when it can be sent. */
export function polygonProblem(points: readonly LatLng[]): PolygonProblem | null {
  const ring = dropClosingPoint(points);
  if (ring.length < LIMITS.polygonMinPoints) return 'too-few-points';
  if (ring.length > LIMITS.polygonMaxPoints) return 'too-many-points';
  if (isSelfIntersecting(ring)) return 'self-intersecting';
  return null;
}

/** maplibre's bounds as an array: [[west, south], [east, north]]. */
export type LngLatBoundsArray = [[number, number], [number, number]];

/** The search's bounds as maplibre's LngLatBoundsLike. */
export function toLngLatBounds(b: Bounds): LngLatBoundsArray {
  return [
    [b.west, b.south],
    [b.east, b.north],
  ];
}

/** What maplibre's LngLatBounds offers, so this stays free of maplibre. */
export interface LngLatBoundsReader {
  getSouth(): number;
  getWest(): number;
  getNorth(): number;
  getEast(): number;
}

/**
 * maplibre's bounds as the search's Bounds, clamped to the globe (a zoomed-out view reaches
 * past ±180) and rounded to 6 decimals as the URL writes them.
 */
export function fromLngLatBounds(b: LngLatBoundsReader | LngLatBoundsArray): Bounds {
  const [west, south, east, north] = Array.isArray(b)
    ? [b[0][0], b[0][1], b[1][0], b[1][1]]
    : [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
  return {
    south: round6(clamp(south, -90, 90)),
    west: round6(clamp(west, -180, 180)),
    north: round6(clamp(north, -90, 90)),
    east: round6(clamp(east, -180, 180)),
  };
}

/** The bounds around some points, or null for none. */
export function boundsOf(points: readonly LatLng[]): Bounds | null {
  if (points.length === 0) return null;
  let south = 90;
  let west = 180;
  let north = -90;
  let east = -180;
  for (const p of points) {
    south = Math.min(south, p.latitude);
    north = Math.max(north, p.latitude);
    west = Math.min(west, p.longitude);
    east = Math.max(east, p.longitude);
  }
  return { south, west, north, east };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
