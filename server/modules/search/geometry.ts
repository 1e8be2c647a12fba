import type { Bounds, LatLng } from '@domain/search';

// Plain geometry of the search: polygons checked before they reach the database, the
// text forms of PostgreSQL's geometric types (x the longitude, y the latitude), and the
// map zoom that fits an area.

/** A drawn area larger than this (degrees of latitude and of longitude) is refused. */
export const POLYGON_MAX_SPAN_DEG = 5;

export function boundsOf(points: readonly LatLng[]): Bounds {
  let south = Infinity;
  let west = Infinity;
  let north = -Infinity;
  let east = -Infinity;
  for (const p of points) {
    south = Math.min(south, p.latitude);
    north = Math.max(north, p.latitude);
    west = Math.min(west, p.longitude);
    east = Math.max(east, p.longitude);
  }
  return { south, west, north, east };
}

function orientation(a: LatLng, b: LatLng, c: LatLng): number {
  const value =
    (b.longitude - a.longitude) * (c.latitude - a.latitude) - (b.latitude - a.latitude) * (c.longitude - a.longitude);
  return value > 0 ? 1 : value < 0 ? -1 : 0;
}

function onSegment(a: LatLng, b: LatLng, p: LatLng): boolean {
  return (
    Math.min(a.longitude, b.longitude) <= p.longitude &&
    p.longitude <= Math.max(a.longitude, b.longitude) &&
    Math.min(a.latitude, b.latitude) <= p.latitude &&
    p.latitude <= Math.max(a.latitude, b.latitude)
  );
}

function segmentsIntersect(a: LatLng, b: LatLng, c: LatLng, d: LatLng): boolean {
  const o1 = orientation(a, b, c);
  const o2 = orientation(a, b, d);
  const o3 = orientation(c, d, a);
  const o4 = orientation(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(a, b, c)) ||
    (o2 === 0 && onSegment(a, b, d)) ||
    (o3 === 0 && onSegment(c, d, a)) ||
    (o4 === 0 && onSegment(c, d, b))
  );
}

/** True when two edges that are not neighbours touch or cross, or a vertex repeats (200 points: 20k pairs at most). */
export function isSelfIntersecting(points: readonly LatLng[]): boolean {
  const n = points.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (points[i]!.latitude === points[j]!.latitude && points[i]!.longitude === points[j]!.longitude) return true;
    }
  }
  for (let i = 0; i < n; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % n]!;
    for (let j = i + 1; j < n; j++) {
      // Neighbouring edges share a vertex; the first and the last edge too.
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      if (segmentsIntersect(a, b, points[j]!, points[(j + 1) % n]!)) return true;
    }
  }
  return false;
}

/** Twice the signed area; 0 for a degenerate (collinear) polygon. */
export function signedArea2(points: readonly LatLng[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    sum += a.longitude * b.latitude - b.longitude * a.latitude;
  }
  return sum;
}

/** Why a drawn polygon is refused, or null. */
export function polygonProblem(points: readonly LatLng[]): string | null {
  const b = boundsOf(points);
  if (b.north - b.south > POLYGON_MAX_SPAN_DEG || b.east - b.west > POLYGON_MAX_SPAN_DEG) return 'too large';
  if (signedArea2(points) === 0) return 'degenerate';
  if (isSelfIntersecting(points)) return 'self-intersecting';
  return null;
}

/** PostgreSQL polygon text: '((lng,lat),(lng,lat),...)'. */
export function toPgPolygon(points: readonly LatLng[]): string {
  return `(${points.map((p) => `(${p.longitude},${p.latitude})`).join(',')})`;
}

/** Reads PostgreSQL's polygon text back into points (lat/lng). */
export function fromPgPolygon(text: string): LatLng[] {
  const points: LatLng[] = [];
  for (const match of text.matchAll(/\(\s*(-?[\d.e+-]+)\s*,\s*(-?[\d.e+-]+)\s*\)/g)) {
    points.push({ longitude: Number(match[1]), latitude: Number(match[2]) });
  }
  return points;
}

/** PostgreSQL box text: '(east,north),(west,south)'. */
export function toPgBox(b: Bounds): string {
  return `(${b.east},${b.north}),(${b.west},${b.south})`;
}

const EARTH_M_PER_DEG_LAT = 111_320;

/** The box around a circle (metres), for the map. */
export function circleBounds(center: LatLng, radiusM: number): Bounds {
  const dLat = radiusM / EARTH_M_PER_DEG_LAT;
  const dLng = radiusM / (EARTH_M_PER_DEG_LAT * Math.max(0.01, Math.cos((center.latitude * Math.PI) / 180)));
  return {
    south: Math.max(-90, center.latitude - dLat),
    north: Math.min(90, center.latitude + dLat),
    west: Math.max(-180, center.longitude - dLng),
    east: Math.min(180, center.longitude + dLng),
  };
}

/** Marker cells are this many pixels across at the map's zoom (256 px tiles). */
// A price tag is about 80 px wide: cells of 96 px keep the tags of neighbouring cells from
// covering each other on most maps (60 px let them overlap over Milan).
export const CLUSTER_CELL_PX = 96;

/** Degrees of a cluster cell at a zoom: 60 px of a 256·2^zoom px wide world. */
export function clusterCellDeg(zoom: number): number {
  return (360 * CLUSTER_CELL_PX) / (256 * 2 ** zoom);
}

/** The zoom at which bounds fill a map of about 800×600 px; whole Italy without bounds. */
export function zoomForBounds(b: Bounds | null, min: number, max: number, fallback: number): number {
  if (!b) return fallback;
  const latRad = ((b.south + b.north) / 2) * (Math.PI / 180);
  const spanLng = Math.max(b.east - b.west, 1e-6);
  const spanLat = Math.max((b.north - b.south) / Math.max(Math.cos(latRad), 0.1), 1e-6);
  const zoomLng = Math.log2((800 * 360) / (256 * spanLng));
  const zoomLat = Math.log2((600 * 360) / (256 * spanLat));
  const zoom = Math.floor(Math.min(zoomLng, zoomLat));
  return Math.max(min, Math.min(max, Number.isFinite(zoom) ? zoom : fallback));
}

/** earthdistance's sphere (earth() = 6,378,168 m), on which the circle condition is decided. */
export const EARTH_SPHERE_M = 6_378_168;

/**
 * A circle's cheap first test for positions near it (the walks and the border of a circle read from the
 * cells): the flat distance on the plane tangent at the centre, in metres,
 *   p = sqrt((Δlat · kLat)² + (Δlng · kLng)²),  kLat = R · π/180,  kLng = kLat · cos(centre's latitude),
 * a handful of multiplications where the great-circle distance costs five trigonometric functions.
 * Within the circle's reach, p differs from the great-circle distance d by at most about
 * d · (d / R) · (|tan φ0| / 2 + d / R) (the meridians converge: cos φ changes by tan φ0 · Δφ over the
 * circle; the small-angle terms are of order (d / R)²; measured, at most 0.4 of it); `margin` is twice that and more. So
 * p ≤ r − margin means inside, p ≥ r + margin outside, and only the band between is decided by the exact
 * condition. `inner2` and `outer2` are the two thresholds squared. Null where the plane does not serve:
 * near the poles, or a circle reaching past ±180° of longitude.
 */
export interface PlanarCircle {
  latitude: number;
  longitude: number;
  kLat: number;
  kLng: number;
  margin: number;
  inner2: number;
  outer2: number;
}

export function planarCircle(center: LatLng, radiusM: number): PlanarCircle | null {
  const b = circleBounds(center, radiusM * 1.01 + 10);
  if (Math.abs(center.latitude) > 80 || b.west <= -180 || b.east >= 180) return null;
  const kLat = (EARTH_SPHERE_M * Math.PI) / 180;
  const kLng = kLat * Math.cos((center.latitude * Math.PI) / 180);
  const reach = radiusM + 1;
  const margin = 0.01 + reach * (reach / EARTH_SPHERE_M) * (Math.abs(Math.tan((center.latitude * Math.PI) / 180)) + 1);
  const inner = Math.max(0, radiusM - margin);
  return {
    latitude: center.latitude,
    longitude: center.longitude,
    kLat,
    kLng,
    margin,
    inner2: inner * inner,
    outer2: (radiusM + margin) ** 2,
  };
}

/** The flat distance of planarCircle, squared, from its centre to (lat, lng): the same arithmetic as the SQL form (area-conditions.ts, walkCircle). */
export function planarDistance2(c: PlanarCircle, latitude: number, longitude: number): number {
  const dy = (latitude - c.latitude) * c.kLat;
  const dx = (longitude - c.longitude) * c.kLng;
  return dy * dy + dx * dx;
}

/** The great-circle distance on earthdistance's sphere (the haversine), metres. */
export function sphereDistance(from: LatLng, latitude: number, longitude: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((latitude - from.latitude) * rad) / 2) ** 2 +
    Math.cos(from.latitude * rad) * Math.cos(latitude * rad) * Math.sin(((longitude - from.longitude) * rad) / 2) ** 2;
  return 2 * EARTH_SPHERE_M * Math.asin(Math.min(1, Math.sqrt(a)));
}
